"""A lesson's heading: `# Lesson: <title>` / `# 教訓：<title>`, never `# Lesson: Lesson: <title>`.

An episode titled "Lesson: rabies booking" (or 「教訓：…」, "Lessons learned - …") already says what the
writers of lessons add (trial 22: `# Lesson: Lesson: rabies booking at Kita clinic`); its label is taken
off the title once, wherever a lesson is named (daily, weekly, decisions, corrections, rule candidates).
"""

from __future__ import annotations

import re

# a label that names a lesson, then its separator: "Lesson:", "Lessons learned -", "Lesson learnt —", 「教訓：」
_LABEL = re.compile(
    r"^\s*(?:(?:the\s+)?lessons?(?:\s+(?:learned|learnt))?|takeaways?|教訓|学んだこと|反省点?)\s*(?:[:：|｜]|\s[-–—]\s?)\s*",
    re.I,
)


def bare_lesson_title(title: str) -> str:
    """The title without the lesson labels it opens with ("Lesson: Lesson: x" -> "x"); the title itself
    when nothing else is left."""
    bare = title
    while True:
        rest = _LABEL.sub("", bare, count=1)
        if rest == bare or not rest.strip():
            return bare.strip()
        bare = rest


def lesson_heading(title: str, japanese: bool = False) -> str:
    """`# Lesson: <title>` (`# 教訓：<title>`), the title's own lesson label taken off first."""
    bare = bare_lesson_title(title)
    return f"# 教訓：{bare}" if japanese else f"# Lesson: {bare}"
