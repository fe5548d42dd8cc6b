"""The week's activity events as the weekly run reads them: every field redacted, task ids kept apart."""

from __future__ import annotations

from collections.abc import Iterable

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


def _unused(name: str, taken: set[str]) -> str:
    """name, or name-2, name-3... the first no other task holds."""
    n, found = 1, name
    while found in taken:
        n += 1
        found = f"{name}-{n}"
    return found
