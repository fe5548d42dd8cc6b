"""Values a note writes as constants that the new tasks wrote otherwise (trial 12).

A weekly note written from November's invoices says `due_date=2026-12-31`; December's tasks all wrote
`due_date=2027-01-31`. The steps are the same, so the review item had nothing to add and said the new
work "adds no step the note lacks": an agent following the note would keep the old date. Each draft step
is set beside the note line whose code it matches token by token (at least `SAME` of the tokens, difflib);
a token where both write a constant and they differ is a changed value when it is the same parameter
(`due_date=…`, `--week …` after the same flag) or a value with digits (a date, an amount, a version) —
not a word, which is another step of the same shape (`go to sinkbasin 1` beside `go to countertop 1`).
A token the note writes with a placeholder (`<host>`) is the note's own and never a change.

A note that fixes a period (`period=2026-10`) where the new tasks each wrote the period they ran in, or the
one before (`run_period.py`, trial 17), is told so: "…; the new tasks all wrote `period=2026-11`, for each
task the month before: check which one you need".
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from datetime import datetime

from memdir.consolidation.weekly.named import PLACEHOLDER
from memdir.consolidation.weekly.run_period import relation

SAME = 0.6  # a step and a note line are the same call when this share of their tokens agree
_CODE = re.compile(r"`+([^`]+)`+")
_KEY = re.compile(r"^([^\s=:]{1,40}[=:])(?!//)")
_ITEM = re.compile(r"^\s*(\d+)[.)]\s")


def _tokens(text: str) -> list[str]:
    return " ".join(_CODE.findall(text)).split()


def _changed(mine: str, theirs: str) -> bool:
    if mine == theirs or PLACEHOLDER.search(mine) or PLACEHOLDER.search(theirs):
        return False
    a, b = _KEY.match(mine), _KEY.match(theirs)
    if a and b:
        return a.group(1) == b.group(1)
    return bool(re.search(r"\d", mine) and re.search(r"\d", theirs))


def changed_values(
    steps: Sequence[str], lines: Sequence[str], started: Sequence[datetime | None] = ()
) -> list[str]:
    """One line per value the note's step writes and the draft's step writes otherwise (`started`: the new
    tasks' start times, to say a value is the period each ran in)."""
    coded = [(n, _tokens(ln), ln) for n, ln in enumerate(lines)]
    out: list[str] = []
    for step in steps:
        mine = _tokens(step)
        if len(mine) < 2:
            continue
        best = max(
            ((difflib.SequenceMatcher(a=mine, b=t, autojunk=False), n, ln, t) for n, t, ln in coded if t),
            key=lambda x: x[0].ratio(),
            default=None,
        )
        if best is None or best[0].ratio() < SAME:
            continue
        sm, n, line, theirs = best
        item = _ITEM.match(line)
        where = f"step {item.group(1)}" if item else f"line {n + 1}"
        for op, i1, i2, j1, j2 in sm.get_opcodes():
            if op != "replace" or i2 - i1 != j2 - j1:
                continue
            for a, b in zip(mine[i1:i2], theirs[j1:j2], strict=True):
                if _changed(a, b):
                    said = f"- {where} writes `{b}`; the new tasks all wrote `{a}`"
                    if rel := relation(a, started):
                        said += f", {rel}: check which one you need"
                    out.append(said)
    return list(dict.fromkeys(out))
