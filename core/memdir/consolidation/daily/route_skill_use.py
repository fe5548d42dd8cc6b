"""A text that says it used a skill by the skill's name is a use of the skill, not a new note (trial 29 #11).

"Checked it with the battery check: 812 cycles, worn." beside `skills/e-bike-battery-check.md` ("E-bike battery
check") was planned as new knowledge (`knowledge/battery.md`): the report is short and about the bike, so it read
too far from the skill for the similarity rule (docs/daily.md, plan rule 3). A person reads the skill's name. The
name is the skill's title, or its last words when the title opens with a qualifier (two words at least in English:
"battery check" of "E-bike battery check"; in Japanese what follows a 「の」, three characters at least: 「水質チェック」
of 「水槽の水質チェック」), and it is said as the thing used:

- English: after "with / using / via / per / following / through / ran / did / used / followed" and "the" or
  "our" ("Ran the soil pH test on it", "checked with the battery check");
- Japanese: before 「で」「を使って」「に沿って」「どおり」「通り」「をやって」「を行」「を実施」.

When exactly one skill is named so, the part is an `evidence` item on it (skills are read-only); two named, or
none, and the plan's other rules decide as before.
"""

from __future__ import annotations

import re

MIN_WORDS = 2  # an English name: one word ("check", "test") names no skill
MIN_JA = 3  # a Japanese name: 「点検」 alone names no skill

_BEFORE_EN = r"(?i)\b(?:with|using|via|per|following|through|ran|run|runs|did|do|does|used|use|followed|follow)\s+(?:the|our)\s+"
_AFTER_JA = r"(?:で|を使って|を使い|を使った|に沿って|どおり|通り|をやって|を行|を実施)"
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def names(title: str) -> list[str]:
    """The ways a text names the skill titled `title`: the title, and its last words after a qualifier."""
    title = " ".join(title.split()).strip(" .。")
    if _CJK.search(title):
        parts = title.split("の")
        return [n for n in ("の".join(parts[i:]) for i in range(len(parts))) if len(n) >= MIN_JA]
    words = title.split()
    return [" ".join(words[i:]) for i in range(len(words) - MIN_WORDS + 1)]


def _said_as_used(text: str, name: str) -> bool:
    if _CJK.search(name):
        return re.search(re.escape(name) + _AFTER_JA, text) is not None
    return re.search(_BEFORE_EN + re.escape(name) + r"(?![\w-])", text, re.IGNORECASE) is not None


def skill_used(text: str, titles: dict[str, str]) -> str | None:
    """The one skill (path) whose name `text` says was used, of `titles` (path -> title); None for none or two."""
    used = [path for path, title in titles.items() if any(_said_as_used(text, n) for n in names(title))]
    return used[0] if len(used) == 1 else None
