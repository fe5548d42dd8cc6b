"""The review queue: proposals in `review/*.md` that wait for a person (merge, evidence, move).

Each item is a readable Markdown file a person may edit or delete. A ledger in
`.memdir/state/review.json` remembers every key ever raised, so the same candidate is
never proposed twice, even after the item was accepted, rejected or deleted by hand.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from memdir.errors import MemdirError, NoteError, NoteNotFound, ReviewError
from memdir.jsonvalue import JSONObject
from memdir.lifecycle.lesson_links import unlink_rejected
from memdir.lifecycle.review_apply import apply_merge, apply_move, default_destination, refused_move
from memdir.lifecycle.review_decision import ReviewDecision
from memdir.lifecycle.review_ledger import ReviewKeyRecord, ReviewLedger, item_id_for, ledger_key
from memdir.lifecycle.review_siblings import follow_move, restate_siblings
from memdir.lifecycle.review_special import FILE_TITLE
from memdir.lifecycle.review_usage import USAGE_KEYS, usage_what, writes_nothing
from memdir.locks import file_lock
from memdir.masked_refs import stored_ref
from memdir.notes.frontmatter import render_note
from memdir.notes.gist import clip_whole
from memdir.notes.model import Note
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)
__all__ = [
    "ReviewDecision",
    "ReviewItem",
    "ReviewKeyRecord",
    "ReviewLedger",
    "ReviewQueue",
    "item_id_for",
    "ledger_key",
]

REVIEW_DIR = "review"
ARCHIVED_DIR = "archive/review"
KINDS = (
    "merge_candidate",
    "move_proposal",
    "evidence",
    "outcome_proposal",
    "rule_candidate",
    "file_candidate",
)
CANDIDATE_HEADING = "## Candidate"
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,80}$")
_TITLES = {
    "merge_candidate": "Merge candidate",
    "move_proposal": "Move proposal",
    "evidence": "New evidence",
    "outcome_proposal": "Outcome of a decision",
    "rule_candidate": "Candidate rule",
    "file_candidate": FILE_TITLE,
}
# kind-specific fields (outcome_proposal, rule_candidate, a usage report's evidence)
EXTRA_KEYS = ("result", "support", "contexts", *USAGE_KEYS)


@dataclass
class ReviewItem:
    """One open review item as read from `review/<id>.md` (a person may have edited it)."""

    id: str
    path: str
    kind: str
    target: str
    similarity: float | None
    created_at: str
    sources: list[str]
    key: str
    description: str
    title: str
    candidate: str
    destination: str | None = None
    hash: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_note(cls, note: Note) -> ReviewItem:
        """Parse a review note (raises NoteError when it has no usable kind/target)."""
        meta = note.meta
        stem = note.path.rsplit("/", 1)[-1].removesuffix(".md")
        kind, target = str(meta.get("kind") or ""), str(meta.get("target") or "")
        if kind not in KINDS or not target:
            raise NoteError(
                "review item needs `kind` (merge_candidate|move_proposal|evidence) and `target`", note.path
            )
        sim = meta.get("similarity")
        sources = meta.get("sources") or []
        return cls(
            id=str(meta.get("id") or stem),
            path=note.path,
            kind=kind,
            target=target,
            similarity=float(sim) if isinstance(sim, int | float) else None,
            created_at=str(meta.get("created_at") or ""),
            sources=[str(s) for s in sources] if isinstance(sources, list) else [str(sources)],
            key=str(meta.get("key") or ""),
            description=note.description,
            title=note.title,
            candidate=candidate_of(note.body),
            destination=meta.get("destination"),
            hash=note.hash,
            extra={k: meta[k] for k in EXTRA_KEYS if k in meta},
        )

    def to_dict(self) -> JSONObject:
        """The JSON form (`review list --json`)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "target": self.target,
            "similarity": self.similarity,
            "created_at": self.created_at,
            "sources": self.sources,
            "description": self.description,
            "path": self.path,
            "title": self.title,
            "key": self.key,
            "destination": self.destination,
        }


def candidate_of(body: str) -> str:
    """The candidate content: everything after the `## Candidate` line (else the whole body)."""
    lines = body.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.rstrip() == CANDIDATE_HEADING:
            return "".join(lines[i + 1 :]).strip("\n")
    return body.strip("\n")


class ReviewQueue:
    """Raise, list, accept and reject review items; never the same key twice, nothing deleted."""

    def __init__(self, store: NoteStore) -> None:
        self.store = store
        self.root = store.root
        self._lock = store.root / ".memdir" / "locks" / "review.lock"

    # -- raising -----------------------------------------------------------------
    def raise_item(
        self,
        kind: str,
        target: str,
        title: str,
        body: str,
        similarity: float | None,
        sources: list[str],
        key: str,
        destination: str | None = None,
        description: str | None = None,
        extra: JSONObject | None = None,
    ) -> str | None:
        """Write `review/<id>.md` and return its path; None when this key was ever raised before.

        `extra`: kind-specific frontmatter (an outcome proposal's `result`, a rule's `support`).
        """
        if kind not in KINDS:
            raise ReviewError(f"unknown review kind {kind!r}; use one of {', '.join(KINDS)}")
        if not key:
            raise ReviewError("a review item needs a non-empty key")
        target = self.store.relpath(target)
        if kind == "move_proposal":
            destination = self.store.relpath(destination or default_destination(target))
            if refused_move(self.store, target, destination):  # a lesson stays in knowledge/lessons/ (logged)
                return None
        key = ledger_key(key)
        if redact_text(target) != target or (destination and redact_text(destination) != destination):
            # the item would show the path masked, and accepting it could not find the file
            log.warning("not proposing a %s for %s: its path holds a secret", kind, redact_text(target))
            return None
        # an item is read by people and agents: no secret in its title, candidate or description
        title, body = redact_text(title), redact_text(body)
        description = redact_text(description) if description else description
        with file_lock(self._lock):
            ledger = ReviewLedger(self.root)
            if key in ledger.keys:
                log.debug("review key already raised: %s", key)
                return None
            item_id = self._free_id(key, ledger)
            rel = f"{REVIEW_DIR}/{item_id}.md"
            if self.store.exists(rel) or self.store.exists(f"{ARCHIVED_DIR}/{item_id}.md"):
                ledger.keys[key] = {"id": item_id, "path": rel, "status": "seen", "raised_at": _now()}
                ledger.save()
                return None
            text = self._render(
                kind, target, title, body, similarity, sources, key, item_id, destination, description, extra
            )
            self.store.create(rel, text, allow=(REVIEW_DIR,))
            ledger.keys[key] = {"id": item_id, "path": rel, "status": "open", "raised_at": _now()}
            ledger.save()
        log.info("raised review item %s (%s -> %s)", rel, kind, target)
        return rel

    def _free_id(self, key: str, ledger: ReviewLedger) -> str:
        taken = {e.get("id"): k for k, e in ledger.keys.items()}
        for length in (8, 12, 16, 64):
            cand = item_id_for(key, length)
            if taken.get(cand, key) == key:
                return cand
        raise ReviewError(f"cannot find a free id for key {key!r}")  # pragma: no cover

    def _render(
        self,
        kind: str,
        target: str,
        title: str,
        body: str,
        similarity: float | None,
        sources: list[str],
        key: str,
        item_id: str,
        destination: str | None,
        description: str | None,
        extra: JSONObject | None = None,
    ) -> str:
        sim = None if similarity is None else round(float(similarity), 4)
        desc = description or f"{_TITLES[kind]} for {target}: {' '.join(title.split())}"
        meta: dict[str, Any] = {
            "id": item_id,
            "kind": kind,
            "target": target,
            "similarity": sim,
            "created_at": self.store.stamp(),
            "sources": list(dict.fromkeys(str(s) for s in sources)),
            "key": key,
            "description": clip_whole(" ".join(desc.split()), 200),
        }
        if destination:
            meta["destination"] = destination
        meta.update({k: v for k, v in (extra or {}).items() if k in EXTRA_KEYS})
        sim_txt = "" if sim is None else f" (similarity {sim})"
        if kind == "move_proposal":
            what = f"Move `{target}` to `{destination}`{sim_txt}."
        elif kind == "outcome_proposal":
            what = (
                f"An episode states an outcome of the open decision `{target}` (result: "
                f"{(extra or {}).get('result', '?')}); accepting records it there (`memdir outcome`)."
            )
        elif kind == "rule_candidate":
            what = (
                f"The lesson `{target}` was confirmed in {(extra or {}).get('support', 2)} independent contexts; "
                "accepting writes it as a pinned rule in knowledge/rules/ (shown first in `memdir context`, as evidence)."
            )
        elif kind == "file_candidate":
            what = (
                f"The daily run read this episode as nothing to keep, but the router was unsure: {description}. "
                f"Accepting files the candidate below as `{target}` (edit `target` to file it elsewhere); "
                "rejecting leaves it in episodes/ only."
            )
        elif kind == "evidence":
            what = usage_what(target, sim_txt, dict(extra or {}))
        elif (
            not body.strip()
        ):  # a merge adding nothing: say so, and what accepting records (`review_apply.py`)
            n = len(meta["sources"])
            tasks = f" ({n} task{'s' if n != 1 else ''})" if n else ""
            what = (
                f"The new work{tasks} repeats `{target}`{sim_txt}: it adds no step the note lacks, so the candidate is "
                'empty. Accepting records it as evidence: a dated section "Seen again in" the sources below, '
                "added to the note's `sources`. Rejecting says it is not this note's work."
            )
        else:
            what = f"New content is close to `{target}`{sim_txt}; accepting appends it to that note as a dated section."
        lines = [
            f"# {_TITLES[kind]}: {' '.join(title.split())}",
            "",
            what,
            "",
            "Sources: " + (", ".join(f"`{s}`" for s in meta["sources"]) or "none"),
            "",
            f"Accept: `memdir review accept {item_id}` · reject: `memdir review reject {item_id}`. "
            f"You may edit the candidate below before accepting; deleting this file counts as a rejection.",
            "",
            CANDIDATE_HEADING,
            "",
            body.strip("\n"),
        ]
        return render_note(meta, "\n".join(lines))

    # -- reading -----------------------------------------------------------------
    def list_items(self) -> list[ReviewItem]:
        """Open items (files in `review/`), oldest first; unreadable files are skipped with a warning."""
        items = []
        for rel in self.store.iter_paths((REVIEW_DIR,)):
            try:
                items.append(ReviewItem.from_note(self.store.read(rel)))
            except NoteError as exc:
                log.warning("skipping review file: %s", exc)
        return sorted(items, key=lambda it: (it.created_at, it.id))

    def get(self, item_id: str) -> ReviewItem:
        """The open item with this id (or path); raises ReviewError when there is none."""
        ident = item_id.strip()
        if ident.startswith(f"{REVIEW_DIR}/"):
            ident = ident[len(REVIEW_DIR) + 1 :].removesuffix(".md")
        if not _ID.match(ident):
            raise ReviewError(f"invalid review id {item_id!r}")
        try:
            return self._as_made_now(ReviewItem.from_note(self.store.read(f"{REVIEW_DIR}/{ident}.md")))
        except NoteNotFound:
            pass
        except NoteError as exc:
            raise ReviewError(str(exc)) from None
        for item in self.list_items():
            if item.id == ident:
                return self._as_made_now(item)
        if self.store.exists(f"{ARCHIVED_DIR}/{ident}.md"):
            raise ReviewError(f"review item {ident} was already decided (see {ARCHIVED_DIR}/{ident}.md)")
        raise ReviewError(f"no open review item {ident!r} (see `memdir review list`)")

    def _as_made_now(self, item: ReviewItem) -> ReviewItem:
        """An item an earlier memdir wrote with its target and sources masked twice, pointed at the real file."""
        target = stored_ref(item.target)
        if target != item.target and not self.store.exists(item.target) and self.store.exists(target):
            item.target = target
            item.sources = [stored_ref(s) for s in item.sources]
        return item

    # -- deciding ----------------------------------------------------------------
    def accept(self, item_id: str) -> ReviewDecision:
        """Apply an item (merge as a dated section / add evidence / move the file), then archive it."""
        with file_lock(self._lock):
            item = self.get(item_id)
            try:
                result: ReviewDecision
                if item.kind in ("outcome_proposal", "rule_candidate", "file_candidate"):
                    from memdir.lifecycle.review_special import accept_special

                    result = cast(ReviewDecision, accept_special(self.store, item))
                elif nothing := writes_nothing(item.kind, item.extra):
                    result = {"target": item.target, "not_written": nothing}
                elif item.kind == "move_proposal":
                    moved = apply_move(
                        self.store, item.target, item.destination or default_destination(item.target)
                    )
                    result = cast(ReviewDecision, dict(moved))
                else:
                    weekly = item.key.startswith("weekly:")
                    # evidence: a dated "Seen again in <sources>", never its candidate as steps (trial 26 #8)
                    candidate = "" if item.kind == "evidence" else item.candidate
                    merged = apply_merge(
                        self.store, item.id, item.target, candidate, item.sources, item.title, weekly
                    )
                    result = {
                        "target": merged["target"],
                        "already_merged": merged["already_merged"],
                        "sources": merged["sources"],
                    }
            except MemdirError as exc:
                if isinstance(exc, ReviewError):
                    raise
                raise ReviewError(f"cannot accept {item.id}: {exc}") from None
            self._set_status(item, "accepted")  # before archiving: a crash in between is re-run safely
            archived = self.store.archive(item.path, reason=f"review accepted: {item.kind} -> {item.target}")
            if item.kind == "merge_candidate":  # other items proposing what the note now holds say so
                restate_siblings(self.store, item, list(self.list_items()), REVIEW_DIR)
            if item.kind == "move_proposal" and result.get("destination"):  # the items on it follow the note
                follow_move(self.store, item, str(result["destination"]), list(self.list_items()), REVIEW_DIR)
        log.info("accepted review item %s", item.id)
        decision: ReviewDecision = {"id": item.id, "kind": item.kind, "archived": archived}
        decision.update(result)
        return decision

    def reject(self, item_id: str) -> ReviewDecision:
        """Move the item to `archive/review/`; its key is never raised again."""
        with file_lock(self._lock):
            item = self.get(item_id)
            self._set_status(item, "rejected")
            unlink_rejected(self.store, item.path, item.target)  # "not this note": nor its lessons
            archived = self.store.archive(item.path, reason=f"review rejected: {item.kind} -> {item.target}")
        log.info("rejected review item %s", item.id)
        return {"id": item.id, "kind": item.kind, "archived": archived}

    def _set_status(self, item: ReviewItem, status: str) -> None:
        ledger = ReviewLedger(self.root)
        key = ledger_key(item.key) if item.key else f"file:{item.path}"
        entry = ledger.keys.setdefault(key, {"id": item.id, "path": item.path, "raised_at": item.created_at})
        entry["status"] = status
        entry["decided_at"] = _now()
        ledger.save()


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")
