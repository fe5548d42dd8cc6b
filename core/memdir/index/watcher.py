"""Live sync: a watchdog observer that re-syncs the notes an editor touched, debounced and batched.

Events under `.memdir/`, `archive/`, temp/swap files and non-Markdown files are ignored.
Changes are collected until the root has been quiet for `debounce` seconds (or
`max_delay` passed), then synced in one `IndexService.sync(paths=...)` call on the
watcher's own thread. A failing sync is logged and retried with the next batch; it never
stops the watcher.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memdir.index.catalog import index_dir
from memdir.index.sync import is_indexable

if TYPE_CHECKING:
    from memdir.index.service import IndexService

log = logging.getLogger(__name__)


class IndexWatcher:
    """Watches a memory root and keeps its index in step; start() and stop() it."""

    def __init__(self, index: IndexService, debounce: float = 1.0, max_delay: float = 10.0) -> None:
        self.index = index
        self.root: Path = index.root
        self.debounce = debounce
        self.max_delay = max_delay
        self._pending: set[str] = set()
        self._full = False
        self._first = 0.0
        self._last = 0.0
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._observer: Any = None
        self._thread: threading.Thread | None = None
        self.syncs = 0
        self.last_report: Any = None

    # -- events ----------------------------------------------------------------
    def _rel(self, path: str | bytes) -> str | None:
        p = os.fsdecode(path)
        try:
            rel = os.path.relpath(p, self.root).replace(os.sep, "/")
        except ValueError:
            return None
        if rel.startswith("../") or not is_indexable(rel, self.index.include_archive):
            return None
        return rel

    def notice(self, *paths: str | bytes, full: bool = False) -> None:
        """Queue paths (absolute) that changed (full: a folder moved, rescan everything)."""
        rels = [r for r in (self._rel(p) for p in paths if p) if r]
        if not rels and not full:
            return
        with self._cond:
            now = time.monotonic()
            if not self._pending and not self._full:
                self._first = now
            self._pending.update(rels)
            self._full = self._full or full
            self._last = now
            self._cond.notify()

    # -- loop ------------------------------------------------------------------
    def _take_batch(self) -> set[str] | None:
        with self._cond:
            while not self._stop.is_set():
                if self._pending or self._full:
                    now = time.monotonic()
                    quiet = now - self._last >= self.debounce
                    overdue = now - self._first >= self.max_delay
                    if quiet or overdue:
                        batch, self._pending = self._pending, set()
                        if self._full:
                            self._full = False
                            return {"*"}
                        return batch
                    self._cond.wait(timeout=min(self.debounce - (now - self._last), 0.5) + 0.01)
                else:
                    self._cond.wait(timeout=0.5)
            return None

    def _run(self) -> None:
        while not self._stop.is_set():
            batch = self._take_batch()
            if not batch:
                continue
            try:
                paths = None if "*" in batch else sorted(batch)
                self.last_report = self.index.sync(paths=paths, should_stop=self._stop.is_set)
                self.syncs += 1
            except Exception as exc:  # a bad sync must never kill live sync
                log.warning("live index sync of %d file(s) failed: %s", len(batch), exc)

    def start(self) -> None:
        """Start watching (idempotent)."""
        if self._observer is not None:
            return
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer

        watcher = self

        class _Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.event_type in ("opened", "closed_no_write"):
                    return
                dest = getattr(event, "dest_path", "") or ""
                if event.is_directory:
                    if event.event_type in ("moved", "deleted") and watcher._rel(
                        os.path.join(os.fsdecode(event.src_path), "x.md")
                    ):
                        watcher.notice(full=True)
                    return
                watcher.notice(event.src_path, dest)

        self._stop.clear()
        # The folders a sync creates, made before watchdog's first recursive walk: a folder that
        # appears during that walk is registered twice and watchdog warns from its own thread.
        for folder in (self.root / ".memdir" / "locks", index_dir(self.root)):
            with contextlib.suppress(OSError):
                folder.mkdir(parents=True, exist_ok=True)
        observer = Observer()
        observer.daemon = True
        observer.schedule(_Handler(), str(self.root), recursive=True)
        observer.start()
        self._observer = observer
        self._thread = threading.Thread(target=self._run, name="memdir-index-watcher", daemon=True)
        self._thread.start()
        log.info("watching %s for note changes", self.root)

    def request_stop(self) -> None:
        """Ask the watcher to stop without waiting: a running sync ends at its next safe point."""
        self._stop.set()
        with self._cond:
            self._cond.notify_all()

    def stop(self, timeout: float = 10.0) -> bool:
        """Stop watching; waits (up to timeout) for a running sync to reach a safe point and save.

        Returns False if the sync thread was still running when the time was up.
        """
        self.request_stop()
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout)
            self._observer = None
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                return False
            self._thread = None
        return True

    def __enter__(self) -> IndexWatcher:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
