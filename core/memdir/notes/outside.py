"""Markdown files in a root that memdir does not read: an existing vault `memdir init` was run in.

memdir reads notes only under `knowledge/`, `procedures/`, `episodes/` and `skills/` (and review
items, archived notes). A folder of notes beside them (`Projects/`, `Inbox.md`, Obsidian's
`Daily/`) is not memory: nothing searches, lints or consolidates it. `init`, `status` and `lint`
say so in one line; nothing is moved (README "Bring an existing vault" says what goes where).

Hidden folders (`.obsidian/`, `.git/`, `.memdir/`) and symlinked folders are not walked; a
`README.md` directly in the root is the root's own page, not a note. Markdown kept out on purpose
(templates, a vault's home page) is named in `memdir.yaml` (`outside: {ignore: [templates/, Home.md]}`,
paths from the root) and not counted; the line says how.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

MEMDIR_FOLDERS = ("knowledge", "procedures", "episodes", "skills", "activity", "review", "archive")
MAX_SEEN = 100_000  # entries looked at before the count stops (a root inside a huge tree)
_SHOWN = 3
_PLAIN = re.compile(r"[\w./][\w./ -]*")  # a path written bare in a YAML flow list


@dataclass
class OutsideNotes:
    """How many Markdown files lie outside memdir's folders, and the top-level places holding them."""

    count: int = 0
    places: list[str] = field(default_factory=list)  # `Projects/` or `Inbox.md`, sorted
    partial: bool = False  # the walk stopped at MAX_SEEN entries: `count` is a lower bound

    def line(self) -> str:
        """One line for `init`, `status` and `lint` ('' when there is none)."""
        if not self.count:
            return ""
        shown = ", ".join(self.places[:_SHOWN]) + (", …" if len(self.places) > _SHOWN else "")
        more = "+" if self.partial else ""
        listed = ", ".join(
            p if _PLAIN.fullmatch(p) else json.dumps(p, ensure_ascii=False) for p in self.places
        )
        return (
            f"{self.count}{more} Markdown file(s) outside knowledge/, procedures/, episodes/, skills/ "
            f"are not memory ({shown}): move them under knowledge/ (facts, references) or procedures/ "
            "(how-tos) to have them searched, or keep them out with `outside: {ignore: "
            f"[{listed}]}}` in memdir.yaml (README: Bring an existing vault)"
        )


def outside_notes(root: Path) -> OutsideNotes:
    """Count the `.md` files under root that are outside memdir's folders (never follows symlinks)."""
    found = OutsideNotes()
    ignored = _ignored(root)
    places: set[str] = set()
    seen = 0
    try:
        top = sorted(os.scandir(root), key=lambda e: e.name)
    except OSError:
        return found
    for entry in top:
        if entry.name.startswith(".") or entry.name in MEMDIR_FOLDERS or entry.name in ignored:
            continue
        if _is_note(entry) and entry.name.lower() != "readme.md":
            found.count += 1
            places.add(entry.name)
            continue
        if not entry.is_dir(follow_symlinks=False):
            continue
        for dirpath, dirnames, filenames in os.walk(entry.path):
            seen += len(dirnames) + len(filenames)
            here = Path(dirpath).relative_to(root).as_posix()
            dirnames[:] = [d for d in dirnames if not d.startswith(".") and f"{here}/{d}" not in ignored]
            notes = sum(
                1
                for n in filenames
                if n.lower().endswith(".md") and not n.startswith(".") and f"{here}/{n}" not in ignored
            )
            if notes:
                found.count += notes
                places.add(f"{entry.name}/")
            if seen > MAX_SEEN:
                found.partial = True
                break
        if found.partial:
            break
    found.places = sorted(places)
    return found


def _is_note(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.name.lower().endswith(".md") and entry.is_file(follow_symlinks=False)
    except OSError:
        return False


def _ignored(root: Path) -> set[str]:
    """The paths `memdir.yaml` keeps out (`outside: ignore:`), as `a/b` from the root; none when it
    does not read (the verbs that need the configuration say why)."""
    from memdir.config import load_config
    from memdir.errors import ConfigError

    try:
        paths = load_config(root).outside.ignore
    except ConfigError:
        return set()
    return {p.strip().replace("\\", "/").removeprefix("./").strip("/") for p in paths}
