"""Accepting the failure lifecycle's review items: an outcome proposal or a candidate rule.

An `outcome_proposal` is recorded on its decision as `memdir outcome` would; a `rule_candidate`
becomes `knowledge/rules/<lesson name>.md` with `type: rule`, `pinned: true`, the rule as its
description and the rule first under one title (`notes/rule_body.py`; accepting twice writes it once).
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Protocol

from memdir.errors import ReviewError
from memdir.lifecycle.decisions import RESULTS, record_outcome
from memdir.notes.frontmatter import render_note
from memdir.notes.rule_body import accepted_rule

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

RULE_DIR = "knowledge/rules"


class SpecialItem(Protocol):
    """What accepting needs of a review item."""

    id: str
    kind: str
    target: str
    title: str
    description: str
    candidate: str
    sources: list[str]
    extra: dict[str, Any]


def accept_special(store: NoteStore, item: SpecialItem) -> dict[str, object]:
    """Accept an outcome proposal (record it on the decision) or a candidate rule (write a pinned rule)."""
    if item.kind == "outcome_proposal":
        result = str(item.extra.get("result") or "")
        if result not in RESULTS:
            raise ReviewError(f"{item.id}: `result` must be one of {', '.join(RESULTS)}")
        done = record_outcome(store, item.target, item.candidate.strip() or item.description, result)
        return {"target": item.target, "status": str(done["status"]), "sources": item.sources}
    stem = item.target.rsplit("/", 1)[-1]
    rel = f"{RULE_DIR}/{stem}"
    if store.exists(rel):
        return {"target": item.target, "written": rel, "sources": item.sources}
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    ctx = item.extra.get("contexts")
    description, body = accepted_rule(item.candidate, item.title)
    meta: dict[str, object] = {
        "type": "rule",
        "pinned": True,
        "description": description,
        "support": int(item.extra.get("support") or len(ctx or [])),
        "contexts": list(ctx) if isinstance(ctx, list) else [],
        "origin": "review",
        "lesson": item.target,
        "sources": item.sources,
        "created_at": now,
        "updated_at": now,
    }
    store.create(rel, render_note(meta, body), allow=("knowledge",))
    log.info("rule %s written from %s", rel, item.target)
    return {"target": item.target, "written": rel, "sources": item.sources}
