"""A short value of a few words, one of them the task's own, is one value (round 42).

A step key masks each word of a value on its own (`agreement.StepAgreement`): a street written after its
key (`address=street=39 Garden Blvd`, `… 1207 Vista Dr`) kept its common last word where two tasks
wrote it and masked it where one did, so one estimate's step was `street # * dr` and another's `street # *
blvd`: two steps, and set 42's concrete estimate kind fell apart (with an exploration call beside it).
Round 40 left the same for a two-word value (`by *` vs `by aarhus *`).

Rule: a value written after `key=` (nested keys too: `address=street=`), up to the next `key=` or the
end, of two to `MAX_WORDS` words (split at spaces: an identifier is one word), one of them a word (no number) that fewer
than min_support tasks of the week write, is one masked value (`~`). A longer value (a constant sentence, a message) keeps its
words: its own words may be the kind's. A value of numbers and common words (`OS 41 0387`, a spaced id; a
phone) is read as before (`step_cover.id_words`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

MAX_WORDS = 4
_VALUE = re.compile(r"((?:^|\s)(?:[^\W\d][\w.-]*=)+)([^=]+?)(?=\s+[^\s=]+=|\s*$)", re.U)
_WORD = re.compile(r"[^\W_]+", re.U)


def one_values(text: str, support: Mapping[str, int], min_support: int) -> str:
    """The text with each short value holding a task's own word written as one masked word `~`."""

    def one(m: re.Match[str]) -> str:
        tokens = m.group(2).split()  # an identifier (`house_wash_booked_v1`) is one token, never a phrase
        words = _WORD.findall(m.group(2))
        own = any(
            not w.isdigit() and support.get(w, 0) < min_support for w in words
        )  # a rare word, no number
        return f"{m.group(1)}~" if 2 <= len(tokens) <= MAX_WORDS and own else m.group(0)

    return _VALUE.sub(one, text)
