"""A write that fails leaves nothing behind; inputs over a size cap are refused or left as they are.

From the hostile-input report (round 6): a `note add` with a NUL printed an error and wrote the
note anyway; a 50 MB query ran for minutes; a 3 MB day file became a 3 MB note memdir then
refused to read. Each test runs the real CLI in a subprocess on a real root.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from memdir import Memory
from memdir.errors import InputError
from memdir.notes.note_checks import MAX_NOTE_BYTES
from memdir.notes.store import NoteStore

Run = Callable[..., subprocess.CompletedProcess[str]]
MAX_QUERY_BYTES = 256 * 1024  # memdir.inputs.MAX_QUERY_BYTES (a literal: absent before)
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def run_bytes(root: Path, *args: str, data: bytes) -> subprocess.CompletedProcess[bytes]:
    """`memdir` with raw bytes on standard input (a NUL, Latin-1)."""
    env = {**os.environ, "MEMDIR_ROOT": str(root), **HASHING}
    return subprocess.run(
        [sys.executable, "-m", "memdir.cli.main", *args],
        input=data,
        capture_output=True,
        env=env,
        timeout=120,
    )


def one_error_line(stderr: str | bytes) -> str:
    text = stderr.decode("utf-8", "replace") if isinstance(stderr, bytes) else stderr
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), text
    assert "Traceback" not in text and "Error:" not in lines[0].removeprefix("error: "), text
    return lines[0]


def test_a_note_with_a_nul_is_refused_and_not_written(root: Path) -> None:
    for _ in range(2):  # the same add again gets the same answer, never "already exists"
        res = run_bytes(root, "note", "add", "knowledge", "zero", "-", data=b"a\0b")
        assert res.returncode == 1
        assert "nothing written" in one_error_line(res.stderr)
        assert not (root / "knowledge" / "zero.md").exists()


def test_a_note_in_latin_1_is_refused_with_one_line_naming_the_byte(root: Path) -> None:
    res = run_bytes(root, "note", "add", "knowledge", "latin", "-", data="café crème".encode("latin-1"))
    assert res.returncode == 1
    line = one_error_line(res.stderr)
    assert "not UTF-8" in line and "0xE9" in line and "UnicodeEncodeError" not in line
    assert list((root / "knowledge").iterdir()) == []


def test_the_store_refuses_a_note_it_would_not_read_back(root: Path) -> None:
    store = NoteStore(root)
    with pytest.raises(InputError, match="too large"):
        store.create("knowledge/big.md", "---\ndescription: big\n---\n\n" + "x" * MAX_NOTE_BYTES)
    with pytest.raises(Exception, match="frontmatter"):
        store.create("knowledge/bad.md", "---\na: [unclosed\n---\n\nbody\n")
    assert list((root / "knowledge").iterdir()) == []


@pytest.mark.parametrize("verb", ["search", "context"])
def test_a_query_over_the_cap_is_refused_at_once(root: Path, run_cli: Run, verb: str) -> None:
    (root / "knowledge" / "a.md").write_text("---\ndescription: deploy\n---\n\n# Deploy\n\nmake deploy\n")
    query = "deploy the api to staging please " * (8 * 1024 * 1024 // 33)  # 8 MB
    t0 = time.monotonic()
    res = run_cli(verb, "-", input=query, env=HASHING)
    assert time.monotonic() - t0 < 30
    assert res.returncode == 1
    assert f"over {MAX_QUERY_BYTES:,} bytes" in one_error_line(res.stderr)
    mem = Memory(root)
    with pytest.raises(InputError, match="too large"):
        mem.search("x" * (MAX_QUERY_BYTES + 1))


def _day(root: Path, day: str, sections: list[tuple[str, str]]) -> Path:
    path = root / "episodes" / f"{day}.md"
    body = "".join(f"## {head}\n\n{text}\n\n" for head, text in sections)
    path.write_text(f"---\ndate: {day}\n---\n\n{body}", encoding="utf-8")
    return path


def test_daily_leaves_a_day_file_over_the_cap_as_it_is_and_goes_on(root: Path, run_cli: Run) -> None:
    lesson = "Lesson: the deploy script needs the staging flag set before it runs. "
    big = _day(root, "2026-11-01", [("10:00 — Huge", lesson * 45_000)])  # 3 MB
    huge_episode = _day(
        root,
        "2026-11-02",
        [
            ("10:00 — One big episode", "The cache warmup must run before traffic shifts. " * 7000),
            (
                "11:00 — Pin runner images",
                "Lesson: always pin the runner image to a digest; latest broke CI.",
            ),
        ],
    )
    before = big.read_bytes(), huge_episode.read_bytes()
    t0 = time.monotonic()
    res = run_cli("consolidate", "daily", env=HASHING, timeout=300)
    assert time.monotonic() - t0 < 120
    assert res.returncode == 75, res.stderr  # pending until cut down, named (trial 29 #13; was 0)
    assert "episodes/2026-11-01.md: too large to consolidate (3," in res.stderr
    assert "episodes/2026-11-02.md#1000-one-big-episode: episode too large to consolidate" in res.stderr
    assert (big.read_bytes(), huge_episode.read_bytes()) == before  # nothing lost
    written = [p for p in root.rglob("*.md") if p.parent.name != "episodes"]
    assert written, res.stdout  # the small episode was consolidated
    assert all(p.stat().st_size < MAX_NOTE_BYTES for p in written)
    assert all("staging flag" not in p.read_text() for p in written)
