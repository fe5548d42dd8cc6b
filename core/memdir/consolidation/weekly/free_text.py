"""A call's free-text values read as one value each, and how far a call is read for its step key (round 64).

A call written as arguments (`kliente=KL-5521 … kolo=dove grey … nota=wants a bound edge on the brim`) carries
values of three sorts: the kind's constants (a product's code, name and description, written word for word by
every order), instance values of a word or two (`KL-5521`, `navy`), and free text a person wrote (a note, the
designs a requester asked for). A step key masks a word fewer than min_support tasks wrote and keeps the rest, so a
free text kept its common words (`the`, `on`, `a`, Pashto's `او`, `د`) among masks: one call was as many keys as
its notes had shapes (`nota * a * on the brim`, `nota * the *`, `nota *`; `… * او د * …`, `… د * …` in the middle
of the call, where `step_cover.free_note`, which reads the last argument only, does not look).

Here a value of `MIN_FREE_WORDS` words of letters or more is *free text* when most of them are written in that
argument (under its name) by fewer than min_support tasks of the week: it is one masked value wherever it stands.
A constant's words are written under its name by every task of its kind, a template's frame by every reply of its
kind, so neither is touched.

The key was also read from the call's first 300 characters (and the week's words counted there): with a product's
160-character description before values of varying length, each order's key ended at another argument (`… fecha #`,
`… fecha # *`, `… fecha # manera *`). The text is now read up to `READ_CHARS` and the key cut at `KEY_CHARS`
characters of its masked form, where calls of one shape agree word for word whatever their values' lengths (a
value's words are one `*` however many there are).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from memdir.consolidation.weekly.script_words import MARKS

READ_CHARS = 2000  # a call's text read for its step key and the week's word counts (was 300)
KEY_CHARS = 600  # a step key's masked form, cut at a word
MIN_FREE_WORDS = 3  # words of letters in a value that can be free text: `dove grey` is one value already
# an argument's name (nested names written flat: `entrega=fecha=…`; `uñacht'awinaka=`: a glottal apostrophe)
_NAMES = re.compile(rf"((?:[^\W\d](?:[\w.'’\-\u0f0b]|[{MARKS}])*=)+)", re.U)  # any script's names
_WORD = re.compile(rf"[^\W_](?:[^\W_]|[{MARKS}])*", re.U)
_ID = re.compile(r"[^\W_]+(?:[-_./][^\W_]+)+", re.U)  # words a `-`, `_`, `.` or `/` joins, no space
_ADDRESS = re.compile(r"\S*[/:@\\]\S*")  # one token with a path's or an address's marks
FREE = "~"  # what a free-text value is written as: one masked word (as an address written once)

Work = Sequence[tuple[str, str]]


def arguments(text: str) -> list[tuple[str, str, int, int]]:
    """(name, value, start, end) of each argument of a call written as `name=value …`, lower case; the value runs
    to the next name. Nested names are one argument, named by the last (`entrega=fecha=2065-07-11`: `fecha`)."""
    text = text.lower()
    out: list[tuple[str, str, int, int]] = []
    found = [m for m in _NAMES.finditer(text) if m.start() == 0 or text[m.start() - 1].isspace()]
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        name = m.group(1).rstrip("=").rsplit("=", 1)[-1]
        out.append((name, text[m.end() : end], m.end(), end))
    return out


def _letter_words(value: str) -> list[str]:
    return [w for w in _WORD.findall(value) if not any(c.isdigit() for c in w)]


class FreeText:
    """The week's words per argument name; a call's text with its free-text values as one masked word each."""

    def __init__(self, week: Iterable[Work], min_support: int) -> None:
        self.min_support = min_support
        self._support: Counter[tuple[str, str]] = Counter()
        for work in week:
            self._support.update(
                {
                    (name, w)
                    for _, text in work
                    for name, value, _, _ in arguments(text[:READ_CHARS])
                    for w in _letter_words(value)
                }
            )

    def is_free(self, name: str, value: str) -> bool:
        """Whether an argument's value is free text (see the module's docstring)."""
        words = _letter_words(value)
        bare = value.strip()
        if len(words) < MIN_FREE_WORDS or _ID.fullmatch(bare) or _ADDRESS.fullmatch(bare):
            return False  # a code (`MMF-CAP-PRINT`), a path or a URL is no text: `agreement` reads its words
        rare = sum(self._support[(name, w)] < self.min_support for w in words)
        return 2 * rare > len(words)

    def read(self, text: str) -> str:
        """The call's text (up to `READ_CHARS`, lower case) with each free-text value written as `FREE`."""
        text = text.lower()[:READ_CHARS]
        out: list[str] = []
        at = 0
        for name, value, start, end in arguments(text):
            if self.is_free(name, value):
                out.append(text[at:start])
                out.append(FREE + (" " if value[-1:].isspace() else ""))
                at = end
        out.append(text[at:])
        return "".join(out)


def cut_key(words: list[str]) -> list[str]:
    """The key's words up to `KEY_CHARS` characters of its masked form (at least the action)."""
    n, size = 1, len(words[0]) if words else 0
    while n < len(words) and size + 1 + len(words[n]) <= KEY_CHARS:
        size += 1 + len(words[n])
        n += 1
    return words[:n]
