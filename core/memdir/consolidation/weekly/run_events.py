"""LangChain / LangGraph run events read as calls and their results (docs/weekly.md "Any shape of log"; trial 28).

LangGraph's `astream_events` (and LangChain's callbacks) write one event per start and end of each run inside
an agent: `{"event": "on_tool_start", "name": <tool>, "run_id": …, "parent_ids": […], "data": {"input": {…}}}`,
then `on_tool_end` with `data.output` (an error, `on_tool_error`, with `data.error`); the agent's own runs are
`on_chain_*` (the request among `data.input.messages`), its model's `on_chat_model_*`. A harness adds `ts`
and writes the event's name as `type` (or keeps `event`). Read by the memdir fields only, no line named a
`tool` and no input sat where a call's is read: a week of such tasks read no call, and its requests alone
made one step-less procedure of two kinds (trial 28 #2).

Read by its structure, not by a framework's name: a line that names no `tool` of its own, whose type (or
`event`) says it is a tool's (a word `tool`: `on_tool_start`, `ToolStart`) and that carries its payload under
`data` (`input`, `output`, `error`) and the run's `name`, is a call of that name: its `data.input` is the
input, its `data.output` the output a result is read from, its `data.error` the error. The type's other
words then say whether it is the call or its result, as for any logger (`call_results.py`: `end`, `error`).
A line without `task_id` whose `parent_ids` is a list belongs to the root run's task: the first of its
`parent_ids` (LangChain lists them from the root), else its own `run_id` (the root's own events).
Fields the line writes itself (`tool`, `input`, `output`, `error`, `task_id`) win.
"""

from __future__ import annotations

from collections.abc import Mapping

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.call_results import type_words
from memdir.jsonvalue import JSONObject

_OWN_TOOL = ("tool", "tool_name")
_LIFTED = ("input", "output", "error")  # `data`'s keys, lifted to where any logger's are read


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) and value.strip() else ""


def _root_id(data: Mapping[str, object]) -> str:
    """The task of a run event with no `task_id`: the root of its `parent_ids`, else its own `run_id`."""
    parents = data.get("parent_ids")
    if not isinstance(parents, list):
        return ""
    if parents:
        return _text(parents[0]) if isinstance(parents[0], str) else ""
    return _text(data.get("run_id"))


def _names_tool(event: ActivityEvent) -> bool:
    said = [event.type, _text(event.data.get("event"))]
    return any("tool" in type_words(t) for t in said if t)


def run_event(event: ActivityEvent) -> ActivityEvent:
    """The event with a tool run's name, input, output and error where any call's are read, and its task
    id from its root run; any other event as it is."""
    data = event.data
    new: JSONObject = {}
    if not data.get("task_id") and (root := _root_id(data)):
        new["task_id"] = root
    payload = data.get("data")
    tool = _text(data.get("name"))
    if (
        tool
        and isinstance(payload, dict)
        and not any(_text(data.get(k)) for k in _OWN_TOOL)
        and _names_tool(event)
    ):
        new["tool"] = tool
        new.update({k: v for k in _LIFTED if data.get(k) is None and (v := payload.get(k)) is not None})
    if not new:
        return event
    return ActivityEvent(ts=event.ts, type=event.type, data={**data, **new}, source=event.source)
