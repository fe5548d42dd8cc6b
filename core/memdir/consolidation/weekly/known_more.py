"""A procedure found again keeps its `## Known failures` whole (trial 24 re-check #8).

The run that writes a procedure lists every failed task of its kind under `## Known failures` (`lessons.py`).
A later week's failure of that kind (a task that followed the note and failed, `lifecycle/refound.py`) was
counted (`failure_count`, `confidence`, `sources`) but written nowhere a person reads. Now it extends the
section, in the section's own forms:

- a failure that made no lesson: a paragraph "One more failed task, with another error, …" and its line
  (a section that does not exist yet is written with "One failed task, …");
- a failure that gave a lesson evidence (the lesson's error again), or made one with the section's earlier
  failures of the same error: "See `<lesson>`." (naming the earlier tasks it was made with) and its line.

Only new lines are added, at the end of the section (before any heading after it); a task already in the
section is never added again, so a rerun of the same week changes nothing, and a person's own text in the note
stays as it is. The new lines are redacted as every line the run writes, and written through the store by
compare-and-swap.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.lesson_evidence import Failure
from memdir.errors import NoteError
from memdir.notes.cas_retry import retry_on_conflict
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

KNOWN_HEADING = "## Known failures"
ALLOW = ("knowledge", "procedures")
_GAP = re.compile(r"\n[ \t]*\n")
_ID = re.compile(r"^- `([^`]+)`", re.M)
_STEP_LINE = re.compile(r"^- `([^`]+)`(?: \(([^)]*)\))?: `(.+?)` failed: (.+)$")
_NO_STEP = re.compile(
    r"^- `([^`]+)`(?: \(([^)]*)\))?: the task failed: (.+) \(the reason names none of its steps\)$"
)
# an entry: (the lesson it went to or None, its new lines, the earlier tasks of the section it was made with)
Entry = tuple[str | None, list[str], list[str]]


def _section(body: str) -> tuple[int, int] | None:
    """Where the section's text runs in `body`: (after its heading line, before the next heading or the end)."""
    m = re.search(rf"^{KNOWN_HEADING}[ \t]*$", body, re.M)
    if m is None:
        return None
    nxt = re.search(r"^#{1,2} ", body[m.end() :], re.M)
    return m.end(), m.end() + nxt.start() if nxt else len(body)


def listed(body: str) -> set[str]:
    """The task ids the section lists."""
    span = _section(body)
    return set(_ID.findall(body[span[0] : span[1]])) if span else set()


def traces(body: str) -> list[Failure]:
    """The section's failures that made no lesson (those under "… not a lesson yet …"), read back."""
    span = _section(body)
    if not span:
        return []
    out: list[Failure] = []
    for para in re.split(r"\n\s*\n", body[span[0] : span[1]]):
        if "not a lesson yet" not in para:
            continue
        for line in para.splitlines():
            m = _STEP_LINE.match(line.strip())
            if m:
                out.append(Failure(m.group(1), m.group(2) or "", m.group(3), m.group(4)))
                continue
            n = _NO_STEP.match(line.strip())
            if n:
                out.append(Failure(n.group(1), n.group(2) or "", "", n.group(3)))
    return out


def not_yet(tasks: int, more: bool) -> str:
    """Why the failures that made no lesson are only listed: each is the only one of its error, and no task
    recovered from it (a second failure with the same error, or a recovery, makes one); the one wording of the
    weekly run's first *Known failures* (`lessons`) and of a later week's lines added to it."""
    if tasks == 1:
        head = "One more failed task, with another error" if more else "One failed task"
        return f"{head}, no different approach seen: not a lesson yet (a second failure or a recovery makes one)."
    other = " more" if more else ""
    return (
        f"{tasks}{other} failed tasks, each the only one with its error, no different approach seen: not a lesson yet "
        "(a second failure with the same error, or a recovery, makes one)."
    )


def _paragraphs(entries: Sequence[Entry], more: bool) -> list[str]:
    parts: list[str] = []
    for lesson, lines, earlier in entries:
        if lesson and lines:
            also = ", ".join(f"`{t}`" for t in earlier)
            parts.append(
                f"See `{lesson}`" + (f" (with {also} above)" if also else "") + ".\n" + "\n".join(lines)
            )
    rest = [line for lesson, lines, _ in entries if not lesson for line in lines]
    if rest:
        parts.append(not_yet(len(rest), more=more or bool(parts)) + "\n" + "\n".join(rest))
    return parts


def _insert(body: str, entries: Sequence[Entry]) -> str:
    """`body` with the entries' lines: a lesson's under its own "See" paragraph when the section has one, the
    rest as new paragraphs at the end of the section (a new section at the end of the note if none)."""
    rest: list[Entry] = []
    for lesson, lines, earlier in entries:
        span = _section(body)
        at = body.find(f"See `{lesson}`", span[0], span[1]) if lesson and span else -1
        if span is None or at < 0:
            rest.append((lesson, lines, earlier))
            continue
        gap = _GAP.search(body, at, span[1])
        end = gap.start() if gap else len(body[: span[1]].rstrip())
        body = body[:end] + "\n" + redact_text("\n".join(lines)) + body[end:]
    if not rest:
        return body
    span = _section(body)
    text = redact_text("\n\n".join(_paragraphs(rest, more=span is not None)))
    if span is None:
        return f"{body.rstrip()}\n\n{KNOWN_HEADING}\n\n{text}\n"
    head, tail = body[: span[1]].rstrip(), body[span[1] :]
    return f"{head}\n\n{text}\n" + (f"\n{tail}" if tail else "")


def extend(store: NoteStore, target: str, entries: Sequence[Entry]) -> bool:
    """Add the entries' lines not yet listed to the note's `## Known failures` (see the module); True if written."""

    def once() -> bool:  # one read and one compare-and-swap write (retried on a race)
        try:
            note = store.read(target)
        except NoteError:
            return False
        have = listed(note.body)
        fresh: list[Entry] = []
        for lesson, lines, earlier in entries:
            new = [ln for ln in dict.fromkeys(lines) if (_ID.findall(ln) or [""])[0] not in have]
            have |= {(_ID.findall(ln) or [""])[0] for ln in new}
            if new:
                fresh.append((lesson, new, earlier))
        if not fresh:
            return False
        body = _insert(note.body, fresh)
        store.update_meta(target, {}, expected_hash=note.hash, body=body, allow=ALLOW)
        return True

    return retry_on_conflict(once)
