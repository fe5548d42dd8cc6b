"""Open merge candidates on a note that an accepted item has just given what they propose.

Two kinds of work can be placed on one person's note in two weeks (a week of evals on one benchmark,
then a week on two), each item proposing the same step the note lacked. Accepting the first appended the
step; the second still read "New content is close to …; accepting appends it", and nothing said that the
note now held its candidate. After a merge is accepted, every other open `merge_candidate` on the same
note whose candidate the note now holds (what accepting it would append is "Seen again", as
`review_apply.section_content` decides) says so in its first paragraph: accepting it adds its sources as
evidence; rejecting says "not this note", and for a weekly item the next weekly run places those tasks
again elsewhere, as a new procedure when no other note fits (trial 24: the item said rejecting "leaves the
note as it is", and a second procedure followed). The item it names is the one whose accepted section holds
the steps, not the one accepted last (which may only have appended "Seen again"). The candidate itself is
left as it was raised.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Protocol

from memdir.errors import MemdirError
from memdir.lifecycle.review_apply import prepare_candidate, section_content

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)


class OpenItem(Protocol):
    """What this module reads of an open review item (`review.ReviewItem`)."""

    id: str
    path: str
    kind: str
    target: str
    sources: list[str]
    candidate: str
    hash: str


def held_by(body: str, item: OpenItem) -> bool:
    """Whether a note's body holds the item's candidate (accepting it would record the sources only)."""
    content = prepare_candidate(item.candidate)
    return bool(content.strip()) and section_content(body, content, item.sources).startswith("Seen again")


_MERGED = re.compile(r"^## .*merged from review (rv-[0-9a-f]+)", re.M)


def appended_by(body: str, item: OpenItem) -> str | None:
    """The review item whose merged section in `body` holds the item's candidate lines (the first), or None."""
    want = [ln.strip() for ln in prepare_candidate(item.candidate).splitlines() if ln.strip()]
    want = [ln for ln in want if not ln.startswith("#")]
    heads = list(_MERGED.finditer(body))
    for n, m in enumerate(heads):
        end = heads[n + 1].start() if n + 1 < len(heads) else len(body)
        present = {ln.strip() for ln in body[m.end() : end].splitlines()}
        if want and sum(ln in present for ln in want) * 5 >= 4 * len(want):
            return m.group(1)
    return None


def _restated(text: str, accepted: str, target: str, key: str = "") -> str:
    """The item's body with its first paragraph (after the title) saying the note now holds the candidate,
    which item appended it, and what accepting and rejecting this one do."""
    lines = text.split("\n")
    start = next((i for i, ln in enumerate(lines) if ln.strip() and not ln.startswith("# ")), None)
    if start is None:
        return text
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    reject = (
        'rejecting says "not this note": the next weekly run places these tasks again, on another note or '
        "as a new procedure, never on this one."
        if key.startswith("weekly:")
        else 'rejecting says "not this note" and archives this item; the note stays as it is.'
    )
    what = (
        f"`{target}` already holds this candidate: `{accepted}`, accepted, appended the same steps. "
        'Accepting this item adds its sources to the note as evidence (a dated "Seen again" section); '
        + reject
    )
    return "\n".join([*lines[:start], what, *lines[end:]])


def restate_siblings(
    store: NoteStore, accepted: OpenItem, items: list[OpenItem], review_dir: str
) -> list[str]:
    """Restate the open merge candidates on `accepted.target` that the note now holds; their paths."""
    try:
        body = store.read(accepted.target).body
    except MemdirError:
        return []
    done: list[str] = []
    for item in items:
        if item.id == accepted.id or item.kind != "merge_candidate" or item.target != accepted.target:
            continue
        if not held_by(body, item):
            continue
        try:
            note = store.read(item.path)
            source = appended_by(body, item) or accepted.id
            new = _restated(note.body, source, item.target, str(note.meta.get("key") or ""))
            if new != note.body:
                store.update_meta(item.path, {}, expected_hash=item.hash, body=new, allow=(review_dir,))
                done.append(item.path)
        except MemdirError as exc:  # a person editing the item meanwhile: leave it
            log.warning("could not restate %s: %s", item.path, exc)
    return done


def follow_move(
    store: NoteStore, moved: OpenItem, destination: str, items: list[OpenItem], review_dir: str
) -> list[str]:
    """Point the open items on a note an accepted `move_proposal` moved at its new path; their paths.

    A usage report tied to a person's how-to in knowledge/ (an `evidence` item, route_usage_title) and the
    proposal to move that how-to to procedures/ are raised by one run (trial 28 #10b); accepting the move left
    the item on a path that no longer exists ("target … no longer exists"). Its `target`, and the path in its
    description, usage line and body (the `memdir feedback` line to count it), now follow the note."""
    done: list[str] = []
    old = moved.target
    for item in items:
        if item.id == moved.id or item.target != old:
            continue
        try:
            note = store.read(item.path)
            changes: dict[str, object] = {"target": destination}
            for key in ("description", "usage"):
                value = note.meta.get(key)
                if isinstance(value, str) and old in value:
                    changes[key] = value.replace(old, destination)
            store.update_meta(
                item.path,
                changes,
                body=note.body.replace(f"`{old}`", f"`{destination}`"),
                allow=(review_dir,),
            )
            done.append(item.path)
        except MemdirError as exc:  # a person editing the item meanwhile: leave it
            log.warning("could not point %s at %s: %s", item.path, destination, exc)
    return done
