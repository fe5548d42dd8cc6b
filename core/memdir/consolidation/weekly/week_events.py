"""The week's activity events as the weekly run reads them: every field redacted, task ids kept apart."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from memdir.activity import ActivityEvent
from memdir.runs.redact import redact_events


def redacted_events(events: Iterable[ActivityEvent]) -> list[ActivityEvent]:
    """Events with secrets masked in every field: no key reaches a task, a cluster, a title or a file name.

    The week's events are one write: a value one of them names a secret is masked in all. A task
    id that held a secret stays the id of its own events only: ids that mask alike (`deploy-x1`,
    `deploy-x2`) become `deploy-[REDACTED]` and `deploy-[REDACTED]-2`, by order of appearance.
    """
    read = list(events)
    raws = [e.task_id for e in read]
    ids: dict[str, str] = {}
    for event, raw, data in zip(read, raws, redact_events([e.data for e in read]), strict=True):
        event.data = data
        kind = data.get("type")
        event.type = kind if isinstance(kind, str) else event.type
        masked = event.task_id
        if raw is None or masked is None or masked == raw:
            continue
        if raw not in ids:
            ids[raw] = _unused(masked, set(ids.values()))
        data["task_id"] = ids[raw]
    return read


class _Step(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def tool(self) -> str: ...


class _Task(Protocol):
    @property
    def steps(self) -> Sequence[_Step]: ...
    @property
    def listed_tools(self) -> Sequence[str]: ...


def calls_read(task: _Task) -> bool:
    """Whether the run read any tool call of the task: a step naming its tool (a call whose only name was its
    line's `type`, `tool_use`, names none), or a `tools` list."""
    return bool(task.listed_tools) or any(s.kind == "tool" and s.tool != "tool_use" for s in task.steps)


def _unused(name: str, taken: set[str]) -> str:
    """name, or name-2, name-3... the first no other task holds."""
    n, found = 1, name
    while found in taken:
        n += 1
        found = f"{name}-{n}"
    return found
