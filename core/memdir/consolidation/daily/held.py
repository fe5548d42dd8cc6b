"""Episodes the daily run holds until a person decides: merge conflicts and sync tools' conflict copies.

A `git pull` stopped mid-merge leaves both sides in the file (notes/conflicts.py); a sync tool that
saw one day file changed on two machines leaves a second file beside it (notes/sync_copies.py). Either
way no text says what happened: each of the original's pending episodes that the copy (or the conflict)
tells otherwise stays pending, with a one-line reason, and the run exits 75 until the person keeps one
side (deletes or renames the copy). A copy that says what the original says changes nothing, and a
copy is never consolidated itself: the sections only it holds are counted pending too.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from memdir.errors import MemdirError
from memdir.notes.episodes import Episode, conflicted_episodes, parse_episode_text
from memdir.notes.store import NoteStore
from memdir.notes.sync_copies import SyncCopy, find_copies, same_text
from memdir.runs.report import RunReport


def hold_unresolved(
    store: NoteStore,
    lists: tuple[list[Episode], list[Episode]],
    report: RunReport,
    until: date,
    on: date | None,
) -> tuple[list[Episode], list[Episode]]:
    """(episodes, retried) without the held ones; each held episode is left pending in report with its reason."""
    everything = [*lists[0], *lists[1]]
    held = _merge_conflicts(store, everything)
    for copy in find_copies(store.root, ("episodes",)):
        held.update(_copy_holds(store, copy, everything, report, until, on))
    for ep in everything:
        if ep.id in held:
            report.leave_pending(1, held[ep.id])
    return [ep for ep in lists[0] if ep.id not in held], [ep for ep in lists[1] if ep.id not in held]


def _merge_conflicts(store: NoteStore, episodes: list[Episode]) -> dict[str, str]:
    held: dict[str, str] = {}
    for file in dict.fromkeys(ep.file for ep in episodes):
        try:
            text = store.read(file).text
        except MemdirError:
            continue
        for eid, line in conflicted_episodes(file, text).items():
            held[eid] = f"unresolved merge conflict in {file}:{line}"
    return held


def _copy_holds(
    store: NoteStore, copy: SyncCopy, episodes: list[Episode], report: RunReport, until: date, on: date | None
) -> dict[str, str]:
    """The original's episodes that `copy` tells otherwise -> reason; the copy's own sections left pending."""
    try:
        day = date.fromisoformat(Path(copy.original).name[:10])
    except ValueError:
        return {}
    if day >= until or (on is not None and day != on):
        return {}
    copy_bytes = _read(store, copy.path) or b""
    orig_bytes = _read(store, copy.original)
    if orig_bytes is not None and same_text(copy_bytes, orig_bytes):
        return {}  # the same text twice: nothing to decide (lint says to delete it)
    theirs = {ep.anchor: ep.hash for ep in parse_episode_text(copy.original, _text(copy_bytes))}
    ours = {ep.anchor: ep.hash for ep in parse_episode_text(copy.original, _text(orig_bytes or b""))}
    if orig_bytes is None:
        reason = (
            f"conflict copy {copy.path} ({copy.tool}) of {copy.original}, which is gone: rename it to keep it"
        )
    else:
        reason = f"conflict copy {copy.path} ({copy.tool}) differs from {copy.original}: compare and keep one"
    report.leave_pending(sum(1 for a in theirs if a not in ours), reason)  # only the copy holds these
    differ = {a for a in ours if theirs.get(a) != ours[a]}
    return {ep.id: reason for ep in episodes if ep.file == copy.original and ep.anchor in differ}


def _read(store: NoteStore, rel: str) -> bytes | None:
    try:
        return (store.root / rel).read_bytes()
    except OSError:
        return None


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")
