"""Recall@k and MRR, per query and averaged per category.

recall@k of a query is the share of its gold documents found in the first k of a ranking
(1.0 when all are there; a query with three gold sessions and one of them in the top 5 scores
0.333 at k = 5). MRR is the mean over queries of 1 / rank of the first gold document, 0 when
none is ranked. A category's figure is the plain mean over its queries; `ALL` is the mean
over every query, not over categories.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

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
) -> dict[str, Scores]:
    """Scores per category (in the given order, empty ones left out) and for ALL, of one ranker's rankings."""
    per: dict[str, list[tuple[list[float], float]]] = {}
    for q in queries:
        r = ranked[q.id]
        row = ([recall_at(r, q.gold, k) for k in ks], reciprocal_rank(r, q.gold))
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
