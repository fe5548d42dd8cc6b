"""A lesson whose episode names the person's procedure it is about, when the steps alone do not tell (trial 29 #4).

`lesson_link` reads which procedure a daily lesson is about from its steps, and links nothing unless the reading is
clear (a wrong link is worse than none). An episode often says which one in words: "I did the tune-up on #12 last
night …; the tune-up list should say so" beside `procedures/rental-bike-tune-up.md`, 「閉館作業の手順にも書いておく
べき」 beside 「ジムの閉館作業」. There the link needs less from the steps: the procedure is named, and only that one
(its title, or the title's last words after a qualifier: "the tune-up" of "Rental bike tune-up", "the closing
list" of no title; in Japanese what follows a 「の」, three characters at least), and the lesson's rule stands
closest to its steps of every procedure, with a lift of at least NAMED_LINK (half the unnamed link's).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import numpy as np

MIN_LETTERS = 5  # a one-word name ("tune-up", "inventory"); "list", "run" name nothing
MIN_JA = 3
NAMED_LINK = 0.09  # the rule's lift at the named procedure's best step (lesson_link.LINK is 0.18)

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_STOP = {"a", "an", "the", "to", "of", "for", "and", "in", "on", "our", "my", "how"}


def title_names(title: str) -> list[str]:
    """The ways an episode names the procedure titled `title`: the title, and its last words after a qualifier."""
    title = " ".join(title.split()).strip(" .。")
    if _CJK.search(title):
        parts = title.split("の")
        return [n for n in ("の".join(parts[i:]) for i in range(len(parts))) if len(n) >= MIN_JA]
    words = title.split()
    tails = [words[i:] for i in range(len(words))]
    return [
        " ".join(t) for t in tails if t[0].lower() not in _STOP and (len(t) > 1 or len(t[0]) >= MIN_LETTERS)
    ]


def names(text: str, title: str) -> bool:
    """Whether `text` names the procedure titled `title` ("the tune-up", 「閉館作業」)."""
    for name in title_names(title):
        if _CJK.search(name):
            if name in text:
                return True
        elif re.search(rf"(?i)\b(?:the|our)\s+{re.escape(name)}(?![\w-])", text):
            return True
    return False


def named_link(
    text: str, titles: Mapping[str, str], paths: Sequence[str], rule_lifts: np.ndarray
) -> str | None:
    """The one procedure `text` names, when the rule's lifts (one per path of `paths`) put it first at NAMED_LINK
    or more; None otherwise."""
    named = [p for p in paths if names(text, titles.get(p, ""))]
    if len(named) != 1 or not len(rule_lifts):
        return None
    top = int(np.argmax(rule_lifts))
    return named[0] if paths[top] == named[0] and float(rule_lifts[top]) >= NAMED_LINK else None
