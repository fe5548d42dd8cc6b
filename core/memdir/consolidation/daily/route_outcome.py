"""An episode that reports using an existing procedure becomes an outcome for that procedure.

The outcome is applied like `memdir feedback` (the same counts and smoothed confidence, from
memdir.lifecycle.feedback), but as an ordinary update in the daily run's journal, so it is
crash-safe, shown by `--dry-run` and applied once: the outcome line names the episode, and a note
that already has the line for that episode is not counted again. A report whose outcome is
unknown ("the rebuild is running") sets `last_used` and adds its line but counts nothing (no
outcome never counts as a success). A report about a skill (skills/ is read-only) becomes an
`evidence` item in review/ instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from memdir.lifecycle.feedback import DEFAULT_PRIOR, OUTCOME_HEADING, prior_of, smoothed_confidence
from memdir.lifecycle.outcome_notes import same_use_as_logged
from memdir.notes.body_sections import append_to_section
from memdir.notes.frontmatter import update_text
from memdir.notes.gist import gist
from memdir.notes.record_lines import NOTED

if TYPE_CHECKING:
    from memdir.notes.model import Note


@dataclass(frozen=True)
class Outcome:
    """One usage report: its outcome, the episode it came from and its day, and its text."""

    outcome: str  # success | failure | unknown
    ref: str
    day: str
    text: str


def _count(meta_value: object) -> int:
    try:
        return max(0, int(str(meta_value or 0)))
    except ValueError:
        return 0


def outcome_line(o: Outcome, noted: bool = False) -> str:
    """`- 2026-11-28 success: <the gist of what the episode said> (episodes/2026-11-28.md#0930-...)`; a report
    of a use already logged that day (`noted`) says it is counted once (lifecycle/outcome_notes)."""
    return f"- {o.day} {o.outcome}{f', {NOTED}' if noted else ''}: {gist(o.text)} ({o.ref})\n"


def already_reported(body: str, ref: str) -> bool:
    """True when the note's outcome notes already carry a line from this episode."""
    return f"({ref})\n" in body or body.rstrip().endswith(f"({ref})")


def with_outcomes(text: str, note: Note, outcomes: list[Outcome], initial_confidence: float, now: str) -> str:
    """The note's new text with the outcomes applied (counts, confidence, last_used, outcome lines; the
    lines change the body, so `updated_at` is `now`)."""
    body = note.body
    fresh = [o for o in outcomes if not already_reported(body, o.ref)]
    if not fresh:
        return text
    meta = note.meta
    s, f = _count(meta.get("success_count")), _count(meta.get("failure_count"))
    lines: list[str] = []
    counted: list[Outcome] = []
    for (
        o
    ) in fresh:  # a use an agent logged the same day with the same outcome is noted, not counted again (N3)
        noted = same_use_as_logged(body + "".join(lines), o.day, o.outcome)
        lines.append(outcome_line(o, noted))
        counted.extend([] if noted else [o])
    wins = sum(1 for o in counted if o.outcome == "success")
    losses = sum(1 for o in counted if o.outcome == "failure")
    changes: dict[str, object] = {
        "last_used": max([str(meta.get("last_used") or "")] + [o.day for o in fresh]),
        "updated_at": now,
    }
    if wins or losses:
        prior = prior_of(meta, initial_confidence)
        changes.update(
            success_count=s + wins,
            failure_count=f + losses,
            confidence=smoothed_confidence(s + wins, f + losses, prior),
        )
        if (
            meta.get("origin") == "human"
            and "confidence_prior" not in meta
            and abs(prior - DEFAULT_PRIOR) > 1e-9
        ):
            changes["confidence_prior"] = round(prior, 4)  # as `memdir feedback` does
    body = append_to_section(body, OUTCOME_HEADING, lines)
    return update_text(text, changes, body=body)
