"""The values a task's calls returned, read from every log shape that records call results (trial 21).

A later call that passes a value an earlier call of the same task returned (`send_email … work_order=WO-wo-101`
after `create_work_order` returned `{"work_order_id": "WO-wo-101"}`) takes it from that result: the agent
never makes it up, and a procedure that writes `WO-wo-{work_order}`, `{work_order}: a number` has it invent
one. `returned_values` reads each result a task's log records, with the tool of the call it answers:

- a Chat Completions message of `role: tool` (its `content`, the call named by `tool_call_id` in an earlier
  assistant message's `tool_calls`);
- a Responses `function_call_output` (its `output`, the call by `call_id`);
- an Anthropic `tool_result` block (its `content`, text blocks joined; the call by `tool_use_id`);
- an MCP JSON-RPC response (its `result`'s `structuredContent` or content texts; the `tools/call` request by
  its `id`);
- any logger's result naming its tool or its call's id (`tool_result`, `function.result`, …) with a `result`,
  `output`, `return` or `content` field.

A result that is JSON (an object, or a string holding one) gives each of its scalar fields, named by its own
key (`work_order_id`, `tracking_no`). A result that is plain text (`CF-1041`, `tracking EJ100000041JP`) gives
each of its words of three characters or more with no key (trial 24: the customs form and the tracking number
a later call passed were "a number" and "an identifier", and nothing said to take them from the result); a
placeholder of such a value keeps the name the later call gives it, and its legend says which step returns it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.call_results import CALL_ID_KEYS
from memdir.consolidation.weekly.step_records import step_result

MAX_DEPTH = 5
MAX_VALUES = 200  # values read from one task's results
MAX_VALUE = 200  # longer values are text, not something a later call passes on
_PAYLOAD_KEYS = ("result", "output", "return", "return_value", "tool_output", "response", "content")
_RESULT_BLOCKS = ("tool_result", "mcp_tool_result")
_CALL_BLOCKS = ("tool_use", "server_tool_use", "mcp_tool_use")


@dataclass(frozen=True)
class Returned:
    """One scalar field of a call's result: the tool called, the field's key and its value."""

    tool: str
    key: str
    value: str
    listed: bool = False  # one item of a list the result returned (`slots: [...]`)


def _name(value: object) -> str:
    return value.strip() if isinstance(value, str) and value.strip() else ""


def _carrier(data: Mapping[str, object]) -> Mapping[str, object]:
    message = data.get("message")
    return message if isinstance(message, Mapping) else data


def _rpc_id(data: Mapping[str, object]) -> str:
    rid = data.get("id")
    return (
        f"rpc:{rid}" if "jsonrpc" in data and isinstance(rid, str | int) and not isinstance(rid, bool) else ""
    )


def _blocks(data: Mapping[str, object]) -> list[Mapping[str, object]]:
    content = _carrier(data).get("content")
    if isinstance(content, list):
        return [b for b in content if isinstance(b, Mapping)]
    return [data] if data.get("type") in (*_RESULT_BLOCKS, *_CALL_BLOCKS) else []


def _calls(data: Mapping[str, object]) -> Iterator[tuple[str, str]]:
    """(call id, tool) of each call a record makes, in every shape."""
    tool = _name(data.get("tool")) or _name(data.get("tool_name"))
    if tool:
        for key in CALL_ID_KEYS:
            if cid := _name(str(data.get(key) or "")):
                yield cid, tool
    listed = _carrier(data).get("tool_calls")
    for item in listed if isinstance(listed, list) else []:
        fn = item.get("function") if isinstance(item, Mapping) else None
        if isinstance(item, Mapping) and isinstance(fn, Mapping) and (name := _name(fn.get("name"))):
            yield _name(item.get("id")), name
    if data.get("type") == "function_call" and (name := _name(data.get("name"))):
        yield _name(data.get("call_id")) or _name(data.get("id")), name
    for block in _blocks(data):
        if block.get("type") in _CALL_BLOCKS and (name := _name(block.get("name"))):
            yield _name(block.get("id")), name
    params = data.get("params")
    if (
        data.get("method") == "tools/call"
        and isinstance(params, Mapping)
        and (name := _name(params.get("name")))
    ):
        yield _rpc_id(data), name


def _results(data: Mapping[str, object], names: Mapping[str, str]) -> Iterator[tuple[str, object]]:
    """(tool, payload) of each result a record holds, the tool found by its call's id when it names none."""
    carrier = _carrier(data)
    if _name(carrier.get("role")).lower() == "tool" and (cid := _name(carrier.get("tool_call_id"))):
        yield names.get(cid, _name(data.get("name"))), carrier.get("content")
        return
    if data.get("type") == "function_call_output" and (cid := _name(data.get("call_id"))):
        yield names.get(cid, ""), data.get("output")
        return
    blocks = [b for b in _blocks(data) if b.get("type") in _RESULT_BLOCKS]
    if blocks:
        for block in blocks:  # a logger's own `tool_result` record names its tool and writes `output`
            tool = names.get(_name(block.get("tool_use_id")), "") or _name(block.get("tool"))
            keys = [k for k in _PAYLOAD_KEYS if block.get(k) not in (None, "", {}, [])]
            yield tool, block.get(keys[0]) if keys else None
        return
    if (rid := _rpc_id(data)) and "method" not in data and isinstance(result := data.get("result"), Mapping):
        structured = result.get("structuredContent")
        yield names.get(rid, ""), structured if isinstance(structured, Mapping) else result.get("content")
        return
    if (own := step_result(data)) is not None:  # smolagents' `ActionStep`: its calls and `observations`
        yield own[1], own[2]
        return
    tool = _name(data.get("tool")) or _name(data.get("tool_name"))
    ids = [cid for key in CALL_ID_KEYS if (cid := _name(str(data.get(key) or "")))]
    tool = tool or next((names[i] for i in ids if i in names), "")
    if tool and not any(
        k in data for k in ("input", "arguments", "args", "tool_input", "tool_args", "parameters")
    ):
        for key in _PAYLOAD_KEYS:
            if data.get(key) not in (None, "", {}, []):
                yield tool, data.get(key)
                return


def _decoded(payload: object, depth: int = 0) -> object:
    """A payload with JSON strings decoded and an MCP / Anthropic list of text parts read as its text."""
    if isinstance(payload, str):
        text = payload.strip()
        if text[:1] in "{[":
            try:
                return json.loads(text)
            except (ValueError, RecursionError):
                return None
        return None
    if isinstance(payload, list) and depth < MAX_DEPTH:
        texts = [p.get("text") for p in payload if isinstance(p, Mapping) and p.get("type") == "text"]
        if texts and all(isinstance(t, str) for t in texts):
            return _decoded("\n".join(str(t) for t in texts), depth + 1)
    return payload


def _fields(
    value: object, key: str = "", depth: int = 0, listed: bool = False
) -> Iterator[tuple[str, str, bool]]:
    """(key, value, in a list) of each scalar of a decoded result, named by the key it is written under."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from _fields(v, str(k), depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from _fields(v, key, depth + 1, True)
    elif isinstance(value, str | int) and not isinstance(value, bool) and key:
        text = str(value).strip()
        if text and len(text) <= MAX_VALUE:
            yield key, text, listed


_WORD_EDGE = "'\"`()[]{}<>,;:.!?"
MAX_WORDS = 20  # a longer text is prose, not a value returned to pass on


def _text_words(payload: object) -> list[str]:
    """The words of a plain-text result (no JSON), three characters or more; none for a long text."""
    if not isinstance(payload, str) or payload.strip()[:1] in "{[":
        return []
    words = [w.strip(_WORD_EDGE) for w in payload.split()]
    return [w for w in words if 3 <= len(w) <= MAX_VALUE] if len(words) <= MAX_WORDS else []


def returned_values(events: list[ActivityEvent]) -> tuple[Returned, ...]:
    """Each scalar field the task's call results returned, with the tool called (in time order)."""
    names: dict[str, str] = {}
    out: list[Returned] = []
    for event in sorted(events, key=lambda e: e.ts):
        data = event.data
        for cid, tool in _calls(data):
            if cid:
                names[cid] = tool
        for tool, payload in _results(data, names):
            if not tool:
                continue
            for key, value, listed in _fields(_decoded(payload)):
                if len(out) < MAX_VALUES:
                    out.append(Returned(tool, key, value, listed))
            for word in _text_words(payload):
                if len(out) < MAX_VALUES:
                    out.append(Returned(tool, "", word))
    return tuple(dict.fromkeys(out))
