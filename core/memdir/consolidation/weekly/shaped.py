"""The notes a weekly draft may repeat: procedures, skills, and a person's step list filed under knowledge/.

Trial 31 #7: a person's numbered steps for sending booking confirmations sat in `knowledge/` (the daily run
proposed moving it); the weekly run, reading only `procedures/` and `skills/`, wrote a second procedure for the
same work, and after the move two procedures for one job remained. A note in `knowledge/` that a person wrote
(no daily or weekly `origin`), of no typed kind (a lesson, decision or rule is knowledge by design,
`review_apply.move_refusal`) and whose body is a numbered list of at least `STEPS` items is read as the
procedure it is: the duplicate check sees it, so the week's tasks of that work raise one item on that note (or
nothing when it already holds them) and no second procedure is written.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.listed import list_items
from memdir.lifecycle.review_apply import move_refusal

if TYPE_CHECKING:
    from memdir.notes.model import Note
    from memdir.notes.store import NoteStore

STEPS = 3  # numbered items a knowledge note needs to read as a step list


def procedure_shaped(note: Note) -> bool:
    """A person's note in knowledge/ that is a step list (module doc)."""
    if str(note.get("origin") or "").lower() in ("daily", "weekly"):
        return False
    rest = note.path.partition("/")[2]
    if move_refusal(note.path, note.get("type"), f"procedures/{rest}") is not None:
        return False
    return len(list_items(note.body)) >= STEPS


def placer_notes(store: NoteStore) -> Iterator[Note]:
    """Procedures and skills, then a person's procedure-shaped notes in knowledge/ (module doc)."""
    yield from store.iter_notes(("procedures", "skills"))
    yield from (n for n in store.iter_notes(("knowledge",)) if procedure_shaped(n))
