"""A kind the run selects again whose tasks repeat a procedure an earlier run wrote and add nothing to it.

The tasks that followed the note (`follows.py`) are its successes, the kind's failed tasks that followed it its
failures, counted by `record_refound` in one compare-and-swap write with an Outcome-notes line per success (trial
28 #9: the counts rose with no line saying why); tasks of the kind that ran the work otherwise are no use of the
note and raise the stale-note item (`stale.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.explored import explored_tools
from memdir.consolidation.weekly.follows import follows
from memdir.consolidation.weekly.stale import raise_stale, step_lines
from memdir.lifecycle.refound import record_refound
from memdir.runs.report import RunReport

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task
    from memdir.lifecycle.review import ReviewQueue
    from memdir.notes.store import NoteStore


def count_found_again(
    store: NoteStore,
    review: ReviewQueue,
    target: str,
    ids: list[str],
    when: datetime,
    initial_confidence: float,
    report: RunReport,
    tasks: Sequence[Task],
    failed: Sequence[Task],
) -> dict[str, object]:
    """Count the kind's tasks on `target`; the report's `refound` entry (written unless a dry run)."""
    lines = step_lines(store.read(target).body)  # its steps, not its known failures or legend
    explored = explored_tools([*tasks, *failed], lines)  # a look few of the kind took (trial 30 #10)
    ok = [t.task_id for t in tasks if follows(t, lines, explored)] if tasks else list(ids)
    bad = sorted(t.task_id for t in failed if follows(t, lines, explored))
    entry: dict[str, object] = {"path": target, "tasks": len(ok), "failures": len(bad)}
    other = sorted(set(ids) - set(ok))
    if other:
        entry["not_following"] = other  # of the kind, but ran the work otherwise: no use of the note
        raise_stale(review, target, lines, [t for t in tasks if t.task_id in other], other, report)
    report.stats.setdefault("refound", []).append(entry)
    if not report.dry_run:
        followed = set(ok)  # each counted repeat's Outcome-notes line, in the same write
        dated = [
            (t.task_id, d) for t in tasks if t.task_id in followed and (d := t.end or t.start) is not None
        ]
        entry["tasks"], entry["failures"] = record_refound(
            store, target, ok, when, initial_confidence, bad, dated
        )
    return entry
