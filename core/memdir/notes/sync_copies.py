"""Conflict copies a sync tool leaves beside a file both sides changed: not notes, not episodes.

When two machines change one file before they sync, the tool keeps both and names the second
after the first (the patterns each tool documents):
- Syncthing: `NAME.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.md`;
- Dropbox: `NAME (Alice's conflicted copy YYYY-MM-DD).md` (a ` (1)` may follow the date);
- Nextcloud / ownCloud: `NAME (conflicted copy YYYY-MM-DD HHMMSS).md`, older ownCloud clients
  `NAME_conflict-YYYYMMDD-HHMMSS.md`;
- OneDrive: `NAME-COMPUTERNAME.md`, read as a copy only for Windows' default computer names
  (`DESKTOP-AB12CD3`, `LAPTOP-…`) and only when NAME.md is beside it (`leak-in-205-ceiling.md`
  is a name a person gives).
Such a copy is nobody's note: memdir lists, indexes and consolidates none, `lint` names each with
the file it copies, and the daily run holds the original's episodes that differ from it. memdir
deletes nothing: a person compares the two, keeps one and deletes (or renames) the other.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

_NAMED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("Syncthing", re.compile(r"(?P<base>.+)\.sync-conflict-\d{8}-\d{6}-[A-Za-z0-9]+")),
    ("Dropbox", re.compile(r"(?P<base>.+?) \([^()]*['’]s conflicted copy \d{4}-\d{2}-\d{2}(?: \(\d+\))?\)")),
    ("Nextcloud", re.compile(r"(?P<base>.+?) \(conflicted copy (?:[^()]+ )?\d{4}-\d{2}-\d{2} \d{6}\)")),
    ("ownCloud", re.compile(r"(?P<base>.+?)_conflict-\d{8}-\d{6}")),
)
# read as a copy only when the original is beside it
_BESIDE: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("OneDrive", re.compile(r"(?P<base>.+)-(?:DESKTOP|LAPTOP)-[A-Z0-9]{6,8}")),
    ("Dropbox", re.compile(r"(?P<base>.+?) \([^()]*競合コピー[^()]*\d{4}-\d{2}-\d{2}[^()]*\)")),
)


@dataclass(frozen=True)
class SyncCopy:
    """A conflict copy: its path, the file it copies (both root-relative) and the tool's name."""

    path: str
    original: str
    tool: str


def copy_of(rel: str, exists: Callable[[str], bool]) -> SyncCopy | None:
    """The SyncCopy `rel` is, else None; `exists(original)` says whether the original is there."""
    folder, _, name = rel.rpartition("/")
    if not name.endswith(".md"):
        return None
    stem = name[:-3]
    for table, need in ((_NAMED, False), (_BESIDE, True)):
        for tool, pattern in table:
            m = pattern.fullmatch(stem)
            if m is None:
                continue
            original = f"{folder}/{m.group('base')}.md" if folder else f"{m.group('base')}.md"
            if not need or exists(original):
                return SyncCopy(rel, original, tool)
    return None


def is_copy_name(name: str, siblings: Iterable[str]) -> bool:
    """True when file `name` is a conflict copy of a file in `siblings` (the names in its folder) or by name."""
    names = set(siblings)
    return copy_of(name, lambda o: o in names) is not None


def find_copies(root: Path, dirs: Iterable[str]) -> list[SyncCopy]:
    """The conflict copies under root/dirs, sorted (hidden folders and symlinked folders not entered)."""
    out: list[SyncCopy] = []
    for top in dirs:
        for dirpath, dirnames, filenames in os.walk(root / top):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            folder = Path(dirpath).relative_to(root).as_posix()
            for name in sorted(filenames):
                found = copy_of(name, set(filenames).__contains__)
                if found is not None:
                    out.append(SyncCopy(f"{folder}/{name}", f"{folder}/{found.original}", found.tool))
    return out


def same_text(a: bytes, b: bytes) -> bool:
    """True when two files say the same (line endings aside)."""
    return a.replace(b"\r\n", b"\n") == b.replace(b"\r\n", b"\n")
