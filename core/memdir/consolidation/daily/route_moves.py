"""Reclassification: a note filed under the wrong kind gets a `move_proposal` review item.

The note is read by the same learned router that files new episodes (its vector from the run's
note vectors, its cues from its body), so a list of lessons in procedures/ is proposed for
knowledge/ whatever its numbering. Consolidation never moves a person's file: it only proposes the
move, once per note and destination (the review ledger remembers every key ever raised). A lesson,
decision or rule (`type:` or its folder in knowledge/) is never proposed: it is knowledge by design.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import numpy as np

from memdir.consolidation.daily.blocks import content_words
from memdir.consolidation.daily.route_rag import note_embed_text
from memdir.consolidation.daily.router import Reading, Router, read_text
from memdir.lifecycle.review_apply import move_refusal
from memdir.lifecycle.review_ledger import ReviewLedger, ledger_key
from memdir.runs.journal import Op

if TYPE_CHECKING:
    from memdir.consolidation.daily.route_rag import NoteVectors
    from memdir.notes.model import Note
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

MIN_WORDS = 30  # too little text to judge
STRONG = 0.8  # the other kind's probability needed to propose a move (a clear case, not a doubt)
OTHER = {"knowledge": "procedures", "procedures": "knowledge"}


def _reading(router: Router, note: Note, vectors: NoteVectors | None) -> Reading:
    """The note read like an episode; its vector is the one the run already holds for it."""
    body = note.body.lstrip("\n")
    first, _, rest = body.partition("\n")
    r = read_text(note.title, rest if first.startswith("# ") else body)
    vec = vectors.vector_of(note.path) if vectors is not None else None
    if router.embed is not None and vec is None:
        vec = router.embed([note_embed_text(note)])[0]
    vecs = None if router.embed is None or vec is None else np.asarray(vec)[None, :]
    r.proba = router.model.proba(vecs, r.cues[None, :])[0]
    return r


def misfiled(router: Router, note: Note, vectors: NoteVectors | None = None) -> bool:
    """True when a note of its folder's kind reads clearly as the other kind."""
    kind = note.path.split("/", 1)[0]
    r = _reading(router, note, vectors)
    if kind not in OTHER or content_words(r.blocks) < MIN_WORDS:
        return False
    return float(r.proba[router.model.classes.index(OTHER[kind])]) >= STRONG


def move_proposals(
    store: NoteStore,
    router: Router,
    vectors: NoteVectors | None = None,
    skip: set[str] | None = None,
    own: dict[str, str] | None = None,
) -> list[Op]:
    """Review ops proposing to move misfiled notes.

    Left out: notes in `skip` (written by this run), notes still exactly as the daily run last wrote
    them (`own`: path -> hash; the router filed them, nobody changed them since), keys raised before.
    """
    raised = set(ReviewLedger(store.root).keys)
    ops: list[Op] = []
    for note in store.iter_notes(("knowledge", "procedures")):
        if (skip and note.path in skip) or (own and own.get(note.path) == note.hash):
            continue
        kind, _, rest = note.path.partition("/")
        dest = f"{OTHER[kind]}/{rest}"
        key = f"move:{note.path}->{dest}"
        if ledger_key(key) in raised or move_refusal(note.path, note.meta.get("type"), dest):
            continue  # raised before, or a lesson, decision or rule: knowledge whatever it reads like
        if not misfiled(router, note, vectors):
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
