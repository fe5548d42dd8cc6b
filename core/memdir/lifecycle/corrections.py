"""What a failing procedure leaves behind when it is archived: the corrections agents reported.

A procedure archived by the failing rule (`forgetting.py`) takes its `## Outcome notes` with it,
and those notes (`feedback --failure --note "the group is now ext-contractors"`) are often the
only place the fix is written. So the archive is followed by a lesson,
`knowledge/lessons/<procedure's name>.md` (`type: lesson`, `origin: daily`), that carries them:
what the procedure was for, where its old steps are now, the failure notes under `## What failed`
and the success notes under `## What worked instead`, word for word. A procedure with no note on
its reports leaves no lesson (there is nothing to carry: the archive log says why it moved). The
lesson is found by `search` and `context` like any lesson and says that the old steps, and the
episodes they came from, are outdated.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING

from memdir.lifecycle.feedback import OUTCOME_HEADING
from memdir.notes.body_sections import find_section
from memdir.notes.frontmatter import render_note
from memdir.notes.lesson_titles import lesson_heading

if TYPE_CHECKING:
    from memdir.notes.model import Note
    from memdir.notes.store import NoteStore

LESSONS = "knowledge/lessons"
_LINE = re.compile(r"^\s*[-*]\s+(\d{4}-\d{2}-\d{2})\s+(success|failure):\s*(\S.*)$")


def reported_notes(body: str) -> tuple[list[str], list[str]]:
    """(failure notes, success notes) of a note's `## Outcome notes`, each `DATE: text`."""
    lines = body.splitlines()
    where = find_section(lines, OUTCOME_HEADING)
    failed: list[str] = []
    worked: list[str] = []
    if where is None:
        return failed, worked
    for line in lines[where[0] + 1 : where[1]]:
        m = _LINE.match(line)
        if m:
            (failed if m.group(2) == "failure" else worked).append(f"{m.group(1)}: {m.group(3).strip()}")
    return failed, worked


def _sources(note: Note) -> list[str]:
    raw = note.meta.get("sources")
    if raw is None:
        return []
    return [str(s) for s in raw] if isinstance(raw, list) else [str(raw)]


def lesson_text(note: Note, archived: str, reason: str, now: datetime) -> str | None:
    """The lesson an archived failing procedure leaves, or None when no report carried a note."""
    failed, worked = reported_notes(note.body)
    if not failed and not worked:
        return None
    title, day = note.title, now.date().isoformat()
    sources = _sources(note)
    told = ", ".join(f"`{s}`" for s in sources)
    stale = f" and the work it came from ({told})" if told else ""
    first = (failed or worked)[0].split(": ", 1)[1]
    meta = {
        "type": "lesson",
        "description": f"{title}: corrected by the agents who used it: {first}"[:300],
        "origin": "daily",
        "confidence": 0.4,
        "success_count": 0,
        "failure_count": 0,
        "support": len(failed) + len(worked),
        "applies_to": archived,
        "sources": [archived, *sources],
        "created_at": now.isoformat(timespec="seconds"),
        "updated_at": now.isoformat(timespec="seconds"),
    }
    lines = [
        lesson_heading(title),
        "",
        "## When it applies",
        "",
        f"When you do this task ({title}): the procedure "
        f"`{note.path}` was archived on {day} ({reason}). Its steps, now in `{archived}`{stale}, are "
        "outdated where the reports below say so: follow these corrections, not the old steps.",
        "",
        "## What failed",
        "",
        *([f"- {x}" for x in failed] or ["- (no failure carried a note)"]),
        "",
        "## What worked instead",
        "",
        *(
            [f"- {x}" for x in worked]
            or ["- Not reported yet: the corrections above are what the agents found."]
        ),
    ]
    return render_note(meta, "\n".join(lines))


def has_corrections(note: Note) -> bool:
    """Whether an outcome report on the note carried a note (what a lesson would carry)."""
    return any(reported_notes(note.body))


def lesson_path(store: NoteStore, note: Note) -> str:
    """Where the lesson of this procedure goes: `knowledge/lessons/<its file name>.md` (or `-2`, ...)."""
    return store.unique_path(LESSONS, note.path.split("/", 1)[1].removesuffix(".md").replace("/", "-"))


def write_lesson(store: NoteStore, note: Note, archived: str, reason: str, now: datetime) -> str | None:
    """Write the lesson of an archived failing procedure (see the module doc); returns its path or None."""
    text = lesson_text(note, archived, reason, now.astimezone(store.zone))  # the write zone (memdir.clock)
    if text is None:
        return None
    rel = lesson_path(store, note)
    store.create(rel, text)
    return rel
