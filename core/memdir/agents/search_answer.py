"""A search's whole answer: its hits and what it says beside them, for the MCP `search` tool and
`memdir search --json --envelope` (one function, so both carry the same keys and words; trial 25
re-check N7: the CLI's `--json` was a bare list and named no unreadable file, while MCP did).

`{query, hits, message, hints, unreadable}`: `message` says when nothing matched what to try next
(its parts in `hints`), or with hits that relevant notes rank below the top k; `unreadable` names
the files memdir cannot read, which no search finds, with hits too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memdir.agents.closest_across import closest_across
from memdir.agents.recall import (
    RELEVANT_DEPTH,
    MemoryHit,
    other_script_in_memory,
    pending_line,
    relevant_below,
    unreadable_line,
)
from memdir.jsonvalue import JSONObject
from memdir.redaction import redact_text

if TYPE_CHECKING:
    from memdir.index.service import IndexService
    from memdir.notes.store import NoteStore

ECHO_CHARS = 200  # the answer's `query` is cut to this (a pasted 200 kB log is not sent back: trial 20 #3)
TRY_OTHER = "try other key words (a name, an error message), or nothing in memory is about it"


def echoed(query: str) -> str:
    """The query as the answer shows it: secrets masked, then cut to ECHO_CHARS with its length said."""
    shown = redact_text(query)
    if len(shown) <= ECHO_CHARS:
        return shown
    return f"{shown[: ECHO_CHARS - 1]}… ({len(query):,} characters)"


def unreadable_files(svc: IndexService) -> list[str]:
    """The files memdir cannot read (`memdir lint` says why), sorted: in no search result."""
    return sorted(svc.view().catalog.bad)


def deeper_hint(n: int, k: int, more: bool) -> str:
    """Relevant notes rank below the top k: ask deeper."""
    return f"{n} {'more ' if more else ''}note(s) rank below the top {k} and pass the floor: ask with k={RELEVANT_DEPTH}"


def no_match_hints(
    svc: IndexService,
    store: NoteStore,
    query: str,
    k: int,
    kind: str | None,
    tags: list[str] | None = None,
    min_confidence: float | None = None,
    mode: str = "hybrid",
) -> list[str]:
    """What `memdir search` tells a person when nothing matched, in the CLI's order: ask deeper, drop
    `kind`, ask in the other language (naming the note there that came closest, when one clearly leads), or know that a file looked for could not be read."""
    hints = []
    deeper = relevant_below(svc, store, query, k, kind, tags, min_confidence, mode)
    if deeper:
        hints.append(deeper_hint(deeper, k, more=False))
    closest = closest_across(svc, query) if mode != "lexical" else None
    other = None if closest else other_script_in_memory(svc, query) if svc.view().paths else None
    if closest:  # the note itself, when one clearly leads (trial 30 #13)
        hints.append(closest.hint())
    if other:
        hints.append(
            f"notes in {other} match a query only by meaning, often below the floor: "
            f"try the key words in {other}"
        )
    if kind and not deeper:
        hints.append("leave out `kind` to search every kind")
    line = unreadable_line(unreadable_files(svc))
    if line:
        hints.append(line)
    if not hints or hints == [line]:
        hints.insert(0, TRY_OTHER)
    return hints


def search_answer(
    svc: IndexService,
    store: NoteStore,
    query: str,
    hits: list[MemoryHit],
    k: int,
    kind: str | None = None,
    tags: list[str] | None = None,
    min_confidence: float | None = None,
    mode: str = "hybrid",
    weak: bool = False,
) -> JSONObject:
    """`{query, hits, message, hints, unreadable}` for the hits of one search (weak ones included
    when asked: then nothing is counted below the top k, as `memdir search --weak` does)."""
    if not any(h.relevant for h in hits):
        hints = (
            [TRY_OTHER] if weak else no_match_hints(svc, store, query, k, kind, tags, min_confidence, mode)
        )
        if weak and (line := unreadable_line(unreadable_files(svc))):
            hints.append(line)
        if waiting := pending_line(svc, mode):
            hints.append(waiting)
        shown = redact_text(query).strip()  # the answer shows no secret the query held
        message = "; ".join([f"no note matched {shown[:80]!r}", *hints])
    else:
        deeper = 0 if weak else relevant_below(svc, store, query, k, kind, tags, min_confidence, mode)
        hints = [deeper_hint(deeper, k, more=True)] if deeper else []  # trial 16: else dropped unsaid
        if mode != "lexical" and (
            closest := closest_across(svc, query, [h.path for h in hits])
        ):  # nothing shown in that language
            hints.append(closest.hint())
        if waiting := pending_line(svc, mode):
            hints.append(waiting)
        message = "; ".join(hints)
    return {
        "query": echoed(query),
        "hits": [h.to_dict() for h in hits],
        "message": message,
        "hints": list(hints),
        "unreadable": list(unreadable_files(svc)),
    }
