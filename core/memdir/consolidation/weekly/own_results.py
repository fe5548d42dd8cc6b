"""A call's result written where no result event names it: inside a list, or in the call's own record.

- AutoGen's `ToolCallExecutionEvent` names no tool of its own: its `content` lists the results
  (`[{content, name, call_id, is_error}]`), and `is_error: true` there is the failure. Read as nothing, the
  dive week's retried `create_dive_booking` was two identical steps, neither failed (folded later as a repeat,
  its error lost). A list of result objects (no input of their own) that name a call the task has open is
  that call's result, each item read as one (`result_error.object_failure`).
- An OpenAI Agents SDK `function` span (a Langfuse `TOOL` observation, a Haystack `tool_invoker` span) is the
  call and its result in one record: its own `error` (`{"message": "Error running tool", "data": …}`,
  `error: true`), `is_error`, or a result object that says it failed, marks the call failed. The call's
  input is never read for it (`{status: "error"}` as an argument is no failure).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.result_error import object_failure

_LISTS = ("content", "results", "outputs", "tool_outputs", "result", "output", "tool_results")
_NAME_KEYS = ("name", "tool_name", "tool")
_ITEM_INPUTS = ("arguments", "args", "input", "tool_input", "parameters", "kwargs")
_OWN_KEYS = ("error", "is_error", "isError", "result", "output", "tool_output", "response", "return_value")


def listed_results(event: ActivityEvent, open_tools: Collection[str]) -> list[tuple[str, bool, str]]:
    """(tool, failed, error) for each result an event lists that names a call the task has open."""
    for key in _LISTS:
        items = event.get(key)
        if not (isinstance(items, list) and items and all(isinstance(i, Mapping) for i in items)):
            continue
        out: list[tuple[str, bool, str]] = []
        for item in items:
            name = next((n for k in _NAME_KEYS if isinstance(n := item.get(k), str) and n.strip()), "")
            if name in open_tools and not any(item.get(k) not in (None, "", {}) for k in _ITEM_INPUTS):
                bad, error = object_failure(item)
                out.append((name, bad, error))
        if out:
            return out
    return []


def own_failure(event: ActivityEvent) -> tuple[bool, str]:
    """Whether a call's own record says it failed (its `error`, `is_error`, a failed result), and why."""
    fields = {k: v for k in _OWN_KEYS if (v := event.get(k)) not in (None, "", {}, [], False)}
    if not fields:
        return False, ""
    return object_failure(fields)
