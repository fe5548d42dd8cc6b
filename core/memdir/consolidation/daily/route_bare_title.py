"""Whether a note's title names a subject, or is a bare label ("fix", "notes", "todo", 「メモ」) (trial 13).

Daily's rule 5 ("same slug and calibrated similarity >= 0.5 -> updated", docs/daily.md) reads two
parts with the same title as one subject. A one-word title says too little for that: two `## fix`
episodes of different days (a Docker build fix, a release-CI fix) shared only the label and became
one `procedures/fix.md`. A title *names a subject* when it holds at least two words: Latin words of
two or more letters (digits count: "v2"), and Japanese counted as a writer reads it, about two
characters a word (「メモ」 is one word, 「受付端末」 two). A bare title still joins a note of the
same slug when the texts are on the same subject by similarity alone (rule 6); it no longer does so
by its name.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W\d_\u3040-\u30ff\u3400-\u9fff]{2,}|\d+[^\W_]*", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
MIN_WORDS = 2


def names_a_subject(title: str) -> bool:
    """Whether `title` holds at least MIN_WORDS words (a CJK character counting half a word)."""
    words = len(_WORD.findall(title)) + len(_CJK.findall(title)) / 2
    return words >= MIN_WORDS
