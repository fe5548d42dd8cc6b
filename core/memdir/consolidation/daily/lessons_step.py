"""Daily: episodes that record a mistake and its fix become lessons; outcomes of open decisions go to review/.

After the router has routed and the plan is applied, each consolidated episode is read once more:

- a mistake and its fix ("we should have…", "next time…", 「次からは…」「〜すべきだった」) becomes a
  lesson in `knowledge/lessons/` in the episode's own wording (what failed, what to do instead,
  how to check when the episode says), citing the episode in `sources` and `contexts`; a lesson
  saying the same thing already (word overlap of its fix) gets the episode as new evidence
  instead, never a second file (`lesson_notes.py`); the note the router wrote for the episode lists
  the lesson in `lessons:`. A lesson seen in two independent contexts raises a candidate rule
  (`lifecycle.rules`). A sentence saying what fixed it ("… fixed it", 「〜で直った」) goes with what
  worked, never with what failed; when no note of the router holds the episode (it was skipped), the
  lesson keeps every other sentence of it under `## Notes` (trial 9).
- an episode that names an open decision and states how it went raises an `outcome_proposal`
  review item on that decision (accepting records the outcome, as `memdir outcome` would).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memdir.consolidation.daily.lesson_cause import is_symptom, reassures, tells_failure, without_aftermath
from memdir.consolidation.daily.lesson_change import applies_when, is_rationale, is_slip, only_reasons
from memdir.consolidation.daily.lesson_decision import as_cause, decision_of, open_decisions_in
from memdir.consolidation.daily.lesson_edits import (
    CREATED,
    EVIDENCE,
    LessonEdits,
    LessonRecords,
    evidence_lines,
)
from memdir.consolidation.daily.lesson_incident import incidents
from memdir.consolidation.daily.lesson_labels import failure_labelled, labelled_failed
from memdir.consolidation.daily.lesson_link import EmbedderSource, LessonAbout, name_procedures
from memdir.consolidation.daily.lesson_notes import with_evidence
from memdir.consolidation.daily.lesson_outcome import result_of
from memdir.consolidation.daily.lesson_response import without_responses
from memdir.consolidation.daily.lesson_rows import lesson_row
from memdir.consolidation.daily.lesson_sentences import LABEL_LINE, is_japanese, sentences
from memdir.consolidation.daily.lesson_split import split_fix, what_to_do
from memdir.consolidation.daily.lesson_story import story_failed, without_consequence
from memdir.consolidation.daily.lesson_text import (
    FAILED,
    failure_told,
    is_check,
    is_remedy,
    overlap,
    rule_first,
    terms,
    unlabel,
)
from memdir.consolidation.daily.lesson_title import rule_title
from memdir.consolidation.daily.lesson_told_title import rule_sentences
from memdir.consolidation.daily.lesson_turns import FOUND_OUT
from memdir.consolidation.daily.lesson_units import (
    as_item,
    block_failed,
    is_block,
    is_positive,
    notes_section,
    repair_part,
    repaired,
)
from memdir.consolidation.daily.long_paste import excerpt_texts
from memdir.consolidation.daily.router import given_title
from memdir.consolidation.daily.shape import shape
from memdir.consolidation.daily.shape_case import cap_first
from memdir.errors import MemdirError, NoteError
from memdir.lifecycle.rules import contexts_of, raise_rule_candidates
from memdir.masked_refs import stored_ref
from memdir.notes.frontmatter import render_note
from memdir.notes.lesson_titles import bare_lesson_title, lesson_heading
from memdir.paths import slugify
from memdir.runs.redact import redact_text
from memdir.runs.report import retry_reason

if TYPE_CHECKING:
    from memdir.lifecycle.review import ReviewQueue
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore
    from memdir.runs.report import RunReport

log = logging.getLogger(__name__)

LESSON_DIR = "knowledge/lessons"
DECISION_DIR = "knowledge/decisions"
SAME_LESSON = 0.5  # word (or CJK bigram) overlap of two fixes that say the same thing
MIN_TERMS = 4  # ... counted only for a fix of at least this many words or bigrams
DECISION_MATCH = 0.6  # share of a decision title's words an episode must contain


@dataclass
class LessonDraft:
    """A lesson an episode records, before it is written (or the lesson it is new evidence for)."""

    ep: Episode
    title: str
    name: str
    meta: dict[str, object]
    when: list[str]
    failed: list[str]
    fixes: list[str]
    checks: list[str]
    rest: list[str]  # the episode's other sentences (its other facts), in order
    existing: str | None
    sents: list[str] = field(default_factory=list)  # every sentence of the episode, in order (no label lines)
    remedies: list[str] = field(default_factory=list)  # what it says fixed it ("… fixed it"), also in `fixes`
    acts: list[str] = field(default_factory=list)  # what it did where nothing failed: under `## Notes` always

    def text(self, notes: bool = False) -> str:
        """The lesson note; with `notes`, the episode's other facts under `## Notes` (the only note it makes)."""
        return render_note(self.meta, self.body(notes))

    def body(self, notes: bool = False) -> str:
        """The lesson note's body (what `text` puts under the frontmatter)."""
        ja = is_japanese(self.ep.text)
        no_step = "エピソードには失敗した手順の記載がない" if ja else "the episode names no failed step"
        body = [
            lesson_heading(self.title, ja),  # the note's language, as its lines
            "",
            *(["## When it applies", *[f"- {w}" for w in self.when], ""] if self.when else []),
            "## What failed",
            *([as_item(s, self.ep.id) for s in self.failed[:6]] or [f"- {no_step} (`{self.ep.id}`)"]),
            "",
            "## What worked instead",
            *[f"- {s}" for s in self.fixes[:6]],
            "",
            *(["## How to check", *[f"- {s}" for s in self.checks[:3]], ""] if self.checks else []),
            *notes_section(self.rest, self.acts, notes),
        ]
        return "\n".join(body).strip()


def draft_lesson(store: NoteStore, ep: Episode, now: str) -> LessonDraft | None:
    """The lesson the episode records in its own words (None: it records none)."""
    if (decision := decision_of(ep.text)) is not None and decision.no_event:
        return None  # a decision whose failures are its reasons, conditions that hold: a decision (fix37f)
    sents = [redact_text(s) for s in sentences(ep.text, units=True)]
    said = [
        s for s in rule_sentences(sents, redact_text(ep.text), ep.title) if not is_block(s)
    ]  # code: no rule
    said = rule_first(said)  # the rule stated first: the description
    erred: Callable[[str], bool] = lambda s: bool(FAILED.search(s)) or is_slip(s) or tells_failure(s)  # noqa: E731
    if not said or only_reasons(sents, lambda s: failure_told(s) or erred(s), erred):
        return None  # a rule and its reason ("Reason: …", 「理由：…」) is a decision: no lesson (trial 20)
    cut = [split_fix(f) for f in said]  # "…fails when …; from now on use …": the failure, then the fix
    fixes = [c[1] if c else f for f, c in zip(said, cut, strict=True)]
    failed = [c[0] for c in cut if c]
    slips = [s for s in sents if is_slip(s) and not is_rationale(s)]  # a decision's reasons: no slip
    remedies = [
        s for s in sents if is_remedy(s) and s not in said and not reassures(s)
    ]  # "… fixed it": what worked, never what failed; "Nobody was hurt, we swapped it" is the story (trial 29 #4)
    errors = {redact_text(e) for e in excerpt_texts(ep.text)[1]}
    incident = {sents[j] for j in incidents(sents)}  # a cut log's error lines (long_paste.py)
    failed += [
        s
        for s in sents
        if (
            failure_told(s)
            or s in slips
            or tells_failure(s)  # "Cause found: …", "…read X instead of Y"
            or is_symptom(s)  # "no hot water since 6am", 「お湯が出ない」 (trial 21)
            or FOUND_OUT.search(s)
            or s in errors
            or block_failed(s)
            or s in incident  # an incident a rule answers, told with no failure word (trial 24 #1)
        )
        and s not in said
        and s not in remedies
        and not is_positive(s)  # a retrospective's Keep / 良かった点 item: what went well (trial 16)
    ]
    failed = without_aftermath(failed)  # "The owner was informed and apologised to." is no failure (trial 20)
    failed = without_responses(failed)  # "X causes Y, so I told them to come in" is the step taken (trial 22)
    failed = [s for s in failed if not reassures(s)]  # "Nobody was hurt, …" is no failure (trial 29 #4)
    first = sents.index(said[0]) if said[0] in sents else len(sents)
    told = [
        s for s in sents[:first] if s not in said and not LABEL_LINE.match(s)
    ]  # a remedy too ("we switched")
    story = [s for s in told if s not in remedies and not is_positive(s)]
    failed = story_failed(failed, told, story, remedies, ep.text)  # never narration or a heading (trial 23)
    failed = labelled_failed(sents, failed, lambda s: erred(s) or is_symptom(s))  # 「反省：…」 failed (#7)
    acts, remedies = ([], remedies) if failed else (remedies[:3], [])  # nothing failed: a note (#7)
    checks = [s for s in sents if is_check(s) and s not in said and s not in remedies and not is_block(s)]
    failed, decided = as_cause(failed, decision, ep.text)  # what failed is its reason, never the decision
    used = {*failed[:6], *said, *remedies[:3], *checks[:3], *decided}
    rest = [s for s in sents if s not in used and not LABEL_LINE.match(s) and not failure_labelled(s)]
    failed = [unlabel(f) for f in failed]
    # the rule first, then the remedy: its repair alone when what it was done for is under "What failed" (re-check #8)
    fixes = [unlabel(f) for f in fixes] + [
        (repair_part(r) if repaired(r) in failed else r) or r for r in remedies[:3] if r not in fixes
    ]
    fixes = [
        cap_first(without_consequence(f, failed), ep.text) for f in fixes
    ]  # its consequence filed: the rule
    fixes += [decision.decided for _ in decided[:1] if decision is not None and decision.decided not in fixes]
    existing = _same_lesson(store, " ".join(fixes), ep.id)
    # the title the episode's note gets ("hi girls, important about…" is no lesson's name)
    title = redact_text(shape("knowledge", given_title(ep.title, ep.text), ep.text).title or fixes[0])[:120]
    title = bare_lesson_title(title)  # "Lesson: rabies booking" is named once: `# Lesson: rabies booking`
    title = redact_text(rule_title(title, fixes))  # not one case's name for a general rule (trial 25 #11)
    meta: dict[str, object] = {
        "type": "lesson",
        # what to do instead (the title is already the heading), a sentence's capital first ("Lesson learned:
        # always check …" gave "always check …", trial 23 #8), unless it opens with a name
        "description": cap_first(what_to_do(fixes), ep.text)[:200],
        "confidence": 0.4,
        "success_count": 0,
        "failure_count": 0,
        "support": 1,
        "origin": "daily",
        "sources": [ep.id],
        "contexts": [f"episode:{ep.id}"],
        "created_at": now,
        "updated_at": now,
    }
    when = applies_when([unlabel(f) for f in said])  # the conditions the rule names; none: no section
    name = slugify(title, max_length=60) or "lesson"
    told, cure = [s for s in sents if not LABEL_LINE.match(s)], remedies[:3]
    return LessonDraft(ep, title, name, meta, when, failed, fixes, checks, rest, existing, told, cure, acts)


def _same_lesson(store: NoteStore, fix: str, ref: str) -> str | None:
    """The lesson that already cites the episode, else the one whose fix says what `fix` says (half its
    words, or CJK bigrams, shared)."""
    want = terms(fix)
    best, score = None, 0.0
    for note in store.iter_notes((LESSON_DIR,)):
        if note.meta.get("type") != "lesson":
            continue
        if ref in {stored_ref(s) for s in note.str_list("sources")}:
            return note.path
        if len(want) < MIN_TERMS:  # a fix of one or two words ("教訓") says too little to match on
            continue
        part = note.body.split("## What worked instead", 1)[-1].split("## How to check", 1)[0]
        s = overlap(want, terms(part))
        if s > score:
            best, score = note.path, s
    return best if score >= SAME_LESSON else None


class EpisodeLessons:
    """The daily lesson and outcome step over the episodes of one run."""

    def __init__(
        self, store: NoteStore, review: ReviewQueue, report: RunReport, embedder: EmbedderSource | None = None
    ) -> None:
        self.store = store
        self.embedder = embedder  # the run's (lesson_link reads with it; None: the root's configured one)
        self.to_link: list[LessonAbout] = []
        self.review = review
        self.report = report
        self.now = report.started_at or store.stamp()  # the run's one time (memdir.clock)
        self.records = LessonRecords(store.root)  # daily-sections.json, parsed once per version of it

    def run(
        self, episodes: list[Episode], decisions: list[dict[str, object]], retried: Sequence[Episode] = ()
    ) -> dict[str, str]:
        """Lessons and outcome proposals for the run's episodes, and for `retried` ones (consolidated by an
        earlier run whose lesson step did not finish); nothing on a dry run. Returns the episodes whose
        write was refused in a way the next run can mend (a person's save won the race): id -> why."""
        refused: dict[str, str] = {}
        if self.report.dry_run or not (episodes or retried):
            return refused
        routed: dict[str, list[str]] = {}
        for d in decisions:
            target = d.get("target")
            if d.get("action") in ("create", "update") and isinstance(target, str):
                routed.setdefault(str(d.get("episode")), []).append(target)
        if retried:  # the notes an earlier run filed them in: they list the episode in `sources`
            routed.update(self._filed_in({ep.id for ep in retried}))
        open_decisions = open_decisions_in(self.store)
        touched: list[str] = []
        for ep in [*episodes, *retried]:
            try:
                made = len(self.report.created)
                rel = self.lesson(ep, elsewhere=bool(routed.get(ep.id)))
                if rel:
                    touched.append(rel)
                    lesson_row(self.report, ep.id, rel, created=len(self.report.created) > made)
                    for target in routed.get(ep.id, []):
                        self._link(target, rel)
                self.outcomes(ep, open_decisions)
            except MemdirError as exc:
                self.report.errors.append(f"lessons from {ep.id}: {exc}")
                why = retry_reason(exc)
                if why:
                    refused[ep.id] = why
        new = {p for p in self.report.created if p.startswith("procedures/")}  # a lesson names an older one
        name_procedures(self.store, self.to_link, self.embedder, new)  # every lesson's texts embedded at once
        if touched:
            self.report.review.extend(
                raise_rule_candidates(self.store, self.review, list(dict.fromkeys(touched)))
            )
        return refused

    def _filed_in(self, ids: set[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for note in self.store.iter_notes(("knowledge", "procedures")):
            for src in {stored_ref(s) for s in note.str_list("sources")} & ids:
                out.setdefault(src, []).append(note.path)
        return out

    # -- lessons -------------------------------------------------------------------
    def lesson(self, ep: Episode, elsewhere: bool = True) -> str | None:
        """Write or add evidence to the lesson this episode records; returns its path (or None).
        `elsewhere`: a note the router wrote holds the episode's text; when none does, the lesson keeps
        every sentence of it (the others under `## Notes`)."""
        draft = draft_lesson(self.store, ep, self.now)
        rel = self._lesson(ep, draft, elsewhere)
        if rel and draft is not None:  # the person's procedure it is about, read after the loop (trial 25 #4)
            self.to_link.append(
                LessonAbout(rel, ep.id, tuple(draft.fixes), next(iter(draft.failed), None), ep.text)
            )
        return rel

    def _lesson(self, ep: Episode, draft: LessonDraft | None, elsewhere: bool) -> str | None:
        if draft is None:
            rec = self.records.recorded(ep.ref)
            if rec is not None and self.store.exists(rec["path"]):  # edited so that it records no lesson now
                self.report.errors.append(
                    f"lessons from {ep.id}: the edited episode no longer records a lesson; "
                    f"{rec['path']} is left as it is (archive it by hand if it is wrong)"
                )
            return None
        if draft.existing:
            sources = {stored_ref(x) for x in self.store.read(draft.existing).str_list("sources")}
            if ep.id in sources and self.records.recorded(ep.ref) is not None:  # the episode was edited
                edits = LessonEdits(self.store, self.review, self.report, self.now, self.records)
                return edits.replace(draft, draft.existing)
            return self._add_evidence(draft.existing, draft, [] if elsewhere else draft.sents)
        rel = self.store.unique_path(LESSON_DIR, draft.name)
        self.store.create(rel, draft.text(notes=not elsewhere), allow=("knowledge",))
        self.records.record(draft, rel, CREATED, draft.body(notes=not elsewhere))
        self.report.created.append(rel)
        self.report.stats["lessons_from_episodes"] = self.report.stats.get("lessons_from_episodes", 0) + 1
        return rel

    def _add_evidence(self, rel: str, draft: LessonDraft, said: list[str]) -> str:
        ep = draft.ep
        note = self.store.read(rel)
        sources = note.str_list("sources")
        ctx = list(dict.fromkeys([*contexts_of(dict(note.meta)), f"episode:{ep.id}"]))
        if ep.id in {stored_ref(s) for s in sources}:  # already evidence (a rerun, a retried lesson step), or
            # the router appended the episode to the lesson
            if ctx != contexts_of(dict(note.meta)):  # ... then it is a context of its own: count it
                self.store.update_meta(rel, {"contexts": ctx, "support": len(sources)}, allow=("knowledge",))
                self.report.updated.append(rel)
            return rel
        changes, body = with_evidence(note, ep.id, draft.failed, draft.remedies, said, self.now)
        lines = evidence_lines(draft)
        self.store.update_meta(rel, changes, body=body, allow=("knowledge",))
        if lines:
            self.records.record(draft, rel, EVIDENCE, lines)
        self.report.updated.append(rel)
        self.report.stats["lessons_given_evidence"] = self.report.stats.get("lessons_given_evidence", 0) + 1
        return rel

    def _link(self, target: str, lesson: str) -> None:
        if target == lesson or not target.startswith(("knowledge/", "procedures/")):
            return
        try:
            note = self.store.read(target)
        except NoteError:
            return
        have = note.str_list("lessons")
        if lesson not in have:
            self.store.update_meta(target, {"lessons": [*have, lesson]}, allow=("knowledge", "procedures"))

    # -- outcomes of open decisions (lesson_decision.open_decisions) -------------------
    def outcomes(self, ep: Episode, open_decisions: list[tuple[str, str, set[str]]]) -> None:
        """An outcome_proposal for each open decision the episode names and says how it went."""
        text = f"{ep.title}\n{ep.text}"
        have = terms(text)
        for path, title, words in open_decisions:
            named = path in text or (words and len(words & have) / len(words) >= DECISION_MATCH)
            result = result_of(text)
            if not named or result is None or ep.id in self.store.read(path).str_list("sources"):
                continue  # the episode that told the decision tells no outcome of it (trial 31 #3)
            said = [s for s in sentences(ep.text) if result_of(s)] or sentences(ep.text)[:2]
            item = self.review.raise_item(
                kind="outcome_proposal",
                target=path,
                title=title,
                body=redact_text(" ".join(said[:3]) + f" (from `{ep.id}`)"),
                similarity=None,
                sources=[ep.id],
                key=f"outcome:{path}:{ep.id}",
                description=f"Outcome ({result}) of {title}"[:200],
                extra={"result": result},
            )
            if item:
                self.report.review.append(item)
