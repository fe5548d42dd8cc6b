"""Atomic file writes and the temp-file rules, for every writer (a thin layer over `memdir.confined`).

A write never leaves half a file: a crash leaves the old file or the new one. The file is
written as a temp file beside the target, fsynced and swapped in by `renameat` relative to a
folder descriptor walked from the root without following links (see confined.py), so a write
never lands outside the root. Temp files carry TMP_MARK and the writer's pid, so a later write
(or a sweep) removes those of a dead writer. The NoteStore, the index catalog, the run journal
and the JSON state all write through here.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

from memdir.confined import TMP_MARK, is_stale_temp, write_atomic

log = logging.getLogger(__name__)

__all__ = ["TMP_MARK", "atomic_write_bytes", "is_temp_name", "remove_if_stale", "sweep_stale_temp_files"]


def is_temp_name(name: str) -> bool:
    """True for our own temp files and common editor swap/backup files."""
    return (
        TMP_MARK in name
        or name.startswith((".#", "~"))
        or name.endswith(("~", ".swp", ".swx", ".tmp", ".part"))
    )


def remove_if_stale(path: Path) -> bool:
    """Unlink one of our temp files if the process that wrote it is gone; True if removed."""
    if not is_stale_temp(path.name):
        return False
    try:
        os.unlink(path)
    except OSError:
        return False
    return True


def sweep_stale_temp_files(folder: Path, name: str | None = None) -> int:
    """Remove our temp files in folder (for `name` only, if given) left by processes that died (kill -9)."""
    prefix = f".{name}{TMP_MARK}" if name else None
    removed = 0
    try:
        entries = os.listdir(folder)
    except OSError:
        return 0
    for entry in entries:
        if TMP_MARK in entry and (not prefix or entry.startswith(prefix)):
            removed += remove_if_stale(folder / entry)
    if removed:
        log.info("removed %d stale temp file(s) in %s", removed, folder)
    return removed


def atomic_write_bytes(
    target: Path,
    data: bytes,
    check: Callable[[], None] | None = None,
    verify_displaced: Callable[[bytes], None] | None = None,
    root: Path | None = None,
) -> None:
    """Write data to target atomically, confined to root (default: the root of its `.memdir`).

    `check`, if given, runs just before the swap; an exception from it aborts the write.
    `verify_displaced`, if given, gets the bytes the write displaced (the file is swapped in
    atomically where the OS can); if it raises, the displaced file is put back and nothing changes.
    """
    write_atomic(target, data, root=root, check=check, verify_displaced=verify_displaced)
