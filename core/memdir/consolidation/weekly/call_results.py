"""Whether an event that names a tool is a call or a call's result, whatever the framework calls it.

Loggers name the tool on both halves of a call: Pydantic AI's `tool-return` and `retry-prompt` parts carry
`tool_name`, CrewAI's `tool_usage_finished` / `tool_usage_error` carry `tool_name`, an `error` event names
the `tool` that failed. Read as calls, every call was followed by a bare second step naming the tool
(`2. find_staff_availability`). An event is a result when it answers a call:

- its type says so: a word of it (`tool-return`, `tool_usage_finished`, `on_tool_end`, `retry-prompt`,
  `ToolResult`) is a result, a return, a response, an output, an end, an error or a retry, and no word
  names the task, run or session it closes (`task_end` is no result);
- it carries the id of a call the task already made (`tool_call_id`, `call_id`, `tool_use_id`, …) and no
  input of its own;
- it carries no input but a `result`, `output` or `return`.

A result whose type names an error or a retry (`retry-prompt`, `tool_usage_error`, `error`) says its call
failed, and its text (`content`, `message`) is the error when no field names one.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from memdir.activity import ActivityEvent

_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_RESULT_WORDS = frozenset(
    [
        "result",
        "results",
        "return",
        "returned",
        "response",
        "output",
        "end",
        "ended",
        "finished",
        "completed",
        "done",
        "error",
        "errored",
        "failed",
        "failure",
        "retry",
    ]
)
_FAILURE_WORDS = frozenset(["error", "errored", "failed", "failure", "retry"])
# words of an event that closes more than one call: its end is no call's result
_WHOLE_WORDS = frozenset(["task", "run", "session", "trace", "turn", "agent", "conversation", "chat", "sent"])
CALL_ID_KEYS = (
    "tool_call_id",
    "call_id",
    "tool_use_id",
    "toolCallId",
    "toolUseId",
    "callId",  # Semantic Kernel's function filters (`function.invoking` / `function.failed`), round 29
    "function_call_id",
    "invocation_id",
)
_RESULT_KEYS = ("result", "output", "return", "return_value", "tool_output")
_TEXT_KEYS = ("content", "message", "text", "output", "result")


def type_words(event_type: str) -> set[str]:
    """The words of an event type, whatever the case style (`ToolCallExecutionEvent`, `tool-return`)."""
    return {w.lower() for w in _WORDS.findall(event_type)}


def _type_says(event: ActivityEvent) -> set[str]:
    words = type_words(event.type or "")
    return set() if words & _WHOLE_WORDS else words & _RESULT_WORDS


def call_ids(event: ActivityEvent) -> list[str]:
    """The call ids an event carries (a call's own id, or the id of the call a result answers)."""
    return [str(v) for k in CALL_ID_KEYS if isinstance(v := event.get(k), str | int) and str(v).strip()]


def _has(event: ActivityEvent, keys: Iterable[str]) -> bool:
    return any(event.get(k) not in (None, "", {}, []) for k in keys)


def is_result(event: ActivityEvent, input_keys: Collection[str], called: Collection[str]) -> bool:
    """Whether a tool-naming event answers a call (`called`: the call ids the task made before it)."""
    if _type_says(event):
        return True
    if _has(event, input_keys):
        return False
    return any(i in called for i in call_ids(event)) or _has(event, _RESULT_KEYS)


def says_failed(event: ActivityEvent) -> bool:
    """A result whose type says its call failed (`retry-prompt`, `tool_usage_error`)."""
    return bool(_type_says(event) & _FAILURE_WORDS)


def failure_text(event: ActivityEvent) -> str:
    """The words of a failed result that names no error field: its content or message, on one line."""
    for key in _TEXT_KEYS:
        value = event.get(key)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())
    return ""
