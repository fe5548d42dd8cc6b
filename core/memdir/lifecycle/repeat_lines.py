"""A line for each counted repeat: why a procedure's confidence rose (trial 25 re-check 2 M5).

The weekly run counts a task that ran every coded step of a procedure as written as that procedure's success
(`consolidation/weekly/repeats.py` through `record_refound`): `success_count`, `confidence`, `last_used` and
`sources` moved, but nothing under `## Outcome notes` said why, where a person's feedback, a day-file report
and a logged feedback each leave a line. Now each counted repeat leaves one, dated by the task's day:
`- 2026-11-26 success: repeated by task a-q-4 (weekly)`. A line is written once per task id (a rerun writes
none again), only for a task the note's `sources` holds (it was counted), and only appended under the
`## Outcome notes` section, as feedback does; a daily run never reads it as a logged feedback of that day.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from memdir.lifecycle.feedback import OUTCOME_HEADING
from memdir.notes.body_sections import append_to_section
from memdir.notes.cas_retry import retry_on_conflict
from memdir.notes.record_lines import WEEKLY_MARK  # a weekly count's mark, never a logged feedback
from memdir.notes.store import NoteStore

REPEAT_LINE = re.compile(r"^- \d{4}-\d{2}-\d{2} success: repeated by task \S+ \(weekly\)$")


def repeat_line(day: str, task_id: str) -> str:
    """The Outcome-notes line of one counted repeat."""
    return f"- {day} success: repeated by task {task_id} {WEEKLY_MARK}\n"


def note_repeats(store: NoteStore, path: str, tasks: Sequence[tuple[str, datetime]]) -> int:
    """Append a line for each of `tasks` (task id, when) the note counted (in its `sources`) and has no line
    for yet; returns the lines written."""
    rel = store.relpath(path)

    def once() -> int:
        note = store.read(rel)
        raw = note.meta.get("sources")
        have = {str(s) for s in raw} if isinstance(raw, list) else set()
        written = {ln.rstrip() for ln in note.body.splitlines()}
        lines = []
        for task_id, when in sorted(tasks, key=lambda t: (t[1], t[0])):
            line = repeat_line(store.day(when), task_id)
            if task_id in have and line.rstrip() not in written and line not in lines:
                lines.append(line)
        if lines:
            store.update_meta(
                rel, {}, expected_hash=note.hash, body=append_to_section(note.body, OUTCOME_HEADING, lines)
            )
        return len(lines)

    return retry_on_conflict(once)


__all__ = ["REPEAT_LINE", "note_repeats", "repeat_line"]
