"""A heading's words as a title (trial 18): its marks and the clock time it opens with left out.

An episode file of its own (`episodes/2026-12-01-door.md`) is titled by its first line; `## 10:00 — ドア`
made `procedures/10-00-ドア.md`. A day file's `## 10:00–11:30 — Audit` kept the range's end in its title.
"""

from __future__ import annotations

import re

_MARK = "#\uff03"  # `#` and the full-width `＃` an IME types
# a clock time opening a heading, as a title reads it (trial 18: `## 10:00 — ドア` in a file of its own was
# titled `10:00 — ドア`): `10:00`, `10:00:30`, `9.30am`, `10:00–11:30`, 「10時」「午後3時半」「10時30分〜11時」,
# then a separator or a space; what follows is the title
_CLOCK_ONE = r"(?:\d{1,2}[:：]\d{2}(?:[:：]\d{2})?(?:\s?[ap]\.?m\.?)?|\d{1,2}(?:\.\d{2})?\s?[ap]\.?m\.?|(?:午前|午後)?\d{1,2}時(?:\d{1,2}分|半)?)"
_CLOCK = re.compile(
    rf"^{_CLOCK_ONE}(?:\s*[-–〜~～]\s*{_CLOCK_ONE})?(?:\s*[—–\-:|ー－―：｜]\s*|\s+|(?=[\u3040-\u30ff\u4e00-\u9fff])(?<=[分半]))",
    re.I,
)


def heading_title(line: str) -> str:
    """A heading's words as a title: its marks, and a clock time it opens with, left out (`## 10:00 — ドア`
    -> `ドア`); a heading that is only a time gives ""."""
    words = line.lstrip(_MARK).strip()
    if not line.lstrip().startswith(tuple(_MARK)):
        return words
    rest = _CLOCK.sub("", words, count=1).strip()
    return rest if rest != words else "" if _CLOCK.match(f"{words} ") else words
