"""Daily `--dry-run`: the lessons the real run would write, listed and diffed with the routed notes.

The lesson step (`lessons_step`) runs after the plan is applied, so a dry run never reached it and
showed one file fewer than the real run (trial 13). This drafts the same lesson the real run would
(`draft_lesson`) over the same store, writing nothing: a new lesson is a `would create`, an episode
that is new evidence for a lesson already there a `would update`. Episodes the plan already files
in a lesson (`lesson_fold`) are left to the plan's own preview.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from memdir.consolidation.daily.lesson_rows import lesson_row
from memdir.consolidation.daily.lessons_step import LESSON_DIR, draft_lesson
from memdir.consolidation.daily.run_text import diff_of
from memdir.masked_refs import stored_ref

if TYPE_CHECKING:
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore
    from memdir.runs.journal import Op
    from memdir.runs.report import RunReport


def preview_lessons(
    store: NoteStore,
    report: RunReport,
    episodes: Sequence[Episode],
    decisions: list[dict[str, object]],
    ops: Sequence[Op],
) -> None:
    """Add the lessons `episodes` would write to the dry run's `report` (created/updated and diff)."""
    now = report.started_at or store.stamp()
    routed = {
        str(d.get("episode"))
        for d in decisions
        if d.get("action") in ("create", "update") and isinstance(d.get("target"), str)
    }
    in_plan = {e for o in ops if o.path.startswith(f"{LESSON_DIR}/") for e in o.episodes}
    planned = {o.path for o in ops}
    chunks: list[str] = []
    for ep in episodes:
        if ep.id in in_plan:
            continue
        draft = draft_lesson(store, ep, now)
        if draft is None:
            continue
        if draft.existing:
            sources = {stored_ref(s) for s in store.read(draft.existing).str_list("sources")}
            if ep.id not in sources and draft.existing not in report.updated:
                report.updated.append(draft.existing)
            lesson_row(report, ep.id, draft.existing, created=False)  # the run's row (`lesson_rows`)
            continue
        rel = store.unique_path(LESSON_DIR, draft.name)
        n = 2
        while rel in planned:  # two lessons of one run with the same name: as the real run numbers them
            rel = store.unique_path(LESSON_DIR, f"{draft.name}-{n}")
            n += 1
        planned.add(rel)
        report.created.append(rel)
        lesson_row(report, ep.id, rel, created=True)
        chunks.append(diff_of("", draft.text(notes=ep.id not in routed), rel))
    report.diff += "".join(chunks)
