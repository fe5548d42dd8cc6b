"""A value that differs between a kind's tasks is never a word of its title (round 35).

A title built from the requests' shared words may open with one task's value: set 35's washer repairs
wrote `Whirlpool`, `LG`, `Samsung`, `Maytag` (the steps' `appliance.brand={brand}`), and the clause
"Maytag washer, door won't unlock" gave `Maytag washer`: the capitalised first word read as the request's
verb. A value is *one task's* when its placeholder holds two values or more and only one task wrote it;
a title holding such a value as a whole word, when at most one request writes it, is unfit and takes the
next candidate (`title_guard.fit_title`): `Book a visit`. A value two requests write (`washer`) is the
kind's and stays.

A count is a task's value however it is spelt (round 38): set 38's pottery class was `Book the wheel for two
adults`, the party size the steps pass as `party.adults={adults}` (`2` twice, `4`, `1`). A placeholder whose
values are all small numbers, with two values or more, makes each value's English word before the placeholder's
name (`two adults`, `one adult`) a task's value too, whichever tasks wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

_HOLE = re.compile(r"\{[^{}]*\}")
_COUNTS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
COUNT_WORDS = frozenset(_COUNTS)  # an English count written as a word (`two bundles of …`)


def one_task_values(value_tasks: Mapping[str, Mapping[str, int]], asked: Sequence[str]) -> list[str]:
    """Values of placeholders with two values or more that only one task wrote and at most one request
    writes as a word (`value_tasks`: placeholder -> value -> how many tasks wrote it)."""
    out: list[str] = []
    for name, counts in value_tasks.items():
        if len(counts) < 2:
            continue
        if all(v.strip().isdigit() and int(v) < len(_COUNTS) for v in counts):
            things = {name.lower(), name.lower().removesuffix("s")} if name.isalpha() else set()
            out += [f"{_COUNTS[int(v)]} {t}" for v in counts for t in things]  # `two adults` of `{adults}`
            continue
        for value, n in counts.items():
            word = value.strip()
            if n != 1 or len(word) < 3 or not re.search(r"[^\W\d_]", word):
                continue
            if sum(1 for a in asked if _as_word(word).search(a)) <= 1:
                out.append(word)
    return out


def holds_value(title: str, values: Sequence[str]) -> bool:
    """Whether the title (placeholders aside) writes one of the values as a whole word."""
    text = _HOLE.sub(" ", title)
    return any(_as_word(v).search(text) for v in values)


def _as_word(value: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w{{-]){re.escape(value)}(?![\w}}-])", re.I)
