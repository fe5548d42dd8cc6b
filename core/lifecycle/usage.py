"""The usage signal: how often notes are returned by search and reported as used.

Kept in `.memdir/state/usage.json`, never in a note's frontmatter, so searching never
rewrites a file. Recording is best effort: a busy lock or a read-only root only loses a
count, it never fails the search that triggered it.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.activity import parse_ts
from core.errors import MemdirError
from core.locks import file_lock

if TYPE_CHECKING:
    from core.memory import Memory

log = logging.getLogger(__name__)

USAGE_FILE = ("state", "usage.json")


class UsageState:
    """path -> {retrieved, last_retrieved, used, last_used}; an unreadable file counts as empty."""

    def __init__(self, root: Path) -> None:
        self.path = root / ".memdir" / USAGE_FILE[0] / USAGE_FILE[1]
        self.data: dict[str, Any] = {}
        if self.path.exists():
            try:
                loaded = json.loads(self.path.read_text(encoding="utf-8"))
                self.data = loaded if isinstance(loaded, dict) else {}
            except (ValueError, UnicodeDecodeError) as exc:
                log.warning("usage state %s is unreadable (%s); starting afresh", self.path, exc)
        if not isinstance(self.data.get("notes"), dict):
            self.data["notes"] = {}

    @property
    def notes(self) -> dict[str, dict[str, Any]]:
        """The per-note counters."""
        return self.data["notes"]  # type: ignore[no-any-return]

    def save(self) -> None:
        """Write the counters atomically (temp file + rename; no fsync: a lost count after a power cut is fine)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_bytes(json.dumps(self.data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
            os.replace(tmp, self.path)
        except OSError:
            tmp.unlink(missing_ok=True)
            raise


def _lock(mem: Memory) -> Path:
    return mem.root / ".memdir" / "locks" / "usage.lock"


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _bump(mem: Memory, counts: Mapping[str, tuple[int, str | None]], counter: str, stamp: str) -> None:
    if not counts:
        return
    try:
        with file_lock(_lock(mem), timeout=2.0):
            state = UsageState(mem.root)
            for path, (n, when) in counts.items():
                entry = state.notes.setdefault(path, {})
                entry[counter] = int(entry.get(counter, 0)) + n
                ts = when or _now()
                prev = parse_ts(entry.get(stamp))
                new = parse_ts(ts)
                if prev is None or (new is not None and new >= prev):
                    entry[stamp] = ts
            state.save()
    except (OSError, MemdirError) as exc:
        log.warning("could not record usage (%s); counts skipped", exc)


def record_hits(mem: Memory, paths: Iterable[str]) -> None:
    """Count one retrieval for each note a search returned (root-relative paths)."""
    _bump(mem, {p: (1, None) for p in dict.fromkeys(paths) if p}, "retrieved", "last_retrieved")


def record_use(mem: Memory, path: str, when: datetime | None = None, count: int = 1) -> None:
    """Count reported uses of a note (outcome reports); `when` is the latest of them."""
    _bump(mem, {path: (count, when.isoformat(timespec="seconds") if when else None)}, "used", "last_used")


def record_uses(mem: Memory, uses: Mapping[str, tuple[int, datetime]]) -> None:
    """Count reported uses of many notes at once: path -> (count, latest time)."""
    _bump(mem, {p: (n, w.isoformat(timespec="seconds")) for p, (n, w) in uses.items()}, "used", "last_used")


def _read(mem: Memory) -> dict[str, dict[str, Any]]:
    try:
        return UsageState(mem.root).notes
    except OSError as exc:
        log.warning("cannot read usage state (%s); treating as empty", exc)
        return {}


def usage_of(mem: Memory, path: str) -> dict[str, Any]:
    """The counters of one note ({} when it was never retrieved or used)."""
    return dict(_read(mem).get(path, {}))


def last_retrieved(mem: Memory, path: str) -> datetime | None:
    """When a search last returned this note, or None."""
    return parse_ts(usage_of(mem, path).get("last_retrieved"))


def all_usage(mem: Memory) -> dict[str, dict[str, Any]]:
    """Every note's counters (read once, for a forgetting pass)."""
    return dict(_read(mem))
