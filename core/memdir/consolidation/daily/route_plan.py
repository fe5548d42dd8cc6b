"""Planning: turn routed parts into journal operations (create, update, review), writing nothing.

A part that reports using an existing procedure (`part.usage`) whose best match among procedures/
and skills/ scores USAGE_MATCH or more (calibrated similarity plus the share of the note title's terms
the episode mentions, route_usage.title_overlap), or that shares clearly more of its words with one
procedure's title, description and steps than with any other (route_usage_match), becomes an outcome
for it (route_outcome); a report that names none is skipped unless the writer wrote steps of their own.
A part that is no usage report but tells a use in one clause (`part.use`, route_usage_clause: "Mei did the nail
trim the usual way and flagged it; …") gets the outcome of the procedure that clause names (an `evidence` item
when near, or when the text writes steps of its own), and is planned as its kind besides (trial 28 #3).
Other parts are planned by their kind; for each part of kind knowledge or procedures, in episode order: 1. the engine named one of the related notes it was shown, of the part's kind and with calibrated
   similarity >= engine_update_floor(...) to the part -> update it (else the rules below decide);
2. a note of that kind already lists this episode in `sources` (the episode was edited) -> the text
   this episode left there is replaced (route_sections); if a person changed that text, or it
   cannot be found, the new version becomes a merge candidate and the note is left alone; an edited episode
   that now reads as the other kind is planned as that kind and its old section retired (plan_retire);
3. a skill (skills/, read-only) is the best match at SAME_SUBJECT or more, or named as used -> an `evidence` item;
4. the best match has calibrated similarity >= thresholds.duplicate (0.85): a note created earlier in
   this run is extended; a note that existed before the run is left alone and a merge candidate goes
   to review/ (near-identical content adds nothing a person should not look at first);
5. a note of that kind has the same slug and calibrated similarity >= SAME_TITLE_MIN -> update it;
6. the best match has calibrated similarity >= SAME_SUBJECT -> new material on the same subject: update it;
7. a note of that kind in the other language reads as its translation (route_lang; also by its steps and items
   told whole, trial 18): one created in this run is extended, an older one gets a merge candidate; a procedure
   that reads as a later version of another or of a person's how-to in knowledge/ (plan_howto) gets one too, and
   so does a note of another kind that tells the same (plan_across, trial 28 #13; a skill: an `evidence` item);
8. otherwise a new note `<kind>/<slug>.md` (slug of the title; `-2`, `-3`... when taken).
Updates append `## YYYY-MM-DD — <title>` and extend `sources`, keeping every other byte (but the line under
a procedure's title that says which steps are current, when new steps are appended under old ones). The drafts
themselves (a new note, a dated section, a review item) are built by `plan_notes.PlanDrafts`.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from memdir.consolidation.daily import route_lang
from memdir.consolidation.daily.lesson_edits import FOLDED, LESSON
from memdir.consolidation.daily.plan_across import across_kinds, other_kinds
from memdir.consolidation.daily.plan_decision import DECISION_REASON, JOINS, redecided, told_in
from memdir.consolidation.daily.plan_draft import PlanResult
from memdir.consolidation.daily.plan_howto import howto_reason, person_howtos
from memdir.consolidation.daily.plan_notes import WRITE_KINDS
from memdir.consolidation.daily.plan_usage import UsageDrafts
from memdir.consolidation.daily.route_bare_title import names_a_subject
from memdir.consolidation.daily.route_change import CHANGE_REASON, TERMS, changes_rule, same_subject
from memdir.consolidation.daily.route_change_value import changes_a_value, states_old
from memdir.consolidation.daily.route_chat import restated_decision
from memdir.consolidation.daily.route_lang import later_version, same_in_other_language, translation_by_steps
from memdir.consolidation.daily.route_rag import (
    Match,
    NoteVectors,
    calibrate,
    embed_text,
    engine_update_floor,
)
from memdir.consolidation.daily.route_sections import record_key, replace_section
from memdir.consolidation.daily.route_skill_use import USED, SkillNames
from memdir.consolidation.daily.route_template import run_of, run_review
from memdir.consolidation.daily.route_unsure import file_candidate, nothing_to_keep
from memdir.consolidation.daily.route_usage import has_own_steps, usage_outcome
from memdir.consolidation.daily.route_usage_name import UsageNamer
from memdir.consolidation.daily.router import RoutedPart
from memdir.paths import slugify
from memdir.runs.redact import redact

if TYPE_CHECKING:
    from memdir.config import Thresholds
    from memdir.consolidation.daily.decision_told import ToldDecision
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)
__all__ = ["Planner", "engine_update_floor"]  # the latter: route_llm and bench_llm_guard read it here

SAME_TITLE_MIN = 0.5  # same slug counts as the same subject only when the content is related too
SAME_SUBJECT = 0.75  # calibrated similarity from which new material extends the best note (docs/daily.md)

REVIEW = "<review>"
EVIDENCE = "<evidence>"
RUN = "<run>"  # a run of a procedure (its placeholders filled): an evidence item on it (route_template)
LESSON_STEP = "<lesson>"


class Planner(UsageDrafts):
    """Decides, for every routed part, which note it creates, extends, reports on or proposes to merge into."""

    def __init__(
        self, store: NoteStore, thresholds: Thresholds, started_at: str, vectors: NoteVectors
    ) -> None:
        UsageDrafts.__init__(self, store, started_at, float(thresholds.initial_confidence))
        self.duplicate = float(thresholds.duplicate)
        self.vectors = vectors
        self.namer = UsageNamer(vectors)
        self.skill_names = SkillNames(store, vectors)  # skills/, read on first use (route_skill_use)

    # -- public ------------------------------------------------------------------
    def plan(self, routed: list[tuple[Episode, list[RoutedPart]]]) -> PlanResult:
        """Plan every part of every routed episode (in order) and return the operations."""
        pending: list[tuple[Episode, RoutedPart, str, str]] = []
        self._find_moves(routed)  # edited episodes that changed kind (plan_retire)
        chats: list[
            tuple[Episode, RoutedPart]
        ] = []  # a fact to file? asked once the run's decisions are known
        for ep, parts in routed:
            for part in parts:
                self.result.parts += 1
                if part.use is not None:  # a use told in one clause of a longer text (trial 28 #3)
                    self._clause_use(ep, part, *part.use)
                if part.kind not in WRITE_KINDS and part.usage is None:
                    if part.unsure and part.unsure[0] == "knowledge":
                        chats.append((ep, part))
                        continue
                    self._skip_part(ep, part)
                    continue
                text, n1 = redact(part.text.strip())
                title, n2 = redact(" ".join(part.title.split()) or ep.title or "Note")
                self.result.redactions += n1 + n2
                pending.append((ep, part, title, text))
        embedded = [redact(p.embed)[0] if p.embed else embed_text(t, x) for _, p, t, x in pending]
        vecs = self.vectors.embed(embedded) if pending else None
        for i, (ep, part, title, text) in enumerate(pending):
            assert vecs is not None
            if part.usage is not None:
                # a how-to kept in knowledge/ named by its title: no procedure's count, whatever is near by meaning
                if self._named_by_title(ep, part, str(part.usage), within="knowledge/"):
                    continue
                missed = self._usage(ep, part, vecs[i])
                if not missed:
                    continue
                if self._named_by_title(ep, part, str(part.usage)):  # "following the post-op discharge steps"
                    continue
                if not has_own_steps(ep.text):  # "did X the usual way": nothing to keep without its procedure
                    self._skip(ep, *self.namer.skip(missed, ep, part, self.result.ops))
                    continue
                # "(did db-4 the same way)" under the commands it ran: the steps are the episode's own
            if part.kind not in WRITE_KINDS:
                self._skip_part(ep, part)
                continue
            self._plan_part(ep, part, title, text, vecs[i])
        for ep, part in chats:
            self._chat_part(ep, part)
        self._retire_all()  # before the drafts are finished: a note's copy is kept before it changes
        for draft in self._ops.values():
            self.result.ops.append(draft.finish(self.started_at, self.initial_confidence))
        return self.result

    def _skill_used(self, ep: Episode, part: RoutedPart) -> bool:
        """A text read as nothing to keep that says it used a skill by its name ("Fixed it with the ding repair
        steps") is an `evidence` item on the skill, not a silent skip (trial 31 #11)."""
        text, title = (
            redact(part.text.strip())[0],
            redact(" ".join(part.title.split()) or ep.title or "Note")[0],
        )
        if (used := self.skill_names.used(text)) is None:
            return False
        skill, said = self.skill_names.evidence(self.vectors.embed([embed_text(title, text)])[0], used)
        self._review(ep, "evidence", title, text, skill, said)
        row = {"episode": ep.id, "kind": "skills", "action": "evidence", "target": skill.path}
        self.result.decisions.append({**row, "reason": f"{nothing_to_keep(part)}; {said}"})
        return True

    def _skip_part(self, ep: Episode, part: RoutedPart) -> None:
        """Nothing to keep; a skip the router is unsure of gets a `file_candidate` item (route_unsure)."""
        if self._skill_used(ep, part):
            return
        if part.unsure and self._named_by_title(
            ep, part, usage_outcome(part.text)
        ):  # a named note, no new file
            return
        kind, title = (part.unsure or ("", ""))[0], redact(part.title)[0]  # a path with no secret in it
        op = file_candidate(ep, part, self._new_path(kind, title)) if kind else None
        self._skip(ep, nothing_to_keep(part), None if op is None else op.path)
        self.result.ops.extend([op] if op is not None else [])

    def _chat_part(self, ep: Episode, part: RoutedPart) -> None:
        """An unsure skip proposed as knowledge (a chat, a fact told in passing): nothing to keep, and no item to
        file it when it restates a decision the root holds or this run wrote (route_chat.restated_decision,
        trial 29 re-check #12)."""
        vec = self.vectors.embed([redact(embed_text(part.title, part.text))[0]])[0]
        said = restated_decision(self.vectors.related(vec, "knowledge", k=5))
        if said is None:
            self._skip_part(ep, part)
            return
        self._skip(
            ep, f"{nothing_to_keep(replace(part, unsure=None))}; it restates {said}: no new note", said
        )

    # -- one part ------------------------------------------------------------------
    def _plan_part(self, ep: Episode, part: RoutedPart, title: str, text: str, vec: Any) -> None:
        kind = part.kind
        matches = self.vectors.related(vec, kind, k=5)
        best = matches[0] if matches else None
        decision: dict[str, Any] = {
            "episode": ep.id,
            "kind": kind,
            "title": title,
            "best": best.path if best else None,
            "similarity": round(best.similarity, 4) if best else None,
        }
        if self._held_for_review(ep, kind, title, text, decision):  # a person's hand in the old kind's note
            return
        target, reason = self._choose(ep, part, kind, title, text, vec, matches)
        told = self._told(ep, part, text, target, reason)
        made = self._create_decision(ep, title, text, told) if told is not None else None
        if made is not None:  # a decision told: a typed decision note of its own (plan_decision)
            self.vectors.add(made, kind, title, vec)
            decision.update(action="create", target=made, reason=f"new decision note ({DECISION_REASON})")
            self._raise_changed(ep, decision, kind, title, text, vec, made)  # trial 30 #4
        elif target == LESSON_STEP:
            decision.update(action="lesson", target=self._by_source[kind][ep.ref], reason=reason)
        elif target is not None and target.startswith(EVIDENCE):  # the skill named, else the closest
            skill, said = self.skill_names.evidence(vec, target[len(EVIDENCE) :])
            self._review(ep, "evidence", title, text, skill, said)
            decision.update(action="evidence", target=skill.path, reason=reason)
        elif target == REVIEW and reason.startswith("edited"):
            path = self._by_source[kind][ep.ref]
            self._review(ep, "merge_candidate", title, text, Match(path, 1.0, 1.0, "", title), reason)
            decision.update(action="merge_candidate", target=path, reason=reason)
        elif target is not None and target.startswith(RUN):
            run_m = next(x for x in matches if x.path == target[len(RUN) :])
            self.result.ops.append(run_review(run_m, reason, ep.ref, ep.id, text))
            decision.update(action="evidence", target=run_m.path, reason=reason)
        elif target is not None and target.startswith(REVIEW):
            path = target[len(REVIEW) :] or (best.path if best else "")
            near = [*matches, *person_howtos(self.vectors, vec, kind), *other_kinds(self.vectors, vec, kind)]
            m = next((x for x in near if x.path == path), best)
            assert m is not None
            act = self._merge_or_evidence(ep, title, text, m, reason)
            decision.update(action=act, target=m.path, reason=reason)
        elif target is not None and reason.startswith("replace"):
            decision.update(action="update", target=target, reason=reason)
        elif target is not None:
            self._update(target, ep, kind, title, text)
            decision.update(action="update", target=target, reason=reason)
        else:
            path = self._new_path(kind, title)
            self._create(path, kind, ep, part, title, text)
            self.vectors.add(path, kind, title, vec)
            close = f"closest {best.path} at similarity {best.similarity:.2f}" if best else f"no {kind} yet"
            decision.update(action="create", target=path, reason=f"new {kind} note ({close})")
            self._raise_changed(ep, decision, kind, title, text, vec, path)
        if part.why:  # a rule on top of the model chose the kind (route_story)
            decision["reason"] = f"{decision.get('reason', '')}; {part.why}"
        self._retire_later(ep, decision)  # an edit that changed the kind: the old text leaves its note
        self.result.decisions.append(decision)

    def _told(
        self, ep: Episode, part: RoutedPart, text: str, target: str | None, reason: str
    ) -> ToldDecision | None:
        """The decision a knowledge part tells, when it would make a new note or join one on its subject."""
        if part.kind != "knowledge" or part.usage is not None or (target is not None and reason not in JOINS):
            return None
        return told_in(
            self.store, ep, text, ep.day or date.fromisoformat(self.started_at[:10]), self.started_at
        )

    def _choose(
        self, ep: Episode, part: RoutedPart, kind: str, title: str, text: str, vec: Any, matches: list[Match]
    ) -> tuple[str | None, str]:
        """The note to update, REVIEW(+path) for a merge candidate, EVIDENCE, or None for a new note."""
        by_src = self._by_source[kind].get(ep.ref)
        lesson = self.sections.sections.get(record_key(ep.ref, LESSON))
        if by_src and isinstance(lesson, dict) and lesson.get("path") == by_src:
            if lesson.get("mode") == FOLDED:  # the episode's note is its lesson: the lesson step replaces it
                return LESSON_STEP, "edited episode; its lesson is replaced by the lesson step"
            by_src = None  # a lesson the episode also gave rise to is not the note of this part
        if by_src is None and (renamed := self._renamed(ep, kind, text)) is not None:
            return renamed, "replace: its heading renamed, the same text; the note cites the new id"
        filed = by_src is not None and (by_src in self._notes or by_src in self._ops)
        if filed and by_src is not None and self._replayed(by_src, ep, kind, text):
            return by_src, "episode already filed there"  # a replay (lost state, a retried run): never twice
        chosen = next((m for m in matches if m.path == part.update), None) if part.update else None
        floor = engine_update_floor(self.vectors.name)
        ok = chosen is not None and chosen.path.startswith(f"{kind}/") and chosen.similarity >= floor
        if chosen is not None and ok and not self._cites(chosen.path, ep):  # citing it: no second section
            return chosen.path, "engine chose a related note"
        if filed and by_src is not None:
            return self._replace(by_src, ep, kind, part, text)
        best = matches[0] if matches else None
        if used := self.skill_names.used(text):  # "Checked it with the battery check" (trial 29 #11)
            return EVIDENCE + used, USED
        skills = self.vectors.related(vec, "skills", k=1)
        if skills and skills[0].similarity >= SAME_SUBJECT and (best is None or skills[0].raw >= best.raw):
            return EVIDENCE, "matches a skill"
        runs = [m for m in matches if kind == "procedures" and m.path.startswith("procedures/")]
        for m in runs:  # a run of a procedure (its placeholders filled) is a use, never a note (trial 26 #1)
            if why := run_of(text, self._body_of(m.path), m.similarity):
                return RUN + m.path, why
        if best is not None and best.similarity >= self.duplicate:
            draft = self._ops.get(best.path)
            if draft is not None and draft.op.op == "create":
                return best.path, "near-duplicate of a note created in this run"
            return REVIEW, route_lang.near_reason(kind, text, self._body_of(best.path), best.similarity)
        slug_path = f"{kind}/{slugify(title)}.md"
        for m in matches:
            if m.path == slug_path and m.similarity >= SAME_TITLE_MIN and names_a_subject(title):
                return m.path, "same title and related content"
        if best is not None and best.similarity >= SAME_SUBJECT:
            return best.path, "same subject"
        for m in matches:  # by the opening words, or by the steps told whole (prose and bullets, trial 18)
            body = self._body_of(m.path)
            if same_in_other_language(text, body, m.similarity) or translation_by_steps(
                (title, text), (m.title, body), self.vectors.similarity
            ):
                draft = self._ops.get(m.path)
                if draft is not None and draft.op.op == "create":
                    return m.path, "the same note in another language, created in this run"
                return REVIEW + m.path, "the same note in another language"
        howtos = person_howtos(self.vectors, vec, kind)  # a person's how-to in knowledge/ too (trial 25)
        for m in [*matches, *howtos]:  # a new wording, checklist or language (trial 16)
            if kind == "procedures" and later_version(text, self._body_of(m.path), m.similarity):
                return REVIEW + m.path, howto_reason(m, "a later version of this procedure")
        found = across_kinds(self.vectors, vec, (kind, title, text), self.duplicate, self._text_of, ep.id)
        return (REVIEW + found[0].path, found[1]) if found else (None, "")  # another kind's note tells it

    def _raise_changed(
        self, ep: Episode, decision: dict[str, Any], kind: str, title: str, text: str, vec: Any, path: str
    ) -> None:
        """Trial 26 #10: a new note changes an older note's rule: one review item on it; a person decides."""
        changed = (
            self._changed_note(kind, title, text, vec)
            if changes_rule(text) or changes_a_value(text)
            else None
        )
        if changed is not None:
            self._review(ep, "merge_candidate", title, text, changed, f"{CHANGE_REASON}: {path}")
            decision["reason"] += f"; changes what {changed.path} says (review item)"

    def _changed_note(self, kind: str, title: str, text: str, vec: Any) -> Match | None:
        """The note (the root had it before the run) of this kind whose subject a changed rule is about: with
        the old value told, a note that states it (route_change_value, trial 30 #4), else by the titles."""
        name = self.vectors.name

        def same(m: Match, terms: int) -> bool:
            return same_subject(title, m.title, self.vectors.embed, lambda r: calibrate(r, name), terms)

        told = changes_a_value(text)
        found = [
            m
            for m in self.vectors.related(vec, kind, k=10)
            if m.path in self._notes
            and ((states_old(text, self._body_of(m.path)) and same(m, 1)) if told else same(m, TERMS))
        ]  # a person's note first: the rule someone wrote by hand is the one a reader trusts
        return min(found, key=lambda m: m.origin != "human") if found else None

    def _replace(
        self, path: str, ep: Episode, kind: str, part: RoutedPart, text: str
    ) -> tuple[str | None, str]:
        """Replace the section an edited episode left in `path` (REVIEW when it cannot be done safely)."""
        rec = self.sections.get(ep.ref, kind)
        draft = self._draft_for(path)
        if rec is None or rec.path != path:
            return REVIEW, "edited episode; no record of the text it left in the note"
        body = replace_section(draft.body, rec.text, text)
        if body is None:
            return REVIEW, "edited episode; its section in the note was changed by hand"
        note = self._notes.get(path)
        again = (
            redecided(draft.body, rec.text, text, ep.day or date.fromisoformat(self.started_at[:10]))
            if note is not None and note.meta.get("type") == "decision" and draft.body == note.body
            else None
        )
        if again is not None:  # a decision told: read again from the new words (plan_decision)
            body, changes, gone = again
            draft.extra.update(changes)
            draft.remove.extend(gone)
        draft.body = body
        draft.changed = draft.changed or body != draft.original_body
        if ep.id not in draft.op.episodes:
            draft.op.episodes.append(ep.id)
        note = self._notes.get(path)
        desc = redact(" ".join(part.description.split()))[0][:200]
        if note is not None and rec.description and note.description == rec.description != desc:
            draft.extra["description"] = desc  # the description came from this episode too
        self._record(ep, kind, path, text, desc if rec.description else "")
        return path, "replace: edited episode, its section replaced"
