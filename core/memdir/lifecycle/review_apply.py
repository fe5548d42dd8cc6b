"""What accepting a review item does to its target: a dated merged section, or a file move.

Both are idempotent, so an accept interrupted by a crash can simply be run again: a merge
whose section is already in the target only completes the bookkeeping, and a move whose
source is gone but whose destination exists is reported as done.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, TypedDict

from memdir.errors import ConflictError, MemdirError, NoteNotFound, ReviewError
from memdir.locks import file_lock
from memdir.notes.current_steps import language_heading, later_steps, mark_current, other_language
from memdir.notes.frontmatter import split_text

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

MOVE_DIRS = ("knowledge", "procedures")
# Notes whose type fixes their folder (formats.md): a lesson, decision or rule is knowledge whatever its
# steps read like, so no move proposal takes it out (trial 25 #8: a weekly lesson to procedures/lessons/).
HOMES = {"lesson": "knowledge/lessons/", "decision": "knowledge/decisions/", "rule": "knowledge/rules/"}
MERGE_DIRS = ("knowledge", "procedures", "skills")  # skills: only ever on a person's explicit accept
_SWAP = {"procedures": "knowledge", "knowledge": "procedures"}
# A numbered step ("2. ...", "2) ...", full-width "２．..."): out of its list it says nothing usable.
_STEP = re.compile(r"^\s*([0-9０-９]{1,3})[.)．）、]\s*\S")


class MergeResult(TypedDict):
    """A merge accepted: the note it went into, whether it was there already, the sources after."""

    target: str
    already_merged: bool
    sources: list[str]


class MoveResult(TypedDict):
    """A move accepted: from where to where, and whether it had been done already."""

    target: str
    destination: str
    already_moved: bool


def default_destination(target: str) -> str:
    """The other kind's folder for a move proposal: procedures/x.md <-> knowledge/x.md."""
    top, _, rest = target.partition("/")
    if top not in _SWAP or not rest:
        raise ReviewError(f"a move proposal needs a destination for {target}")
    return f"{_SWAP[top]}/{rest}"


def merge_marker(item_id: str) -> str:
    """The text that identifies a section merged from this review item."""
    return f"merged from review {item_id}"


def prepare_candidate(text: str) -> str:
    """Candidate content ready to nest under a `## ` section: no frontmatter, no H1, headings one level down."""
    split = split_text(text)
    lines = split.body.strip("\n").splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    out, fence = [], False
    for line in lines:
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        elif (
            not fence
            and line.startswith("#")
            and line.lstrip("#").startswith(" ")
            and not line.startswith("######")
        ):
            line = "#" + line
        out.append(line)
    return "\n".join(out).strip("\n")


def section_content(target_body: str, content: str, sources: list[str]) -> str:
    """What the dated section says: the candidate, or, when the target already has (nearly) all of it, only that it was seen again plus the lines that are new."""
    refs = ", ".join(f"`{s}`" for s in sources) or "no sources"
    lines = [ln.strip() for ln in content.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        return f"Seen again in {refs}." if content.strip() == "" else content
    present = {ln.strip() for ln in target_body.splitlines()}
    new = [ln for ln in lines if ln not in present]
    if len(new) > max(1, len(lines) // 5):
        return content
    changed = list(dict.fromkeys(m.group(1) for m in map(_STEP.match, new) if m))
    if changed:
        # a step differs: the candidate's whole list goes in, never a lone numbered fragment
        which = f"step {changed[0]} differs" if len(changed) == 1 else f"steps {', '.join(changed)} differ"
        return f"Changed since the steps above (new work in {refs}): {which}. The whole newer version:\n\n{content}"
    text = f"Seen again: this note's content matched new work in {refs}."
    if new:
        text += "\n\nNot already in this note:\n\n" + "\n".join(new)
    return text


def _union(existing: Any, new: list[str]) -> list[str]:
    if existing is None:
        old: list[str] = []
    elif isinstance(existing, list):
        old = [str(s) for s in existing]
    else:
        old = [str(existing)]
    return list(dict.fromkeys(old + [str(s) for s in new]))


def apply_merge(
    store: NoteStore,
    item_id: str,
    target: str,
    candidate: str,
    sources: list[str],
    title: str = "",
    weekly: bool = False,
) -> MergeResult:
    """Append the candidate to target as `## YYYY-MM-DD — merged from review <id>` and extend `sources`.

    `weekly`: the item is a weekly run's, whose candidate is memdir's list of the steps new tasks took (in
    code, with memdir's words around them), never a version in the note's other language: its heading is
    the dated one of every merge (trial 24 re-check N6: `## English version — merged from review …` on a
    Japanese note, for one `curl` step)."""
    rel = store.relpath(target)
    if rel.split("/", 1)[0] not in MERGE_DIRS:
        raise ReviewError(f"{rel} is not in {', '.join(MERGE_DIRS)}; edit it by hand and reject the item")
    try:
        note = store.read(rel)
    except NoteNotFound:
        raise ReviewError(f"target {rel} no longer exists (restore it or reject the item)") from None
    now = store.now()
    merged_sources = _union(note.meta.get("sources"), sources)
    changes: dict[str, Any] = {}
    if merged_sources != _union(note.meta.get("sources"), []) or "sources" not in note.meta:
        changes["sources"] = merged_sources
    already = merge_marker(item_id) in note.body
    body = None
    if not already:
        prepared = prepare_candidate(candidate)
        content = section_content(note.body, prepared, sources)
        # a translation: a version beside the note's own, not later. Read on the candidate only when the
        # section is the candidate: memdir's own words ("Seen again in …") are in no language of the note's
        other = other_language(note.body, content) if content == prepared and not weekly else None
        heading = f"{now.date().isoformat()} — {merge_marker(item_id)}"
        heading = (
            language_heading(other, f"{merge_marker(item_id)} ({now.date().isoformat()})")
            if other
            else heading
        )
        body = note.body.rstrip("\n") + "\n\n" + f"## {heading}\n\n{content}\n"
        if not other and rel.startswith("procedures/") and later_steps(note.meta, note.body, content):
            body = mark_current(body, heading)  # a later version of the steps: the top says which are current
    if changes or body is not None:
        if "updated_at" in note.meta or body is not None:
            changes["updated_at"] = now.isoformat(timespec="seconds")
        store.update_meta(rel, changes, expected_hash=note.hash, body=body, allow=MERGE_DIRS)
    log.info("merged review %s into %s%s", item_id, rel, " (already merged)" if already else "")
    return {"target": rel, "already_merged": already, "sources": merged_sources}


def move_refusal(target: str, note_type: object, destination: str) -> str | None:
    """Why a note may not move from target to destination; None when it may.

    Moves are between procedures/ and knowledge/ only (skills/ is the person's, episodes/ the record);
    a note of a typed kind (`type: lesson|decision|rule`) or in that kind's folder stays in its folder."""
    for rel in (target, destination):
        if rel.split("/", 1)[0] not in MOVE_DIRS or not rel.endswith(".md"):
            return f"moves are between {' and '.join(MOVE_DIRS)} notes only, not {rel}"
    kind = str(note_type or "")
    if kind not in HOMES:
        kind = next((k for k, home in HOMES.items() if target.startswith(home)), "")
    if kind and not destination.startswith(HOMES[kind]):
        return f"a {kind} (type: {kind}) is knowledge and stays in {HOMES[kind]}, not {destination}"
    return None


def refused_move(store: NoteStore, target: str, destination: str) -> str | None:
    """`move_refusal` for the note at target as it is now (logged: a proposal refused is not raised)."""
    try:
        note_type = store.read(target).meta.get("type") if store.exists(target) else None
    except MemdirError:
        note_type = None  # unreadable: its folder still decides
    if why := move_refusal(target, note_type, destination):
        log.info("no move of %s: %s", target, why)
    return why


def apply_move(store: NoteStore, target: str, destination: str) -> MoveResult:
    """Move target to destination byte for byte (atomic rename), refusing to overwrite or to move a
    note out of its fixed home (`move_refusal`: an item written before that rule, or by hand)."""
    src_rel, dest_rel = store.relpath(target), store.relpath(destination)
    if why := refused_move(store, src_rel, dest_rel):
        raise ReviewError(f"cannot move {src_rel}: {why}; reject the item")
    src, dest = store.abspath(src_rel), store.abspath(dest_rel)
    first, second = sorted((src_rel, dest_rel))
    with file_lock(store._lock_path(first)), file_lock(store._lock_path(second)):
        if not src.exists():
            if dest.exists():
                return {"target": src_rel, "destination": dest_rel, "already_moved": True}
            raise ReviewError(f"target {src_rel} no longer exists (restore it or reject the item)")
        if dest.exists() or dest.is_symlink():
            raise ReviewError(f"cannot move {src_rel}: {dest_rel} already exists")
        if src.is_symlink():
            raise ReviewError(f"refusing to move symlink {src_rel}")
        try:
            store.move_file(src_rel, dest_rel)  # confined: no folder on the way followed as a link
        except ConflictError:
            raise ReviewError(f"cannot move {src_rel}: {dest_rel} already exists") from None
    log.info("moved %s -> %s", src_rel, dest_rel)
    return {"target": src_rel, "destination": dest_rel, "already_moved": False}
