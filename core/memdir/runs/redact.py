"""Redaction for the runs: the detector (`memdir.redaction`) applied to texts, values and activity events.

The detector lives in the base layer so that every layer can keep secrets out of what it makes
(episode anchors in `notes/`, review items in `lifecycle/`, prompts and names in the runs);
this module keeps the names the runs call and adds the helpers for structured data.
"""

from __future__ import annotations

from typing import cast

from memdir.jsonvalue import JSONObject, JSONValue
from memdir.redaction import MASK, find_secrets, redact, redact_record, redact_text, redact_together
from memdir.redaction import redact_value as _redact_any

__all__ = [
    "MASK",
    "find_secrets",
    "redact",
    "redact_events",
    "redact_text",
    "redact_together",
    "redact_value",
]


def redact_value(value: JSONValue) -> JSONValue:
    """A JSON-like value with every string in it redacted (dicts and lists walked)."""
    return cast(JSONValue, _redact_any(value))


def redact_events(events: list[JSONObject]) -> list[JSONObject]:
    """Activity events with secrets masked in every field, their types and ids too, all as one write:
    a value one event names a secret (`"input": "PGPASSWORD=x"`) is masked in every event that holds
    it (`"task_id": "deploy-x"` in the task's other events too)."""
    return cast(list[JSONObject], redact_record(events))
