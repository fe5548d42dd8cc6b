"""Which steps of a procedure are current, said at its top when a later version is appended below.

The daily run and an accepted merge add to a note by appending a dated section under what was there
(`## 2026-12-01 — Plate change (revised)`), so a person opening a procedure that was rewritten reads
the old steps first. When the appended section holds steps of its own (a list of three items or more,
or a code block), one line under the title points at it; a later version moves the line on. The line
is memdir's own (it starts with CURRENT) and is replaced, never repeated; every other byte is kept. A note a
person wrote (`origin: human`, or no `origin`) gets no such line: nothing above their own text changes (the
merged section itself says what changed, `review_apply.py`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

CURRENT = "> **Current steps:**"
_ITEM = re.compile(
    r"^[ \t]*(?:[-*+•・][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,3}[.)．][ \t]*|[０-９]{1,3}[．.][ \t]*)\S"
)
_FENCE = re.compile(r"^[ \t]*(```|~~~)", re.M)


def has_steps(text: str) -> bool:
    """Whether `text` holds steps of its own: a list of three items or more, or a fenced code block."""
    return len(_FENCE.findall(text)) >= 2 or sum(1 for ln in text.splitlines() if _ITEM.match(ln)) >= 3


def later_steps(meta: Mapping[str, object], body: str, added: str) -> bool:
    """Whether appending `added` to a note memdir made (meta's `origin`) gives it a later version of its steps."""
    made = str(meta.get("origin") or "") not in ("", "human")
    return made and has_steps(body) and has_steps(added)


def mark_current(body: str, heading: str) -> str:
    """`body` with the CURRENT line under its title pointing at the section `## <heading>`."""
    line = f'{CURRENT} the section "{heading}" below; the steps above it are an earlier version.'
    lines = body.split("\n")
    for i, ln in enumerate(lines):
        if ln.startswith(CURRENT):
            lines[i] = line
            return "\n".join(lines)
    top = next((i for i, ln in enumerate(lines) if ln.strip()), 0)
    if lines and lines[top].startswith("# "):
        return "\n".join([*lines[: top + 1], "", line, *lines[top + 1 :]])
    return "\n".join([line, "", *lines])
