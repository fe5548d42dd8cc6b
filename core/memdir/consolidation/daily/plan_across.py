"""What a part tells is already told by a note of another kind, in either language (trial 28 #13).

A person's policy note in Japanese (knowledge/, a list of what the clinic does) and an English day-file section
that restates it for a colleague: the daily run wrote a new procedure, because its duplicate checks (route_plan
steps 4-7) compared a part only with notes of the kind it was routed to, and the person's note was knowledge.
A note is where a thing is told, whatever its folder; so after those checks a part is also compared with the
closest notes of the other kinds (knowledge, procedures, skills; OTHER_NOTES of each), by the rules the planner
uses within a kind: a near-duplicate (calibrated similarity >= thresholds.duplicate), the same note in another
language (`route_lang.same_in_other_language`), or the same items told in the other language
(`route_lang.translation_by_steps`: every step, sentence and list item embedded whole, with the same
identifiers and amounts). A match is no new note: a merge candidate on that note, or an `evidence` item when
it is a skill (read-only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from memdir.consolidation.daily.route_lang import same_in_other_language, translation_by_steps
from memdir.consolidation.daily.route_rag import Match, NoteVectors

if TYPE_CHECKING:
    import numpy as np

OTHER_NOTES = 3  # the closest notes of each other kind compared with a part
KINDS = ("knowledge", "procedures", "skills")
ACROSS_REASON = "tells what this note already tells"


def other_kinds(vectors: NoteVectors, vec: np.ndarray, kind: str) -> list[Match]:
    """The closest notes of the kinds other than `kind`, best first."""
    found = [m for k in KINDS if k != kind for m in vectors.related(vec, k, k=OTHER_NOTES)]
    return sorted(found, key=lambda m: -m.raw)


def across_kinds(
    vectors: NoteVectors,
    vec: np.ndarray,
    part: tuple[str, str, str],
    duplicate: float,
    text_of: Callable[[str, str], str | None],
    episode_id: str,
) -> tuple[Match, str] | None:
    """The note of another kind than the part's (kind, title, text) that tells what it tells, and why; `text_of`
    gives a note's text as of now in the run, None for one the part's episode makes in it (one text split in two
    kinds is no duplicate of itself)."""
    kind, title, text = part
    found = other_kinds(vectors, vec, kind)
    notes = [(m, said) for m in found if (said := text_of(m.path, episode_id)) is not None]
    return told_elsewhere((title, text), notes, duplicate, vectors.similarity)


def told_elsewhere(
    told: tuple[str, str],
    notes: list[tuple[Match, str]],
    duplicate: float,
    similar: Callable[[str, str], float],
) -> tuple[Match, str] | None:
    """The note (match, body) of another kind that tells what `told` (title, text) tells, and why; None when none
    does."""
    title, text = told
    for m, body in notes:
        if not body.strip():
            continue
        if m.similarity >= duplicate:
            return m, f"{ACROSS_REASON} (a near-duplicate)"
        if same_in_other_language(text, body, m.similarity) or translation_by_steps(
            (title, text), (m.title, body), similar
        ):
            return m, f"{ACROSS_REASON} in another language"
    return None
