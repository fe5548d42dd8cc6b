"""One note per lesson episode: the lesson, not a knowledge note that says the same again.

An episode that records a mistake and its fix used to leave two files: the knowledge note the router
made of it (the episode's text) and `knowledge/lessons/<name>.md` (the same sentences under "What
failed" / "What worked instead"). A person keeps one. So, before the plan is written, a plan that
would *create* a plain knowledge note for such an episode (its only write, a new lesson, at most three
lines of prose told for its lesson: "lesson learned", 教訓, "should have", a post-mortem, with at most two
other sentences) creates the lesson instead, in `knowledge/lessons/`, with the episode's other sentences under
`## Notes`: every sentence is written once. The lesson step then finds the lesson citing the episode and
changes nothing; rule candidates and `lessons:` links work as before. An episode routed to a procedure,
to an update of an existing note, or any other (a form, a list, a FAQ or a letter that only contains a
lesson cue) keeps its note, which lists the lesson in `lessons:`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from memdir.consolidation.daily.lesson_edits import FOLDED, LESSON, lesson_record
from memdir.consolidation.daily.lesson_text import FIX, ITEM, RETRO, sentences
from memdir.consolidation.daily.lessons_step import LESSON_DIR, LessonDraft, draft_lesson
from memdir.consolidation.daily.route_sections import record_key

if TYPE_CHECKING:
    from memdir.consolidation.daily.plan_draft import PlanResult
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore
    from memdir.runs.journal import Op

MAX_LINES = 3  # a paragraph or two of prose: a form, a list, a table or code keeps its own note
MAX_REST = 2  # sentences of the episode that are neither the failure, the fix nor a check


def _short_prose(ep: Episode) -> bool:
    lines = [ln for ln in ep.text.splitlines() if ln.strip()]
    return len(lines) <= MAX_LINES and not any(
        ITEM.match(ln) or ln.lstrip().startswith(("|", "```", "~~~")) for ln in lines
    )


def _about_the_lesson(draft: LessonDraft) -> bool:
    """The episode is told for its lesson: it says so ("lesson learned", 教訓, "should have", a post-mortem)
    and holds little else."""
    said = f"{draft.ep.title}\n{draft.ep.text}"
    strong = bool(RETRO.search(said)) or any(FIX.search(s) for s in sentences(draft.ep.text))
    return strong and len(draft.rest) <= MAX_REST


def fold_lessons(
    store: NoteStore, ops: list[Op], result: PlanResult, episodes: list[Episode], now: str
) -> tuple[list[Op], int]:
    """The plan's ops with each lesson episode's new knowledge note made the lesson; how many were."""
    writes: dict[str, int] = {}
    for o in ops:
        if o.op in ("create", "update"):
            for e in o.episodes:
                writes[e] = writes.get(e, 0) + 1
    by_id = {ep.id: ep for ep in episodes}
    taken = {o.path for o in ops}
    out: list[Op] = []
    folded = 0
    for o in ops:
        ep = by_id.get(o.episodes[0]) if len(o.episodes) == 1 else None
        plain = o.op == "create" and o.path.startswith("knowledge/") and o.path.count("/") == 1
        draft = (
            draft_lesson(store, ep, now)
            if ep is not None and plain and writes.get(ep.id) == 1 and _short_prose(ep)
            else None
        )
        if draft is None or draft.existing or not _about_the_lesson(draft):
            out.append(o)
            continue
        path, n = f"{LESSON_DIR}/{draft.name}.md", 2
        while path in taken or store.exists(path):
            path, n = f"{LESSON_DIR}/{draft.name}-{n}.md", n + 1
        taken.add(path)
        out.append(replace(o, path=path, text=draft.text(notes=True)))
        # the lesson's text is the lesson step's to replace when the episode is edited (lesson_edits.py)
        for key, rec in list(result.sections.items()):
            if isinstance(rec, dict) and rec.get("path") == o.path:
                del result.sections[key]
        result.sections[record_key(draft.ep.ref, LESSON)] = lesson_record(
            draft, path, FOLDED, draft.body(notes=True)
        )
        for d in result.decisions:
            if d.get("target") == o.path:
                d["target"] = path
        folded += 1
    return out, folded
