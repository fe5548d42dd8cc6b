"""The usage signal: how often notes are returned by search and reported as used.

Kept in `.memdir/state/usage.json`, never in a note's frontmatter, so searching never
rewrites a file. A search appends its hits to `.memdir/state/usage-hits.jsonl` before it
returns (`queue_hits`); readers fold that journal into usage.json (`flush_hits`). Recording
is best effort: a busy lock or a read-only root only loses a count, it never fails the
search that triggered it.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import threading
import time
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, TypedDict, cast

from memdir.activity import parse_ts
from memdir.confined import open_folder
from memdir.errors import MemdirError, StoreWriteError
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


HITS_FILE = "usage-hits.jsonl"  # retrievals not yet folded into usage.json, one line per search
FOLD_BYTES = 256 * 1024  # fold the journal into usage.json when it grows past this
FOLD_SECONDS = 5.0  # and from the query path at most this often per process and root (a fold rewrites a file)
_FOLDED_AT: dict[Path, float] = {}  # root -> when this process last folded from the query path
_FOLDS_LOCK = threading.Lock()


def _apply(state: UsageState, counts: Mapping[str, tuple[int, str | None]], counter: str, stamp: str) -> None:
    for path, (n, when) in counts.items():
        entry = cast(dict[str, Any], state.notes.setdefault(path, {}))  # counter, stamp: keys of UsageEntry
        entry[counter] = int(entry.get(counter, 0)) + n
        ts = when or _now()
        prev = parse_ts(entry.get(stamp))
        new = parse_ts(ts)
        if prev is None or (new is not None and new >= prev):
            entry[stamp] = ts


_EPOCH = datetime.fromtimestamp(0).astimezone()


def _journal_counts(raw: bytes) -> dict[str, tuple[int, str]]:
    """path -> (retrievals, latest stamp) from the journal's lines; a torn or foreign line is skipped."""
    counts: dict[str, tuple[int, str]] = {}
    for line in raw.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if (
            not isinstance(row, dict)
            or not isinstance(row.get("t"), str)
            or not isinstance(row.get("p"), list)
        ):
            continue
        for p in row["p"]:
            if isinstance(p, str) and p:
                n, when = counts.get(p, (0, row["t"]))
                later = (parse_ts(row["t"]) or _EPOCH) > (parse_ts(when) or _EPOCH)
                counts[p] = (n + 1, row["t"] if later else when)
    return counts


def _fold(root: Path, state: UsageState) -> int | None:
    """Add the journal's retrievals to state (caller holds the usage lock exclusively).

    Returns the journal's fd to truncate once state is saved, or None when there is none.
    """
    try:
        with open_folder(root, ".memdir/state", create=False) as f:
            fd = f.open_file(HITS_FILE, os.O_RDWR)
    except (OSError, StoreWriteError):
        return None  # no journal yet
    try:
        raw = b""
        while chunk := os.read(fd, 1 << 20):
            raw += chunk
    except OSError:
        os.close(fd)
        raise
    _apply(state, _journal_counts(raw), "retrieved", "last_retrieved")
    return fd


def _bump(root: Path, counts: Mapping[str, tuple[int, str | None]], counter: str, stamp: str) -> None:
    """Add counts to usage.json and fold the retrieval journal into it, under the usage lock."""
    try:
        with file_lock(_lock(root), timeout=2.0):
            state = UsageState(root)
            journal = _fold(root, state)
            try:
                _apply(state, counts, counter, stamp)
                if counts or journal is not None:
                    state.save()
                if journal is not None:
                    os.ftruncate(journal, 0)  # folded: the journal starts afresh
            finally:
                if journal is not None:
                    os.close(journal)
    except (OSError, MemdirError) as exc:
        log.warning("could not record usage (%s); counts skipped", exc)


def record_hits(root: Path, paths: Iterable[str]) -> None:
    """Count one retrieval for each note a search returned (root-relative paths), in usage.json at once."""
    _bump(root, {p: (1, None) for p in dict.fromkeys(paths) if p}, "retrieved", "last_retrieved")


def queue_hits(root: Path, paths: Iterable[str]) -> None:
    """Count one retrieval for each note a search returned, written before the search returns.

    One line appended to `.memdir/state/usage-hits.jsonl` under a shared lock: no rewrite,
    rename or fsync on the query path (a rewrite of usage.json was ~5 ms of a 20 ms search),
    and nothing waits in memory, so a process that ends by `os._exit`, a kill -9 or a
    deleted temporary root loses no count. Readers of the usage state fold the journal into
    usage.json. The facade passes this to the index's search as its `on_hits` callback.
    """
    names = [p for p in dict.fromkeys(paths) if p]
    if not names:
        return
    line = json.dumps({"t": _now(), "p": names}, ensure_ascii=False, separators=(",", ":")) + "\n"
    try:
        with file_lock(_lock(root), timeout=2.0, shared=True):
            with open_folder(root, ".memdir/state") as f:
                fd = f.open_file(HITS_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
            try:
                os.write(fd, line.encode("utf-8"))  # O_APPEND: one write, one whole line
                size = os.fstat(fd).st_size
            finally:
                os.close(fd)
    except (OSError, MemdirError) as exc:
        log.warning("could not record usage (%s); counts skipped", exc)
        return
    now = time.monotonic()
    with _FOLDS_LOCK:
        if not _FOLDED_AT:
            atexit.register(
                flush_hits
            )  # usage.json up to date after a normal exit (the journal has them anyway)
        due = size > FOLD_BYTES or now - _FOLDED_AT.get(root, -FOLD_SECONDS) >= FOLD_SECONDS
        if due:
            _FOLDED_AT[root] = now
    if due:
        flush_hits(root)


def flush_hits(root: Path | None = None) -> None:
    """Fold the retrieval journal of root (None: of every root this process searched) into usage.json now.

    A root whose journal is gone (a deleted temporary root) or empty is left alone, silently.
    """
    if root is None:
        with _FOLDS_LOCK:
            roots = list(_FOLDED_AT)
        for each in roots:
            flush_hits(each)
        return
    try:
        pending = (root / ".memdir" / "state" / HITS_FILE).stat().st_size > 0
    except OSError:
        pending = False
    if pending:
        _bump(root, {}, "retrieved", "last_retrieved")


def record_use(root: Path, path: str, when: datetime | None = None, count: int = 1) -> None:
    """Count reported uses of a note (outcome reports); `when` is the latest of them."""
    _bump(root, {path: (count, when.isoformat(timespec="seconds") if when else None)}, "used", "last_used")


def record_uses(root: Path, uses: Mapping[str, tuple[int, datetime]]) -> None:
    """Count reported uses of many notes at once: path -> (count, latest time)."""
    _bump(root, {p: (n, w.isoformat(timespec="seconds")) for p, (n, w) in uses.items()}, "used", "last_used")


def _read(root: Path) -> dict[str, UsageEntry]:
    flush_hits(root)  # the retrievals still in the journal count too
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
