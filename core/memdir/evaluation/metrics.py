"""Recall@k and MRR, per query and averaged per category.

recall@k of a query is the share of its gold documents found in the first k of a ranking
(1.0 when all are there; a query with three gold sessions and one of them in the top 5 scores
0.333 at k = 5). MRR is the mean over queries of 1 / rank of the first gold document, 0 when
none is ranked. A category's figure is the plain mean over its queries; `ALL` is the mean
over every query, not over categories.

A ranker that ties (grep: many files match the same number of words) is scored tie-aware
(`tie_aware`, McSherry & Najork 2008): each figure is its expected value over every order of the
tied files, so it does not depend on file names; a query with no word to grep gets chance level.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from math import comb

from memdir.evaluation.dataset import EvalQuery
from memdir.jsonvalue import JSONObject

ALL = "ALL"


def recall_at(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """Share of gold found in ranked[:k]."""
    want = set(gold)
    return len(want & set(ranked[:k])) / len(want) if want else 0.0


def reciprocal_rank(ranked: Sequence[str], gold: Iterable[str]) -> float:
    """1 / (1-based rank of the first gold item in ranked), 0 when there is none."""
    want = set(gold)
    for i, path in enumerate(ranked, 1):
        if path in want:
            return 1.0 / i
    return 0.0


def tie_aware(
    scored: Sequence[tuple[str, float]], gold: Iterable[str], ks: Sequence[int], depth: int
) -> tuple[list[float], float]:
    """(recall@k for each k, reciprocal rank) expected over every order of equally scored items.

    scored: every candidate with its score, best first (equal scores adjacent). A group of m tied
    items after s better ones holding g gold items puts g * (k - s) / m of them in the top k on
    average (0 for k <= s, all for k >= s + m); the first gold item of the first group that holds
    one is at s + j with probability C(m - j, g - 1) / C(m, g). Ranks past depth count 0, as in
    `reciprocal_rank` over a ranking cut at depth.
    """
    want = set(gold)
    if not want:
        return [0.0 for _ in ks], 0.0
    found = [0.0 for _ in ks]
    rr: float | None = None
    s = 0
    for _, grp in groupby(scored, key=lambda x: x[1]):
        items = [p for p, _ in grp]
        m, g = len(items), sum(1 for p in items if p in want)
        if g:
            for i, k in enumerate(ks):
                found[i] += g * min(max(k - s, 0), m) / m
            if rr is None:
                total = comb(m, g)
                rr = sum(
                    comb(m - j, g - 1) / total / (s + j) for j in range(1, min(m - g + 1, depth - s) + 1)
                )
        s += m
    return [f / len(want) for f in found], rr or 0.0


@dataclass(frozen=True)
class Scores:
    """Mean recall@k (by k) and MRR over n queries."""

    n: int
    recall: dict[int, float]
    mrr: float

    def to_dict(self) -> JSONObject:
        """JSON-ready: {"n", "recall": {"1": ..}, "mrr"}."""
        return {
            "n": self.n,
            "recall": {str(k): round(v, 6) for k, v in self.recall.items()},
            "mrr": round(self.mrr, 6),
        }


def score_queries(
    queries: Sequence[EvalQuery],
    ranked: Mapping[str, Sequence[str]],
    ks: Sequence[int],
    categories: Sequence[str],
    expected: Mapping[str, tuple[list[float], float]] | None = None,
) -> dict[str, Scores]:
    """Scores per category (in the given order, empty ones left out) and for ALL, of one ranker's rankings.

    expected: a query's (recall@k per k, reciprocal rank) computed tie-aware (`tie_aware`), used
    instead of its ranked list's."""
    per: dict[str, list[tuple[list[float], float]]] = {}
    for q in queries:
        r = ranked[q.id]
        row = (expected or {}).get(q.id) or (
            [recall_at(r, q.gold, k) for k in ks],
            reciprocal_rank(r, q.gold),
        )
        per.setdefault(q.category, []).append(row)
        per.setdefault(ALL, []).append(row)
    out: dict[str, Scores] = {}
    for cat in [*categories, ALL]:
        rows = per.get(cat)
        if not rows:
            continue
        n = len(rows)
        out[cat] = Scores(
            n=n,
            recall={k: sum(r[0][i] for r in rows) / n for i, k in enumerate(ks)},
            mrr=sum(r[1] for r in rows) / n,
        )
    return out
