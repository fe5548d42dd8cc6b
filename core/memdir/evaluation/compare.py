"""Another system's rankings beside memdir's: read its per-query lines and score them with the same code.

A line is a JSON object with `query_id` and the ranking, best first, as `paths` (note paths
relative to the exported root) or `ranked` (the data set's document ids; for LongMemEval the
session ids, resolved within the question's haystack); `scores` is optional. The `--out` lines
of `memdir eval` have this shape, so a file of several rankers is read for the lines whose
`ranker` is the one asked for (`NAME=FILE#RANKER`; by default NAME). A query the file does not rank
counts as nothing found. `picked_lines` checks a file before the slow work (export, index).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from memdir.errors import DatasetError
from memdir.evaluation.dataset import EvalDataset, EvalQuery
from memdir.evaluation.jsonl import read_lines
from memdir.jsonvalue import JSONValue

Ranking = list[tuple[str, float]]


def _resolver(dataset: EvalDataset) -> tuple[dict[str, str], dict[str, list[str]]]:
    """(path -> path, id -> paths with that id): what a line may name."""
    by_id: dict[str, list[str]] = {}
    for d in dataset.documents:
        by_id.setdefault(d.id, []).append(d.path)
    return {d.path: d.path for d in dataset.documents}, by_id


def _resolve(
    name: str, q: EvalQuery, paths: dict[str, str], by_id: dict[str, list[str]], as_path: bool
) -> str | None:
    if as_path:
        return paths.get(name)
    candidates = by_id.get(name, [])
    if q.scope is not None:
        scope = set(q.scope)
        candidates = [p for p in candidates if p in scope]
    return candidates[0] if candidates else None


def picked_lines(path: Path, ranker: str) -> list[tuple[int, Mapping[str, JSONValue]]]:
    """The (line number, object) of a file that rank for `ranker` (every line of a one-ranker file)."""
    rows = read_lines(path)
    for n, obj in rows:
        if not isinstance(obj.get("query_id"), str):
            raise DatasetError(f"{path}:{n}: expected an object with a string `query_id`")
    rankers = {r.get("ranker") for _, r in rows} - {None}
    if len(rankers) > 1:
        rows = [(n, r) for n, r in rows if r.get("ranker") == ranker]
        if not rows:
            held = sorted(map(str, rankers))
            raise DatasetError(
                f"{path}: holds rankers {', '.join(held)}, none named {ranker!r}: "
                f"pick one with --compare NAME={path}#{held[0]}"
            )
    return rows


def load_rankings(
    path: Path,
    name: str,
    dataset: EvalDataset,
    ranker: str | None = None,
    unknown: list[str] | None = None,
) -> tuple[dict[str, Ranking], int]:
    """(query id -> ranking as (path, score), number of dataset queries the file does not rank);
    the lines of `ranker` (default: name) when the file holds several rankers. The query ids the
    data set does not hold are left out, and added to `unknown` when given (trial 27 #16)."""
    rows = picked_lines(path, ranker or name)
    queries = {q.id: q for q in dataset.queries}
    paths, by_id = _resolver(dataset)
    out: dict[str, Ranking] = {}
    for n, r in rows:
        q = queries.get(str(r["query_id"]))
        if q is None:
            if unknown is not None and str(r["query_id"]) not in unknown:
                unknown.append(str(r["query_id"]))
            continue
        as_path = "paths" in r
        names = r.get("paths") if as_path else r.get("ranked")
        if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
            raise DatasetError(f"{path}:{n}: `paths` or `ranked` must be a list of strings")
        scores = r.get("scores")
        if not isinstance(scores, list) or len(scores) != len(names):
            scores = [0.0] * len(names)
        ranking: Ranking = []
        seen: set[str] = set()
        for x, s in zip(names, scores, strict=True):
            resolved = _resolve(str(x), q, paths, by_id, as_path)
            if resolved is not None and resolved not in seen:
                seen.add(resolved)
                ranking.append((resolved, float(s) if isinstance(s, int | float) else 0.0))
        out[q.id] = ranking
    if not out:
        raise DatasetError(f"{path}: ranks none of the {len(queries)} queries of this data set")
    missing = [qid for qid in queries if qid not in out]
    for qid in missing:
        out[qid] = []
    return out, len(missing)
