"""A step record that holds its calls and their result in one line (smolagents' `ActionStep`; trial 30).

smolagents writes one `ActionStep` per step of its agent: the calls the model made (`tool_calls: [{id, type:
function, function: {name, arguments}}]`, the Chat Completions shape), what they returned (`observations`,
plain text) and, when a call raised, smolagents' own `error: {type, message}` (an `AgentToolExecutionError`
whose message is the tool's: `slot full`). The calls were read (`openai_items.py`), their result was not: the
failed booking's error was "no error recorded", and the tracking number step 2's label call returned
(`label ok, tracking 4521-7730-0187`) was no value a later step could take from a result (`call_returns.py`).

The record's result is its last call's: smolagents runs a step's calls in order and stops at the one that
raises, and a step of one call (the common case) leaves nothing to choose. A record that names a `tool` of
its own is left to the reading every logger gets.
"""

from __future__ import annotations

from collections.abc import Mapping

from memdir.consolidation.weekly.result_error import object_failure

RESULT_KEYS = ("observations",)  # smolagents' text of what a step's calls returned
_OWN_TOOL = ("tool", "tool_name")


def _listed(data: Mapping[str, object]) -> list[Mapping[str, object]]:
    listed = data.get("tool_calls")
    if not isinstance(listed, list) or any(data.get(k) not in (None, "") for k in _OWN_TOOL):
        return []
    return [c for c in listed if isinstance(c, Mapping) and isinstance(c.get("function"), Mapping)]


def step_result(data: Mapping[str, object]) -> tuple[str, str, object] | None:
    """(call id, tool, result) of the call whose result a step record holds, or None (no calls, no result)."""
    calls = _listed(data)
    payload = next((data[k] for k in RESULT_KEYS if data.get(k) not in (None, "", [], {})), None)
    if not calls or payload is None:
        return None
    last = calls[-1]
    fn = last.get("function")
    assert isinstance(fn, Mapping)
    name, cid = fn.get("name"), last.get("id")
    if not isinstance(name, str) or not name.strip():
        return None
    return (cid.strip() if isinstance(cid, str) else ""), name.strip(), payload


def step_failure(data: Mapping[str, object]) -> tuple[bool, str]:
    """Whether a step record says its (last) call failed, by its own `error` field, and the error's text."""
    error = data.get("error")
    if not _listed(data) or error in (None, "", {}, [], False):
        return False, ""
    return object_failure({"error": error})
