"""Calls and results held in a message's content parts (Google ADK / Gemini) read as steps (docs/weekly.md
"Any shape of log"; trial 31).

Google ADK writes one event per turn: `{"author": …, "invocation_id": …, "content": {"role": …, "parts": [
{"function_call": {"id", "name", "args"}}, …]}}`, the results in a later event's parts as `{"function_response":
{"id", "name", "response"}}` (the Gemini API writes `functionCall` / `functionResponse`, often with no id), the
requester's words as a part `{"text": …}`. Read by the memdir fields only, no line named a `tool`: a week of
such tasks read no call at all ("no tool call read from any event", trial 31 #1).

Read by its structure, not by ADK's key names: a line that names no `tool` of its own and whose `content.parts`
(or `parts`) list holds parts whose value is an object with a `name` is read part by part: an object that also
holds an input (`args`, `arguments`, `input`, `parameters`) is a call of that name with that input, one that
holds a result (`response`, `output`, `result`) is that call's result, with its `id` as the call id it answers
(`call_results.py` pairs them; a failure is what the result says, `result_error.py`). The line's text parts and
its other fields (`author`, `outcome`, the request) stay on a line of their own, as they were. A line without
`task_id` belongs to the task of its `invocation_id` (one turn of the agent: the request, its calls, the reply).
"""

from __future__ import annotations

from collections.abc import Mapping

from memdir.activity import ActivityEvent
from memdir.jsonvalue import JSONObject, JSONValue

_OWN_TOOL = ("tool", "tool_name")
_INPUTS = ("args", "arguments", "input", "parameters")
_RESULTS = ("response", "output", "result")
_TASK_KEYS = ("invocation_id", "invocationId")
_KEPT = ("ts", "task_id")
MAX_PARTS = 200


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) and value.strip() else ""


def _parts(data: Mapping[str, JSONValue]) -> list[JSONValue]:
    content = data.get("content")
    parts = content.get("parts") if isinstance(content, Mapping) else data.get("parts")
    return parts[:MAX_PARTS] if isinstance(parts, list) else []


def _held(part: JSONValue) -> tuple[str, Mapping[str, JSONValue]] | None:
    """("call" | "result", the object) when a part holds a named call or result; else None."""
    if not isinstance(part, Mapping):
        return None
    for value in part.values():
        if not isinstance(value, Mapping) or not _text(value.get("name")):
            continue
        if any(k in value for k in _INPUTS):
            return "call", value
        if any(k in value for k in _RESULTS):
            return "result", value
    return None


def _event(like: ActivityEvent, base: JSONObject, data: JSONObject) -> ActivityEvent:
    return ActivityEvent(ts=like.ts, type=str(data["type"]), data={**base, **data}, source=like.source)


def part_events(event: ActivityEvent) -> list[ActivityEvent]:
    """The event's calls and results held in content parts as events of their own (a `tool_use` naming its
    `tool`, a `tool_result` carrying the `call_id` it answers), after the event itself with those parts taken
    out; its task id from its `invocation_id` when it names none. Any other event as it is."""
    data = event.data
    base: JSONObject = {k: v for k in _KEPT if (v := data.get(k)) is not None}
    if not base.get("task_id") and (
        turn := next((_text(data.get(k)) for k in _TASK_KEYS if _text(data.get(k))), "")
    ):
        base["task_id"] = turn
    own = any(_text(data.get(k)) for k in _OWN_TOOL)
    held = [] if own else [(part, h) for part in _parts(data) if (h := _held(part))]
    if not held:
        if base.get("task_id") == data.get("task_id"):
            return [event]
        return [ActivityEvent(ts=event.ts, type=event.type, data={**data, **base}, source=event.source)]
    taken = {id(part) for part, _ in held}
    rest = [p for p in _parts(data) if id(p) not in taken]
    content = data.get("content")
    kept: JSONObject = {**data, **base}
    if isinstance(content, Mapping):
        kept["content"] = {**content, "parts": rest}
    else:
        kept["parts"] = rest
    kept["type"] = "message" if event.type in ("function_call", "function_response") else event.type
    out = [_event(event, base, kept)]
    for _, (kind, value) in held:
        step: JSONObject = {"tool": _text(value.get("name"))}
        if cid := _text(value.get("id")):
            step["call_id"] = cid
        if kind == "call":
            step.update({"type": "tool_use", "input": next(value[k] for k in _INPUTS if k in value)})
        else:
            step.update({"type": "tool_result", "output": next(value[k] for k in _RESULTS if k in value)})
        out.append(_event(event, base, step))
    return out
