"""A note's newest dated update first, for a budgeted excerpt (the file itself is never reordered).

The daily run and an accepted review item add to a note by appending a dated section
(`## 2026-11-27 — Rotate the staging DB password (updated)`) below what was there. A budgeted
excerpt that reads the body from the top cuts that section off first, so an agent would get the
old steps. The context block therefore shows the newest dated section right after the title,
with one line saying the older text follows, then the rest of the body in file order.

Only an update leads: a section memdir records beside the note's own text stays where it is (trial 29 #10).
Accepting a merge candidate that adds nothing writes `Seen again in …` (review_apply.section_content), and one
of a weekly run lists the calls the new tasks made that the note does not (`Steps the new tasks took that this
note does not list:`, weekly/render.py): neither is a later version of the steps, so the person's steps come
first and such a section keeps its place after them. The newest section that is an update leads, if any.
"""

from __future__ import annotations

import re

_DATED = re.compile(r"^##[ \t]+(\d{4}-\d{2}-\d{2})\b[^\n]*$", re.M)
_HEADING2 = re.compile(r"^##[ \t]", re.M)
_FENCE = re.compile(r"^[ \t]*(```|~~~)", re.M)
# what memdir writes beside a note's text, never a later version of it (review_apply, weekly/render.py)
_BESIDE = re.compile(r"\A(?:Seen again\b|Steps the new tasks took that this note does not list\b)")


def _fenced(body: str, pos: int) -> bool:
    """Whether pos lies inside a fenced code block (a `## 2026-…` line there is not a heading)."""
    return len(_FENCE.findall(body, 0, pos)) % 2 == 1


def _end(body: str, heading: re.Match[str]) -> int:
    """Where the section under a `## ` heading ends: the next `## ` heading outside code, else the body's end."""
    nxt = next(
        (m.start() for m in _HEADING2.finditer(body, heading.end()) if not _fenced(body, m.start())), None
    )
    return len(body) if nxt is None else nxt


def newest_update_first(body: str) -> str:
    """The body with its newest dated `## YYYY-MM-DD …` update moved up under the title.

    A body without such a section (or whose dated sections are only what memdir records beside the text:
    `_BESIDE`) is returned unchanged; of two sections on one day the later
    one counts as newer. The moved section is followed by a line that says older text follows.
    """
    dated = [m for m in _DATED.finditer(body) if not _fenced(body, m.start())]
    updates = [m for m in dated if not _BESIDE.match(body[m.end() : _end(body, m)].strip())]
    if not updates:
        return body
    newest = max(enumerate(updates), key=lambda im: (im[1].group(1), im[0]))[1]
    start, end = newest.start(), _end(body, newest)
    section = body[start:end].strip()
    rest = (body[:start].rstrip() + "\n\n" + body[end:].lstrip()).strip()
    lines = rest.splitlines()
    title = lines[0] if lines and lines[0].startswith("# ") else ""
    older = "\n".join(lines[1:] if title else lines).strip()
    note = f"_Newest update ({newest.group(1)}) first; the note's older text follows._"
    parts = [p for p in (title, note, section, "_Older text:_" if older else "", older) if p]
    return "\n\n".join(parts) + "\n"
