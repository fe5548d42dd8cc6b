"""A line for each counted repeat: why a procedure's confidence rose (trial 25 re-check 2 M5).

The weekly run counts a task that ran every coded step of a procedure as written as that procedure's success
(`consolidation/weekly/repeats.py` through `record_refound`): `success_count`, `confidence`, `last_used` and
`sources` moved, but nothing under `## Outcome notes` said why, where a person's feedback, a day-file report
and a logged feedback each leave a line. Now each counted repeat leaves one, dated by the task's day:
`- 2026-11-26 success: repeated by task a-q-4 (weekly)`. A line is written once per task id (a rerun writes
none again), only for a task the note's `sources` holds (it was counted), and only appended under the
`## Outcome notes` section, as feedback does; a daily run never reads it as a logged feedback of that day.
The lines are written in the same compare-and-swap write as the counts (`lifecycle/refound.py`, fix32b): a
crash between two writes had left a count without its line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memdir.lifecycle.feedback import OUTCOME_HEADING
from memdir.notes.body_sections import append_to_section
from memdir.notes.record_lines import WEEKLY_MARK  # a weekly count's mark, never a logged feedback

REPEAT_LINE = re.compile(r"^- \d{4}-\d{2}-\d{2} success: repeated by task \S+ \(weekly\)$")


def repeat_line(day: str, task_id: str) -> str:
    """The Outcome-notes line of one counted repeat."""
    return f"- {day} success: repeated by task {task_id} {WEEKLY_MARK}\n"


def failed_line(day: str, task_id: str, why: str) -> str:
    """The Outcome-notes line of one counted failed repeat: what the task's failure said (trial 29 re-check N2)."""
    said = " ".join(why.split())
    said = said if len(said) <= 200 else said[:199].rstrip() + "…"
    return f"- {day} failure: repeated by task {task_id}, which failed: {said or 'no reason given'} {WEEKLY_MARK}\n"


def with_repeat_lines(
    body: str, have: Sequence[str], tasks: Sequence[tuple[str, str]], failed: Mapping[str, str] | None = None
) -> str | None:
    """`body` with a line appended under `## Outcome notes` for each of `tasks` (task id, its day) the note
    counted (`have`: its `sources` after the count) and has no line for yet; None when there is none to add.
    `failed`: the failed ones among them, each with what its failure said."""
    counted = set(have)
    written = {ln.rstrip() for ln in body.splitlines()}
    lines: list[str] = []
    failed = failed or {}
    for task_id, day in sorted(tasks, key=lambda t: (t[1], t[0])):
        line = failed_line(day, task_id, failed[task_id]) if task_id in failed else repeat_line(day, task_id)
        if task_id in counted and line.rstrip() not in written and line not in lines:
            lines.append(line)
    return append_to_section(body, OUTCOME_HEADING, lines) if lines else None


__all__ = ["REPEAT_LINE", "failed_line", "repeat_line", "with_repeat_lines"]
