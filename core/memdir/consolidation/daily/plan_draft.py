"""A note being written by one daily run, and what the plan of the run holds.

Texts are rendered once, when planning ends: a new note from its frontmatter and body; an update
of an existing note by rewriting only the keys that change (sources, updated_at, a description that
came from an edited episode) and the body; outcomes of usage reports are applied last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from memdir.consolidation.daily.route_outcome import Outcome, with_outcomes
from memdir.notes.frontmatter import render_note, update_text
from memdir.notes.model import Note
from memdir.runs.journal import Op


@dataclass
class Draft:
    """One note's create or update, built up part by part."""

    op: Op
    body: str
    sources: list[str]
    meta: dict[str, Any] | None  # a new note's frontmatter; None for an update of an existing note
    changed: bool = False
    outcomes: list[Outcome] = field(default_factory=list)
    extra: dict[str, object] = field(default_factory=dict)  # other keys an update changes
    remove: list[str] = field(default_factory=list)  # keys an update removes (a follow-up no longer told)
    original_body: str = ""

    def __post_init__(self) -> None:
        self.original_body = self.body

    def finish(self, started_at: str, initial_confidence: float) -> Op:
        """The op with its final text (an update that added nothing keeps the original text)."""
        if self.meta is not None:
            self.meta["sources"] = sorted(set(self.sources))
            self.op.text = render_note(self.meta, self.body)
        elif self.changed or self.extra:
            changes = {"sources": sorted(set(self.sources)), "updated_at": started_at, **self.extra}
            self.op.text = update_text(self.op.text, changes, self.remove, body=self.body)
        if self.outcomes:
            note = Note.from_text(self.op.path, self.op.text)
            self.op.text = with_outcomes(self.op.text, note, self.outcomes, initial_confidence, started_at)
        return self.op


@dataclass
class PlanResult:
    """The operations of one run plus what the report needs."""

    ops: list[Op] = field(default_factory=list)
    skipped: int = 0
    parts: int = 0
    redactions: int = 0
    outcomes: int = 0
    decisions: list[dict[str, Any]] = field(default_factory=list)
    sections: dict[str, dict[str, str]] = field(default_factory=dict)  # route_sections records

    def episode_rows(self, unwritten: set[str]) -> list[dict[str, str | None]]:
        """What became of each episode (one row per part) and why, for the run report's `episodes`.

        `unwritten`: episodes whose note was not written (it would pass the size limit; they stay pending).
        """
        rows: list[dict[str, str | None]] = []
        for d in self.decisions:
            row = {k: d.get(k) for k in ("episode", "action", "target")} | {"reason": d.get("reason") or ""}
            if d.get("episode") in unwritten:
                row.update(
                    action="skip", reason=f"not written: {row['target']} would pass the note size limit"
                )
            rows.append(row)
        return rows
