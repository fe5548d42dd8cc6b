"""Decisions as the lesson step sees them (fix37f, trial 28 #4; docs/daily.md "Decisions told in a day file").

- `decision_of`: the decision an episode tells (decision_told); one whose failures are its reasons, conditions
  that hold ("because the dryer overheats"), is no lesson (`ToldDecision.no_event`);
- `as_cause`: a lesson kept from a decision whose own sentence gives a failure that happened as its reason files
  that reason under "What failed", never the decision sentence;
- `open_decisions_in`: the open decisions whose outcome an episode may tell (an `outcome_proposal`).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from memdir.consolidation.daily.decision_told import ToldDecision, told_decision
from memdir.consolidation.daily.lesson_sentences import is_japanese
from memdir.consolidation.daily.lesson_text import terms
from memdir.consolidation.daily.shape_case import cap_first
from memdir.lifecycle.decisions import DECISION_DIR

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore


def decision_of(text: str) -> ToldDecision | None:
    """The decision the episode's `text` tells as its content (its follow-up date is not read here)."""
    return told_decision(text, date.today())


def as_cause(failed: list[str], decision: ToldDecision | None, text: str) -> tuple[list[str], list[str]]:
    """`failed` with the sentence that tells a decision replaced by the reason told in it ("We decided to check
    the ropes, because a rope came loose" failed as "A rope came loose"), and that sentence, if it was there
    (trial 28 #4: a decision sentence under "What failed")."""
    if decision is None or not decision.cause:
        return failed, []
    said = " ".join(decision.said.split())
    hit = [f for f in failed if " ".join(f.split()) == said]
    if not hit:
        return failed, []
    cause = cap_first(decision.cause, text)
    cause += "" if cause.endswith(("。", ".", "!", "?")) else ("。" if is_japanese(cause) else ".")
    return [cause if f in hit else f for f in failed], hit


def open_decisions_in(store: NoteStore) -> list[tuple[str, str, set[str]]]:
    """(path, title, title words) of each open decision whose outcome is tracked."""
    out = []
    for note in store.iter_notes((DECISION_DIR,)):
        meta = note.meta
        if (
            meta.get("type") == "decision"
            and meta.get("status") == "open"
            and meta.get("track_outcome") is not False
        ):
            title = note.title.removeprefix("Decision: ")
            out.append((note.path, title, terms(title)))
    return out
