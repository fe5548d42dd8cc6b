"""The usage signal lives in .memdir/state/usage.json; counting never rewrites a note."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from freezegun import freeze_time

from memdir.lifecycle.usage import last_retrieved, record_hits, record_use, usage_of

NOTE = "---\ndescription: a fact\norigin: daily\n---\n\nThe DB is Postgres.\n"


def test_hits_and_uses_are_counted_outside_the_note(mem, root: Path) -> None:  # type: ignore[no-untyped-def]
    mem.store.create("knowledge/db.md", NOTE)
    before = (root / "knowledge/db.md").read_bytes()
    mtime = os.stat(root / "knowledge/db.md").st_mtime_ns
    with freeze_time("2026-12-01T10:00:00+00:00"):
        record_hits(
            mem.root, ["knowledge/db.md", "knowledge/db.md", "procedures/x.md"]
        )  # one search, duplicates once
    with freeze_time("2026-12-03T10:00:00+00:00"):
        record_hits(mem.root, ["knowledge/db.md"])
        record_use(mem.root, "knowledge/db.md")
    assert (root / "knowledge/db.md").read_bytes() == before
    assert os.stat(root / "knowledge/db.md").st_mtime_ns == mtime
    info = usage_of(mem.root, "knowledge/db.md")
    assert (info["retrieved"], info["used"]) == (2, 1)
    when = last_retrieved(mem.root, "knowledge/db.md")
    assert when is not None and when.isoformat().startswith("2026-12-03")
    assert last_retrieved(mem.root, "knowledge/never.md") is None
    data = json.loads((root / ".memdir/state/usage.json").read_text(encoding="utf-8"))
    assert data["notes"]["procedures/x.md"]["retrieved"] == 1


def test_older_use_does_not_move_last_used_back(mem) -> None:  # type: ignore[no-untyped-def]
    from datetime import datetime, timezone

    record_use(mem.root, "procedures/a.md", datetime(2026, 5, 1, tzinfo=timezone.utc))
    record_use(mem.root, "procedures/a.md", datetime(2026, 3, 1, tzinfo=timezone.utc))
    info = usage_of(mem.root, "procedures/a.md")
    assert info["used"] == 2 and info["last_used"].startswith("2026-05-01")


def test_unwritable_state_never_fails_the_caller(mem, root: Path) -> None:  # type: ignore[no-untyped-def]
    state = root / ".memdir" / "state"
    state.mkdir(parents=True, exist_ok=True)
    (state / "usage.json").mkdir()  # a directory where the file should be: writes must fail
    record_hits(mem.root, ["knowledge/db.md"])  # logged, not raised
    assert (state / "usage.json").is_dir()
    assert usage_of(mem.root, "knowledge/db.md") == {}


def test_search_counts_the_notes_it_returns_and_rewrites_nothing(root: Path) -> None:
    from memdir import Memory
    from memdir.index.embedder import get_embedder

    mem = Memory(root, embedder=get_embedder("hashing"))
    mem.store.create("knowledge/db.md", NOTE)
    mem.store.create(
        "knowledge/other.md", "---\ndescription: lunch\norigin: daily\n---\n\nTacos on Friday.\n"
    )
    before = {p: (root / p).read_bytes() for p in ("knowledge/db.md", "knowledge/other.md")}
    hits = mem.search("Postgres", k=1, mode="lexical")
    assert [h.path for h in hits] == ["knowledge/db.md"]
    assert usage_of(mem.root, "knowledge/db.md")["retrieved"] == 1
    assert usage_of(mem.root, "knowledge/other.md") == {}
    assert {p: (root / p).read_bytes() for p in before} == before


def test_a_burst_of_searches_writes_the_counts_once_and_loses_none(root: Path) -> None:
    from memdir import Memory
    from memdir.index.embedder import get_embedder
    from memdir.lifecycle.usage import flush_hits

    mem = Memory(root, embedder=get_embedder("hashing"))
    mem.store.create("knowledge/db.md", NOTE)
    usage = root / ".memdir/state/usage.json"
    mem.search("Postgres", k=1, mode="lexical")  # the first search of a process writes at once
    written = usage.stat().st_mtime_ns, usage.read_bytes()
    for _ in range(20):
        mem.search("Postgres", k=1, mode="lexical")
    assert (usage.stat().st_mtime_ns, usage.read_bytes()) == written  # no rewrite per query
    assert usage_of(mem.root, "knowledge/db.md")["retrieved"] == 21  # a reader in this process sees all
    flush_hits()
    assert json.loads(usage.read_text(encoding="utf-8"))["notes"]["knowledge/db.md"]["retrieved"] == 21


@pytest.mark.cli_subprocess  # the counts are flushed when the process exits: a real one
def test_cli_search_counts_reach_the_file_when_the_process_exits(root: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    from memdir import Memory

    Memory(root).store.create("knowledge/db.md", NOTE)
    for _ in range(2):
        res = run_cli("search", "Postgres", "-k", "1", "--json", env={"MEMDIR_EMBEDDER": "hashing"})
        assert res.returncode == 0, res.stderr
    data = json.loads((root / ".memdir/state/usage.json").read_text(encoding="utf-8"))
    assert data["notes"]["knowledge/db.md"]["retrieved"] == 2
