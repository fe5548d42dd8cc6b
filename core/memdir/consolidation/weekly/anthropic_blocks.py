"""Anthropic Messages API content blocks read as calls and their results (docs/weekly.md "Any shape of log";
trial 20).

A harness that logs the Messages API's turns writes each message with its `content` list: the assistant's
`{"type": "tool_use", "id": "toolu_…", "name": <tool>, "input": {…}}` blocks (beside `text` blocks), and, in
the next user message, `{"type": "tool_result", "tool_use_id": "toolu_…", "content": <str or [blocks]>,
"is_error": true|false}`, a line holding the message itself (`role`, `content`) or under `message` (as Claude
Code's transcripts do), or the block alone. Read by their memdir fields only, no line named a `tool`: every
step was the line's `type` (`tool_use`), and a week of four kinds gave no procedure and no word why.

Within one task, each `tool_use` block (also `server_tool_use`, `mcp_tool_use`) of a line that names no
`tool` of its own is a call of its `name` with its `input` (nested objects as any input), in the order
written; a streamed call (`content_block_start` with a `tool_use` block, then `input_json_delta` parts up to
its `content_block_stop`) is one call with the parts joined. The first result block after it with its id
(`tool_use_id`) is folded into it: the call failed when `is_error` is true (its error the result's text, a
JSON object there read for its message) or when its text says so as any result's does (`result_error`: an
`error` key, a failed status, …). The assistant's text beside its calls is a thought; when the task has no
reply event, the last assistant message of text only is the reply. The request is the user's text block, as
for any logger (`request_text.py`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.jsonrpc_calls import parts_text
from memdir.consolidation.weekly.result_error import result_error
from memdir.consolidation.weekly.task_intent import REPLY_TYPES
from memdir.jsonvalue import JSONObject, JSONValue

CALL_BLOCKS = frozenset(["tool_use", "server_tool_use", "mcp_tool_use"])
RESULT_BLOCKS = frozenset(
    ["tool_result", "mcp_tool_result", "web_search_tool_result", "code_execution_tool_result"]
)
_OWN_TOOL = ("tool", "tool_name")
_KEPT = ("ts", "task_id", "outcome")  # what a folded message still says about its task
MAX_BLOCKS = 200  # blocks read from one message
MAX_ERROR = 300
Block = Mapping[str, JSONValue]


def _name(value: object) -> str:
    return value.strip() if isinstance(value, str) and value.strip() else ""


def _carrier(data: Block) -> Block:
    """The message a line holds: itself, or its `message` (Claude Code's transcript lines)."""
    message = data.get("message")
    return message if isinstance(message, Mapping) and isinstance(message.get("content"), list) else data


def _blocks(data: Block) -> list[Block]:
    """The Anthropic call and result blocks a line holds: its message's `content`, or the line itself."""
    if any(data.get(k) not in (None, "") for k in _OWN_TOOL):
        return []  # a line that names its tool is read as every logger's (`tasks.py`)
    if _is_call(data) or _is_result(data):
        return [data]
    content = _carrier(data).get("content")
    if not isinstance(content, list):
        return []
    return [b for b in content[:MAX_BLOCKS] if isinstance(b, Mapping) and (_is_call(b) or _is_result(b))]


def _is_call(block: Block) -> bool:
    return block.get("type") in CALL_BLOCKS and bool(_name(block.get("name"))) and "input" in block


def _is_result(block: Block) -> bool:
    return block.get("type") in RESULT_BLOCKS and bool(_name(block.get("tool_use_id")))


def _texts(data: Block) -> str:
    """The text blocks of a line's message, on one line."""
    content = _carrier(data).get("content")
    return parts_text(content) if isinstance(content, list) else ""


def _role(data: Block) -> str:
    return _name(_carrier(data).get("role")).lower()


def failure(block: Block, event: ActivityEvent) -> tuple[bool, str]:
    """Whether a result block says its call failed, and why (`is_error`, else what its text says)."""
    content = block.get("content")
    if isinstance(content, Mapping):  # a server tool's result: `{"type": "…_error", "error_code": …}`
        kind = _name(content.get("type"))
        if kind.endswith("_error"):
            return True, _name(content.get("error_code")) or kind
        text = json.dumps(content, ensure_ascii=False)
    else:
        text = parts_text(content)
    bad, error = result_error(ActivityEvent(ts=event.ts, type="tool_result", data={"output": text}))
    if block.get("is_error") is True:
        return True, (error if bad and error else text)[:MAX_ERROR]
    return bad, error


def _event(like: ActivityEvent, data: JSONObject) -> ActivityEvent:
    base: JSONObject = {k: v for k in ("ts", "task_id") if (v := like.data.get(k)) is not None}
    kind = data.get("type")
    return ActivityEvent(ts=like.ts, type=str(kind), data={**base, **data}, source=like.source)


def _call(like: ActivityEvent, block: Block, args: JSONValue) -> ActivityEvent:
    call: JSONObject = {"type": "tool_use", "tool": _name(block.get("name")), "input": args}
    if cid := _name(block.get("id")):
        call["call_id"] = cid
    return _event(like, call)


def _streamed(ev: ActivityEvent, streams: dict[str, tuple[int, list[str]]], out: list[ActivityEvent]) -> bool:
    """Read one streaming event (`content_block_start` / `_delta` / `_stop`); False when it is none."""
    data, index = ev.data, str(ev.data.get("index"))
    block = data.get("content_block")
    if ev.type == "content_block_start" and isinstance(block, Mapping) and _is_call(block):
        out.append(_call(ev, block, block.get("input")))
        streams[index] = (len(out) - 1, [])
        return True
    delta = data.get("delta")
    if ev.type == "content_block_delta" and index in streams and isinstance(delta, Mapping):
        part = delta.get("partial_json")
        if isinstance(part, str):
            streams[index][1].append(part)
        return True
    if ev.type == "content_block_stop" and index in streams:
        at, parts = streams.pop(index)
        try:
            args = json.loads("".join(parts)) if "".join(parts).strip() else None
        except (ValueError, RecursionError):
            args = "".join(parts)
        if args is not None:
            out[at] = _event(out[at], {**out[at].data, "input": args})
        return True
    return False


def anthropic_calls(events: list[ActivityEvent]) -> list[ActivityEvent]:
    """One task's events (in time order) with Anthropic `tool_use` blocks read as calls of their tools, each
    `tool_result` folded into the call it answers, and the last assistant text the reply when no event is
    one; events of other shapes as they are."""
    events = sorted(events, key=lambda e: e.ts)  # stable: same-ts events keep file order
    out: list[ActivityEvent] = []
    waiting: dict[str, int] = {}  # tool_use id -> the index of its call not answered yet
    streams: dict[str, tuple[int, list[str]]] = {}  # a streamed block's index -> its call, its input parts
    read = False  # the task holds Anthropic blocks: its assistant texts are read too
    for ev in events:
        if _streamed(ev, streams, out):
            read = True
            continue
        blocks = _blocks(ev.data)
        if all(_is_result(b) and _name(b.get("tool_use_id")) not in waiting for b in blocks):
            out.append(ev)  # no block, or results of calls that named their own tool: read as any logger's
            continue
        read = True
        if (text := _texts(ev.data)) and _role(ev.data) == "assistant":
            out.append(_event(ev, {"type": "thought", "text": text}))  # "I'll look the owner up first."
        kept: JSONObject = {k: v for k in _KEPT if (v := ev.data.get(k)) is not None}
        out.append(_event(ev, {**kept, "type": "anthropic_message"}))
        for block in blocks:
            if _is_call(block):
                out.append(_call(ev, block, block.get("input")))
                if cid := _name(block.get("id")):
                    waiting[cid] = len(out) - 1
            elif (cid := _name(block.get("tool_use_id"))) in waiting:
                at = waiting.pop(cid)
                bad, error = failure(block, ev)
                if bad:
                    out[at] = _event(out[at], {**out[at].data, "error": error or True})
            else:  # a result of no call of the task's: read as any logger's result
                bad, error = failure(block, ev)
                result: JSONObject = {"type": "tool_result", "output": parts_text(block.get("content"))}
                out.append(_event(ev, {**result, "error": error or True} if bad else result))
    return _with_reply(out) if read else out


def _with_reply(events: list[ActivityEvent]) -> list[ActivityEvent]:
    """A task with no reply event: its last assistant message of text only is the reply."""
    if any(e.type in REPLY_TYPES for e in events):
        return events
    for i in range(len(events) - 1, -1, -1):
        data = events[i].data
        if _role(data) == "assistant" and not _blocks(data) and (text := _texts(data)):
            events[i] = _event(events[i], {**data, "type": "response_sent", "text": text})
            break
    return events
