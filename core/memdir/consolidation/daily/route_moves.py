"""Reclassification: a note filed under the wrong kind gets a `move_proposal` review item.

Consolidation never moves a person's file: it only proposes the move, once per note and
destination (the review ledger remembers every key ever raised).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from memdir.consolidation.daily.router import classify_blocks, content_words, split_blocks, title_blocks
from memdir.lifecycle.review import ReviewLedger
from memdir.runs.journal import Op

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

MIN_WORDS = 30  # too little text to judge
STRONG_SHARE = 0.8  # the other kind's share of cue weight needed to propose a move
MIN_WEIGHT = 2.0  # and at least this much cue weight for it
OTHER = {"knowledge": "procedures", "procedures": "knowledge"}


def misfiled(kind: str, title: str, description: str, body: str) -> bool:
    """True when a note of `kind` reads strongly as the other kind."""
    blocks = split_blocks(body)
    if content_words(blocks) < MIN_WORDS:
        return False
    _, proc, know = classify_blocks(blocks + title_blocks(title, description))
    total = proc + know
    if total < MIN_WEIGHT:
        return False
    if kind == "knowledge":
        return proc >= MIN_WEIGHT and proc / total >= STRONG_SHARE
    return know >= MIN_WEIGHT and know / total >= STRONG_SHARE


def move_proposals(store: NoteStore, skip: set[str] | None = None) -> list[Op]:
    """Review ops proposing to move misfiled notes (notes in `skip` and keys raised before are left out)."""
    raised = set(ReviewLedger(store.root).keys)
    ops: list[Op] = []
    for note in store.iter_notes(("knowledge", "procedures")):
        if skip and note.path in skip:
            continue
        kind, _, rest = note.path.partition("/")
        dest = f"{OTHER[kind]}/{rest}"
        key = f"move:{note.path}->{dest}"
        if key in raised or not misfiled(kind, note.title, str(note.get("description") or ""), note.body):
            continue
        item = {
            "kind": "move_proposal",
            "target": note.path,
            "title": note.title,
            "body": f"`{note.path}` reads as {OTHER[kind]} rather than {kind}.",
            "similarity": None,
            "sources": note.str_list("sources"),
            "key": key,
            "destination": dest,
        }
        ops.append(Op("review", note.path, "", None, [], item))
    return ops
