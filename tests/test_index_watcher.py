"""Live sync: an edit made by any editor is searchable within seconds."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from memdir import Memory
from memdir.index.embedder import get_embedder
from memdir.index.watcher import IndexWatcher


def wait_for(cond: Callable[[], bool], timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.1)
    return cond()


@pytest.fixture
def hmem(root: Path) -> Memory:
    mem = Memory(root, embedder=get_embedder("hashing"))
    (root / "knowledge/seed.md").write_text("---\ndescription: seed\n---\nseed note\n", encoding="utf-8")
    mem.sync_index()
    return mem


def found(mem: Memory, word: str) -> list[str]:
    view = mem.index.view()
    return [p for p, _ in view.lexical.rank(word, 5)]


def test_watcher_picks_up_create_edit_move_delete(root: Path, hmem: Memory) -> None:
    watcher = IndexWatcher(hmem.index, debounce=0.3)
    with watcher:
        note = root / "knowledge/live.md"
        note.write_text("---\ndescription: live\n---\nplatypus sightings\n", encoding="utf-8")
        assert wait_for(lambda: found(hmem, "platypus") == ["knowledge/live.md"])
        # an editor's save: write a temp file, then rename it over the note
        tmp = root / "knowledge/.live.md.swp"
        tmp.write_text("---\ndescription: live\n---\nwombat sightings\n", encoding="utf-8")
        os.replace(tmp, note)
        assert wait_for(lambda: found(hmem, "wombat") == ["knowledge/live.md"])
        assert found(hmem, "platypus") == []
        os.rename(note, root / "procedures/live.md")
        assert wait_for(lambda: found(hmem, "wombat") == ["procedures/live.md"])
        (root / "procedures/live.md").unlink()
        assert wait_for(lambda: found(hmem, "wombat") == [])
        assert watcher.syncs >= 4
    # a second Memory (another process's view) sees the same index
    assert [
        p for p, _ in Memory(root, embedder=get_embedder("hashing")).index.view().lexical.rank("seed", 5)
    ] == ["knowledge/seed.md"]


def test_watcher_ignores_state_archive_temp_and_non_markdown(root: Path, hmem: Memory) -> None:
    watcher = IndexWatcher(hmem.index, debounce=0.2)
    with watcher:
        (root / ".memdir/junk.md").write_text("junk", encoding="utf-8")
        (root / "archive/old.md").write_text("old", encoding="utf-8")
        (root / "knowledge/notes.txt").write_text("txt", encoding="utf-8")
        (root / "knowledge/draft.md~").write_text("backup", encoding="utf-8")
        time.sleep(1.0)
        assert watcher.syncs == 0
        (root / "knowledge/real.md").write_text("real echidna\n", encoding="utf-8")
        assert wait_for(lambda: found(hmem, "echidna") == ["knowledge/real.md"])
        assert watcher.syncs == 1


def test_watcher_batches_a_burst_of_writes(root: Path, hmem: Memory) -> None:
    watcher = IndexWatcher(hmem.index, debounce=0.5)
    with watcher:
        for i in range(20):
            (root / f"knowledge/burst{i}.md").write_text(f"burst number{i}\n", encoding="utf-8")
        assert wait_for(lambda: len(found(hmem, "burst")) == 5)
        assert wait_for(lambda: len(hmem.index.view().catalog.records) == 21)
        assert watcher.syncs <= 3


def test_stopping_the_watcher_mid_sync_waits_for_a_safe_point(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long live sync (here: slow embedding of 80 notes) stops within one batch and saves what it has."""
    import threading

    import memdir.index.sync as sync

    monkeypatch.setattr(sync, "EMBED_BATCH", 2)
    monkeypatch.setattr(sync, "GROUP_CHUNKS", 2)
    started = threading.Event()

    class SlowEmbedder:  # the hashing embedder, 0.3 s per batch (a wrapper: get_embedder's instance is shared)
        def __init__(self) -> None:
            self.inner = get_embedder("hashing")
            self.name, self.version, self.dim = self.inner.name, self.inner.version, self.inner.dim

        def embed_passages(self, texts):  # type: ignore[no-untyped-def]
            started.set()
            time.sleep(0.3)
            return self.inner.embed_passages(texts)

        def embed_queries(self, texts):  # type: ignore[no-untyped-def]
            return self.inner.embed_queries(texts)

    slow = SlowEmbedder()
    mem = Memory(root, embedder=slow)
    for i in range(80):
        (root / f"knowledge/n{i}.md").write_text(f"---\ndescription: n{i}\n---\nnote {i}\n", encoding="utf-8")
    watcher = IndexWatcher(mem.index, debounce=0.1)
    watcher.start()
    try:
        watcher.notice(
            full=True
        )  # what the daemon does at start: one sync of all 80 notes (40 batches, 12 s)
        assert started.wait(15)
        time.sleep(0.5)
    finally:
        t0 = time.monotonic()
        assert watcher.stop(timeout=10)
        waited = time.monotonic() - t0
    assert waited < 5  # about 38 batches of 0.3 s were left: the sync did not run to the end
    assert watcher.last_report is not None and watcher.last_report.interrupted
    assert not list(root.rglob("*.memdir-tmp-*"))
    rep = Memory(root, embedder=get_embedder("hashing")).sync_index()
    assert len(Memory(root, embedder=get_embedder("hashing")).index.view().catalog.records) == 80
    assert rep.embedded_chunks and rep.pending == 0 and not rep.rebuilt  # the rest embedded now
