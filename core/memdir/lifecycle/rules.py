"""Candidate rules and outcome proposals: what review/ holds for the failure lifecycle.

A lesson confirmed in two or more independent contexts (its `contexts`: task types of the
activity log, episodes, decisions) becomes a `rule_candidate` review item (the rule first, then
the lesson's evidence: `notes/rule_body.py`); accepting one writes `knowledge/rules/<name>.md` with
`type: rule`, `pinned: true` and the rule as its description, which leads the context block marked
as evidence. An `outcome_proposal` (an episode that states what came of an open decision) is
recorded on the decision when accepted, as `memdir outcome` would.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING

from memdir.errors import NoteError
from memdir.notes.lesson_titles import bare_lesson_title
from memdir.notes.rule_body import candidate_body

if TYPE_CHECKING:
    from memdir.lifecycle.review import ReviewQueue
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

LESSON_DIR = "knowledge/lessons"
MIN_CONTEXTS = 2


def contexts_of(meta: Mapping[str, object]) -> list[str]:
    """A lesson's independent contexts (distinct, in order)."""
    value = meta.get("contexts")
    return list(dict.fromkeys(str(c) for c in value)) if isinstance(value, list) else []


def raise_rule_candidates(store: NoteStore, review: ReviewQueue, paths: list[str] | None = None) -> list[str]:
    """A rule_candidate item for each lesson seen in >= 2 independent contexts (once per lesson)."""
    raised: list[str] = []
    rels = paths if paths is not None else list(store.iter_paths((LESSON_DIR,)))
    for rel in rels:
        try:
            note = store.read(rel)
        except NoteError:
            continue
        ctx = contexts_of(dict(note.meta))
        if note.meta.get("type") != "lesson" or len(ctx) < MIN_CONTEXTS:
            continue
        title = bare_lesson_title(note.title)
        item = review.raise_item(
            kind="rule_candidate",
            target=rel,
            title=title,
            body=candidate_body(title, note.body, rel, ctx, note.description or title),
            similarity=None,
            sources=note.str_list("sources"),
            key=f"rule:{rel}",
            description=f"Candidate rule: {title}"[:200],
            extra={"support": len(ctx), "contexts": ctx},
        )
        if item:
            raised.append(item)
    return raised
