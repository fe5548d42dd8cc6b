"""A title never holds a hole the legend does not define (trial 28 #1).

A title aligned from one request could keep that request's values as holes no step names (`Book {value} (fixie)
for a brake bleed on {value} afternoon with {value}`, and no `{value}` under `## Placeholders`). `distil_builtin`
then draws its title again by what the requests and steps share; when that names nothing either, the title is the
decisive call's work (`fragment_titles.call_work_title`), else the title without those holes.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from memdir.consolidation.weekly.fragment_titles import call_work_title

_HOLE = re.compile(r"\{([^\W\d_][\w-]{0,40})\}")  # as `distill._PLACEHOLDER`


def undefined_holes(title: str, legend: Collection[str]) -> set[str]:
    """The names of the title's holes that no legend line (`legend`: the placeholders' names) defines."""
    return set(_HOLE.findall(title)) - set(legend)


def without_undefined(
    title: str, undefined: Collection[str], steps: Sequence[str], asked: Sequence[str]
) -> str:
    """The decisive call's work, else the title without the holes in `undefined` (spaces closed up)."""
    if work := call_work_title(steps, asked):
        return work
    return " ".join(_HOLE.sub(lambda m: "" if m.group(1) in undefined else m.group(0), title).split())
