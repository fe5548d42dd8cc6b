"""Copies of the sections memdir appends to day files: notice, and undo, a save that dropped them.

An editor that keeps today's day file open and saves its old buffer drops what memdir appended
meanwhile (trial 27 #10). Every section `EpisodeLog.add` writes (`memdir episode add`, MCP
`add_episode`) is also kept, as the day file holds it (secrets masked), one JSON line each in
`.memdir/episodes-written/YYYY-MM-DD.jsonl`. A kept section is *lost* when its day file holds
neither its heading line nor its text. `memdir status`, `memdir lint` and the daily run's summary
say so; `memdir episode restore` appends the lost sections to their day file again (only when
asked: memdir never rewrites the person's file on its own); `memdir episode restore --dismiss`
forgets them (a section deleted on purpose). Copies of days older than KEEP_DAYS are dropped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from memdir.confined import append_bytes, read_regular, write_atomic
from memdir.locks import file_lock
from memdir.notes.store import NoteStore
from memdir.paths import STATE_DIR

COPIES = "episodes-written"
KEEP_DAYS = 60  # copies of older days are dropped when a new section is kept


@dataclass(frozen=True)
class WrittenSection:
    """One section memdir appended to a day file: its episode id, heading line and text."""

    id: str
    heading: str
    text: str

    @property
    def file(self) -> str:
        """The day file (`episodes/YYYY-MM-DD.md`)."""
        return self.id.split("#", 1)[0]


def _folder(root: Path) -> Path:
    return Path(root) / STATE_DIR / COPIES


def keep_copy(root: Path, day: str, section: WrittenSection) -> None:
    """Keep a copy of a section just appended to `episodes/<day>.md` (and drop copies of old days)."""
    folder = _folder(root)
    line = json.dumps(
        {"id": section.id, "heading": section.heading, "text": section.text}, ensure_ascii=False
    )
    append_bytes(folder / f"{day}.jsonl", (line + "\n").encode("utf-8"), root=Path(root))
    try:
        oldest = (date.fromisoformat(day) - timedelta(days=KEEP_DAYS)).isoformat()
    except ValueError:
        return
    for old in folder.glob("*.jsonl"):
        if old.stem < oldest:
            old.unlink(missing_ok=True)


def _kept(path: Path) -> list[WrittenSection]:
    out: list[WrittenSection] = []
    try:
        lines = read_regular(path).decode("utf-8", "replace").splitlines()
    except OSError:
        return out
    for line in lines:
        try:
            d = json.loads(line)
            out.append(WrittenSection(str(d["id"]), str(d["heading"]), str(d["text"])))
        except (ValueError, KeyError, TypeError):
            continue  # a torn line: nothing to compare
    return out


def _holds(day_text: str, section: WrittenSection) -> bool:
    """True when the day file still holds the section: its heading line, or its text (a renamed heading)."""
    if any(line.rstrip() == section.heading for line in day_text.splitlines()):
        return True
    body = section.text.strip()
    return bool(body) and body in day_text


def lost_sections(root: Path) -> list[WrittenSection]:
    """The sections memdir appended that their day file no longer holds, oldest day first."""
    lost: list[WrittenSection] = []
    for path in sorted(_folder(root).glob("*.jsonl")):
        kept = _kept(path)
        if not kept:
            continue
        try:
            text = read_regular(Path(root) / "episodes" / f"{path.stem}.md").decode("utf-8", "replace")
        except OSError:
            text = ""
        lost.extend(s for s in kept if not _holds(text, s))
    return lost


def lost_line(lost: list[str]) -> str:
    """One line for status, lint and the daily summary, from the lost sections' ids ("" when none)."""
    if not lost:
        return ""
    files = sorted({i.split("#", 1)[0] for i in lost})
    names = ", ".join(files[:3]) + (" …" if len(files) > 3 else "")
    return (
        f"{len(lost)} section(s) memdir appended are no longer in their day file ({names}; an editor saved "
        "over them?): `memdir episode restore` appends them again, `memdir episode restore --dismiss` forgets them"
    )


def _chosen(lost: list[WrittenSection], ids: list[str] | None) -> list[WrittenSection]:
    return lost if not ids else [s for s in lost if s.id in set(ids)]


def restore(store: NoteStore, ids: list[str] | None = None) -> list[WrittenSection]:
    """Append the lost sections (all, or those of `ids`) to the end of their day file; returns them."""
    done: list[WrittenSection] = []
    chosen = _chosen(lost_sections(store.root), ids)
    for rel in sorted({s.file for s in chosen}):
        day = rel.removeprefix("episodes/").removesuffix(".md")
        lock = Path(store.root) / STATE_DIR / "locks" / f"episodes-{day}.lock"
        with file_lock(lock):
            current = store.current_hash(rel)
            existing = f"---\ndate: {day}\n---\n".encode() if current is None else store.read_bytes(rel)
            text = existing.decode("utf-8", "replace")
            again = [s for s in chosen if s.file == rel and not _holds(text, s)]
            if not again:
                continue
            sep = b"" if existing.endswith(b"\n\n") else (b"\n" if existing.endswith(b"\n") else b"\n\n")
            added = "\n".join(f"{s.heading}\n\n{s.text.strip()}\n" for s in again)
            store.write_bytes(rel, existing + sep + added.encode("utf-8"), current)
            done.extend(again)
    return done


def dismiss(root: Path, ids: list[str] | None = None) -> list[WrittenSection]:
    """Forget the copies of lost sections (all, or those of `ids`): deleted on purpose; returns them."""
    gone = _chosen(lost_sections(root), ids)
    drop = {(s.id, s.heading, s.text) for s in gone}
    for path in sorted(_folder(root).glob("*.jsonl")):
        kept = _kept(path)
        left = [s for s in kept if (s.id, s.heading, s.text) not in drop]
        if len(left) != len(kept):
            data = "".join(
                json.dumps({"id": s.id, "heading": s.heading, "text": s.text}, ensure_ascii=False) + "\n"
                for s in left
            )
            write_atomic(path, data.encode("utf-8"), root=Path(root))
    return gone
