"""The usage signal: how often notes are returned by search and reported as used.

Kept in `.memdir/state/usage.json`, never in a note's frontmatter, so searching never
rewrites a file. Recording is best effort: a busy lock or a read-only root only loses a
count, it never fails the search that triggered it.
"""

from __future__ import annotations

import atexit
import json
import logging
import threading
import time
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, TypedDict, cast

from memdir.activity import parse_ts
from memdir.errors import MemdirError
from memdir.locks import file_lock
from memdir.notes.atomic import atomic_write_bytes

log = logging.getLogger(__name__)

USAGE_FILE = ("state", "usage.json")


class UsageEntry(TypedDict, total=False):
    """The usage counters of one note."""

    retrieved: int
    last_retrieved: str
    used: int
    last_used: str


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
    def notes(self) -> dict[str, UsageEntry]:
        """The per-note counters."""
        return cast(dict[str, UsageEntry], self.data["notes"])

    def save(self) -> None:
        """Write the counters atomically, confined to the root like every write (temp file + rename)."""
        atomic_write_bytes(
            self.path, json.dumps(self.data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        )


def _lock(root: Path) -> Path:
    return root / ".memdir" / "locks" / "usage.lock"


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _bump(root: Path, counts: Mapping[str, tuple[int, str | None]], counter: str, stamp: str) -> None:
    if not counts:
        return
    try:
        with file_lock(_lock(root), timeout=2.0):
            state = UsageState(root)
            for path, (n, when) in counts.items():
                entry = cast(
                    dict[str, Any], state.notes.setdefault(path, {})
                )  # counter, stamp: keys of UsageEntry
                entry[counter] = int(entry.get(counter, 0)) + n
                ts = when or _now()
                prev = parse_ts(entry.get(stamp))
                new = parse_ts(ts)
                if prev is None or (new is not None and new >= prev):
                    entry[stamp] = ts
            state.save()
    except (OSError, MemdirError) as exc:
        log.warning("could not record usage (%s); counts skipped", exc)


def record_hits(root: Path, paths: Iterable[str]) -> None:
    """Count one retrieval for each note a search returned (root-relative paths)."""
    _bump(root, {p: (1, None) for p in dict.fromkeys(paths) if p}, "retrieved", "last_retrieved")


class _HitBuffer:
    """Retrieval counts waiting to be written, per memory root (one process-wide buffer).

    A search only adds to it; the counts are written at most every FLUSH_SECONDS, when
    this process reads the usage state, and at exit. This keeps a lock, a JSON rewrite
    and a rename off every query (~5 ms of a 20 ms search, measured); a kill -9 loses at
    most FLUSH_SECONDS of retrieval counts, which the usage signal tolerates.
    """

    FLUSH_SECONDS = 5.0

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: dict[Path, dict[str, tuple[int, str]]] = {}
        self._flushed_at: dict[Path, float] = {}
        self._hooked = False

    def add(self, root: Path, paths: Iterable[str]) -> None:
        stamp = _now()
        with self._lock:
            counts = self._pending.setdefault(root, {})
            for p in dict.fromkeys(paths):
                if p:
                    counts[p] = (counts.get(p, (0, stamp))[0] + 1, stamp)
            if not self._hooked:
                atexit.register(self.flush_all)
                self._hooked = True
            due = time.monotonic() - self._flushed_at.get(root, 0.0) >= self.FLUSH_SECONDS
        if due:
            self.flush(root)

    def flush(self, root: Path) -> None:
        with self._lock:
            counts = self._pending.pop(root, {})
            self._flushed_at[root] = time.monotonic()
        if counts:
            _bump(root, counts, "retrieved", "last_retrieved")

    def flush_all(self) -> None:
        for root in list(self._pending):
            self.flush(root)


_HITS = _HitBuffer()


def queue_hits(root: Path, paths: Iterable[str]) -> None:
    """Count one retrieval for each note a search returned, written within a few seconds (see _HitBuffer).

    The facade passes this to the index's search as its `on_hits` callback: the index never imports lifecycle.
    """
    _HITS.add(root, paths)


def flush_hits(root: Path | None = None) -> None:
    """Write the queued retrieval counts now (of one root, or of all)."""
    if root is None:
        _HITS.flush_all()
    else:
        _HITS.flush(root)


def record_use(root: Path, path: str, when: datetime | None = None, count: int = 1) -> None:
    """Count reported uses of a note (outcome reports); `when` is the latest of them."""
    _bump(root, {path: (count, when.isoformat(timespec="seconds") if when else None)}, "used", "last_used")


def record_uses(root: Path, uses: Mapping[str, tuple[int, datetime]]) -> None:
    """Count reported uses of many notes at once: path -> (count, latest time)."""
    _bump(root, {p: (n, w.isoformat(timespec="seconds")) for p, (n, w) in uses.items()}, "used", "last_used")


def _read(root: Path) -> dict[str, UsageEntry]:
    _HITS.flush(root)  # what this process queued counts too
    try:
        return UsageState(root).notes
    except OSError as exc:
        log.warning("cannot read usage state (%s); treating as empty", exc)
        return {}


def usage_of(root: Path, path: str) -> UsageEntry:
    """The counters of one note ({} when it was never retrieved or used)."""
    return UsageEntry(**_read(root).get(path, {}))


def last_retrieved(root: Path, path: str) -> datetime | None:
    """When a search last returned this note, or None."""
    return parse_ts(usage_of(root, path).get("last_retrieved"))


def all_usage(root: Path) -> dict[str, UsageEntry]:
    """Every note's counters (read once, for a forgetting pass)."""
    return dict(_read(root))
