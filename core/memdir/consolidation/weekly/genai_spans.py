"""OpenTelemetry GenAI spans read as calls, requests, replies and failures (docs/weekly.md "Any shape of log").

An agent instrumented with the GenAI semantic conventions writes one span per operation: `execute_tool X`
(`gen_ai.operation.name: execute_tool`, `gen_ai.tool.name`, `gen_ai.tool.call.id`, `gen_ai.tool.call.arguments`
as a JSON string), `invoke_agent` (the request among `gen_ai.input.messages`, the answer among
`gen_ai.output.messages`) and `chat` (a model call). Read by their memdir fields only, every span typed
`tool_use` was one tool named `tool_use`, and a root typed `task_end` hid the request. Attributes are found
wherever an exporter puts them: a map under `attributes` (dotted keys or nested maps), OTLP JSON's list
`[{key, value: {stringValue}}]`, or dotted keys on the line itself. A span's status says its failure
(`status_code: ERROR`, OTLP `code: 2` / `STATUS_CODE_ERROR`), its message the status description, else its
`exception` event's `exception.message`, else `error.type`. A span carries its trace id, the task's id when
the line names none. Fields the line writes itself (`tool`, `input`, `summary`, `error`, `outcome`) win.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import cast

from memdir.activity import ActivityEvent, parse_ts
from memdir.consolidation.weekly.steps import INPUT_KEYS
from memdir.jsonvalue import JSONObject, JSONValue

_TOOL_OP = "execute_tool"
_AGENT_OPS = frozenset(["invoke_agent", "create_agent", "invoke_workflow"])
_MODEL_OPS = frozenset(["chat", "text_completion", "generate_content"])
_CALL_TYPES = frozenset(["tool_use", "tool_result"])
_STATED = ("summary", "intent", "goal", "description", "task")
_ERROR_CODES = frozenset(["ERROR", "STATUS_CODE_ERROR", "2"])
_ANY = {"stringValue": str, "string_value": str, "boolValue": bool, "bool_value": bool}
_NUMBERS = ("intValue", "int_value", "doubleValue", "double_value")
MAX_DEPTH = 6


def _any_value(value: object, depth: int = 0) -> object:
    """An OTLP JSON AnyValue (`{"stringValue": …}`, `{"arrayValue": {"values": […]}}`) as plain JSON."""
    if not isinstance(value, Mapping) or len(value) != 1 or depth > MAX_DEPTH:
        return value
    key, inner = next(iter(value.items()))
    if key in _ANY:
        return inner
    if key in _NUMBERS:
        try:
            return float(inner) if "double" in key else int(str(inner))
        except ValueError:
            return inner
    if key in ("arrayValue", "array_value") and isinstance(inner, Mapping):
        items = inner.get("values")
        return [_any_value(v, depth + 1) for v in items] if isinstance(items, list) else []
    if key in ("kvlistValue", "kvlist_value") and isinstance(inner, Mapping):
        return _pairs(inner.get("values"), depth + 1)
    return value


def _pairs(items: object, depth: int = 0) -> dict[str, object]:
    """OTLP's `[{key, value}]` list as a map."""
    if not isinstance(items, list):
        return {}
    return {
        str(i["key"]): _any_value(i.get("value"), depth)
        for i in items
        if isinstance(i, Mapping) and isinstance(i.get("key"), str)
    }


def _flatten(value: Mapping[str, object], out: dict[str, object], prefix: str = "", depth: int = 0) -> None:
    """Every key of a map under its dotted path (`{"gen_ai": {"tool": {"name": x}}}` -> `gen_ai.tool.name`);
    a map's own value is kept too (`gen_ai.tool.call.arguments` written as an object)."""
    for key, v in value.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        out.setdefault(path, v)
        if isinstance(v, Mapping) and depth < MAX_DEPTH:
            _flatten(v, out, path, depth + 1)


def span_attributes(data: Mapping[str, object]) -> dict[str, object]:
    """A span's attributes by dotted name: under `attributes` (a map or OTLP's list), then on the line."""
    found = data.get("attributes")
    attrs = _pairs(found) if isinstance(found, list) else dict(found) if isinstance(found, Mapping) else {}
    out: dict[str, object] = {}
    _flatten(attrs, out)
    _flatten({k: v for k, v in data.items() if k.startswith(("gen_ai", "error."))}, out)
    return out


def _decoded(value: object) -> object:
    if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except (ValueError, RecursionError):
            return value
    return value


def _content(value: object) -> str:
    """The text of a message's content: a string, or its text parts (`{type: text, content|text}`)."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, list):
        texts = [
            _content(p.get("content", p.get("text")))
            for p in value
            if isinstance(p, Mapping) and p.get("type", "text") == "text"
        ]
        return " ".join(t for t in texts if t)
    return ""


def _said(value: object, roles: frozenset[str]) -> str:
    """The last text a message list gives one of `roles` (a bare string is that text itself)."""
    value = _decoded(value)
    if isinstance(value, str):
        return " ".join(value.split())
    messages = [value] if isinstance(value, Mapping) else value if isinstance(value, list) else []
    texts = [
        _content(m.get("parts", m.get("content")))
        for m in messages
        if isinstance(m, Mapping) and str(m.get("role", "assistant")).lower() in roles
    ]
    return next((t for t in reversed(texts) if t), "")


def _indexed(attrs: Mapping[str, object], prefix: str, roles: frozenset[str]) -> str:
    """The last text of indexed attributes (`gen_ai.prompt.0.role` / `gen_ai.prompt.0.content`)."""
    texts = []
    for n in range(64):
        content = attrs.get(f"{prefix}.{n}.content")
        if content is None:
            break
        role = str(attrs.get(f"{prefix}.{n}.role", "assistant")).lower()
        if role in roles and (text := _content(content)):
            texts.append(text)
    return texts[-1] if texts else ""


_USER = frozenset(["user", "human"])
_ASSISTANT = frozenset(["assistant", "ai", "model"])


def request_of(attrs: Mapping[str, object]) -> str:
    """What the user asked: the last user message of `gen_ai.input.messages` / `gen_ai.prompt`."""
    for key in ("gen_ai.input.messages", "gen_ai.prompt"):
        if text := _said(attrs.get(key), _USER):
            return text
    return _indexed(attrs, "gen_ai.prompt", _USER)


def reply_of(attrs: Mapping[str, object]) -> str:
    """What the model or agent answered: `gen_ai.output.messages` / `gen_ai.completion`."""
    for key in ("gen_ai.output.messages", "gen_ai.completion"):
        if text := _said(attrs.get(key), _ASSISTANT):
            return text
    return _indexed(attrs, "gen_ai.completion", _ASSISTANT)


def span_failure(data: Mapping[str, object], attrs: Mapping[str, object]) -> tuple[bool, str]:
    """Whether a span ended in error, and its message (status description, exception, `error.type`)."""
    status = data.get("status")
    status = status if isinstance(status, Mapping) else {}
    code = str(status.get("status_code", status.get("code", ""))).upper().removeprefix("STATUSCODE.")
    said = next((m for k in ("description", "message") if isinstance(m := status.get(k), str) and m), "")
    thrown = ""
    events = data.get("events")
    for ev in events if isinstance(events, list) else []:
        if isinstance(ev, Mapping) and ev.get("name") == "exception":
            ex = ev.get("attributes")
            ex = _pairs(ex) if isinstance(ex, list) else ex if isinstance(ex, Mapping) else {}
            thrown = str(ex.get("exception.message") or ex.get("exception.type") or "exception")
    bad = code in _ERROR_CODES or (bool(thrown) and code not in ("OK", "1", "STATUS_CODE_OK"))
    kind = attrs.get("error.type")
    fallback = str(kind) if isinstance(kind, str | int) and str(kind) not in ("", "_OTHER") else ""
    return bad, " ".join((said or thrown or fallback).split()) if bad else ""


def _trace_id(data: Mapping[str, object]) -> str:
    context = data.get("context")
    where = context if isinstance(context, Mapping) else data
    tid = next((t for k in ("trace_id", "traceId") if isinstance(t := where.get(k), str) and t), "")
    return tid.removeprefix("0x")


def _end(data: Mapping[str, object]) -> datetime | None:
    if when := parse_ts(data.get("end_time")):
        return when
    nanos = data.get("endTimeUnixNano", data.get("end_time_unix_nano"))
    try:
        return datetime.fromtimestamp(int(str(nanos)) / 1e9, tz=timezone.utc) if nanos else None
    except (ValueError, OverflowError):
        return None


def _has(data: Mapping[str, object], keys: tuple[str, ...]) -> bool:
    return any(data.get(k) not in (None, "", {}, []) for k in keys)


def as_events(event: ActivityEvent) -> list[ActivityEvent]:
    """The event as memdir reads it, with what its span attributes say (the event itself when no span)."""
    data = event.data
    attrs = span_attributes(data)
    name = data.get("name")
    named = name[len(_TOOL_OP) :].strip() if isinstance(name, str) and name.startswith(_TOOL_OP + " ") else ""
    op = str(attrs.get("gen_ai.operation.name") or (_TOOL_OP if named else "")).lower()
    tool = attrs.get("gen_ai.tool.name")
    tool = tool.strip() if isinstance(tool, str) and tool.strip() else named
    bad, error = span_failure(data, attrs)
    if not (op or tool or bad or any(k.startswith("gen_ai.") for k in attrs)):
        return [event]
    new: JSONObject = dict(data)
    if event.task_id is None and (tid := _trace_id(data)):
        new["task_id"] = tid
    extra: list[ActivityEvent] = []
    if op not in _AGENT_OPS | _MODEL_OPS:  # a tool's call (and its result: one record)
        if tool and not _has(data, ("tool", "tool_name")):
            new["tool"] = tool
        args = attrs.get("gen_ai.tool.call.arguments")
        if tool and args not in (None, "", {}) and not _has(data, INPUT_KEYS):
            new["input"] = cast(JSONValue, args)
        if isinstance(cid := attrs.get("gen_ai.tool.call.id"), str) and not _has(data, ("tool_call_id",)):
            new["tool_call_id"] = cid
        if bad and not _has(data, ("error",)):
            new["error"] = error or True  # read as the call's own failure (`own_results.own_failure`)
    else:
        if event.type in _CALL_TYPES:  # an agent's or a model's span is no call
            new["type"] = op
        if (asked := request_of(attrs)) and not _has(data, _STATED):
            new["intent"] = asked
        if bad and op in _AGENT_OPS and not _has(data, ("error",)):
            new["error"] = error or True
            if not _has(data, ("outcome", "parent_id", "parentSpanId", "parent_span_id")):
                new["outcome"] = "failure"  # the root agent span failed: so did the task
        when = max(event.ts, _end(data) or event.ts)
        if said := reply_of(attrs):
            kind = "response_sent" if op in _AGENT_OPS else "thought"
            extra.append(_event(when, kind, new.get("task_id"), said, event.source))
    new_type = new.get("type")
    return [replace_data(event, new, new_type if isinstance(new_type, str) else event.type), *extra]


def _event(when: datetime, kind: str, task_id: JSONValue, text: str, source: str) -> ActivityEvent:
    data: JSONObject = {"ts": when.isoformat(), "type": kind, "text": text}
    if task_id is not None:
        data["task_id"] = task_id
    return ActivityEvent(ts=when, type=kind, data=data, source=f"{source}#{kind}")


def replace_data(event: ActivityEvent, data: JSONObject, kind: str) -> ActivityEvent:
    return ActivityEvent(ts=event.ts, type=kind, data=data, source=event.source)
