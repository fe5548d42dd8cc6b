"""What a lesson note gains from one more episode that records it (daily): the episode as a source and
a context, its failure lines under "What failed", and, when the lesson is where the episode's words
go, its other sentences under `## Notes` (`From <episode>: …`), so nothing the episode says is lost and
nothing is written twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memdir.consolidation.daily.lesson_story import without_consequence
from memdir.consolidation.daily.lesson_text import unlabel
from memdir.consolidation.daily.lesson_units import as_item, repair_part, repaired
from memdir.consolidation.daily.shape_case import cap_first
from memdir.lifecycle.rules import contexts_of

if TYPE_CHECKING:
    from memdir.notes.model import Note

MAX_FAILED = 3  # failure lines one more episode adds


def _append(body: str, heading: str, text: str) -> str:
    """`text` at the end of the section `heading` (a new section at the end when there is none)."""
    head, sep, tail = body.partition(f"\n{heading}\n")
    if not sep:
        return f"{body.rstrip()}\n\n{heading}\n{text}\n"
    section, nxt, after = tail.partition("\n## ")
    return f"{head}{sep}{section.rstrip()}\n{text}\n" + (f"\n## {after}" if nxt else "")


def with_evidence(
    note: Note, ep_id: str, failed: list[str], remedies: list[str], said: list[str], now: str
) -> tuple[dict[str, object], str]:
    """(frontmatter changes, new body) of a lesson given one more episode: `failed` are its failure
    sentences, `remedies` what it says fixed it, `said` all its sentences in order (empty when another
    note holds the episode: then only the failure and the remedy lines are added)."""
    ids = list(dict.fromkeys([*note.str_list("sources"), ep_id]))
    ctx = list(dict.fromkeys([*contexts_of(dict(note.meta)), f"episode:{ep_id}"]))
    body = note.body
    written = [s for s in failed[:MAX_FAILED] if s not in body]
    if written:
        body = _append(body, "## What failed", "\n".join(as_item(s, ep_id) for s in written))
    # the repair alone when what it was done for is among the failure lines, as a new lesson lists it (re-check #8)
    fixed = [cap_first((repair_part(s) if repaired(s) in failed else None) or s) for s in remedies]
    fixed = [without_consequence(s, failed) for s in fixed]  # its consequence filed: the rule (re-check 2 M4)
    fixed = [s for s in dict.fromkeys(fixed) if s not in body]
    if fixed:  # what fixed it this time goes with what worked, citing the episode
        body = _append(body, "## What worked instead", "\n".join(f"- {s} (`{ep_id}`)" for s in fixed))
    others = [s for s in said if unlabel(s) not in failed and unlabel(s) not in body]
    if others:
        body = _append(body, "## Notes", f"\nFrom `{ep_id}`: " + " ".join(others))
    changes: dict[str, object] = {"sources": ids, "support": len(ids), "contexts": ctx, "updated_at": now}
    return changes, body
