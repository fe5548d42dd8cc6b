"""Ids and names memdir makes from masked text, kept the same through every later masking.

An episode anchor or a file name is made from text whose secrets are masked, so it reads `redacted`
where a secret was (`1200-トークンは-redacted-です`). Such a name is an id: run state, notes' `sources`,
review keys and review targets hold it, and each of those writes masks secrets again. So a name is
`settled`: masking it again changes nothing, and state keyed on it finds it again. An earlier memdir
did mask such ids a second time (`…#1200-トークンは[REDACTED]です`, a key no episode ever had);
`stored_ref` reads those back as the id memdir makes now, so a root it left behind is not processed
again. Neither function is for prose: a note's text keeps its masks as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memdir.redaction import MASK, redact_text

MAX_ROUNDS = 3  # each round masks what the last name revealed; the mask itself is never masked again
_TWICE = re.compile(r"-*" + re.escape(MASK) + r"-*")
_EDGE = "#/:._"  # where a name part starts or ends: no dash there (anchors and slugs strip them)


def settled(name: str, make: Callable[[str], str]) -> str:
    """`name` (made by `make` from masked text), remade until masking it again changes nothing."""
    for _ in range(MAX_ROUNDS):
        again = redact_text(name)
        if again == name:
            return name
        name = make(again.replace(MASK, f" {MASK} "))  # the mask as a word of its own: `-redacted-`
    return name


def stored_ref(ref: str) -> str:
    """An id, path or key as memdir makes it now, also when an earlier memdir stored it masked twice."""
    if MASK not in ref:
        return ref

    def one(m: re.Match[str]) -> str:
        left = "" if m.start() == 0 or ref[m.start() - 1] in _EDGE else "-"
        right = "" if m.end() == len(ref) or ref[m.end()] in _EDGE else "-"
        return f"{left}redacted{right}"

    return _TWICE.sub(one, ref)
