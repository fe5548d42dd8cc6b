"""One amount written with its unit and without it is one value (round 38).

Trial 19's quota raise ran `lfs setquota -g lab-{lab} -B 25T /lustre` and replied `… is now 25 TB`: the steps
held two placeholders for one amount, `{value}` (`25T`, an identifier by its shape) and `{number}` (`25`). A span
whose every value is a number glued to one unit (`25T`, `30T`, `40T`; `500ml`) is that number and the unit,
constant text after it, when another span of the kind holds each task's number alone (`25`): the two are then
one placeholder (`-B {number}T`, `is now {number} TB`), named and legended once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.span_types import Part, Span

_WITH_UNIT = re.compile(r"^(\d+(?:[.,]\d+)?)([A-Za-z]{1,3})$")


def unit_apart(texts: Sequence[list[Part]]) -> list[list[Part]]:
    """The parts of each text with every amount-and-unit span split into its number and the unit (see the
    module), when another span holds the same numbers task by task; the rest as they were."""
    spans = [p for parts in texts for p in parts if isinstance(p, Span)]
    numbers = [
        {t: v.strip() for t, v in s.values.items()}
        for s in spans
        if all(v.strip().isdigit() for v in s.seen())
    ]
    out: list[list[Part]] = []
    for parts in texts:
        new: list[Part] = []
        for p in parts:
            split = _split(p, numbers) if isinstance(p, Span) else None
            new.extend(split or [p])
        out.append(new)
    return out


def _split(span: Span, numbers: Sequence[dict[str, str]]) -> list[Part] | None:
    found = {t: _WITH_UNIT.match(v.strip()) for t, v in span.values.items() if v.strip()}
    if len(found) < 2 or not all(found.values()):
        return None
    units = {m.group(2) for m in found.values() if m}
    if len(units) != 1:
        return None
    digits = {t: m.group(1) for t, m in found.items() if m}
    if not any(all(n.get(t) == d for t, d in digits.items()) for n in numbers):
        return None  # no other span holds the amount alone: the value stays whole
    return [Span({t: digits.get(t, "") for t in span.values}), units.pop()]
