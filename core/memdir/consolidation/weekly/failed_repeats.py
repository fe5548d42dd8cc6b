"""A failed task that ran a procedure's steps as written, up to where it stopped: that procedure's failure.

A successful task that repeats a procedure (`repeats.py`) is counted as its success, a person's procedure too,
through the store's evidence path (`record_refound`, as `feedback --success` would be), with a dated line under
`## Outcome notes`. A failed task of the same work was counted nowhere unless its kind was selected that week
(trial 29 re-check N2: the note showed two successes of a week where one of three refunds failed, and no trace
of the failure). Now a failed task outside every selected kind's failures **repeats** a procedure present
before the run when

- the note has 2 or more coded step lines with constants of their own (`repeat_adds.coded_lines`), and
- each decisive call of the task is one of those lines with the note's constants, and the lines it ran are the
  note's first ones, 2 or more, in the note's order: it followed the note and stopped.

It is counted once per task id as the note's failure, in the same compare-and-swap write as its line
`- 2026-10-07 failure: repeated by task t-3, which failed: payments.refund: 402 card expired (weekly)`:
what the failure said (the failing step and its error, else the reason the task's end gave), so a person reading
the note sees why. A rerun counts nothing twice (the id joins `sources`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from memdir.consolidation.weekly.repeat_adds import lines_run
from memdir.consolidation.weekly.stale import step_lines
from memdir.lifecycle.refound import record_refound

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task
    from memdir.notes.store import NoteStore
    from memdir.runs.report import RunReport

MIN_RUN = 2  # the note's first lines a failed task must have run


def failed_repeat(task: Task, note_lines: Sequence[str]) -> bool:
    """True when the failed `task` ran the note's first coded lines (2 or more) as written and nothing else."""
    run = lines_run(task, note_lines)
    if run is None:
        return False
    ran, used = run
    n = ran.index(False) if False in ran else len(ran)
    return all(used) and n >= MIN_RUN and not any(ran[n:])


def why_failed(task: Task) -> str:
    """What the task's failure said: its failing step and that step's error, else its error or stated reason."""
    step = task.failing_step()
    said = (step.error if step is not None else "") or task.error or task.stated
    if step is not None and step.tool and step.kind == "tool" and not said.startswith(step.tool):
        return f"{step.tool}: {said}" if said else f"at {step.tool}"
    return said


def count_failed_repeats(
    store: NoteStore,
    week: Sequence[Task],
    assigned: Collection[str],
    report: RunReport,
    initial_confidence: float,
) -> int:
    """Count each failed task of `week` that no selected kind took (`assigned`) and that repeats a procedure
    present before the run as its failure, with its Outcome-notes line; returns the failures counted."""
    loose = [t for t in week if t.outcome == "failure" and t.task_id and t.task_id not in assigned]
    if not loose:
        return 0
    ids = {t.task_id for t in week}
    notes = sorted(
        (
            n
            for n in store.iter_notes(("procedures",))
            if n.path not in report.created and not _this_week(n.meta, ids)
        ),
        key=lambda n: n.path,
    )
    held = {n.path: set(_sources(n.meta.get("sources"))) for n in notes}
    found: dict[str, list[Task]] = {}
    for task in loose:
        best: tuple[int, str] | None = None
        for note in notes:
            lines = step_lines(note.body)
            if failed_repeat(task, lines):
                size = len(lines)
                if best is None or size > best[0]:
                    best = (size, note.path)
        if best is not None and task.task_id not in held.get(best[1], ()):  # counted before: never again
            found.setdefault(best[1], []).append(task)
    counted = 0
    for path, tasks in found.items():
        dated = [(t.task_id, d) for t in tasks if (d := t.end or t.start) is not None]
        if not dated:
            continue
        bad = [t for t, _ in dated]
        if report.dry_run:
            n = len(bad)
        else:
            why = {t.task_id: why_failed(t) for t in tasks}
            n = record_refound(
                store, path, (), max(d for _, d in dated), initial_confidence, bad, dated, why
            )[1]
        if n:
            report.stats.setdefault("refound", []).append(
                {"path": path, "tasks": 0, "failures": n, "failed_repeats": bad}
            )
            if path not in report.updated:
                report.updated.append(path)
            counted += n
    report.skipped = max(0, report.skipped - counted)
    return counted


def _this_week(meta: Mapping[str, Any], ids: set[str]) -> bool:
    """A weekly note written from this week's tasks (by this run or one killed before it saved its state)."""
    sources = _sources(meta.get("sources"))
    return str(meta.get("origin") or "") == "weekly" and bool(sources) and set(sources) <= ids


def _sources(raw: object) -> list[str]:
    return [str(s) for s in raw] if isinstance(raw, list) else []


__all__ = ["count_failed_repeats", "failed_repeat", "why_failed"]
