"""A phone number the alignment cut around its constant digits is one value (round 39).

Set 39's propane desk sent its SMS through a JSON body (`json=to=573-555-0175 template=…`), each task's
phone written its own way (`573-555-0175`, `(573) 555-0128`, `+1 573 555 0191`). The area code and the
exchange every task shares aligned as constant text, and the step read `to={value}573{value2}555{value3}`:
three holes and two constants for one number an agent fills once. Spans with only digits and a phone's marks
between them (`573`, `555`: no letters, no `=`), whose text from the first span to the last is a phone number
for every task (`naming.all_phones`), are one span, each task's value its whole number there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from memdir.consolidation.weekly.naming import all_phones
from memdir.consolidation.weekly.span_types import Part, Span

_BETWEEN = re.compile(r"^[\d ()+.-]{1,8}$")  # constant digits and marks inside a phone (`573`, `) 555-`)


def _as_written(value: str, text: str) -> str:
    """The value as the task's calls write it (the alignment keeps no space between two atoms: `+1 573555
    0191` is `+1 573 555 0191`); the value when they write it nowhere."""
    pattern = r"\s*".join(re.escape(c) for c in value.replace(" ", ""))
    m = re.search(pattern, text) if pattern else None
    return m.group(0) if m else value


def _whole(parts: list[Part], i: int, j: int, written: Mapping[str, str]) -> Span | None:
    """The parts i..j (spans at both ends) as one span when every task's text there is a phone."""
    first, last = parts[i], parts[j]
    if not isinstance(first, Span) or not isinstance(last, Span):
        return None
    tasks = list(first.values)
    texts = {
        t: "".join(p if isinstance(p, str) else p.values.get(t, "") for p in parts[i : j + 1]) for t in tasks
    }
    texts = {t: _as_written(v, written.get(t, "")) for t, v in texts.items()}
    vals = list(texts.values())
    if not all(v.strip() for v in vals) or not all_phones(vals):
        return None
    return Span(values=texts, name=first.name)


def join_phones(parts: list[Part], written: Mapping[str, str] | None = None) -> list[Part]:
    """The parts with each phone number cut around its constant digits put back as one span (see the
    module), each task's value as its calls (`written`, by task) write it; the rest as they were."""
    out: list[Part] = []
    i = 0
    while i < len(parts):
        p = parts[i]
        found: tuple[int, Span] | None = None
        if isinstance(p, Span):
            j = i
            while j + 2 < len(parts) and isinstance(parts[j + 1], str) and isinstance(parts[j + 2], Span):
                between = parts[j + 1]
                if (
                    not isinstance(between, str)
                    or not _BETWEEN.match(between)
                    or not re.search(r"\d", between)
                ):
                    break
                j += 2
                whole = _whole(parts, i, j, written or {})
                if whole is not None:
                    found = (j, whole)
        if found is None:
            out.append(p)
            i += 1
        else:
            out.append(found[1])
            i = found[0] + 1
    return out
