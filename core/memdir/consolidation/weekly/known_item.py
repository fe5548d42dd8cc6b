"""The failed tasks of a kind placed on a person's procedure are listed on its review item (trial 29 re-check N2).

A weekly run writes every failed task of a kind under "Known failures" of a procedure it wrote (`lessons.py`);
a kind whose tasks repeat a person's procedure raises a `merge_candidate` on it instead, and the person's note
is never edited by the run. Its failures then went nowhere: a booking confirmation the agent sent to a bad
address (`email_send` -> `SMTP 550`, the run's outcome a failure) was missing from the item, which listed the
three successful runs only, and from every note. Now the item says them: its frontmatter `failed_tasks` names
the task ids, its description ends with how many failed, and a `## Known failures` section before
`## Candidate` gives each failure's line (task, day, step, error), naming the lesson one of them made. Accepting
the item writes only its candidate, as before; the failures stay on the item, and a lesson made from them
names the procedure (`applies_to`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memdir.errors import NoteError
from memdir.lifecycle.review import CANDIDATE_HEADING
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

HEADING = "## Known failures"


def known_on_item(store: NoteStore, item: str, entries: list[tuple[str | None, list[str]]]) -> bool:
    """List the failures (`entries`: the lesson each made, else None, and its failure lines) on the review item
    `item`, once; True when it was written."""
    lines = [line for _, ls in entries for line in ls]
    if not lines:
        return False
    try:
        note = store.read(item)
    except NoteError:
        return False
    if HEADING in note.body:
        return False
    ids = [line.split("`")[1] for line in lines if line.count("`") >= 2]
    parts = []
    for lesson, ls in entries:
        if ls:
            said = (
                f"See `{lesson}`."
                if lesson
                else "Not a lesson yet (a second failure or a recovery makes one)."
            )
            parts.append(said + "\n" + "\n".join(ls))
    n = len(ids)
    target = str(note.meta.get("target") or "<note>")
    section = (
        f"{HEADING}\n\n{n} failed task{'s' if n != 1 else ''} of this kind, not counted on `{target}` (a "
        f"person's note; `memdir feedback {target} --failure` counts one):\n\n" + "\n\n".join(parts) + "\n\n"
    )
    body = note.body
    at = body.find(CANDIDATE_HEADING)
    body = f"{body[:at]}{section}{body[at:]}" if at >= 0 else f"{body.rstrip()}\n\n{section}"
    desc = str(note.meta.get("description") or "")
    failed = f"{n} failed task{'s' if n != 1 else ''} of this kind ({', '.join(ids)})"
    meta = {"failed_tasks": ids, "description": f"{desc}; {failed}" if desc else failed}
    store.update_meta(item, meta, body=redact_text(body), allow=("review",))
    return True
