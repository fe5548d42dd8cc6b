"""Whether a tool's result says it failed, and the error it gives, wherever the logger put it.

A result's error may be a field of the event (`error`, `stderr`, `exception`, `message`), a field
of the result object it carries (`result`, `output`, `response`, `input`: a dict or a JSON object
written as a string, as OpenAI-style loggers write the tool's output), nested once
(`{"error": {"code": 504, "message": "Gateway Timeout"}}`), or a `key=value` line of its output
(`error=user is locked out`). A status says failure as a word (`error`, `failed`) or as an HTTP code
of 400 or more (`"status": 504`). When nothing says what went wrong, the error is the result's
own text (its summary or output); when there is none, it is empty: "failed" is no error message,
and a lesson is never named after it (`lesson_words.lesson_name`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from memdir.activity import ActivityEvent

FAIL_STATUS = frozenset(["error", "failed", "failure", "fail", "errored", "timeout", "timed_out"])
_ERROR_KEYS = ("error", "stderr", "exception", "error_message", "errorMessage", "err", "fault")
_MESSAGE_KEYS = ("message", "detail", "details", "reason", "description", "msg", "title", "error_description")
_STATUS_KEYS = ("status", "status_code", "statusCode", "http_status", "code", "state")
_CODE_KEYS = ("exit_code", "returncode", "exit_status", "exitCode")
_CARRIERS = ("result", "output", "response", "input", "tool_output", "content", "body", "data")
_KV_ERROR = re.compile(
    r"(?i)(?:^|[\s;,])(?:error|err|exception|reason|message|stderr)\s*[=:]\s*(.+?)\s*$", re.S
)
_GENERIC = frozenset(
    ["failed", "failure", "fail", "error", "errored", "false", "unknown error", "none", "null"]
)
MAX_ERROR = 300


def _one_line(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _object(value: object) -> Mapping[str, object] | None:
    """A dict, or a JSON object written as a string."""
    if isinstance(value, Mapping):
        return value
    if isinstance(value, str) and value.strip().startswith("{"):
        try:
            decoded = json.loads(value)
        except (ValueError, RecursionError):
            return None
        return decoded if isinstance(decoded, dict) else None
    return None


def _message(value: object, depth: int = 0) -> str:
    """An error value as text: a string, or the message of an error object (`{"code": …, "message": …}`)."""
    text = _one_line(value)
    obj = _object(value)
    if obj is None or depth > 2:
        return text
    for key in (*_MESSAGE_KEYS, *_ERROR_KEYS):
        said = _message(obj.get(key), depth + 1)
        if said:
            code = obj.get("code", obj.get("status"))
            return f"{said} ({code})" if isinstance(code, int | str) and str(code) not in said else said
    return ""


def _bad_status(value: object, words: bool) -> bool:
    """An HTTP status of 400 or more; a word (`failed`) only where it is the call's own status (`words`)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 400 <= value <= 599
    if isinstance(value, str):
        low = value.strip().lower()
        return (words and low in FAIL_STATUS) or (low.isdigit() and len(low) == 3 and 400 <= int(low) <= 599)
    return False


def _read(obj: Mapping[str, object], told: bool, depth: int = 0) -> tuple[bool, str]:
    """(failed, error) from one object's fields, then from the result objects it carries.

    `told`: the event already says the call failed (its outcome), so a `key=value` error line counts.
    A status word counts only on the event itself: a call that fetched a failed CI run worked.
    """
    error = next((m for k in _ERROR_KEYS if k in obj and (m := _message(obj[k]))), "")
    status = next((obj[k] for k in _STATUS_KEYS if k in obj and _bad_status(obj[k], depth == 0)), None)
    code = next(
        (obj[k] for k in _CODE_KEYS if isinstance(obj.get(k), int) and not isinstance(obj.get(k), bool)), 0
    )
    bad = (
        bool(error)
        or status is not None
        or bool(code)
        or obj.get("ok") is False
        or obj.get("success") is False
        or obj.get("is_error") is True
        or obj.get("isError") is True
    )
    if bad and not error:
        said = next((m for k in _MESSAGE_KEYS if k in obj and (m := _message(obj[k]))), "")
        if status is not None:
            shown = f"HTTP {status}" if str(status).isdigit() else str(status)
            error = (f"{said} ({shown})" if str(status) not in said else said) if said else shown
        elif code:
            error = f"{said} (exit code {code})" if said else f"exit code {code}"
        else:
            error = said
    if not error and depth < 2:
        for key in _CARRIERS:
            inner = _object(obj.get(key))
            if inner is not None and inner is not obj:
                inner_bad, error = _read(inner, told or bad, depth + 1)
                bad = bad or inner_bad
            elif kv := _KV_ERROR.search(_one_line(obj.get(key))):  # `error=user is locked out`
                error = _one_line(kv.group(1)) if told or bad else ""
            if error:
                break
    return bad, error


def result_error(event: ActivityEvent) -> tuple[bool, str]:
    """Whether a result event reports a failure, and the error text it gives ('' when it gives none)."""
    fields = {k: event.get(k) for k in {*_ERROR_KEYS, *_MESSAGE_KEYS, *_STATUS_KEYS, *_CODE_KEYS, *_CARRIERS}}
    fields.update({k: event.get(k) for k in ("ok", "success", "is_error", "isError")})
    told = event.get("outcome") == "failure"
    bad, error = _read({k: v for k, v in fields.items() if v is not None}, told)
    bad = bad or told
    if bad and not error:  # the result's own words: its summary, else its output as text
        for key in ("summary", "output", "text", "input", "result"):
            if (text := _one_line(event.get(key))) and not text.startswith(("{", "[")):
                error = text
                break
    if error.strip().lower().rstrip(".!") in _GENERIC:
        error = ""
    return bad, error[:MAX_ERROR]


def object_failure(obj: Mapping[str, object]) -> tuple[bool, str]:
    """Whether one result object (an item of a listed result, a call record's own result fields) says
    its call failed, and its error ('' when it names none); `error: true` says so without words."""
    flagged = obj.get("error") is True
    fields = {k: v for k, v in obj.items() if v is not None and not (k == "error" and v is True)}
    bad, error = _read(fields, flagged)
    if error.strip().lower().rstrip(".!") in _GENERIC:
        error = ""
    return bad or flagged, error[:MAX_ERROR]
