"""memdir's three rankings of an evaluation root: lexical (BM25), vector (best chunk cosine), hybrid.

Over the whole root they are the index's own functions, exactly what `Memory.search` composes
(`LexicalIndex.rank`, `IndexService.rank_by_vector`, `fuse_hybrid`, at depth
`max(MIN_DEPTH, k)`); a test checks that the hybrid ranking equals `Memory.search`. A query
with a scope (its own haystack) is ranked as if its haystack were a root of its own: BM25 with
the statistics (document frequencies, mean length) of the haystack alone, cosines over the
haystack's chunks only, and the fusion's min-max over that list. The term counts and vectors
are the index's; nothing is re-embedded per query.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from memdir.index.chunking import index_texts
from memdir.index.lexical import LexicalIndex, term_counts
from memdir.index.search import foreign_notes, fuse_hybrid
from memdir.notes.model import Note

if TYPE_CHECKING:
    from memdir.index.view import IndexView

TermCounts = Mapping[str, tuple[Mapping[str, int], int]]


def note_term_counts(path: str, text: str) -> tuple[dict[str, int], int]:
    """The BM25 term counts the index stores for a note (the same text: title, description, tags, body)."""
    _, lexical = index_texts(Note.from_text(path, text))
    return term_counts(lexical)


class MemdirRankers:
    """Lexical, vector and hybrid rankings over one root, for the whole root or a per-query scope.

    `docs` are the notes' BM25 term counts (from the index catalog, or computed from the files
    when no index is built); `view` is the loaded index, None when no vector ranking is wanted.
    """

    def __init__(self, docs: TermCounts, depth: int, view: IndexView | None = None) -> None:
        self.docs = docs
        self.depth = depth
        self.view = view
        self._all: LexicalIndex | None = view.lexical if view is not None else None
        self._scoped: tuple[tuple[str, ...], LexicalIndex] | None = None
        self._rows: dict[str, tuple[int, int]] = {}
        if view is not None:
            ends = [*view.starts[1:].tolist(), int(view.matrix.shape[0])] if len(view.paths) else []
            self._rows = {
                p: (int(s), int(e)) for p, s, e in zip(view.paths, view.starts.tolist(), ends, strict=True)
            }

    def _lexical_index(self, scope: tuple[str, ...] | None) -> LexicalIndex:
        if scope is None:
            if self._all is None:  # built on first use: a data set of haystacks never needs it
                self._all = LexicalIndex(self.docs)
            return self._all
        if self._scoped is None or self._scoped[0] != scope:
            self._scoped = (scope, LexicalIndex({p: self.docs[p] for p in scope if p in self.docs}))
        return self._scoped[1]

    def prepare(self, scope: tuple[str, ...] | None) -> None:
        """Build what a scope needs before timing its queries (a haystack's BM25 statistics)."""
        self._lexical_index(scope)

    def lexical(self, query: str, scope: tuple[str, ...] | None = None) -> list[tuple[str, float]]:
        """(path, BM25) best first, among the scope (None: the whole root)."""
        return self._lexical_index(scope).rank(query, self.depth)

    def vector(self, qvec: np.ndarray, scope: tuple[str, ...] | None = None) -> list[tuple[str, float]]:
        """(path, cosine of the best chunk) best first, among the scope (None: the whole root)."""
        view = self.view
        if view is None:
            raise ValueError("vector ranking needs a built index")
        q = np.atleast_2d(qvec).astype(np.float32, copy=False)
        if scope is None:
            from memdir.index.view import best_chunk_cosines, top_notes

            return top_notes(best_chunk_cosines(q, view), view, self.depth, None)
        spans = [(p, self._rows[p]) for p in scope if p in self._rows]
        if not spans:
            return []
        rows = np.concatenate([np.arange(s, e) for _, (s, e) in spans])
        sims = np.einsum("ij,kj->ik", view.matrix[rows], q).max(axis=1)
        starts = np.cumsum([0] + [e - s for _, (s, e) in spans[:-1]])
        best = np.maximum.reduceat(sims, starts)
        pairs = [(p, float(b)) for (p, _), b in zip(spans, best, strict=True)]
        return sorted(pairs, key=lambda kv: (-kv[1], kv[0]))[: self.depth]

    def hybrid(
        self,
        lex: Sequence[tuple[str, float]],
        vec: Sequence[tuple[str, float]],
        query: str,
        scope: tuple[str, ...] | None = None,
    ) -> list[tuple[str, float]]:
        """memdir's fusion of the two rankings (normalised scores, LEXICAL_WEIGHT on BM25; a note in
        another script than the query scored by its vector part alone)."""
        foreign = foreign_notes(query, self._lexical_index(scope), (p for p, _ in vec))
        return fuse_hybrid(lex, vec, foreign=foreign)
