"""One note per lesson episode: the lesson, not a knowledge note that says the same again.

An episode that records a mistake and its fix used to leave two files: the knowledge note the router
made of it (the episode's text) and `knowledge/lessons/<name>.md` (the same sentences under "What
failed" / "What worked instead"). A person keeps one. So, before the plan is written, a plan that
would *create* a plain knowledge note for such an episode (its only write, a new lesson, at most three
lines of prose, or eight that are each a whole sentence (trial 18), told for its lesson: "lesson learned", 教訓, "should have", a post-mortem, or a mistake
then a rule opened by "From now on"/「今後は」, with at most two other sentences) creates the lesson instead, in `knowledge/lessons/`, with the episode's other sentences under
`## Notes`: every sentence is written once. When a lesson already says what the episode's fix says (one in
`knowledge/lessons/`, or one this run writes), that lesson gains the episode instead (its failure lines, its
source and context, its other sentences under `## Notes`, in `lesson_notes.py`): the same failure told
again is evidence, not a second note with the same text (trial 9). The lesson step then finds the lesson
citing the episode and changes nothing; rule candidates and `lessons:` links work as before. An episode routed to a procedure,
to an update of an existing note, or any other (a form, a list, a FAQ or a letter that only contains a
lesson cue) keeps its note, which lists the lesson in `lessons:`. A *procedure* the router made of such
a paragraph is folded the same way when the paragraph tells a mistake (trial 12: "Sent the letter with the
wrong passport number … Lesson learned: …" was a procedure whose step 1 was the mistake, listed first by
`context`); a short how-to with a lesson cue and no mistake told keeps its procedure.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from memdir.consolidation.daily.lesson_cause import aftermath, reassures
from memdir.consolidation.daily.lesson_change import is_slip
from memdir.consolidation.daily.lesson_edits import FOLDED, LESSON, lesson_record
from memdir.consolidation.daily.lesson_incident import answered, rule_part
from memdir.consolidation.daily.lesson_notes import with_evidence
from memdir.consolidation.daily.lesson_sentences import ITEM, LABEL_LINE, sentences
from memdir.consolidation.daily.lesson_text import (
    FIX,
    RETRO,
    failure_told,
    opens_with_change,
    overlap,
    terms,
    unlabel,
)
from memdir.consolidation.daily.lesson_turns import PROHIBIT
from memdir.consolidation.daily.lesson_units import repaired
from memdir.consolidation.daily.lessons_step import (
    LESSON_DIR,
    MIN_TERMS,
    SAME_LESSON,
    LessonDraft,
    draft_lesson,
)
from memdir.consolidation.daily.long_paste import excerpt_lines, excerpt_texts
from memdir.consolidation.daily.route_sections import record_key
from memdir.consolidation.daily.route_story import STORY_REASON
from memdir.consolidation.daily.shape_shell import shell_steps
from memdir.notes.frontmatter import update_text
from memdir.notes.model import Note
from memdir.runs.journal import Op
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.consolidation.daily.plan_draft import PlanResult
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore

MAX_LINES = 3  # a paragraph or two of prose: a form, a list, a table or code keeps its own note
MAX_SENTENCE_LINES = 8  # ... or a few lines that are each whole sentences (one per line, trial 18)
_ENDS = re.compile(r"[.!?。！？][)）」』\"'”’]*\s*$")
LESSON_KEPT = "records a lesson: kept in knowledge/lessons/, no review item"
MAX_REST = 2  # sentences of the episode that are neither the failure, the fix nor a check


def _short_prose(ep: Episode) -> bool:
    """At most MAX_LINES lines of prose (MAX_SENTENCE_LINES when each is a whole sentence: a story told one
    sentence a line made two notes, trial 18), with no list, table or code; a cut log's lines (long_paste.py)
    are evidence of the failure, not lines of prose (trial 14: a pasted log made a second note)."""
    logged = excerpt_lines(ep.text)
    lines = [ln for k, ln in enumerate(ep.text.splitlines()) if ln.strip() and k not in logged]
    if any(ITEM.match(ln) or ln.lstrip().startswith(("|", "```", "~~~")) for ln in lines):
        return False
    return len(lines) <= MAX_LINES or (len(lines) <= MAX_SENTENCE_LINES and _sentence_lines(lines))


def _short_section(ep: Episode) -> list[str]:
    """The section's lines of text when it has at most MAX_SENTENCE_LINES and no table (else none)."""
    logged = excerpt_lines(ep.text)
    lines = [ln for k, ln in enumerate(ep.text.splitlines()) if ln.strip() and k not in logged]
    if len(lines) > MAX_SENTENCE_LINES or any(ln.lstrip().startswith("|") for ln in lines):
        return []
    return lines


def _closed_by_rule(ep: Episode, draft: LessonDraft) -> bool:
    """A short section (a few bullets, a command block: no table) that tells what went wrong and closes with its
    rule for the future ("Next time, run …", 「次回から、…確認する。」 on its last line): the rule is what the
    section is told for, so its one note is the lesson, list or not (trial 26 #4, #5: a procedure of the fix
    commands, or a knowledge note beside the lesson saying the same)."""
    lines = _short_section(ep)
    if not lines:
        return False
    told = any(failure_told(f) or is_slip(f) for f in draft.failed) or failure_told(ep.title)
    last = ITEM.sub("", lines[-1]).strip()
    closes = any(rule_part(f) is not None and f[1:24] in last for f in draft.fixes)
    return closes and (told or answered(draft.failed, draft.fixes))


def _sentence_lines(lines: list[str]) -> bool:
    """Every line ends a sentence, or wraps into the next (which goes on in lower case): prose written one
    sentence a line, not a form's fields ("Machine: MD-2", 「症状：誤排除」)."""
    return all(
        _ENDS.search(ln) or (k + 1 < len(lines) and lines[k + 1].lstrip()[:1].islower())
        for k, ln in enumerate(lines)
    )


def _about_the_lesson(draft: LessonDraft) -> bool:
    """The episode is told for its lesson: it says so ("lesson learned", 教訓, "should have", a post-mortem),
    or tells a mistake and then opens its rule with "From now on" (「今後は」) or "Don't", and holds little else."""
    said = f"{draft.ep.title}\n{draft.ep.text}"
    strong = bool(RETRO.search(said)) or any(FIX.search(s) or _labelled(s) for s in sentences(draft.ep.text))
    owned = any(failure_told(f) or is_slip(f) for f in draft.failed) or answered(draft.failed, draft.fixes)
    owned = owned or bool(failure_told(draft.ep.title))  # "## Nightly 1142 broke on Switch" (trial 26 #4)
    # ... or a rule that forbids what was done ("Don't just silence the alarm, …", trial 18)
    strong = strong or (owned and any(opens_with_change(f) or PROHIBIT.search(f) for f in draft.fixes))
    logged = {redact_text(t) for t in excerpt_texts(draft.ep.text)[0]}  # a cut log is evidence, not prose
    # what was done after it, or that nobody was hurt, is part of the story told, no other subject (trial 29 #4)
    other = [r for r in draft.rest if r not in logged and not reassures(r) and not aftermath(r)]
    return strong and len(other) <= MAX_REST


def _labelled(sentence: str) -> bool:
    """A sentence the person labelled as the lesson ("Lesson: …", "Takeaway: …", 「学び：…」, "Lesson learned:" on a
    line of its own): the label says what the episode is told for, as "lesson learned" does (trial 24: "… Lesson:
    put the token's expiry date …" left a knowledge note and the lesson)."""
    return unlabel(sentence) != sentence or bool(LABEL_LINE.match(sentence))


def _a_mistake_told(draft: LessonDraft) -> bool:
    """A story of what went wrong, in prose with no steps of its own: the router may read its past-tense
    sentences as steps, but a procedure whose step 1 is the mistake is the lesson's opposite (trial 12)."""
    # ... or a repair told after what it was done for ("Der Export hat die Zeile weggelassen; neu exportiert"):
    # a mistake told in any language the repair words read (re-check N1)
    told = any(failure_told(f) or is_slip(f) for f in draft.failed) or any(
        repaired(r) in draft.failed for r in draft.remedies
    )
    told = told or answered(draft.failed, draft.fixes)  # an incident its rule answers (trial 24 #1)
    return told and shell_steps(draft.ep.text) == draft.ep.text


def _cites(store: NoteStore, draft: LessonDraft) -> bool:
    """The lesson that says the same already cites this episode (it was consolidated before)."""
    return bool(draft.existing) and draft.ep.id in store.read(str(draft.existing)).str_list("sources")


def fold_lessons(
    store: NoteStore, ops: list[Op], result: PlanResult, episodes: list[Episode], now: str
) -> tuple[list[Op], int]:
    """The plan's ops with each lesson episode's new knowledge note made the lesson (or, when a lesson
    already says what it says, that lesson given the episode as evidence); how many were."""
    writes: dict[str, int] = {}
    for o in ops:
        if o.op in ("create", "update"):
            for e in o.episodes:
                writes[e] = writes.get(e, 0) + 1
    by_id = {ep.id: ep for ep in episodes}
    ops = _without_lesson_candidates(store, ops, result, by_id, now)
    taken = {o.path for o in ops}
    out: list[Op] = []
    mine: dict[str, tuple[int, set[str]]] = {}  # lessons this run writes: path -> (index in out, fix terms)
    folded = 0
    moved: dict[str, str] = {}  # a planned note -> the lesson it became
    for o in ops:
        ep = by_id.get(o.episodes[0]) if len(o.episodes) == 1 else None
        plain = (
            o.op == "create" and o.path.startswith(("knowledge/", "procedures/")) and o.path.count("/") == 1
        )
        draft = (
            draft_lesson(store, ep, now)
            if ep is not None
            and plain
            and writes.get(ep.id) == 1
            and (_short_prose(ep) or _short_section(ep))
            else None
        )
        closed = draft is not None and _closed_by_rule(draft.ep, draft)
        if (
            draft is None
            or not (closed or _short_prose(draft.ep))
            or not _about_the_lesson(draft)
            or (o.path.startswith("procedures/") and not closed and not _a_mistake_told(draft))
            or _cites(store, draft)
        ):
            out.append(o)
            continue
        want = terms(" ".join(draft.fixes))
        again = draft.existing or next(
            (
                p
                for p, (_, fix) in mine.items()
                if len(want) >= MIN_TERMS and overlap(want, fix) >= SAME_LESSON
            ),
            None,
        )
        if again:  # the same lesson again: it gains the episode (and every sentence of it), no second note
            path = again
            _evidence(store, out, mine, o, draft, again, now)
            for rec in result.sections.values():
                if isinstance(rec, dict) and rec.get("path") == o.path:
                    rec["path"] = path
        else:
            path, n = f"{LESSON_DIR}/{draft.name}.md", 2
            while path in taken or store.exists(path):
                path, n = f"{LESSON_DIR}/{draft.name}-{n}.md", n + 1
            taken.add(path)
            mine[path] = (len(out), want)
            out.append(replace(o, path=path, text=draft.text(notes=True)))
            # the lesson's text is the lesson step's to replace when the episode is edited (lesson_edits.py)
            for key, rec in list(result.sections.items()):
                if isinstance(rec, dict) and rec.get("path") == o.path:
                    del result.sections[key]
            result.sections[record_key(draft.ep.ref, LESSON)] = lesson_record(
                draft, path, FOLDED, draft.body(notes=True)
            )
        _renamed(result.decisions, o.path, path)
        for d in result.decisions:
            if d.get("target") == o.path:
                d["target"] = path
                d["action"] = "update" if again else d.get("action")
                story = f"; {STORY_REASON}" if STORY_REASON in str(d.get("reason")) else ""
                d["reason"] = (
                    f"told for its lesson: its one note is the lesson (routed {o.path.split('/')[0]}){story}"
                )
        folded += 1
        moved[o.path] = path
    return [_item_renamed(o, moved) for o in out], folded


def _item_renamed(o: Op, moved: dict[str, str]) -> Op:
    """A review item of the run that names a note the plan made a lesson names the lesson's real path (trial 27 #5:
    "a newer note changes what this note says: knowledge/x.md", the note being at knowledge/lessons/x.md)."""
    said = str(o.review.get("description") or "")
    if o.op != "review" or not any(p in said for p in moved):
        return o
    for planned, path in moved.items():
        said = re.sub(rf"(?<![\w/.-]){re.escape(planned)}(?![\w/-])", path, said)
    return replace(o, review={**o.review, "description": said})


def _without_lesson_candidates(
    store: NoteStore, ops: list[Op], result: PlanResult, by_id: dict[str, Episode], now: str
) -> list[Op]:
    """The plan's ops without the `file_candidate` item of a skipped episode that records a lesson: the lesson
    step keeps that episode whole in its lesson (trial 22 #11: fifteen "Kept as nothing; file it?" items for
    episodes that were already sources of the lesson). Its decision says where it goes instead."""
    out: list[Op] = []
    for o in ops:
        ep = by_id.get(o.episodes[0]) if len(o.episodes) == 1 else None
        candidate = o.op == "review" and o.review.get("kind") == "file_candidate"
        if ep is None or not candidate or draft_lesson(store, ep, now) is None:
            out.append(o)
            continue
        for d in result.decisions:
            if d.get("episode") == ep.id and d.get("target") == o.path:
                d["target"] = None
                d["reason"] = (
                    f"{LESSON_KEPT}; {str(d.get('reason') or '').split('; the router is unsure')[0]}"
                )
    return out


def _renamed(decisions: list[dict[str, Any]], planned: str, path: str) -> None:
    """Other episodes' reasons named the note this episode was planned to make ("closest
    knowledge/lesson-x.md"): they name the lesson it became, never a path no run writes (trial 22)."""
    said = re.compile(rf"(?<![\w/.-]){re.escape(planned)}(?![\w/-])")
    for d in decisions:
        if d.get("best") == planned:
            d["best"] = path
        reason = d.get("reason")
        if isinstance(reason, str) and planned in reason:
            d["reason"] = said.sub(path, reason)


def _evidence(
    store: NoteStore,
    out: list[Op],
    mine: dict[str, tuple[int, set[str]]],
    o: Op,
    draft: LessonDraft,
    path: str,
    now: str,
) -> None:
    """The lesson at `path` gains the episode of `o`: in the op of this run that writes it, else in a new update."""
    if path in mine:
        at, fix = mine[path]
        prev = out[at]
        note = Note.from_text(path, prev.text)
        changes, body = with_evidence(note, draft.ep.id, draft.failed, draft.remedies, draft.sents, now)
        text = update_text(prev.text, changes, body=body)
        out[at] = replace(prev, text=text, episodes=[*prev.episodes, *o.episodes])
        return
    note = store.read(path)
    changes, body = with_evidence(note, draft.ep.id, draft.failed, draft.remedies, draft.sents, now)
    mine[path] = (len(out), terms(" ".join(draft.fixes)))
    out.append(Op("update", path, update_text(note.text, changes, body=body), note.hash, list(o.episodes)))
