"""A note's newest dated update first, for a budgeted excerpt (the file itself is never reordered).

The daily run and an accepted review item add to a note by appending a dated section
(`## 2026-11-27 — Rotate the staging DB password (updated)`) below what was there. A budgeted
excerpt that reads the body from the top cuts that section off first, so an agent would get the
old steps. The context block therefore shows the newest dated section right after the title,
with one line saying the older text follows, then the rest of the body in file order.
"""

from __future__ import annotations

import re

_DATED = re.compile(r"^##[ \t]+(\d{4}-\d{2}-\d{2})\b[^\n]*$", re.M)
_HEADING2 = re.compile(r"^##[ \t]", re.M)
_FENCE = re.compile(r"^[ \t]*(```|~~~)", re.M)


def _fenced(body: str, pos: int) -> bool:
    """Whether pos lies inside a fenced code block (a `## 2026-…` line there is not a heading)."""
    return len(_FENCE.findall(body, 0, pos)) % 2 == 1


def newest_update_first(body: str) -> str:
    """The body with its newest dated `## YYYY-MM-DD …` section moved up under the title.

    A body without such a section is returned unchanged; of two sections on one day the later
    one counts as newer. The moved section is followed by a line that says older text follows.
    """
    dated = [m for m in _DATED.finditer(body) if not _fenced(body, m.start())]
    if not dated:
        return body
    newest = max(enumerate(dated), key=lambda im: (im[1].group(1), im[0]))[1]
    start = newest.start()
    nxt = next(
        (m.start() for m in _HEADING2.finditer(body, newest.end()) if not _fenced(body, m.start())), None
    )
    end = len(body) if nxt is None else nxt
    section = body[start:end].strip()
    rest = (body[:start].rstrip() + "\n\n" + body[end:].lstrip()).strip()
    lines = rest.splitlines()
    title = lines[0] if lines and lines[0].startswith("# ") else ""
    older = "\n".join(lines[1:] if title else lines).strip()
    note = f"_Newest update ({newest.group(1)}) first; the note's older text follows._"
    parts = [p for p in (title, note, section, "_Older text:_" if older else "", older) if p]
    return "\n\n".join(parts) + "\n"
