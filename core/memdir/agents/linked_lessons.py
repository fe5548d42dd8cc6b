"""The lessons that name a procedure, carried with it in the context block (trial 25 second re-check M3).

A lesson names the procedure it corrects in `applies_to` (the daily and weekly runs write it, and a
person may), and a procedure may list its lessons in `lessons:`. Search ranks a lesson by its own words:
"deliver files to a client's portal" finds the delivery procedure, but not a lesson whose description is
its rule ("split a ZIP over 100 MB before uploading"), so an agent about to follow the procedure never met
what went wrong with it. The context block therefore puts, right after each procedure it shows, the
lessons linked to it (either way), up to MAX_PER_PROCEDURE each, highest confidence first, then by path.
They take their share of the budget like any entry (paths first, then lines, then bodies).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from memdir.agents.context_layout import ContextItem
from memdir.errors import NoteError
from memdir.notes.model import valid_confidence

if TYPE_CHECKING:
    from collections.abc import Callable

    from memdir.notes.model import Note
    from memdir.notes.store import NoteStore

MAX_PER_PROCEDURE = 3
_APPLIES_LINE = re.compile(r"^applies_to:", re.M)


def _named(value: object) -> list[str]:
    """The note paths an `applies_to` or `lessons:` value names (a string or a list of them)."""
    values = value if isinstance(value, list) else [value]
    return [str(v).strip() for v in values if isinstance(v, str) and v.strip()]


def _lessons_naming(store: NoteStore, heads: list[tuple[str, str]]) -> dict[str, list[Note]]:
    """Procedure path -> the lessons whose `applies_to` names it (lessons under knowledge/)."""
    out: dict[str, list[Note]] = {}
    for rel, yaml_text in heads:
        if not rel.startswith("knowledge/") or not _APPLIES_LINE.search(yaml_text):
            continue  # cheap pre-filter on the frontmatter's head; the parsed note decides
        try:
            note = store.read(rel)
        except NoteError:
            continue
        if note.meta.get("type") != "lesson":
            continue
        for target in _named(note.meta.get("applies_to")):
            out.setdefault(target, []).append(note)
    return out


def with_linked_lessons(
    store: NoteStore,
    items: list[ContextItem],
    heads: list[tuple[str, str]],
    as_item: Callable[[Note], ContextItem],
) -> list[ContextItem]:
    """items, each procedure followed by the lessons linked to it that items do not already hold."""
    procedures = [i.path for i in items if i.path.startswith("procedures/") and "#" not in i.path]
    if not procedures:
        return items
    naming = _lessons_naming(store, heads)
    held = {i.path for i in items}
    out: list[ContextItem] = []
    for item in items:
        out.append(item)
        if item.path not in procedures:
            continue
        linked = {n.path: n for n in naming.get(item.path, [])}
        try:
            listed = _named(store.read(item.path).meta.get("lessons"))
        except NoteError:
            listed = []
        for rel in listed:
            if rel not in linked and rel.startswith("knowledge/"):
                try:
                    linked[rel] = store.read(rel)
                except NoteError:
                    continue
        ranked = sorted(linked.values(), key=lambda n: (-_conf(n), n.path))
        for note in [n for n in ranked if n.path not in held][:MAX_PER_PROCEDURE]:
            held.add(note.path)
            out.append(as_item(note))
    return out


def _conf(note: Note) -> float:
    value = valid_confidence(note.meta.get("confidence"))
    return -1.0 if value is None else value
