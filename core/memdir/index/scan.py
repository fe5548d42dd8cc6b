"""Which files the index covers, and their stats: a scan that reads no file.

A scan stats every Markdown file under the indexed folders (`os.scandir`, symlinked
folders followed once, loops and escapes out of the root cut); the sync compares the
(mtime, size) pairs with the catalog and reads only the files that differ.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from memdir.errors import PathError
from memdir.notes.atomic import is_temp_name
from memdir.notes.store import SCAN_DIRS, NoteStore
from memdir.notes.sync_copies import copy_of, is_copy_name
from memdir.paths import ARCHIVE_DIR, has_control


def index_dirs(include_archive: bool = False) -> tuple[str, ...]:
    """Top-level folders the index covers."""
    return SCAN_DIRS + ((ARCHIVE_DIR,) if include_archive else ())


def is_indexable(rel: str, include_archive: bool = False) -> bool:
    """True for a root-relative path the index should hold (a Markdown note in an indexed folder)."""
    parts = rel.split("/")
    name = parts[-1]
    return (
        len(parts) >= 2
        and parts[0] in index_dirs(include_archive)
        and name.endswith(".md")
        and not name.startswith(".")
        and not is_temp_name(name)
        and not any(p.startswith(".") for p in parts[:-1])
        and not has_control(rel)
    )


def _walk(root: Path, top: str, out: dict[str, tuple[int, int] | str]) -> None:
    """Stat every indexable file under root/top with os.scandir (symlinked folders followed once, loops cut)."""
    root_real = os.path.realpath(root)
    seen: set[str] = set()
    stack = [(root / top, top)]
    while stack:
        folder, rel_folder = stack.pop()
        real = os.path.realpath(folder)
        if real in seen or not (real == root_real or real.startswith(root_real + os.sep)):
            continue
        seen.add(real)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        names = [e.name for e in entries]
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            rel = f"{rel_folder}/{name}"
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                stack.append((Path(entry.path), rel))
                continue
            if (
                not name.endswith(".md")
                or is_temp_name(name)
                or has_control(rel)
                or is_copy_name(name, names)
            ):
                continue  # a sync tool's conflict copy is no note: `lint` names it
            try:
                if entry.is_symlink():
                    target = os.path.realpath(entry.path)
                    if not target.startswith(root_real + os.sep):
                        continue
                st = entry.stat()
            except OSError as exc:
                out[rel] = f"cannot stat: {exc.strerror or exc}"
                continue
            out[rel] = (st.st_mtime_ns, st.st_size)


def scan_stats(
    store: NoteStore, paths: Iterable[str] | None, include_archive: bool
) -> dict[str, tuple[int, int] | str]:
    """rel -> (mtime_ns, size) for every indexable file (or an error message when stat fails)."""
    out: dict[str, tuple[int, int] | str] = {}
    if paths is None:
        for top in index_dirs(include_archive):
            if (store.root / top).is_dir():
                _walk(store.root, top, out)
        return dict(sorted(out.items()))
    for rel in paths:
        if not is_indexable(rel, include_archive) or copy_of(rel, lambda o: (store.root / o).is_file()):
            continue
        try:
            store.abspath(rel)  # refuses paths that resolve outside the root
            st = os.stat(store.root / rel)
        except FileNotFoundError:
            continue
        except (OSError, PathError) as exc:
            out[rel] = f"cannot stat: {getattr(exc, 'strerror', None) or exc}"
            continue
        out[rel] = (st.st_mtime_ns, st.st_size)
    return out
