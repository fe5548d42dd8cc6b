"""Echoes of a secret: once a value is found to be a secret, every other occurrence of it is one too.

The detectors find a secret by what names it (`DB_PASSWORD=…`, `with password …`, a vendor
prefix); the same value again later in the text, in the title, in another field of the same
write or lowercased in an anchor has nothing naming it and would stay in clear. So the values
found in one write are searched for everywhere in that write, in any case.

Only values nobody writes by chance are echoed: six characters or more, and not a plain word
(twelve characters or more, or with a digit, a symbol or a capital after the first letter).
`password=test` masks that `test` only, never "run the test suite". A long secret's parts of
16 characters or more (a JWT's signature, a webhook's last path segment, a line of a key's body)
are echoed on their own too: a bare signature pasted later is the same secret.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterable

_MASKED = re.compile(r"<redacted>|\[REDACTED\]")
_PIECE = re.compile(r"[^\s.:/@]{16,}")  # a part of a secret cut at spaces, dots, colons, slashes and @
_NOT_PLAIN = re.compile(r"\d|[^\w]|_|.[A-Z]")  # a digit, a symbol or a capital after the first letter
MIN_ECHO = 6
MIN_PLAIN_ECHO = 12


def echoable(value: str) -> bool:
    """A value whose other occurrences are the same secret (not a short or plain word)."""
    if len(value) < MIN_ECHO or _MASKED.search(value) or not value.strip():
        return False
    return len(value) >= MIN_PLAIN_ECHO or bool(_NOT_PLAIN.search(value))


def echo_values(found: Iterable[str]) -> frozenset[str]:
    """The values to mask wherever they occur, from the secrets found (and their long parts)."""
    out: set[str] = set()
    for value in found:
        if echoable(value):
            out.add(value)
        out.update(p for p in _PIECE.findall(value) if p != value and echoable(p))
    return frozenset(out)


@functools.lru_cache(maxsize=256)
def _pattern(values: frozenset[str]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(v) for v in sorted(values, key=len, reverse=True)), re.IGNORECASE)


def echo_spans(text: str, values: Collection[str]) -> list[tuple[int, int]]:
    """(start, end) of every occurrence of the values in text, in any case."""
    if not values or not text:
        return []
    lowered = text.lower()
    present = frozenset(v for v in values if v.lower() in lowered)
    if not present:
        return []
    return [m.span() for m in _pattern(present).finditer(text)]
