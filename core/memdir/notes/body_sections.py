"""Adding lines to one named section of a note's body, wherever that section is.

A note's outcome lines belong under its `## Outcome notes`, even when a person added sections
after it (`## Gotchas`): appending at the end of the body would put them inside the person's
section. `append_to_section` finds the section by its heading (outside code fences), adds the lines
after its last line and leaves every other byte as it was; a note without the section gets it at
the end of the body.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})[ \t]")


def _level(line: str) -> int:
    m = _HEADING.match(line)
    return len(m.group(1)) if m else 0


def find_section(lines: list[str], heading: str) -> tuple[int, int] | None:
    """(index of the heading line, index where its section ends) in `lines`, or None.

    The section ends at the next heading of the same or a higher level outside a code fence.
    """
    want, level = heading.strip(), _level(heading.strip())
    start, fenced = -1, False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if start < 0:
            if line.strip() == want:
                start = i
        elif 0 < _level(line) <= level:
            return start, i
    return (start, len(lines)) if start >= 0 else None


def append_to_section(body: str, heading: str, new_lines: list[str]) -> str:
    """`body` with `new_lines` added at the end of the section `heading` (created at the end if missing)."""
    add = [ln.rstrip("\n") + "\n" for ln in new_lines]
    if not add:
        return body
    lines = body.splitlines(keepends=True)
    found = find_section(lines, heading)
    if found is None:
        text = body.rstrip("\n")
        return (text + "\n\n" if text else "") + f"{heading.strip()}\n\n" + "".join(add)
    start, end = found
    last = end - 1
    while last > start and not lines[last].strip():
        last -= 1
    head = lines[: last + 1]
    if head and not head[-1].endswith("\n"):
        head[-1] += "\n"
    if last == start:  # an empty section: a blank line under its heading
        head.append("\n")
    tail = lines[end:]
    gap = ["\n"] if tail else []
    return "".join(head + add + gap + tail)


def drop_section(body: str, heading: str) -> str:
    """`body` without the section `heading` (its heading line and lines), or `body` when it has none.

    What a note says is not what was reported about it: the weekly duplicate check reads a procedure
    without its `## Outcome notes`, whose dated lines name episodes, not steps.
    """
    lines = body.splitlines(keepends=True)
    found = find_section(lines, heading)
    if found is None:
        return body
    return "".join(lines[: found[0]] + lines[found[1] :])
