"""Redaction for the runs: the detector (`memdir.redaction`) applied to texts, values and activity events.

The detector lives in the base layer so that every layer can keep secrets out of what it makes
(episode anchors in `notes/`, review items in `lifecycle/`, prompts and names in the runs);
this module keeps the names the runs call and adds the helpers for structured data.
"""

from __future__ import annotations

from typing import cast

from memdir.jsonvalue import JSONObject, JSONValue
from memdir.redaction import MASK, find_secrets, redact, redact_text
from memdir.redaction import redact_value as _redact_any

__all__ = ["MASK", "find_secrets", "redact", "redact_event_data", "redact_text", "redact_value"]

_EVENT_KEEP = frozenset({"ts", "type", "task_id", "outcome", "agent", "session"})


def redact_value(value: JSONValue) -> JSONValue:
    """A JSON-like value with every string in it redacted (dicts and lists walked)."""
    return cast(JSONValue, _redact_any(value))


def redact_event_data(data: JSONObject) -> JSONObject:
    """An activity event's fields with secrets masked in every free-text field (ids and types kept)."""
    return {k: v if k in _EVENT_KEEP else redact_value(v) for k, v in data.items()}
