"""A task that repeats a procedure, whatever the size of its kind this week (trial 25 re-check N4).

A week's clusters are distilled only with `min_successes` tasks, so a procedure an agent runs twice a
week without citing it was never found again (`place.py`, `lifecycle/refound.py` count the tasks of a
selected cluster only): it kept `success_count: 0`, and `unused_days` could archive it. Each successful
task of the week that no selected cluster takes is compared here with every procedure present before
the run (a daily, weekly or a person's; not one written from this week's tasks, so a rerun of the week
reads what the first run read): it **repeats** the note when

- the note has two or more coded step lines (`` `…` ``) each with a constant of its own (a line that is
  only a placeholder, `{command}`, holds any call), and the task ran every one of them as the note writes
  it: a placeholder stands for any text, every other token is the note's constant, and a line that names
  a tool the task calls (`2. quote.calculate: `…``) is that tool's call (`follows._pattern`, `line_tool`;
  a person's label before the code, `1. 蔵書を確保する: `…``, names none);
- and it adds nothing: each of its decisive calls (`follows.act_texts`: reading, listing, waiting only
  look) is one of those lines, so a call the note makes nowhere, or a step run with another value, is not.

So a one-off that shares one call with a note (a `send`, a `mail`, a `git pull`) is never a repeat, and a
task that ran the note's step with another value, or one more step, is not either: it gets the review item
the kind would get with `min_successes` tasks, a `merge_candidate` on the note naming what it added
(`repeat_adds.py`, fix32b), and no count.
A repeat is the note's success, as `feedback --success` would be: `record_refound` adds it once per task
id (its id joins `sources`), so a rerun of the week counts nothing twice. The report lists the note in
`updated` and in `stats.refound` with `"repeats"` (the task ids); a task counted is not "skipped", and
leaves a line under `## Outcome notes` (`lifecycle/repeat_lines.py`: `- DATE success: repeated by task ID (weekly)`),
written in the same compare-and-swap write as the counts (`record_refound`), so a crash never parts them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from typing import TYPE_CHECKING, Any

from memdir.consolidation.weekly.follows import _spans
from memdir.consolidation.weekly.repeat_adds import Extension, extends, lines_run, raise_extended
from memdir.consolidation.weekly.stale import step_lines
from memdir.lifecycle.refound import record_refound

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task
    from memdir.lifecycle.review import ReviewQueue
    from memdir.notes.store import NoteStore
    from memdir.runs.report import RunReport


def repeats(task: Task, note_lines: Sequence[str]) -> bool:
    """True when `task` ran every coded line of the note with its constants and nothing else (module doc)."""
    run = lines_run(task, note_lines)
    return run is not None and all(run[0]) and all(run[1])


def _source_set(meta: Mapping[str, Any]) -> set[str]:
    raw = meta.get("sources")
    return {str(s) for s in raw} if isinstance(raw, list) else set()


def count_repeats(
    store: NoteStore,
    week: Sequence[Task],
    taken: Sequence[Sequence[Task]],
    report: RunReport,
    initial_confidence: float,
    placed: Set[str] = frozenset(),
    review: ReviewQueue | None = None,
) -> int:
    """Record each successful task of `week` outside the `taken` clusters that repeats a procedure as
    that procedure's success (once per task id); returns the tasks counted (or, dry, that would be).
    `placed`: tasks an earlier run of the week placed (a procedure, a review item): never counted again.
    `review`: where a task that ran a note's steps and more gets its item (`repeat_adds.py`)."""
    inside = {t.task_id for g in taken for t in g} | set(placed)
    loose = [t for t in week if t.succeeded and t.task_id not in inside and t.task_id]
    if not loose:
        return 0
    found: dict[str, list[Task]] = {}
    more: dict[str, list[tuple[Task, Extension]]] = {}
    ids = {t.task_id for t in week}
    notes = [n for n in store.iter_notes(("procedures",)) if not ids & _source_set(n.meta)]  # not this week's
    notes.sort(key=lambda n: n.path)
    for task in loose:
        best: tuple[int, str] | None = None
        for note in notes:
            lines = step_lines(note.body)
            if repeats(task, lines):
                size = sum(1 for ln in lines if _spans(ln))
                if best is None or size > best[0]:
                    best = (size, note.path)
        if best is not None:
            found.setdefault(best[1], []).append(task)
            continue
        ext = _extended(task, notes)
        if ext is not None:
            more.setdefault(ext[0], []).append((task, ext[1]))
    extended = 0
    for path, got in more.items():  # the note's steps and more: one review item on the note (`repeat_adds`)
        if review is not None:
            raise_extended(review, path, got, report)
            extended += len(got)
    counted = 0
    for path, tasks in found.items():
        note = store.read(path)
        fresh = [t.task_id for t in tasks if t.task_id not in _source_set(note.meta)]
        if not fresh:
            continue  # counted by an earlier run of this week
        days = [d for t in tasks if (d := t.end or t.start) is not None]
        if not days:
            continue
        when = max(days)
        dated = [(t.task_id, d) for t in tasks if (d := t.end or t.start) is not None]
        # the counts and each repeat's Outcome-notes line (M5) in one compare-and-swap write (fix32b)
        n = (
            len(fresh)
            if report.dry_run
            else record_refound(store, path, fresh, when, initial_confidence, (), dated)[0]
        )
        if n:
            report.stats.setdefault("refound", []).append(
                {"path": path, "tasks": n, "failures": 0, "repeats": fresh}
            )
            if path not in report.updated:
                report.updated.append(path)
            counted += n
    report.skipped = max(0, report.skipped - counted - extended)
    return counted


def _extended(task: Task, notes: Sequence[Any]) -> tuple[str, Extension] | None:
    """The note the task ran the steps of and more (the one with most coded lines), with what it added."""
    best: tuple[int, str, Extension] | None = None
    for note in notes:
        lines = step_lines(note.body)
        ext = extends(task, lines)
        if ext is not None:
            size = sum(1 for ln in lines if _spans(ln))
            if best is None or size > best[0]:
                best = (size, note.path, ext)
    return (best[1], best[2]) if best else None


__all__ = ["count_repeats", "repeats"]
