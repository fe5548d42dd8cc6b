"""A skip the router is unsure of does not vanish: a review item asks whether to file it.

An episode the model reads as nothing to keep, with a probability below `router.UNSURE_SKIP` (chosen on
the dev sets, docs/daily.md "Unsure skips"), stays out of knowledge/ and procedures/ as before, and a
`file_candidate` item in review/ shows the note its runner-up kind would make and the router's reading.
Accepting writes that note (`lifecycle/review_special.py`); rejecting leaves the episode as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memdir.consolidation.daily.router import UNSURE_SKIP, RoutedPart
from memdir.notes.model import hash_text
from memdir.runs.journal import Op
from memdir.runs.redact import redact

if TYPE_CHECKING:
    from memdir.notes.episodes import Episode


def nothing_to_keep(part: RoutedPart) -> str:
    """The run's reason for a skip (with the item a skip the router is unsure of raises)."""
    sure = f", p={part.confidence:.2f}" if part.confidence else ""
    reason = f"read as nothing to keep (routed {part.kind}{sure})"
    reason += (
        f"; {part.why}" if part.why else ""
    )  # the model read steps; the text holds none (route_no_steps)
    if part.unsure is None:
        return reason
    kind, p = part.unsure
    # a sure skip asked about (a standing fact, a term that stays: route_standing) is no unsure reading (trial 30 #12)
    why = (
        "the router is unsure"
        if part.confidence < UNSURE_SKIP
        else "it states a fact or a term a person looks up"
    )
    return f"{reason}; {why}, so review asks whether to file it as {kind} (p={p:.2f})"


def file_candidate(ep: Episode, part: RoutedPart, path: str) -> Op:
    """The review op of an unsure skip: the note `path` its runner-up kind would make, for a person to file."""
    assert part.unsure is not None
    kind, p = part.unsure
    title = redact(" ".join(part.title.split()) or ep.title or "Note")[0]
    text = redact(part.text.strip())[0]
    item = {
        "kind": "file_candidate",
        "target": path,
        "title": title,
        "body": text,
        "similarity": None,
        "sources": [ep.ref],
        "key": f"daily-file:{ep.ref}:{hash_text(text)[:12]}",
        "description": f"routed skip at p={part.confidence:.2f}, {kind} at p={p:.2f} ({ep.ref})",
    }
    return Op("review", path, "", None, [ep.id], item)
