"""Trial 15 #3: a root mounted read-only answers searches, indexed or not, and never writes in it.

The root is bind-mounted read-only for real (skipped where mounting is not allowed); the notes are
about a vegetable garden, one in Japanese.
"""

from __future__ import annotations

import json
import logging
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from readonly_mount import read_only_view

from memdir import Memory
from memdir.notes.store import NoteStore

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}
NOTES = {
    "knowledge/tomato-blight.md": "---\ndescription: Tomato blight spreads from wet leaves\n---\n\n"
    "Water tomatoes at the root in the morning; blight spreads from leaves left wet overnight.\n",
    "knowledge/compost-ratio.md": "---\ndescription: Compost needs three parts brown to one part green\n---\n\n"
    "Dry leaves and straw are brown; kitchen scraps and grass clippings are green.\n",
    "procedures/sow-carrots.md": "---\ndescription: 人参の種まき\n---\n\n1. 種を薄くまく\n2. 土を乾かさない\n",
}


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def garden(root: Path, tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """(writable root, the same root bind-mounted read-only); never indexed."""
    store = NoteStore(root)
    for rel, text in NOTES.items():
        store.create(rel, text)
    with read_only_view(root, tmp_path / "ro") as ro:
        yield root, ro


def test_a_never_indexed_read_only_root_is_searched_and_says_what_was_skipped(
    garden: tuple[Path, Path], run_cli: Run
) -> None:
    root, ro = garden
    assert not (root / ".memdir" / "index" / "catalog.json").exists()
    before = _files(root)
    env = {"MEMDIR_ROOT": str(ro), **HASHING}
    res = run_cli("search", "why do my tomatoes get blight", "--json", env=env)
    assert res.returncode == 0, res.stderr
    hits = json.loads(res.stdout)
    assert hits and hits[0]["path"] == "knowledge/tomato-blight.md"
    index_lines = [line for line in res.stderr.splitlines() if "memdir.index" in line]
    assert len(index_lines) == 1, res.stderr
    assert "in memory" in index_lines[0] and "`memdir index sync`" in index_lines[0]
    assert "Read-only file system" in index_lines[0]
    res = run_cli("context", "種まき", "--json", env=env)
    assert res.returncode == 0, res.stderr
    assert "procedures/sow-carrots.md" in json.loads(res.stdout)["text"]
    res = run_cli("search", "compost brown green", env=env)
    assert res.returncode == 0 and "knowledge/compost-ratio.md" in res.stdout, res.stderr
    assert _files(root) == before  # nothing written: no index, no lock file
    # writing commands still refuse with one line
    res = run_cli("index", "sync", env=env)
    assert res.returncode == 1 and len(res.stderr.strip().splitlines()) == 1, res.stderr


def test_a_stale_index_on_a_read_only_root_still_finds_the_new_note(
    garden: tuple[Path, Path], run_cli: Run
) -> None:
    root, ro = garden
    assert run_cli("index", "sync", env=HASHING).returncode == 0  # through the writable path
    NoteStore(root).create(
        "knowledge/slug-traps.md",
        "---\ndescription: Beer traps catch slugs near lettuce\n---\n\nEmpty them every two days.\n",
    )
    before = _files(root)
    res = run_cli("search", "slugs eating the lettuce", "--json", env={"MEMDIR_ROOT": str(ro), **HASHING})
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)[0]["path"] == "knowledge/slug-traps.md"
    assert _files(root) == before


def test_a_long_lived_reader_follows_the_files_and_warns_once(
    garden: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """As `memdir mcp --read-only` does: one process, many queries, notes changed by someone else."""
    root, ro = garden
    monkeypatch.setenv("MEMDIR_EMBEDDER", "hashing")
    reader = Memory(ro)
    with caplog.at_level(logging.WARNING, logger="memdir.index"):
        assert reader.search("tomato blight")[0].path == "knowledge/tomato-blight.md"
        NoteStore(root).create(
            "knowledge/frost-dates.md",
            "---\ndescription: Last frost date is mid May\n---\n\nPlant peppers out after the last frost.\n",
        )
        reader.index._checked_at = 0.0  # the next query looks at the files again (normally after 2 s)
        assert reader.search("when is the last frost")[0].path == "knowledge/frost-dates.md"
    saved = [r for r in caplog.records if "cannot be saved" in r.getMessage()]
    assert len(saved) == 1
    assert not (root / ".memdir" / "index" / "catalog.json").exists()
