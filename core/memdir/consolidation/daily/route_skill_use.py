"""A text that says it used a skill by the skill's name is a use of the skill, not a new note (trial 29 #11).

"Checked it with the battery check: 812 cycles, worn." beside `skills/e-bike-battery-check.md` ("E-bike battery
check") was planned as new knowledge (`knowledge/battery.md`): the report is short and about the bike, so it read
too far from the skill for the similarity rule (docs/daily.md, plan rule 3). A person reads the skill's name. The
name is the skill's title, or its last words when the title opens with a qualifier (two words at least in English:
"battery check" of "E-bike battery check"; in Japanese what follows a 「の」, three characters at least: 「水質チェック」
of 「水槽の水質チェック」; an aside in brackets at the end left out: "ding repair" of "Ding repair (solar resin)",
trial 31 #11), and it is said as the thing used:

- English: after "with / using / via / per / following / through / ran / did / used / followed" and "the" or
  "our" ("Ran the soil pH test on it", "checked with the battery check");
- Japanese: before 「で」「を使って」「に沿って」「どおり」「通り」「をやって」「を行」「を実施」.

When exactly one skill is named so, the part is an `evidence` item on it (skills are read-only); two named, or
none, and the plan's other rules decide as before.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from memdir.consolidation.daily.route_rag import Match, NoteVectors
from memdir.consolidation.daily.route_usage_match import procedure_text

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

MIN_WORDS = 2  # an English name: one word ("check", "test") names no skill
MIN_JA = 3  # a Japanese name: 「点検」 alone names no skill

_BEFORE_EN = r"(?i)\b(?:with|using|via|per|following|through|ran|run|runs|did|do|does|used|use|followed|follow)\s+(?:the|our)\s+"
_AFTER_JA = r"(?:で|を使って|を使い|を使った|に沿って|どおり|通り|をやって|を行|を実施)"
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


_ASIDE = re.compile(
    r"\s*[(（][^()（）]*[)）]\s*$"
)  # "Ding repair (solar resin)": the aside says how, not which


def names(title: str) -> list[str]:
    """The ways a text names the skill titled `title`: the title, and its last words after a qualifier; a title
    that closes with an aside in brackets is named without it too (trial 31 #11)."""
    bare = _ASIDE.sub("", title)
    whole = _names(title)
    return whole + [n for n in _names(bare) if n not in whole] if bare.strip() and bare != title else whole


def _names(title: str) -> list[str]:
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


USED = "says it used this skill by its name"


class SkillNames:
    """The root's skills for one plan, read once: their texts (usage reports are matched on them), which one a text
    says it used, and the skill an evidence item names. Never writes a skill."""

    def __init__(self, store: NoteStore, vectors: NoteVectors) -> None:
        self.store, self.vectors = store, vectors
        self._titles: dict[str, str] | None = None
        self._texts: dict[str, str] = {}

    def _read(self) -> dict[str, str]:
        if self._titles is None:
            notes = list(self.store.iter_notes(("skills",)))
            self._titles = {n.path: n.title for n in notes}
            self._texts = {n.path: procedure_text(n.title, n.description, n.body) for n in notes}
        return self._titles

    def texts(self) -> dict[str, str]:
        """Each skill's title, description and steps (route_usage_match.procedure_text), by path."""
        self._read()
        return dict(self._texts)

    def used(self, text: str) -> str | None:
        """The one skill `text` says it used by its name (an embedded one), else None."""
        path = skill_used(text, self._read())
        return path if path is not None and path in self.vectors.paths else None

    def evidence(self, vec: np.ndarray, path: str) -> tuple[Match, str]:
        """The skill an evidence item names (`path`, when named; else the closest) and what the item says."""
        skills = self.vectors.related(vec, "skills", k=len(self.vectors.paths))
        named = next((s for s in skills if s.path == path), None)
        return (named, USED) if named is not None else (skills[0], "matches this skill")
