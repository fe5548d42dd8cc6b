"""Display width for note titles and descriptions: a CJK character takes two columns.

`cut` shortens a line to a number of columns at a word or, in Japanese, a clause boundary.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_cues import plain

DESC_LIMIT = 160  # display columns (a CJK character is two)
WIDE = re.compile(
    r"[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]"
)


def one_line(text: str) -> str:
    """Text on one line, without markdown marks."""
    return " ".join(plain(text).split())


def width(text: str) -> int:
    """Display columns: CJK characters count twice."""
    return len(text) + len(WIDE.findall(text))


def fit(text: str, limit: int) -> int:
    """How many characters of text fit in `limit` columns."""
    cols = 0
    for i, ch in enumerate(text):
        cols += 2 if WIDE.match(ch) else 1
        if cols > limit:
            return i
    return len(text)


def cut(text: str, limit: int) -> str:
    """At most `limit` columns, cut at a word (or, in Japanese, a clause) boundary."""
    text = one_line(text)
    if width(text) <= limit:
        return text
    head = text[: fit(text, limit - 1)]
    for sep in ("、", "，", ", ", "; ", " "):
        i = head.rfind(sep)
        if i >= len(head) // 2:
            return head[:i].rstrip(" ,;、") + "…"
    return head.rstrip() + "…"
