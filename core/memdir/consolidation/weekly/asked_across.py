"""A procedure titled in English, asked for in Japanese too: its `aliases:` name it as the Japanese requests do.

A weekly procedure distilled from requests in two languages is titled in one (its tools' English, most
often), so a Japanese question shares none of its words and finds it only as weak (trial 28 N2: `context
"予約の取り方"` missed `create-an-appointment.md`, half of whose tasks were Japanese booking requests; trial 29 #8).
The index reads a note's `aliases:` as its title (lexical weight, leading the embedded text: index/chunking.py),
so the weekly names the procedure there in the requests' own words: what 3 or more of its Japanese requests
share (`titles_ja.shared_phrase_ja`), each of its words written by at least two of them, so never one task's
value (a pet's name, a date). A title already in Japanese, or fewer than three Japanese requests: none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.titles_ja import shared_phrase_ja
from memdir.runs.redact import redact_text

MIN_ASKED = 3  # Japanese requests needed before their shared words name the kind
_JAPANESE = re.compile(r"[\u3041-\u3096\u30a0-\u30ff]|[\u3400-\u4dbf\u4e00-\u9fff]")
_PARTICLE = re.compile(r"[のをにへとでがはも、。・\s]+")


def is_japanese(text: str) -> bool:
    """Whether a request is written in Japanese (kana or kanji)."""
    return bool(_JAPANESE.search(text))


def asked_aliases(title: str, asked: Sequence[str]) -> list[str]:
    """The other-language name of a kind titled `title`: [] or one phrase its Japanese requests share."""
    if _JAPANESE.search(title):
        return []
    japanese = [a for a in asked if _JAPANESE.search(a)]
    if len(japanese) < MIN_ASKED:
        return []
    phrase = shared_phrase_ja(japanese).strip()
    pieces = [p for p in _PARTICLE.split(phrase) if p]
    if not pieces or any(
        sum(p in a for a in japanese) < 2 for p in pieces
    ):  # a word of one request: no alias
        return []
    if redact_text(phrase) != phrase:  # a secret-looking phrase is never written
        return []
    return [phrase]
