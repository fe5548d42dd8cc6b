"""The notes a daily plan writes into: the notes of knowledge/ and procedures/ as they were before the run,
each note's draft in this run, and the edits that add to them (a new note, a dated section, a review item).

`Planner` (route_plan) decides where each part goes; this is where the decision becomes a draft. A draft
records the text each episode left (route_sections) so an edited episode replaces its own section later.
Moved out of route_plan.py unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memdir.consolidation.daily.plan_decision import decision_draft, decision_path
from memdir.consolidation.daily.plan_draft import Draft, PlanResult
from memdir.consolidation.daily.route_rag import Match
from memdir.consolidation.daily.route_sections import SectionState, record_key, same_text
from memdir.consolidation.daily.router import RoutedPart
from memdir.errors import MemdirError
from memdir.masked_refs import stored_ref
from memdir.notes.current_steps import language_heading, later_steps, mark_current, other_language
from memdir.notes.model import Note, hash_text
from memdir.paths import slugify
from memdir.runs.journal import Op
from memdir.runs.redact import redact

if TYPE_CHECKING:
    from memdir.consolidation.daily.decision_told import ToldDecision
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore

WRITE_KINDS = ("knowledge", "procedures")


class PlanDrafts:
    """The run's drafts by path, the notes before the run, and which note each episode went to by kind."""

    def __init__(self, store: NoteStore, started_at: str, initial_confidence: float) -> None:
        self.store = store
        self.started_at = started_at
        self.initial_confidence = initial_confidence
        self.sections = SectionState(store.root)
        self.result = PlanResult()
        self._ops: dict[str, Draft] = {}  # path -> create/update being drafted
        self._notes: dict[str, Note] = {}
        self._by_source: dict[str, dict[str, str]] = {k: {} for k in WRITE_KINDS}  # kind -> ref -> path
        lessons: list[Note] = []
        for note in store.iter_notes(WRITE_KINDS):
            self._notes[note.path] = note
            if note.meta.get("type") == "lesson":  # the lesson step's own: only when no other note cites it
                lessons.append(note)
                continue
            # each source as memdir makes the id now (an earlier memdir masked some twice)
            for src in note.str_list("sources"):
                self._by_source[note.path.split("/", 1)[0]].setdefault(stored_ref(src), note.path)
        for note in lessons:
            for src in note.str_list("sources"):
                self._by_source[note.path.split("/", 1)[0]].setdefault(stored_ref(src), note.path)

    def _cites(self, path: str, ep: Episode) -> bool:
        """Whether the note, as it was before this run, already lists the episode in `sources`."""
        note = self._notes.get(path)
        return note is not None and ep.ref in {stored_ref(s) for s in note.str_list("sources")}

    def _replayed(self, path: str, ep: Episode, kind: str, text: str) -> bool:
        """Whether `text` is what the episode already left in `path`: its recorded section when there is one
        (an episode edited by deleting a sentence is a shorter text inside the old section, no replay), else
        (the record lost) the text found whole in the note."""
        rec = self.sections.get(ep.ref, kind)
        if rec is not None and rec.path == path and rec.text.strip():
            return same_text(rec.text, text)  # an editor's line endings, BOM or trailing spaces: no edit
        return text.strip() in self._body_of(path)

    def _body_of(self, path: str) -> str:
        draft = self._ops.get(path)
        if draft is not None:
            return draft.body
        note = self._notes.get(path)
        return note.body if note is not None else ""

    def _text_of(self, path: str, episode_id: str) -> str | None:
        """The text of a note of any kind as of now in the run (a skill's read from the store); None for a note
        the episode makes in this run (plan_across)."""
        draft = self._ops.get(path)
        if draft is not None and episode_id in draft.op.episodes:
            return None
        if not path.startswith("skills/"):
            return self._body_of(path)
        try:
            return self.store.read(path).body
        except MemdirError:
            return ""

    def _merge_or_evidence(self, ep: Episode, title: str, text: str, best: Match, why: str) -> str:
        """A merge candidate on `best`, or an `evidence` item when it is a skill (read-only); the item's kind."""
        kind = "evidence" if best.path.startswith("skills/") else "merge_candidate"
        self._review(ep, kind, title, text, best, why)
        return kind

    def _new_path(self, kind: str, title: str) -> str:
        slug = slugify(title)
        candidate, n = f"{kind}/{slug}.md", 2
        while candidate in self._ops or self.store.exists(candidate):
            candidate, n = f"{kind}/{slug}-{n}.md", n + 1
        return candidate

    # -- building texts ----------------------------------------------------------
    def _record(self, ep: Episode, kind: str, path: str, text: str, description: str = "") -> None:
        self.result.sections[record_key(ep.ref, kind)] = {
            "path": path,
            "text": text,
            "description": description,
            "episode": ep.id,
        }

    def _create(self, path: str, kind: str, ep: Episode, part: RoutedPart, title: str, text: str) -> None:
        desc = redact(" ".join((part.description or title).split()))[0][:200]
        meta: dict[str, Any] = {"description": desc}
        if kind == "procedures":
            meta.update(confidence=self.initial_confidence, success_count=0, failure_count=0)
        meta.update(origin="daily", sources=[ep.ref], created_at=self.started_at, updated_at=self.started_at)
        self._ops[path] = Draft(
            Op("create", path, "", None, [ep.id]), f"# {title}\n\n{text}\n", [ep.ref], meta
        )
        self._by_source[kind][ep.ref] = path
        self._record(ep, kind, path, text, desc)

    def _create_decision(self, ep: Episode, title: str, text: str, told: ToldDecision) -> str | None:
        """A typed decision note for a part that tells one (plan_decision); its path, None when it cannot be one."""
        made = decision_draft(title, text, told, ep.ref, self.started_at)
        if made is None:
            return None
        meta, body = made
        slug = slugify(
            body.split("\n", 1)[0].removeprefix("# Decision: "), max_length=60
        )  # as `decision add`
        path = decision_path(lambda p: p in self._ops or self.store.exists(p), slug or "decision")
        self._ops[path] = Draft(Op("create", path, "", None, [ep.id]), body, [ep.ref], meta)
        self._by_source["knowledge"][ep.ref] = path
        self._record(ep, "knowledge", path, text)  # no description: an edit reads the decision again
        return path

    def _draft_for(self, path: str) -> Draft:
        draft = self._ops.get(path)
        if draft is None:
            note = self._notes.get(path) or self.store.read(path)
            draft = Draft(
                Op("update", path, note.text, note.hash, []), note.body, note.str_list("sources"), None
            )
            self._ops[path] = draft
        return draft

    def _update(self, path: str, ep: Episode, kind: str, title: str, text: str) -> None:
        draft = self._draft_for(path)
        day = ep.day.isoformat() if ep.day else self.started_at[:10]
        if ep.id not in draft.op.episodes:
            draft.op.episodes.append(ep.id)
        self._by_source[kind].setdefault(ep.ref, path)
        if ep.ref in draft.sources and text.strip() in draft.body:
            return  # this episode's text is already there (a replay after lost state): nothing to add
        if self._cites(path, ep):
            return  # the note had this episode before the run: an edit replaces its section (_replace), never a 2nd
        meta = draft.meta if draft.meta is not None else (self._notes.get(path) or self.store.read(path)).meta
        other = other_language(draft.body, text, title)  # a translation sits beside (trial 18)
        steps = not other and kind == "procedures" and later_steps(meta, draft.body, text)  # a later version
        heading = language_heading(other, f"{title} ({day})") if other else f"{day} — {title}"
        draft.body = draft.body.rstrip("\n") + "\n\n" + f"## {heading}\n\n{text}\n"
        draft.body = mark_current(draft.body, heading) if steps else draft.body
        if ep.ref not in draft.sources:
            draft.sources.append(ep.ref)
        draft.changed = True
        self._record(ep, kind, path, text)

    def _review(self, ep: Episode, kind: str, title: str, text: str, best: Match, why: str) -> None:
        key = f"daily-{'merge' if kind == 'merge_candidate' else kind}:{best.path}:{ep.ref}:{hash_text(text)[:12]}"
        item = {
            "kind": kind,
            "target": best.path,
            "title": title,
            "body": text,
            "similarity": round(best.similarity, 4),
            "sources": [ep.ref],
            "key": key,
            "description": f"{why} ({ep.ref})",
        }
        self.result.ops.append(Op("review", best.path, "", None, [ep.id], item))
