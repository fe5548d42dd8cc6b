"""Whether a draft that adds nothing to the note it repeats is counted on that note, not raised as an item.

A daily or weekly procedure is counted (its tasks that followed it, `follows.py`, are its successes), unless it
was found only across languages (`cross_language.told_across`: a match nobody confirmed). A person's note
gets one review item the first time (a match nobody confirmed; the note is never changed unasked), and is
counted from then on once a person confirmed that work on it (trial 31 #8: nine successful runs of a person's
surf-report procedure gave one empty `merge_candidate` per week, and accepting them left it with no
`success_count`): the note's `sources` hold task ids (an accepted weekly item, `feedback`, a daily source), so
a later week's tasks that followed it are its successes, each with its Outcome-notes line (`found_again.py`).
A skill keeps its `evidence` item (a skill has no counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from memdir.consolidation.weekly.cross_language import told_across
from memdir.notes.store import NoteStore


class _Placer(Protocol):
    store: NoteStore
    auto: set[str]  # daily and weekly procedures
    people: set[str]  # notes a person wrote


def counted_here(target: str, placer: _Placer, steps: Sequence[str]) -> bool:
    """True when an empty candidate for `target` is counted on it (module doc)."""
    if target.startswith("skills/") or not steps:
        return False
    if target in placer.auto:
        return not told_across(steps)
    if target not in placer.people:
        return False
    raw = placer.store.read(target).get("sources")
    return bool(raw) and isinstance(raw, list)
