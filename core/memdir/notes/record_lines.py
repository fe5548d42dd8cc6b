"""memdir's own record-keeping in a note's text, read out before the text is scored for words (trial 25 M6).

memdir writes lines into a note to keep count: under `## Outcome notes` one per counted outcome,
`- 2026-11-24 failure: logged feedback, no note (activity/2026-11-24.jsonl:17)` (`lifecycle/outcome_notes.py`),
`- 2026-11-24 failure, counted once with the day's other report: <text> (episodes/2026-11-24.md#1000-x)`,
`- 2026-11-26 success: repeated by task a-q-4 (weekly)` (`lifecycle/repeat_lines.py`); and in a revised
procedure the `> **Current steps:** …` line under its title (`current_steps.py`). Their dates, outcome words,
provenance references and fixed phrases are no part of what the note is about, yet they were its words for
search: `logged` stems to `log`, so `search "Huge QA log pasted"` found a delivery procedure relevant.

`without_record_keeping` gives the text a reader scores: each such line is read by its form (where memdir
writes it, and the shape it writes), and only the text a person or an agent gave stays (a feedback
`--note "..."`, a day file's words); every other line, and a line of the same look a person wrote outside the
`## Outcome notes` section, is kept as it is.
"""

from __future__ import annotations

import re

OUTCOME_SECTION = "Outcome notes"  # the section memdir appends outcome lines to (`lifecycle/feedback.py`)
NOTED = "counted once with the day's other report"  # a line noted, not counted again (`outcome_notes.py`)
NO_NOTE = "logged feedback, no note"  # a logged feedback without a note (`outcome_notes.logged_note`)
WEEKLY_MARK = "(weekly)"  # the end of a weekly repeat's line (`repeat_lines.py`)
CURRENT = "> **Current steps:**"  # the pointer line of a revised procedure (`current_steps.py`)

# `- DATE OUTCOME[, NOTED]: TEXT`, the shape of every outcome line memdir writes
_OUTCOME_LINE = re.compile(
    r"^-[ \t]+\d{4}-\d{2}-\d{2}[ \t]+(?:success|failure|unknown)(?:,[ \t]+"
    + re.escape(NOTED)
    + r")?:[ \t]*(.*)$"
)
_NO_NOTE = re.compile(re.escape(NO_NOTE) + r" \((?:activity/[^()\s]+|the activity log)\)$")
_REPEAT = re.compile(r"^repeated by task \S+(?:, which failed: .*)? " + re.escape(WEEKLY_MARK) + "$")
_EPISODE_REF = re.compile(r"[ \t]*\(episodes/[^()\s]+\)$")  # where a day file's report came from
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t#]*$")
_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)")


def given_text(line: str) -> str | None:
    """The words a person or an agent gave in one of memdir's outcome lines ("" when it holds none: a
    logged feedback without a note, a weekly repeat); None when the line is not of that shape."""
    m = _OUTCOME_LINE.match(line.rstrip())
    if m is None:
        return None
    text = _EPISODE_REF.sub("", m.group(1)).strip()
    return "" if _NO_NOTE.fullmatch(text) or _REPEAT.match(text) else text


def without_record_keeping(body: str) -> str:
    """`body` without memdir's own record-keeping: the CURRENT line and the `## Outcome notes` heading dropped,
    and under that heading each outcome line reduced to the words given with it (dropped when there are none).
    Every other line is kept."""
    out: list[str] = []
    level = 0  # the heading level of the Outcome notes section being read, 0 outside it
    fenced = False
    for line in body.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        head = None if fenced else _HEADING.match(line)
        if head:
            depth = len(head.group(1))
            if level and depth <= level:
                level = 0
            if head.group(2).strip() == OUTCOME_SECTION:  # its heading is memdir's too (made when missing)
                level = depth
                continue
        elif not fenced and line.startswith(CURRENT):
            continue
        elif level and not fenced:
            given = given_text(line)
            if given is not None:
                if given:
                    out.append(given)
                continue
        out.append(line)
    return "\n".join(out)
