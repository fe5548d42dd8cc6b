"""The order of `context`'s relevant entries: a how-to first, but never ahead of a note that matches better.

`context` put procedures first (highest confidence first), then the other hits in search order: the
procedure is what an agent acts on, a day's record is evidence. Trial 29 N1 showed the cost: for "e-bike #5
battery dies early" a wash procedure sharing half the query's words (confidence 0.40) led, and the battery-check
skill holding all of them came third. Now a note (knowledge/, procedures/, skills/) that search ranked higher
AND that holds more of the query's words than another stays ahead of it, whatever that one's confidence or
kind; a skill is a how-to like a procedure (before the other hits, after the procedures with a confidence), and
a how-to still leads episodes and the notes it matches no worse than. Hits without a word share (lexical-only
answers, another script than the query) keep the old order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

NOTE_DIRS = ("knowledge/", "procedures/", "skills/")


@dataclass(frozen=True)
class Ranked:
    """One entry to order: its search rank, kind, confidence (procedures) and share of the query's words."""

    rank: int
    how_to: bool  # a procedure or a skill
    note: bool  # in knowledge/, procedures/ or skills/ (not an episode)
    confidence: float | None
    words: float | None


def _beats(a: Ranked, b: Ranked) -> bool:
    """a matches better than b: search ranked it higher and it holds more of the query's words (a note, not a day)."""
    return a.note and a.words is not None and b.words is not None and a.rank < b.rank and a.words > b.words


def _key(r: Ranked) -> tuple[int, float, int]:
    """How-tos (procedures, skills) first by confidence, then the rest in search order."""
    if r.how_to:
        return (0, -(r.confidence if r.confidence is not None else -1.0), r.rank)
    return (1, 0.0, r.rank)


def ordered(entries: Sequence[Ranked]) -> list[int]:
    """The ranks in the order to show: each time the first by the old order among those no remaining note beats."""
    left = list(entries)
    out: list[int] = []
    while left:
        free = [r for r in left if not any(_beats(o, r) for o in left if o is not r)]
        pick = min(free or left, key=_key)  # `free` is never empty (the best rank is beaten by nobody)
        out.append(pick.rank)
        left.remove(pick)
    return out
