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
from memdir.consolidation.weekly.call_results import CALL_ID_KEYS
from memdir.consolidation.weekly.result_error import object_failure, result_error

_LISTS = ("content", "results", "outputs", "tool_outputs", "result", "output", "tool_results")
_NAME_KEYS = ("name", "tool_name", "tool")
_ITEM_INPUTS = ("arguments", "args", "input", "tool_input", "tool_args", "parameters", "kwargs")
_OWN_KEYS = ("error", "is_error", "isError", "result", "output", "tool_output", "response", "return_value")


_ID_KEYS = (*CALL_ID_KEYS, "id", "tool_id", "run_id", "span_id")
MAX_DEPTH = 7


def call_ids_in(value: object, depth: int = 0) -> list[str]:
    """The ids a call's record carries at any depth (`id`, `tool_call_id`, a run's `tool_calls[].id`)."""
    if depth > MAX_DEPTH:
        return []
    if isinstance(value, Mapping):
        own = [str(v) for k in _ID_KEYS if isinstance(v := value.get(k), str) and len(v.strip()) >= 4]
        return own + [
            i for v in value.values() if isinstance(v, Mapping | list) for i in call_ids_in(v, depth + 1)
        ]
    if isinstance(value, list):
        return [i for v in value for i in call_ids_in(v, depth + 1)]
    return []


def _id_of(item: Mapping[str, object]) -> str:
    return next((str(v) for k in _ID_KEYS if isinstance(v := item.get(k), str) and v.strip()), "")


def answers(
    event: ActivityEvent, open_tools: Mapping[str, int], by_id: Mapping[str, int]
) -> list[tuple[int, str, bool, str]]:
    """(step index, tool or "", failed, error) for each call an event that names no tool answers: by the
    tool its listed results name (`listed_results`), by the call ids they carry, or by the event's own id."""
    named = [(open_tools[t], t, bad, error) for t, bad, error in listed_results(event, open_tools)]
    if named or not by_id:
        return named
    data = event.data
    for carrier in (data, *(v for v in data.values() if isinstance(v, Mapping))):
        for key in _LISTS:
            items = carrier.get(key)
            if isinstance(items, list) and all(isinstance(i, Mapping) for i in items):
                found = [(by_id[i], "", *object_failure(x)) for x in items if (i := _id_of(x)) in by_id]
                if found:
                    return found
    own = _id_of(data)
    return [(by_id[own], "", *result_error(event))] if own in by_id else []


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
        nested = _nested_result(event.data)
        return object_failure(nested) if nested is not None else (False, "")
    return object_failure(fields)


def _nested_result(value: object, depth: int = 0) -> Mapping[str, object] | None:
    """A tool's result object nested in a call's record (`tool_call_result`, `function_result`)."""
    if depth > MAX_DEPTH:
        return None
    items = (
        value.items() if isinstance(value, Mapping) else enumerate(value) if isinstance(value, list) else []
    )
    for k, v in items:
        if (
            isinstance(k, str)
            and k.endswith(("call_result", "tool_result", "function_result"))
            and isinstance(v, Mapping)
        ):
            return v
        if isinstance(v, Mapping | list) and (found := _nested_result(v, depth + 1)) is not None:
            return found
    return None
