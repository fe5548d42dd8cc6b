"""MCP JSON-RPC exchanges read as calls and their results (docs/weekly.md "Any shape of log").

An agent that logs what its MCP client sends and receives writes each exchange as two records: the request
`{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": <tool>, "arguments": {…}}, "id": 7}` and, later,
its response `{"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text": …}], "isError": …}}`
or `{"jsonrpc": "2.0", "id": 7, "error": {"code": …, "message": …}}`, a harness adding `ts`, `task_id` and a
`type` of its own (`tool_use` / `tool_result`, `mcp.request` / `mcp.response`). Read by their memdir fields
only, every step was one tool named after the record's type (`tool_use: name=cmms.find_part …`), and the
response, which names no tool and answers by an integer id, never marked its call failed.

Within one task, a `tools/call` request is the call of `params.name` with `params.arguments` as its input (a
`tool` or input the line writes itself wins), and the response with the same JSON-RPC `id` (the first after
it: a retry sent again with the same id is answered again) is folded into it: an `error` object, or a result
with `isError: true`, marks the call failed, its error the error's message (and code) or the text of the
result's content parts. The response itself is then only a time in the task (its `ts`, its `outcome`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import cast

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.result_error import object_failure
from memdir.jsonvalue import JSONObject, JSONValue

CALL_METHOD = "tools/call"
MAX_ERROR = 300
_OWN_INPUT = ("input", "tool_input", "tool_args", "args", "arguments", "parameters")
_KEPT = ("ts", "task_id", "outcome")  # what a folded response still says about its task


def _params(data: Mapping[str, object]) -> Mapping[str, object] | None:
    """The `params` of a `tools/call` request naming its tool (a JSON string decoded), else None."""
    method = data.get("method")
    if not (isinstance(method, str) and method.strip().lower() == CALL_METHOD):
        return None
    params = data.get("params")
    if isinstance(params, str):
        try:
            params = json.loads(params)
        except (ValueError, RecursionError):
            return None
    if not isinstance(params, Mapping):
        return None
    name = params.get("name")
    return params if isinstance(name, str) and name.strip() else None


def _id(data: Mapping[str, object]) -> str | None:
    """A JSON-RPC id as a key (`7` and `"7"` are two ids), None when the record has none."""
    rid = data.get("id")
    if isinstance(rid, bool) or not isinstance(rid, str | int) or not str(rid).strip():
        return None
    return f"{type(rid).__name__}:{rid}"


def _is_response(data: Mapping[str, object]) -> bool:
    return "method" not in data and ("result" in data or "error" in data)


def parts_text(content: object) -> str:
    """The text of content parts (`[{type: text, text}]`, MCP results and Anthropic blocks) or a string, on one line."""
    if isinstance(content, str):
        return " ".join(content.split())
    if not isinstance(content, list):
        return ""
    texts = [p.get("text") for p in content if isinstance(p, Mapping) and p.get("type", "text") == "text"]
    return " ".join(" ".join(t.split()) for t in texts if isinstance(t, str) and t.strip())


def response_failure(data: Mapping[str, object]) -> tuple[bool, str]:
    """Whether a JSON-RPC response says its call failed, and the error it gives ('' when it names none).

    An `error` object is the protocol's failure (its message and code); a `result` with `isError: true` is the
    tool's (the text of its content parts, a JSON object there read for its message; else its
    `structuredContent`).
    """
    error = data.get("error")
    if error not in (None, False):
        bad, said = object_failure({"error": error})
        return True, said if bad else ""
    result = data.get("result")
    if not isinstance(result, Mapping) or result.get("isError") is not True:
        return False, ""
    text = parts_text(result.get("content"))
    if text.startswith("{"):
        bad, said = object_failure({"result": text})
        text = said if bad and said else text
    if not text and isinstance(found := result.get("structuredContent"), Mapping):
        text = object_failure(found)[1]
    return True, text[:MAX_ERROR]


def paired_calls(events: list[ActivityEvent]) -> list[ActivityEvent]:
    """One task's events (in time order) with its `tools/call` requests read as calls of their tools and
    each response folded into the request it answers; events of other shapes as they are."""
    out = sorted(events, key=lambda e: e.ts)  # stable: same-ts events keep file order
    if not any(_params(e.data) is not None for e in out):
        return out
    waiting: dict[str, int] = {}  # JSON-RPC id -> the index of its latest call not answered yet
    for i, ev in enumerate(out):
        data = ev.data
        if (params := _params(data)) is not None:
            new: JSONObject = dict(data)
            if not any(data.get(k) not in (None, "") for k in ("tool", "tool_name")):
                new["tool"] = str(params["name"]).strip()
            args = params.get("arguments")
            if args not in (None, "", {}) and not any(data.get(k) not in (None, "", {}) for k in _OWN_INPUT):
                new["input"] = cast(JSONValue, args)
            out[i] = _with(ev, new, ev.type)
            if (rid := _id(data)) is not None:
                waiting[rid] = i
        elif _is_response(data) and (rid := _id(data)) is not None and rid in waiting:
            at = waiting.pop(rid)
            bad, error = response_failure(data)
            if bad and out[at].data.get("error") in (None, "", False):
                out[at] = _with(out[at], {**out[at].data, "error": error or True}, out[at].type)
            out[i] = _with(ev, {k: v for k in _KEPT if (v := data.get(k)) is not None}, "jsonrpc_response")
    return out


def _with(event: ActivityEvent, data: JSONObject, kind: str) -> ActivityEvent:
    data = {**data, "type": kind}
    return ActivityEvent(ts=event.ts, type=kind, data=data, source=event.source)
