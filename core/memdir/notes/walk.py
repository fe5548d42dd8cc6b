"""Walking the note folders: which files a scan reads, and which folders are links out of the root.

Folders are walked following links, but a folder that resolves outside the memory root is never entered
(`outside_links` names it: `status`, `lint` and `index sync` report it), a folder reached twice is walked
once, hidden folders and files are skipped, and a temp file a killed writer left is removed when stale.
`NoteStore.iter_paths` and `NoteStore.links_out` read through here. Moved out of store.py unchanged.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from memdir.notes.atomic import TMP_MARK, is_temp_name, remove_if_stale
from memdir.notes.sync_copies import is_copy_name
from memdir.paths import has_control


def note_paths(root: Path, tops: Iterable[str]) -> Iterator[str]:
    """Relative paths of the Markdown files under each of `tops`, sorted per folder, skipping temp files,
    sync tools' conflict copies, names with control characters and anything that resolves outside the root."""
    root_real = os.path.realpath(root)
    for top in tops:
        base = root / top
        if not base.is_dir():
            continue
        found: list[str] = []
        seen_dirs: set[str] = set()
        for dirpath, dirnames, filenames in os.walk(base, followlinks=True):
            real = os.path.realpath(dirpath)
            if real in seen_dirs or not (real == root_real or real.startswith(root_real + os.sep)):
                dirnames[:] = []
                continue
            seen_dirs.add(real)
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in filenames:
                if TMP_MARK in name:
                    remove_if_stale(Path(dirpath) / name)  # litter of a writer killed mid-way
                skip = not name.endswith(".md") or name.startswith(".") or is_temp_name(name)
                if skip or is_copy_name(name, filenames):  # a sync tool's conflict copy: `lint` names it
                    continue
                full = Path(dirpath) / name
                rp = os.path.realpath(full)
                if not rp.startswith(root_real + os.sep):
                    continue
                rel = full.relative_to(root).as_posix()
                if not has_control(rel):  # a newline in a name: unreadable by path, `lint` names it
                    found.append(rel)
        yield from sorted(found)


def outside_links(root: Path, dirs: Iterable[str]) -> list[str]:
    """Folders under dirs that are symlinks out of the root: skipped, never read (`status`, `lint`,
    `index sync` name them so a folder that counts 0 notes is never a mystery)."""
    root_real = os.path.realpath(root)
    out: list[str] = []
    for top in dirs:
        base = root / top
        if not base.is_dir():
            continue
        seen: set[str] = set()
        for dirpath, dirnames, _ in os.walk(base, followlinks=True):
            real = os.path.realpath(dirpath)
            if real in seen:
                dirnames[:] = []
                continue
            seen.add(real)
            if not (real == root_real or real.startswith(root_real + os.sep)):
                out.append(Path(dirpath).relative_to(root).as_posix())
                dirnames[:] = []
                continue
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
    return out
