"""Notes a newer note changes: the open review items the daily run raises for a changed rule (trial 26 #10).

When a day's note says a rule is now otherwise ("…, not Wednesday", 「水曜ではなく」) and an older note states
that rule, the daily run (`consolidation/daily/route_change.py`) raises one `merge_candidate` item on the older
note whose description starts with CHANGE_REASON and names the newer note. Until a person accepts or rejects it,
search and `context` show the newer note beside the older one (`agents/newer_notes.py`): the two notes may be in
two languages, and multilingual-e5 seldom brings a note across languages over the relevance floor.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

CHANGE_REASON = "a newer note changes what this note says"
_NEWER = re.compile(re.escape(CHANGE_REASON) + r": (\S+\.md)\b")


def newer_notes(store: NoteStore) -> dict[str, list[tuple[str, str]]]:
    """Older note -> [(newer note, review item id)], from the open items in `review/` (unreadable ones skipped)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for note in store.iter_notes(("review",)):
        m = _NEWER.match(note.description)
        target, newer = str(note.meta.get("target") or ""), m.group(1) if m else ""
        if m and target and store.exists(newer):
            item = str(note.meta.get("id") or note.path.rsplit("/", 1)[-1].removesuffix(".md"))
            out.setdefault(target, []).append((newer, item))
    return out
