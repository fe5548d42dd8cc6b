"""Replies logged unrendered: a template's id and the values it was filled with, no text.

A mailer or SMS gateway may log what it sent as `{"template": "permit_issued_v3", "vars": {…}}` with no
text. The reply is then the template and its values: the id is what the next agent must send (a constant
of the kind when every task sent it), the values are the task's own except those every task filled the
same way (a pickup desk, a signature), which stay written.

Rules:
- A reply event with a `template` (or `template_id`) string of one token and a map of values under
  `vars`, `variables`, `params`, `data` or `values` (or none) is a templated reply; a reply with text of
  its own (`text`, `summary`, `message`) is read as text, as before.
- Its step reads `template <id>: <key>=<value>; …` in the logged order (values one line; a nested value as
  its JSON), so the alignment of the kind's replies keeps the id and the constant values and makes
  holes of the rest, as for any call.
- In a procedure it is the line "Reply: template `<id>` (`<key>=<value>; …`)": the agent fills
  the holes, the template writes the text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from memdir.activity import ActivityEvent

_ID_KEYS = ("template", "template_id", "templateId")
_VAR_KEYS = ("vars", "variables", "params", "data", "values")
_TOKEN = re.compile(r"^[\w.:/@-]{1,120}$")
_MARK = re.compile(r"^template (\S+): ?(.*)$", re.S)


def _one_line(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=False)
    return " ".join(text.split())


def templated_reply(event: ActivityEvent) -> str:
    """`template <id>: k=v; …` for a reply logged as a template and its values, '' otherwise."""
    tid = next((v for k in _ID_KEYS if isinstance(v := event.get(k), str) and _TOKEN.match(v.strip())), "")
    if not tid:
        return ""
    values = next((v for k in _VAR_KEYS if isinstance(v := event.get(k), dict)), {})
    pairs = "; ".join(f"{k}={_one_line(v)}" for k, v in values.items() if v not in (None, ""))
    return f"template {tid.strip()}: {pairs}".rstrip()


def template_line(text: str, code: Callable[[str], str]) -> str:
    """The procedure's line for a templated reply (its text rendered with holes), '' for any other reply;
    `code` quotes inline code."""
    m = _MARK.match(text)
    if not m:
        return ""
    tid, pairs = m.group(1), m.group(2).strip()
    line = f"Reply: template {code(tid)}"
    return f"{line} ({code(pairs)})" if pairs else line
