"""Accepting the failure lifecycle's review items: an outcome proposal or a candidate rule (and an unsure
skip's `file_candidate`, written as the note it proposes, described by its first line or, for a pasted mail, by
its subject or first sentence of content, never a header line: `notes/mail_lines.py`).

An `outcome_proposal` is recorded on its decision as `memdir outcome` would; a `rule_candidate`
becomes `knowledge/rules/<lesson name>.md` with `type: rule`, `pinned: true`, the rule as its
description and the rule first under one title (`notes/rule_body.py`; accepting twice writes it once).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

from memdir.errors import ReviewError
from memdir.lifecycle.decisions import RESULTS, record_outcome
from memdir.notes.frontmatter import render_note
from memdir.notes.mail_lines import described_line
from memdir.notes.rule_body import accepted_rule

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

RULE_DIR = "knowledge/rules"
FILE_DIRS = ("knowledge", "procedures")  # where an unsure skip's candidate is filed
FILE_TITLE = "Kept as nothing; file it?"  # a file_candidate's heading: `# <FILE_TITLE>: <the note's title>`


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
    if item.kind == "file_candidate":
        return _file(store, item)
    stem = item.target.rsplit("/", 1)[-1]
    rel = f"{RULE_DIR}/{stem}"
    if store.exists(rel):
        return {"target": item.target, "written": rel, "sources": item.sources}
    now = store.stamp()
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


def _file(store: NoteStore, item: SpecialItem) -> dict[str, object]:
    """Write an unsure skip's candidate as the note it proposes (a free name when that one was taken since)."""
    kind = item.target.split("/", 1)[0]
    if kind not in FILE_DIRS:
        raise ReviewError(f"{item.id}: a file_candidate's target must be in {' or '.join(FILE_DIRS)}/")
    stem, rel, n = item.target.removesuffix(".md"), item.target, 2
    while store.exists(rel):
        if any(s in store.read(rel).str_list("sources") for s in item.sources):
            return {"target": item.target, "written": rel, "sources": item.sources}  # accepted before
        rel, n = f"{stem}-{n}.md", n + 1
    now = store.stamp()
    body = item.candidate.strip() or item.description
    title = " ".join(item.title.split()).removeprefix(f"{FILE_TITLE}:").strip() or stem.rsplit("/", 1)[-1]
    meta: dict[str, object] = {"description": (described_line(body) or title)[:200]}  # never a mail header
    if kind == "procedures":
        meta.update(confidence=0.5, success_count=0, failure_count=0)
    meta.update(origin="review", sources=item.sources, created_at=now, updated_at=now)
    store.create(rel, render_note(meta, f"# {title}\n\n{body}\n"), allow=FILE_DIRS)
    log.info("note %s filed from review %s", rel, item.id)
    return {"target": item.target, "written": rel, "sources": item.sources}
