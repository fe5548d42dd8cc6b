"""Task features for clustering: intent meaning, intent wording, and tools, on one calibrated scale.

Centred similarity of two tasks (each part is a cosine of unit vectors):

    s = EMBED_WEIGHT   * meaning (centred e5 cosine of the abstracted intents)
      + WORDING_WEIGHT * wording (TF-IDF word 1-2 grams of the texts given: the weekly run passes
                                  skeletons, slot values masked, see `memdir.consolidation.weekly.lexicon`)
      + TOOL_WEIGHT    * tools   (IDF-weighted bag of tool names)
      - TOOL_PENALTY   * (1 - tools)

Instances of one task type share the template's exact words once their objects are
abstracted, which the wording part rewards; the meaning part carries paraphrases; tools
separate tasks whose intents read alike but whose work differs ("put a clean mug in
shelf" used a `clean` tool, "put a mug in shelf" did not). Tools that every task used
weigh nothing. `memdir.consolidation.weekly.similarity.to_calibrated(s)` puts it on the calibrated scale where
the design's 0.80 means "the same kind of task" (weights chosen in docs/weekly.md).

Similarities are computed in row blocks (`block`) or for a small set of rows (`among`),
never as one dense all-pairs matrix.
"""

from __future__ import annotations

import math
import zlib
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

EMBED_WEIGHT = 0.4
WORDING_WEIGHT = 0.4
TOOL_WEIGHT = 0.2
TOOL_PENALTY = 0.25
TOOL_DIM = 512
_COMMON = 0  # the dimension used by tasks whose tools are all common (or absent)


def tool_tokens(tools: Sequence[str]) -> list[str]:
    """Distinct tool names, lower-cased (how often a tool was used is noise: exploration varies)."""
    return list(dict.fromkeys(t.strip().lower() for t in tools if t.strip()))


def _slot(token: str) -> int:
    return 1 + zlib.crc32(token.encode("utf-8")) % (TOOL_DIM - 1)


def tool_vectors(token_lists: Sequence[Sequence[str]], counts: Sequence[int] | None = None) -> np.ndarray:
    """(n, TOOL_DIM) unit vectors: hashed tool tokens weighted by smoothed IDF over the given tasks.

    `counts[i]` says how many tasks row i stands for (default 1 each) when computing the IDF.
    """
    counts = counts if counts is not None else [1] * len(token_lists)
    n = sum(counts)
    df: Counter[str] = Counter()
    for toks, c in zip(token_lists, counts, strict=True):
        for tok in set(toks):
            df[tok] += c
    out = np.zeros((len(token_lists), TOOL_DIM), dtype=np.float32)
    for i, toks in enumerate(token_lists):
        for tok in set(toks):
            w = math.log((n + 1) / (df[tok] + 1))
            if w > 0:
                out[i, _slot(tok)] += w
        norm = float(np.linalg.norm(out[i]))
        if norm == 0:
            out[i, _COMMON] = 1.0
        else:
            out[i] /= norm
    return out


def wording_vectors(texts: Sequence[str]) -> csr_matrix:
    """Sparse unit rows: TF-IDF of word 1-2 grams (placeholders are words), fitted on these texts."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    vec = TfidfVectorizer(
        ngram_range=(1, 2), token_pattern=r"\{\w+\}|\w+", sublinear_tf=True, dtype=np.float32
    )
    try:
        return vec.fit_transform(list(texts)).tocsr()
    except ValueError:  # no words at all
        from scipy.sparse import csr_matrix

        return csr_matrix((len(texts), 1), dtype=np.float32)


class TaskFeatures:
    """Centred intent vectors, wording vectors and tool vectors of n tasks; similarities on demand."""

    def __init__(
        self,
        intent: np.ndarray,
        texts: Sequence[str],
        tools: Sequence[Sequence[str]],
        weights: tuple[float, float, float, float] = (
            EMBED_WEIGHT,
            WORDING_WEIGHT,
            TOOL_WEIGHT,
            TOOL_PENALTY,
        ),
    ) -> None:
        self.intent = np.asarray(intent, dtype=np.float32)
        self.wording = wording_vectors(texts)
        self.tools = tool_vectors([tool_tokens(t) for t in tools])
        self.weights = weights
        self.n = len(self.intent)

    def _combine(self, emb: np.ndarray, lex: Any, tool: np.ndarray) -> np.ndarray:
        lex = lex.toarray() if hasattr(lex, "toarray") else np.asarray(lex)
        we, ww, wt, p = self.weights
        out: np.ndarray = (we * emb + ww * lex + wt * tool - p * (1.0 - tool)).astype(np.float32)
        return out

    def block(self, start: int, end: int) -> np.ndarray:
        """Centred similarities of rows start..end against all rows: (end - start, n)."""
        return self._combine(
            self.intent[start:end] @ self.intent.T,
            self.wording[start:end] @ self.wording.T,
            self.tools[start:end] @ self.tools.T,
        )

    def among(self, rows: np.ndarray) -> np.ndarray:
        """Centred similarities among the given rows: (len(rows), len(rows))."""
        e, w, t = self.intent[rows], self.wording[rows], self.tools[rows]
        return self._combine(e @ e.T, w @ w.T, t @ t.T)

    def split_vectors(self, rows: np.ndarray) -> np.ndarray:
        """Dense vectors of the rows for k-means splitting of an oversized block (intent and tools)."""
        return np.hstack([self.intent[rows], self.tools[rows]])
