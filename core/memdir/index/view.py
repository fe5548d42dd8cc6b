"""A loaded, read-only snapshot of the index, and the vector ranking over it (no I/O here)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from memdir.index.catalog import Catalog
from memdir.index.lexical import LexicalIndex


@dataclass
class IndexView:
    """A loaded, read-only snapshot of the index for queries."""

    catalog: Catalog
    matrix: np.ndarray
    paths: list[str]
    starts: np.ndarray
    lexical: LexicalIndex
    stamp: tuple[int, int, int] | None


def kind_mask(view: IndexView, kind: str | None) -> np.ndarray | None:
    """True for the notes of `kind` in view.paths (None: no kind filter)."""
    if not kind:
        return None
    return np.array([view.catalog.records[p].kind == kind for p in view.paths], dtype=bool)


def best_chunk_cosines(vecs: np.ndarray, view: IndexView) -> np.ndarray:
    """Best-chunk cosine per note in view.paths for each query vector (max over query vectors)."""
    if not view.paths:
        return np.zeros(0, np.float32)
    # einsum, not `@`: BLAS threads spin under CPU contention (28 ms vs 1.8 ms for 10k x 384, measured)
    sims = np.einsum("ij,kj->ik", view.matrix, vecs.astype(np.float32, copy=False))  # (chunks, n_query)
    best = sims.max(axis=1)
    return np.maximum.reduceat(best, view.starts)


def top_notes(
    scores: np.ndarray, view: IndexView, k: int, kind: str | None, allowed: set[str] | None = None
) -> list[tuple[str, float]]:
    """(path, score) of the k best notes of view.paths (of `kind`, among `allowed`), best first."""
    mask = kind_mask(view, kind)
    if allowed is not None:
        amask = np.array([p in allowed for p in view.paths], dtype=bool)
        mask = amask if mask is None else (mask & amask)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    n = int(min(k, len(scores)))
    if n <= 0:
        return []
    idx = np.argpartition(-scores, n - 1)[:n]
    pairs = [(view.paths[i], float(scores[i])) for i in idx if np.isfinite(scores[i])]
    return sorted(pairs, key=lambda kv: (-kv[1], kv[0]))


def pending_notes(view: IndexView) -> int:
    """How many notes of the index wait for their vectors (searched by their words only)."""
    return sum(1 for r in view.catalog.records.values() if r.pending)
