"""OpenAI Responses API items and Chat Completions tool calls read as calls and their results
(docs/weekly.md "Any shape of log"; trial 19).

A harness that logs the Responses API's output items as they come writes a call as
`{"type": "function_call", "name": <tool>, "arguments": "<JSON string>", "call_id": …}` and its result,
later, as `{"type": "function_call_output", "call_id": …, "output": "<JSON string>"}`; the Chat Completions
API writes the calls on the assistant's message (`tool_calls: [{id, type: function, function: {name,
arguments}}]`) and each result as a message of `role: tool` with its `tool_call_id`. Read by their memdir
fields only, no line named a `tool`: no step was read, and a week of such tasks gave procedures with no steps.

Within one task, a call item naming no `tool` of its own is the call of its `name` (its `arguments` the
input, decoded later like any JSON-string input), each assistant message's `tool_calls` are calls of their
own in their order, and the first output after a call with its id is folded into it: the output says the
call failed when its decoded object does (`result_error`: an `error` key, a non-zero exit code, a failed
status, …) or when the item's own Responses `status` is `failed` or `incomplete`; its error is the error's
text. The output itself is then only a time in the task (its `ts`, its `outcome`). A call item that names
its `tool` itself is left to the reading every logger gets (`tasks.py`).
"""

from __future__ import annotations

from collections.abc import Mapping

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.result_error import result_error
from memdir.consolidation.weekly.step_records import step_failure
from memdir.jsonvalue import JSONObject, JSONValue

CALL_TYPES = ("function_call",)
OUTPUT_TYPES = ("function_call_output",)
_FAILED_STATUS = frozenset(["failed", "incomplete"])
_OWN_TOOL = ("tool", "tool_name")
_KEPT = ("ts", "task_id", "outcome")  # what a folded output still says about its task
MAX_CALLS = 200  # calls read from one message's `tool_calls`


def _name(value: object) -> str:
    return value.strip() if isinstance(value, str) and value.strip() else ""


def _own_tool(data: Mapping[str, object]) -> bool:
    return any(data.get(k) not in (None, "") for k in _OWN_TOOL)


def _failed_status(data: Mapping[str, object]) -> bool:
    status = data.get("status")
    return isinstance(status, str) and status.strip().lower() in _FAILED_STATUS


def _listed_calls(data: Mapping[str, object]) -> list[tuple[str, str, JSONValue]]:
    """(call id, tool, arguments) of each function call a Chat Completions message lists (`tool_calls`)."""
    carrier = data.get("message") if isinstance(data.get("message"), Mapping) else data
    assert isinstance(carrier, Mapping)
    listed = carrier.get("tool_calls")
    if not isinstance(listed, list):
        return []
    out: list[tuple[str, str, JSONValue]] = []
    for item in listed[:MAX_CALLS]:
        if not isinstance(item, Mapping):
            continue
        fn = item.get("function")
        if not isinstance(fn, Mapping) or not (tool := _name(fn.get("name"))):
            continue
        args = fn.get("arguments")
        out.append((_name(item.get("id")), tool, args if isinstance(args, str | dict | list) else None))
    return out


def _call(event: ActivityEvent, data: JSONObject) -> ActivityEvent:
    data = {**data, "type": "function_call"}
    return ActivityEvent(ts=event.ts, type="function_call", data=data, source=event.source)


def _output_id(event: ActivityEvent) -> str:
    """The call id an output answers: a Responses `function_call_output`, or a Chat Completions tool message."""
    data = event.data
    if event.type in OUTPUT_TYPES:
        return _name(data.get("call_id"))
    carrier = data.get("message") if isinstance(data.get("message"), Mapping) else data
    assert isinstance(carrier, Mapping)
    if _name(carrier.get("role")).lower() == "tool" and not _own_tool(data):
        return _name(carrier.get("tool_call_id"))
    return ""


def _failure(event: ActivityEvent) -> tuple[bool, str]:
    """Whether an output says its call failed, and why (a tool message's `content` is its output)."""
    data = event.data
    carrier = data.get("message") if isinstance(data.get("message"), Mapping) else data
    assert isinstance(carrier, Mapping)
    fields: JSONObject = {
        k: v for k in ("output", "content", "status", "outcome") if (v := carrier.get(k)) is not None
    }
    if "output" not in fields and isinstance(fields.get("content"), str):
        fields["output"] = fields.pop("content")
    fields.pop("status", None)  # an item's status is read below: `completed` is no failure
    bad, error = result_error(
        ActivityEvent(ts=event.ts, type="tool_result", data=fields, source=event.source)
    )
    return bad or _failed_status(data), error


def openai_calls(events: list[ActivityEvent]) -> list[ActivityEvent]:
    """One task's events (in time order) with Responses `function_call` items and Chat Completions
    `tool_calls` read as calls of their tools and each output folded into the call it answers; events of
    other shapes as they are."""
    events = sorted(events, key=lambda e: e.ts)  # stable: same-ts events keep file order
    out: list[ActivityEvent] = []
    waiting: dict[str, int] = {}  # call id -> the index of its call not answered yet
    for ev in events:
        data = ev.data
        if ev.type in CALL_TYPES and not _own_tool(data) and (tool := _name(data.get("name"))):
            new: JSONObject = {**data, "tool": tool}
            if _failed_status(data):
                new["error"] = True
            out.append(_call(ev, new))
            if cid := _name(data.get("call_id")) or _name(data.get("id")):
                waiting[cid] = len(out) - 1
        elif not _own_tool(data) and (listed := _listed_calls(data)):
            message: JSONObject = {k: v for k, v in data.items() if k != "tool_calls"}
            out.append(ActivityEvent(ts=ev.ts, type=ev.type, data=message, source=ev.source))
            for cid, tool, args in listed:
                call: JSONObject = {k: v for k in ("ts", "task_id") if (v := data.get(k)) is not None}
                call.update({"tool": tool, "arguments": args, "call_id": cid})
                out.append(_call(ev, call))
                if cid:
                    waiting[cid] = len(out) - 1
            bad, error = step_failure(
                data
            )  # smolagents' `ActionStep`: the step's own `error` (`step_records`)
            if bad and out[-1].type == "function_call":
                out[-1] = _call(out[-1], {**out[-1].data, "error": error or True})
        elif (cid := _output_id(ev)) and cid in waiting:
            at = waiting.pop(cid)
            bad, error = _failure(ev)
            if bad and out[at].data.get("error") in (None, "", False, True):
                out[at] = _call(out[at], {**out[at].data, "error": error or True})
            kept: JSONObject = {k: v for k in _KEPT if (v := data.get(k)) is not None}
            out.append(ActivityEvent(ts=ev.ts, type="function_call_output", data=kept, source=ev.source))
        else:
            out.append(ev)
    return out
