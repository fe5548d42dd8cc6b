"""One step at two levels of detail: a key whose masked words cover another's specific ones (round 27).

A step key keeps a value word that enough of the week wrote and masks the rest (`agreement.StepAgreement`):
one diver's `verify_certification agency padi card no # name *` and another's `agency * card no * # name *`
(NAUI's `NA-88107342`), one booking's `rental * pickup` and one with its own gear's `rental pickup` (an empty
value), one reply's `channel line to #` and one's `channel * to *` (an e-mail). These are one step on other
values; compared as two, the dive shop's boat kind fell apart into one task and three. Here a key *covers*
another when each of its `*` stands for one word of the other's or none (an empty value), and a `#` is a
value too: one value's place, never a run of words (a web agent's `click *` covers no step of another kind). Members of a cluster are compared on the most general keys they hold.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache


@lru_cache(maxsize=65536)
def _rx(pattern: str) -> re.Pattern[str] | None:
    parts = pattern.split(" ")
    if "*" not in parts[1:]:
        return None
    return re.compile("".join(r"(?:\S+ )?" if p == "*" else re.escape(p) + " " for p in parts))


def covers(pattern: str, key: str) -> bool:
    """Whether the key is the pattern's step on other values (the pattern's `*`: one word, or none)."""
    if pattern == key:
        return True
    rx = _rx(pattern)
    return rx is not None and rx.fullmatch(key + " ") is not None


def most_general(held: Sequence[set[str]], arguments: Collection[str]) -> list[set[str]]:
    """Each member's patterns without those another pattern it holds covers (the same step, in detail)."""
    return [
        {p for p in h if p not in arguments or not any(q != p and q in arguments and covers(q, p) for q in h)}
        for h in held
    ]


def alike(keys: Iterable[str], key: str, arguments: Collection[str]) -> bool:
    """Whether one of the keys is the key's step on other values (either covers the other). Only calls written
    as arguments (`arguments`: `agency=PADI`) are so compared: a web agent's `click # *` is a rare label, the
    kind's own, not a value."""
    return key in arguments and any(k in arguments and (covers(k, key) or covers(key, k)) for k in keys)
