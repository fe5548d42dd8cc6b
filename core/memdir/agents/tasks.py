"""Task logging for agent code: `with mem.task(intent) as t:` writes the design's activity events.

Events written (one JSON line each, through ActivityLog, which appends whole lines under a
file lock, so several threads and processes can log at once):

- `task_start` with `summary` = the intent, when the block is entered (or `start()` is called);
- `tool_use` (`tool`, `input`) and `tool_result` (`summary`, optional `outcome`) per step;
- `feedback` (`procedure`, `outcome`) when the agent reports how a procedure worked;
- `task_end` with `outcome` `success` or `failure` (none when the agent never said), once.

Inside a `with` block, `success()`/`failure()` only record the outcome and the single
`task_end` is written when the block exits; an exception escaping the block makes the
outcome `failure` and is re-raised. Used without `with`, `success()`/`failure()` write
`task_end` at once. This class does not change any note: to update a procedure's
confidence right away, call `Memory.feedback()` (or `memdir feedback`).
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

from memdir.activity import ActivityLog
from memdir.arguments import optional_text, outcome_arg, text_arg
from memdir.errors import MemdirError

log = logging.getLogger(__name__)

MAX_FIELD_CHARS = 4000
RESERVED = {"ts", "type", "task_id", "summary", "tool", "input", "outcome", "procedure"}


def new_task_id(now: datetime | None = None) -> str:
    """A time-sortable unique task id: `YYYYMMDDTHHMMSSffffff-<8 hex>` (UTC)."""
    now = (now or datetime.now(UTC)).astimezone(UTC)
    return f"{now.strftime('%Y%m%dT%H%M%S%f')}-{secrets.token_hex(4)}"


def _clip(value: Any) -> Any:
    """Keep logged text bounded so one huge tool input cannot bloat the log."""
    if isinstance(value, str) and len(value) > MAX_FIELD_CHARS:
        return value[:MAX_FIELD_CHARS] + "…"
    return value


class TaskLogger:
    """Logs one agent task (start, tool steps, outcome) to the activity log; thread-safe."""

    def __init__(
        self,
        activity: ActivityLog,
        intent: str,
        task_id: str | None = None,
        *,
        clock: Callable[[], datetime] | None = None,
        check_target: Callable[[str], str] | None = None,
        **fields: object,
    ) -> None:
        if not isinstance(intent, str) or not intent.strip():
            raise MemdirError("a task needs a one-line intent")
        self.activity = activity
        self.intent = " ".join(intent.split())
        self.clock = clock
        self.check_target = check_target  # Memory.task: a feedback's note is checked when it is reported
        self.task_id = task_id or new_task_id(clock() if clock else None)
        reserved = sorted(set(fields) & RESERVED)
        if reserved:
            raise MemdirError(f"{', '.join(reserved)} cannot be set for a whole task (set by each event)")
        self.fields = {k: v for k, v in fields.items() if v is not None}
        self.outcome: str | None = None
        self.started = False
        self.ended = False
        self.events = 0
        self._end_summary: str | None = None
        self._in_block = False
        self._lock = threading.Lock()

    # -- writing -----------------------------------------------------------------
    def _write(self, etype: str, **data: object) -> dict[str, object]:
        event: dict[str, object] = {"ts": None, "type": etype, "task_id": self.task_id}
        event.update(self.fields)
        event.update({k: _clip(v) for k, v in data.items() if v is not None})
        if event["ts"] is None and self.clock is not None:
            event["ts"] = self.clock().isoformat(timespec="milliseconds")
        if isinstance(event["ts"], datetime):
            event["ts"] = event["ts"].isoformat(timespec="milliseconds")
        written = self.activity.append(event)
        with self._lock:
            self.events += 1
        return written

    def start(self, **extra: object) -> TaskLogger:
        """Write `task_start` (summary = intent); called by `with`, safe to call twice."""
        with self._lock:
            if self.started:
                return self
            self.started = True
        self._write("task_start", summary=self.intent, **extra)
        return self

    def tool_use(self, tool: str, input: object = None, **extra: object) -> dict[str, object]:
        """Record that a tool was called (`tool`, `input`)."""
        if not tool:
            raise MemdirError("tool_use needs a tool name")
        return self._write("tool_use", tool=tool, input=input, **extra)

    def tool_result(
        self, summary: str | None = None, outcome: str | None = None, tool: str | None = None, **extra: object
    ) -> dict[str, object]:
        """Record a tool's result: a one-line summary and, optionally, success or failure."""
        return self._write("tool_result", summary=summary, outcome=outcome, tool=tool, **extra)

    def note(self, etype: str, **data: object) -> dict[str, object]:
        """Record any other event type (e.g. `response_sent`) under this task."""
        return self._write(etype, **data)

    def feedback(self, procedure_path: str, success: bool, note: str | None = None) -> dict[str, object]:
        """Record how a procedure worked for this task (a `feedback` event with its outcome).

        `success` is True or False, or the word `"success"` or `"failure"` (anything else: InputError).
        From `Memory.task`, the note is checked first, as `Memory.feedback` checks it: a path outside
        the root (PathError), a missing note (NoteNotFound) or one that keeps no outcome counts
        (NoteError) is raised and nothing is logged. The next daily run applies the event.
        """
        text_arg(procedure_path, "feedback", "path")
        ok = outcome_arg(success, "feedback")
        optional_text(note, "feedback", "note")
        if self.check_target is not None:
            procedure_path = self.check_target(procedure_path)
        return self._write(
            "feedback", procedure=procedure_path, outcome="success" if ok else "failure", summary=note
        )

    # -- outcome -----------------------------------------------------------------
    def success(self, summary: str | None = None) -> None:
        """The task succeeded (task_end now, or when the `with` block exits)."""
        self._finish("success", summary)

    def failure(self, summary: str | None = None) -> None:
        """The task failed (task_end now, or when the `with` block exits); `summary` says why
        (`"calendar.book returned 409: slot taken"`): the weekly run lists it under the procedure's
        "Known failures", on the step it names (by its tool or its call's words), else on no step."""
        self._finish("failure", summary)

    def _finish(self, outcome: str, summary: str | None) -> None:
        with self._lock:
            if self.ended:
                raise MemdirError(f"task {self.task_id} has already ended")
            self.outcome = outcome
            if summary:
                self._end_summary = summary
            in_block = self._in_block
        if not in_block:
            self.end()

    def end(self, outcome: str | None = None, summary: str | None = None) -> dict[str, object] | None:
        """Write `task_end` once (with the recorded outcome, if any); later calls do nothing."""
        with self._lock:
            if self.ended:
                return None
            self.ended = True
            outcome = outcome or self.outcome
            self.outcome = outcome
            summary = summary or self._end_summary
        if not self.started:
            self.start()
        return self._write("task_end", outcome=outcome, summary=summary)

    # -- context manager ---------------------------------------------------------
    def __enter__(self) -> TaskLogger:
        self.start()
        with self._lock:
            self._in_block = True
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        with self._lock:
            self._in_block = False
        if exc_type is not None:
            reason = f"{exc_type.__name__}: {exc}" if str(exc) else exc_type.__name__
            log.info("task %s failed: %s", self.task_id, reason)
            self.end(outcome="failure", summary=" ".join(reason.split())[:300])
        else:
            self.end()
        # returning None re-raises any exception
