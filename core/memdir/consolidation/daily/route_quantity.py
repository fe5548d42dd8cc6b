"""Quantities a translation keeps: a number with its unit, read the same in English and Japanese.

A how-to in a clinic, a kitchen or a workshop names few tools a translation keeps as they are (a product name
is written in katakana in Japanese: Virkon, ビルコン), but its quantities survive every translation: "1%",
"ten minutes" and 「10分間」, "15 minutes" and 「15分」 (trial 28 #6). Read as bare numbers they looked like a list's
own numbers (`route_lang._LIST_NUMBER`) and were left out of the identifiers two versions must share, so the
English and Japanese tellings of one cleaning routine shared none. Here each quantity becomes one token, its
number and a unit name common to both languages ("15min", "1%"), so it counts as an identifier and never as a
list number. Units are those of time, share, temperature, volume, weight and length; a counter of things
(「5頭」, "3 boxes") is no unit of measure and stays a bare number. 「16週」 is weeks and 「3年ごと」 years (a 4-digit
year, 「2026年」, is a date and stays as written); numbers that share one unit ("8, 12 and 16 weeks", 「8・12・16週」)
each take it (trial 28 #13: a vaccine schedule told in English and kept in Japanese shared only such amounts).
"""

from __future__ import annotations

import re
import unicodedata

_WORD_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "forty-five": 45,
    "fifty": 50,
    "sixty": 60,
    "ninety": 90,
}
# (unit name, how English and Japanese write it); the longer spellings first
_UNITS: list[tuple[str, str]] = [
    ("%", r"%|percent|per cent|パーセント"),
    ("min", r"minutes?|mins?\b|分間|分(?!の[0-9一二三四五六七八九十])"),
    ("s", r"seconds?|secs?\b|秒間|秒"),
    ("h", r"hours?|hrs?\b|時間"),
    ("d", r"days?\b|日間"),
    ("wk", r"weeks?\b|週間|週(?![目末])"),
    ("mo", r"months?\b|か月|ヶ月|カ月|ヵ月"),
    ("y", r"years?\b|年間|年(?![0-9生度前後末始目])"),
    ("°c", r"°\s?c\b|degrees?(?:\s+c(?:elsius)?)?\b|度"),
    ("ml", r"ml\b|millilit(?:er|re)s?|ミリリットル"),
    ("l", r"l\b|lit(?:er|re)s?\b|リットル"),
    ("mg", r"mg\b|milligrams?|ミリグラム"),
    ("kg", r"kg\b|kilo(?:gram)?s?\b|キロ(?:グラム)?"),
    ("g", r"g\b|grams?\b|グラム"),
    ("mm", r"mm\b|millimet(?:er|re)s?|ミリ(?:メートル)?"),
    ("cm", r"cm\b|centimet(?:er|re)s?|センチ(?:メートル)?"),
]
_NUMBER = r"(?:\d+(?:\.\d+)?|" + "|".join(sorted(_WORD_NUMBERS, key=len, reverse=True)) + ")"
# numbers that share one unit: "8, 12 and 16 weeks", 「8・12・16週」 (trial 28's re-check #13)
_SERIES = rf"{_NUMBER}(?:\s*[,、・]\s*{_NUMBER})*(?:,?\s+(?:and|or)\s+{_NUMBER})?"
_QUANTITY = re.compile(
    rf"(?<![A-Za-z0-9.])({_SERIES})\s?(?:-\s?)?(" + "|".join(f"(?:{u})" for _, u in _UNITS) + ")",
    re.I,
)
_ONE = re.compile(_NUMBER, re.I)
_UNIT_OF = [(name, re.compile(rf"^(?:{u})$", re.I)) for name, u in _UNITS]


def _unit(said: str) -> str:
    return next(name for name, pat in _UNIT_OF if pat.match(said))


def _number(said: str) -> str:
    n = _WORD_NUMBERS.get(said.lower())
    if n is not None:
        return str(n)
    return said.rstrip("0").rstrip(".") if "." in said else said


def quantities(text: str) -> tuple[set[str], str]:
    """The quantities of `text` as tokens ("15min", "1%"), and the text with them blanked out (so their numbers
    are not read again as bare numbers)."""
    norm = unicodedata.normalize("NFKC", text).replace("℃", "°C")
    found: set[str] = set()

    def take(m: re.Match[str]) -> str:
        unit = _unit(m.group(2))
        said = _ONE.findall(m.group(1))
        if unit == "y" and len(said[-1]) == 4:  # 「2026年」 is a date, no amount of years
            return m.group(0)
        found.update(f"{_number(n)}{unit}" for n in said)
        return " "

    return found, _QUANTITY.sub(take, norm)
