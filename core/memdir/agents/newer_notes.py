"""Search and `context` name the newer note beside a note it changes (trial 26 #10).

An English note "the string freeze is on Friday 17:00 BST, not Wednesday" and a person's Japanese note
「文字列フリーズは毎週水曜 12:00 JST」: a Japanese question reaches the Japanese note, and the English one stays
under the relevance floor (multilingual-e5 rarely brings a note across languages over it). The daily run links
the two with a review item (`notes/changed_rules.py`); while that item is open, a hit on the older note is
followed by the newer one, marked as changing it, so an agent reads both and the newer is named.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from memdir.errors import MemdirError
from memdir.notes.changed_rules import newer_notes

if TYPE_CHECKING:
    from memdir.agents.recall import MemoryHit
    from memdir.notes.store import NoteStore

CHANGES = "changes"  # the hit's ranker: it is shown because it changes the hit before it


def with_newer_notes(store: NoteStore, hits: list[MemoryHit]) -> list[MemoryHit]:
    """The hits, each relevant hit on a note a newer one changes followed by that newer note (once), with the
    older hit's score and word evidence (so `context` keeps the two together) and a snippet saying so."""
    if not any(h.relevant for h in hits):
        return hits
    newer = newer_notes(store)
    if not newer:
        return hits
    shown = {h.path for h in hits}
    out: list[MemoryHit] = []
    for h in hits:
        out.append(h)
        for path, item in newer.get(h.path, []) if h.relevant else []:
            if path in shown:
                continue
            shown.add(path)
            try:
                note = store.read(path)
            except MemdirError:  # unreadable now: the older note's hit stands alone
                continue
            said = f"newer than `{h.path}` and changes what it says (review {item})"
            out.append(
                replace(
                    h,
                    path=path,
                    kind=path.split("/", 1)[0],
                    title=note.title,
                    description=note.description or note.title,
                    confidence=None,
                    snippet=said,
                    anchor=None,
                    tags=[str(t) for t in note.str_list("tags")],
                    cosine=None,
                    rankers=[CHANGES],
                )
            )
    return out
