"""One use, one count: a logged feedback and a day file's report of the same use (trial 25 re-check N3).

An agent logs `memdir log --type feedback --procedure procedures/X.md --outcome failure` for a delivery, and
the person's day file tells the same delivery ("… the usual way, but step 2 failed"): the daily run counted
it twice (`failure_count: 2`), and the logged one, given without `--note`, left no `## Outcome notes` line, so
the count could not be traced. Now
- every counted outcome leaves a line: a logged feedback without a note says so and where it was logged,
  `- 2026-11-24 failure: logged feedback, no note (activity/2026-11-24.jsonl:3)`;
- a logged feedback and a day-file report of the same procedure, the same day and the same outcome are one
  use: whichever comes second is noted, not counted again,
  `- 2026-11-24 failure, counted once with the day's other report: … (episodes/2026-11-24.md#1000-…)`.
Two logged feedbacks the same day are two uses (an agent logs each), and so are two day-file reports (a person
tells each); a person's explicit `memdir feedback` always counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from memdir.notes.record_lines import NO_NOTE, NOTED  # the line shapes search reads past (trial 25 M6)

_EPISODE_REF = re.compile(r"\(episodes/[^()\s]+\)$")
_WEEKLY = "(weekly)"  # the end of a weekly run's repeat line (`repeat_lines.py`): not a logged feedback


def _lines(body: str, day: str, outcome: str) -> tuple[int, int, int]:
    """(logged lines counted, day-file report lines counted, lines noted) of that day and outcome."""
    logged = reports = noted = 0
    for line in body.splitlines():
        line = line.rstrip()
        if line.startswith(f"- {day} {outcome}, {NOTED}:"):
            noted += 1
        elif line.startswith(f"- {day} {outcome}:") and not line.endswith(
            _WEEKLY
        ):  # a weekly repeat: no use told
            if _EPISODE_REF.search(line):
                reports += 1
            else:
                logged += 1
    return logged, reports, noted


def same_use_as_logged(body: str, day: str, outcome: str) -> bool:
    """Whether a day-file report of `outcome` on `day` repeats a logged one not yet paired with a report."""
    logged, _, noted = _lines(body, day, outcome)
    return outcome in ("success", "failure") and logged > noted


def same_use_as_report(body: str, day: str, outcome: str) -> bool:
    """Whether a logged feedback of `outcome` on `day` repeats a day-file report not yet paired with one."""
    _, reports, noted = _lines(body, day, outcome)
    return reports > noted


def logged_note(note: str | None, source: str) -> str:
    """A logged feedback's line text: its note, else that it was logged and where (`activity/<file>:<line>`)."""
    where = f"activity/{source}" if source else "the activity log"
    return note if note and note.strip() else f"{NO_NOTE} ({where})"


def feedback_lines(
    body: str,
    outcomes: Sequence[tuple[bool, str | None, datetime]],
    day_of: Callable[[datetime], str],
    logged: bool,
) -> tuple[list[str], int, int]:
    """The `## Outcome notes` lines of `outcomes` and the successes and failures they count: a logged one that
    repeats a day-file report of the same day and outcome is noted, not counted (`logged`); an explicit
    `memdir feedback` always counts. `day_of` gives a timestamp's day in the root's time zone."""
    lines: list[str] = []
    wins = losses = 0
    for ok, note, when in outcomes:
        day = day_of(when)
        word = "success" if ok else "failure"
        text = " ".join((note or "").split())
        if logged and same_use_as_report(body + "".join(lines), day, word):
            lines.append(f"- {day} {word}, {NOTED}: {text}\n")
            continue
        wins, losses = wins + int(ok), losses + int(not ok)
        if text:
            lines.append(f"- {day} {word}: {text}\n")
    return lines, wins, losses
