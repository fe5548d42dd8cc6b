"""A new procedure against the person's own how-to notes in knowledge/ (trial 25 #10).

A how-to told in prose ("When a new freelancer joins, I first send them the NDA…, then I add them to the
sheet…") became a new procedure although the person had written the same work by hand as a knowledge note
("New translators sign the NDA first, then we send the style guide… Add them to the `freelancers` sheet…"):
the daily duplicate check compared a new procedure with procedures/ only. A person's note is where they
keep how they do a thing, whatever its folder; so a new procedure is also compared with the knowledge notes a
person wrote (`origin: human`; not the lessons, decisions and rules folders, which hold no how-to), by the
same rules as a procedure (route_plan: a later version, route_lang.later_version: calibrated similarity of
content >= VERSION_SIMILAR and the same tools, commands and words; a translation). A match is a merge
candidate on the person's note, and no new file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memdir.consolidation.daily.route_rag import Match, NoteVectors

if TYPE_CHECKING:
    import numpy as np

PERSON_NOTES = 3  # the person's knowledge notes closest to a new procedure that are compared with it
_NO_HOWTO = ("knowledge/lessons/", "knowledge/decisions/", "knowledge/rules/")


def person_howtos(vectors: NoteVectors, vec: np.ndarray, kind: str) -> list[Match]:
    """The knowledge notes a person wrote that are closest to a new procedure's text ([] for another kind)."""
    if kind != "procedures":
        return []
    found = vectors.related(vec, "knowledge", k=PERSON_NOTES * 3)
    mine = [m for m in found if m.origin == "human" and not m.path.startswith(_NO_HOWTO)]
    return mine[:PERSON_NOTES]


def howto_reason(m: Match, reason: str) -> str:
    """The merge candidate's reason, naming a person's knowledge note as such."""
    if m.path.startswith("knowledge/"):
        return f"{reason.replace('this procedure', 'your how-to note')} (you wrote it in knowledge/)"
    return reason
