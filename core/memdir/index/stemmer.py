"""The Porter (1980) stemmer for English words, so `painted`, `painting` and `paints` meet at `paint`.

A plain implementation of M. F. Porter's algorithm ("An algorithm for suffix stripping",
Program 14(3), 1980): no dictionary, no data files, deterministic. It only sees
lower-case ASCII letters; the lexical tokenizer leaves numbers, CJK text and words
with other characters alone.
"""

from __future__ import annotations

from functools import lru_cache

_VOWELS = frozenset("aeiou")
_STEP2 = (
    ("ational", "ate"),
    ("tional", "tion"),
    ("enci", "ence"),
    ("anci", "ance"),
    ("izer", "ize"),
    ("bli", "ble"),
    ("alli", "al"),
    ("entli", "ent"),
    ("eli", "e"),
    ("ousli", "ous"),
    ("ization", "ize"),
    ("ation", "ate"),
    ("ator", "ate"),
    ("alism", "al"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("aliti", "al"),
    ("iviti", "ive"),
    ("biliti", "ble"),
    ("logi", "log"),
)
_STEP3 = (
    ("icate", "ic"),
    ("ative", ""),
    ("alize", "al"),
    ("iciti", "ic"),
    ("ical", "ic"),
    ("ful", ""),
    ("ness", ""),
)
_STEP4 = (
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ment",
    "ent",
    "ion",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
)
# longest suffix first, so `ational` wins over `tional` and `ement` over `ment`
_STEP2_SORTED = tuple(sorted(_STEP2, key=lambda p: -len(p[0])))
_STEP3_SORTED = tuple(sorted(_STEP3, key=lambda p: -len(p[0])))
_STEP4_SORTED = tuple(sorted(_STEP4, key=len, reverse=True))


def _is_consonant(word: str, i: int) -> bool:
    ch = word[i]
    if ch in _VOWELS:
        return False
    if ch == "y":
        return i == 0 or not _is_consonant(word, i - 1)
    return True


def _measure(stem: str) -> int:
    """Porter's m: the number of vowel-consonant sequences in stem."""
    n, i, size = 0, 0, len(stem)
    while i < size and _is_consonant(stem, i):
        i += 1
    while i < size:
        while i < size and not _is_consonant(stem, i):
            i += 1
        if i >= size:
            break
        while i < size and _is_consonant(stem, i):
            i += 1
        n += 1
    return n


def _has_vowel(stem: str) -> bool:
    return any(not _is_consonant(stem, i) for i in range(len(stem)))


def _double_consonant(word: str) -> bool:
    return len(word) >= 2 and word[-1] == word[-2] and _is_consonant(word, len(word) - 1)


def _cvc(word: str) -> bool:
    """consonant-vowel-consonant ending, the last not w, x or y (e.g. `hop`, not `snow`)."""
    n = len(word)
    return (
        n >= 3
        and _is_consonant(word, n - 3)
        and not _is_consonant(word, n - 2)
        and _is_consonant(word, n - 1)
        and word[-1] not in "wxy"
    )


def _replace(word: str, rules: tuple[tuple[str, str], ...]) -> str:
    for suffix, repl in rules:
        if word.endswith(suffix):
            stem = word[: len(word) - len(suffix)]
            return stem + repl if _measure(stem) > 0 else word
    return word


def _step1(word: str) -> str:
    if word.endswith("sses") or word.endswith("ies"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    stripped = False
    if word.endswith("eed"):
        if _measure(word[:-3]) > 0:
            word = word[:-1]
    elif word.endswith("ed") and _has_vowel(word[:-2]):
        word, stripped = word[:-2], True
    elif word.endswith("ing") and _has_vowel(word[:-3]):
        word, stripped = word[:-3], True
    if stripped:
        if word.endswith(("at", "bl", "iz")):
            word += "e"
        elif _double_consonant(word) and word[-1] not in "lsz":
            word = word[:-1]
        elif _measure(word) == 1 and _cvc(word):
            word += "e"
    if word.endswith("y") and _has_vowel(word[:-1]):
        word = word[:-1] + "i"
    return word


def _step4(word: str) -> str:
    for suffix in _STEP4_SORTED:
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            if _measure(stem) > 1 and (suffix != "ion" or stem.endswith(("s", "t"))):
                return stem
            return word
    return word


def _step5(word: str) -> str:
    if word.endswith("e"):
        stem = word[:-1]
        m = _measure(stem)
        if m > 1 or (m == 1 and not _cvc(stem)):
            word = stem
    if _measure(word) > 1 and _double_consonant(word) and word.endswith("l"):
        word = word[:-1]
    return word


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Porter stem of a lower-case English word (words of 1-2 letters and non-letters unchanged)."""
    if len(word) <= 2 or not (word.isascii() and word.isalpha()):
        return word
    word = _step1(word)
    word = _replace(word, _STEP2_SORTED)
    word = _replace(word, _STEP3_SORTED)
    word = _step4(word)
    return _step5(word)
