"""Where a note went: the moves the index sync saw (a new path with a vanished note's content).

`memdir feedback OLD` after a person renamed or moved the note said only `no such note`. The sync
records each move it finds (`.memdir/index/moves.json`, the newest 500); a verb that finds no note
at a path names where it went: `no such note: OLD; it moved to NEW?`. It never acts on the guess.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from memdir.errors import NoteNotFound
from memdir.notes.archived import NO_NOTE
from memdir.notes.atomic import atomic_write_bytes

T = TypeVar("T")
KEEP = 500


def _file(root: Path) -> Path:
    return root / ".memdir" / "index" / "moves.json"


def _load(root: Path) -> dict[str, str]:
    with contextlib.suppress(OSError, ValueError):
        data = json.loads(_file(root).read_text(encoding="utf-8"))
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}
    return {}


def record_moves(root: Path, moves: Iterable[tuple[str, str]]) -> None:
    """Remember old -> new for each move a sync found (best effort: a hint, never the truth)."""
    known = _load(root)
    for old, new in moves:
        known.pop(old, None)
        known[old] = new
    with contextlib.suppress(OSError):
        data = json.dumps(dict(list(known.items())[-KEEP:]), ensure_ascii=False).encode("utf-8")
        atomic_write_bytes(_file(root), data)


def moved_to(root: Path, rel: str) -> str | None:
    """The path the note once at `rel` lives at now (moves followed), when it is there; else None."""
    known, seen, at = _load(root), {rel}, rel
    while at in known and known[at] not in seen:
        at = known[at]
        seen.add(at)
    return at if at != rel and (root / at).is_file() else None


def moved_hint(root: Path, action: Callable[[], T]) -> T:
    """action(), its plain `no such note` for a path whose note moved made `no such note: OLD; it moved to NEW?`."""
    try:
        return action()
    except NoteNotFound as exc:
        path = exc.path if isinstance(exc.path, str) else None
        new = moved_to(root, path) if path and str(exc).endswith(NO_NOTE) else None
        if new is None:
            raise
        raise NoteNotFound(f"{NO_NOTE}: {path}; it moved to {new}?", None) from None
