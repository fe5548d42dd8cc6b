"""Unresolved Git merge conflicts in a note or a day file: `<<<<<<<` … `=======` … `>>>>>>>` lines.

A `git pull` that stops on a conflict leaves both sides in the file between marker lines. Such a
text is not what anyone wrote: the daily run leaves an episode inside a conflict pending, `lint`
reports every conflict with its line, and `note show` warns. A conflict opens with a line of exactly
seven `<` (then a space and a label, or nothing) and closes with seven `>`; `=======` (and diff3's
`|||||||`) count only between them, so a Markdown heading underlined with `=======` is no conflict.
Markers inside a fenced code block are an example someone wrote down, not a conflict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_OPEN = re.compile(r"<{7}(?:[ \t].*)?")
_CLOSE = re.compile(r">{7}(?:[ \t].*)?")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class Conflict:
    """One unresolved conflict: the lines (1-based) of its first and last marker, and the first marker."""

    start: int
    end: int
    marker: str

    def describe(self) -> str:
        """`line 7 (`<<<<<<< HEAD` … line 11)` for messages."""
        span = f" … line {self.end}" if self.end != self.start else ""
        return f"line {self.start} (`{self.marker[:40]}`{span})"


def find_conflicts(text: str) -> list[Conflict]:
    """The unresolved conflicts of a text, in order; an opening marker never closed runs to the end."""
    if "<<<<<<<" not in text and ">>>>>>>" not in text:
        return []
    out: list[Conflict] = []
    opened: tuple[int, str] | None = None
    fence = ""
    lines = text.splitlines()
    for i, line in enumerate(lines, 1):
        m = _FENCE.match(line)
        if m and opened is None:
            mark = m.group(1)
            if not fence:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence):
                fence = ""
            continue
        if fence:
            continue
        if _OPEN.fullmatch(line):
            if opened is not None:  # a second opening before any close: the first ran up to here
                out.append(Conflict(opened[0], i - 1, opened[1]))
            opened = (i, line.strip())
        elif _CLOSE.fullmatch(line):
            start, marker = opened if opened is not None else (i, line.strip())
            out.append(Conflict(start, i, marker))
            opened = None
    if opened is not None:
        out.append(Conflict(opened[0], len(lines), opened[1]))
    return out
