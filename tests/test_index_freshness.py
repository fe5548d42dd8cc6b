"""Search while another process syncs: answer from the current index at once, never wait on the sync."""

from __future__ import annotations

from pathlib import Path

from memdir import Memory
from memdir.index.embedder import get_embedder
from memdir.locks import file_lock

NOTE = "---\ndescription: {d}\n---\n\n{b}\n"


def test_search_during_a_foreign_sync_answers_from_the_index_and_catches_up_after(
    root: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    mem = Memory(root, embedder=get_embedder("hashing"))
    mem.store.create("knowledge/db.md", NOTE.format(d="database", b="The database is Postgres."))
    assert [h.path for h in mem.search("Postgres", k=3, mode="lexical")] == ["knowledge/db.md"]
    (root / "knowledge/cache.md").write_text(
        NOTE.format(d="cache", b="The cache is Redis."), encoding="utf-8"
    )

    svc = mem.index
    scans = []
    real = svc.is_stale
    monkeypatch.setattr(svc, "is_stale", lambda: scans.append(1) or real())
    svc._checked_at = 0.0  # as if the last freshness check was long ago
    with file_lock(root / ".memdir/locks/index-sync.lock"):  # another process is syncing
        for _ in range(5):
            assert [h.path for h in mem.search("Redis", k=3, mode="lexical")] == []  # current index, no wait
    assert len(scans) == 1  # one stat scan, then the next check waits for max_age
    svc._checked_at = 0.0
    assert [h.path for h in mem.search("Redis", k=3, mode="lexical")] == ["knowledge/cache.md"]
