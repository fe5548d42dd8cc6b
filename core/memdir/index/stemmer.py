"""English stemming with the Porter (1980) algorithm, from PyStemmer (Snowball's libstemmer in C).

`painted`, `painting` and `paints` meet at `paint`. Snowball's `porter` is M. F. Porter's
original algorithm ("An algorithm for suffix stripping", Program 14(3), 1980), chosen over
Snowball's later `english` (Porter2) on the LoCoMo dev questions (lexical R@5 0.864 vs 0.863;
docs/benchmarks-search.md). It replaced a hand-written Porter stemmer that agreed with it on
all but 12 of 19,517 words of LoCoMo and the Vue docs (`technology`: `technolog` there,
`technologi` here, as in Porter's reference output). Only lower-case ASCII words of three
letters or more are stemmed; numbers, CJK text and words with other characters stay whole.
"""

from __future__ import annotations

import threading
from functools import lru_cache

import Stemmer

ALGORITHM = "porter"
_stemmer = Stemmer.Stemmer(ALGORITHM, 0)  # no cache of its own: the lru_cache below is shared
_lock = threading.Lock()  # a PyStemmer object is not thread-safe


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Porter stem of a lower-case English word (words of 1-2 letters and non-letters unchanged)."""
    if len(word) <= 2 or not (word.isascii() and word.isalpha()):
        return word
    with _lock:
        return str(_stemmer.stemWord(word))


_others: dict[str, Stemmer.Stemmer] = {}


@lru_cache(maxsize=65536)
def snowball(word: str, algorithm: str = "english") -> str:
    """The stem of `word` by another Snowball algorithm (the router's routine cues read verbs with Porter2,
    `english`), every word as given, under the same lock as `stem`."""
    with _lock:
        stemmer = _others.get(algorithm) or _others.setdefault(algorithm, Stemmer.Stemmer(algorithm, 0))
        return str(stemmer.stemWord(word))
