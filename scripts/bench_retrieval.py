"""LoCoMo session-level retrieval: memdir hybrid / vector / lexical vs a grep-like baseline.

A thin call of `memdir eval locomo` (the `memdir.evaluation` package): the 272 LoCoMo
sessions become notes of one memory root, memdir indexes it, and the 1,536 non-adversarial
questions with a gold session are ranked over all 272 notes. Printed: recall@1/5/10 per
category for all questions, then for a dev half and a held-out half, the fusion variants the
default was chosen from, a check that `Memory.search` gives the same ranking, and the table
`memdir eval` prints (with MRR and the time per query).

    .venv/bin/python scripts/bench_retrieval.py --data ../shared/eval/locomo

The split is by conversation, in the order of locomo10.json: the 1st, 3rd, 5th, 7th and
9th conversations are dev, the others held out. Methods and parameters are chosen on
dev only; the fusion variants below are printed for both halves so that the choice can
be checked. The corpus is always all 272 notes (the split only selects questions).

The root and its index are kept in --workdir (an `memdir eval --export` root), so a second
run reuses the embeddings (only --chunk-tokens or the embedder force a re-embed).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memdir.evaluation.dataset import EvalQuery

REPO = Path(__file__).resolve().parent.parent
SYSTEMS = (
    "hybrid",
    "vector",
    "lexical",
    "grep",
)  # column order of the tables (scripts/make_charts.py reads it)
SPLITS = ("dev", "held-out")  # by conversation: even positions in locomo10.json are dev


def main() -> None:
    """Run the benchmark and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(REPO / ".." / "shared" / "eval" / "locomo"))
    ap.add_argument("--workdir", default="/tmp/memdir-bench-locomo")
    ap.add_argument("--chunk-tokens", type=int, default=None, help="chunk size (estimated tokens)")
    ap.add_argument("--embedder", default="auto")
    ap.add_argument("--limit", type=int, default=0, help="only the first N questions (smoke runs)")
    args = ap.parse_args()

    from memdir import Memory
    from memdir.config import load_config
    from memdir.evaluation.locomo import load_locomo
    from memdir.evaluation.metrics import score_queries
    from memdir.evaluation.report import format_table
    from memdir.evaluation.run import run_eval
    from memdir.index.chunking import DEFAULT_CHUNK_TOKENS
    from memdir.index.embedder import get_embedder
    from memdir.index.search import LEXICAL_WEIGHT, fuse, fuse_hybrid

    chunk_tokens = args.chunk_tokens or DEFAULT_CHUNK_TOKENS
    dataset = load_locomo(Path(args.data) / "locomo10.json")
    if args.limit:
        dataset = dataset.limited(args.limit)
    queries = dataset.queries
    print(f"notes {len(dataset.documents)}, questions {len(queries)} (non-adversarial, with gold sessions)")

    root = Path(args.workdir) / f"eval-root-{chunk_tokens}"
    t0 = time.perf_counter()
    last = [0.0]

    def progress(stage: str, done: int, total: int) -> None:
        if time.perf_counter() - last[0] > 15 or done == total:
            last[0] = time.perf_counter()
            print(f"  {stage} {done}/{total} ({time.perf_counter() - t0:.0f}s)", flush=True)

    embedder = get_embedder(args.embedder)
    run = run_eval(
        dataset,
        root,
        embedder=embedder,
        config=load_config(root),
        chunk_tokens=chunk_tokens,
        progress=progress,
    )
    print(
        f"index: {run.index['embedded_chunks']} chunks embedded in {run.stages['index']:.1f}s; "
        f"{run.index['notes']} notes, {run.index['chunks']} chunks"
    )

    convs = list(dict.fromkeys(d.id.split("/")[0] for d in dataset.documents))
    split_of = {c: SPLITS[i % 2] for i, c in enumerate(convs)}
    halves = {"all": queries, **{s: [q for q in queries if split_of[q.group or ""] == s] for s in SPLITS}}
    ranked = {name: run.ranked_paths(name) for name in SYSTEMS}
    for half, qs in halves.items():
        print_table(f"{half} questions" if half != "all" else "all questions", ranked, qs, dataset.categories)

    lex, vec = run.rankings["lexical"], run.rankings["vector"]

    def paths_of(ranking: list[tuple[str, float]]) -> list[str]:
        return [p for p, _ in ranking]

    def hybrid_scores(w_lex: float) -> dict[str, list[str]]:
        return {qid: paths_of(fuse_hybrid(lex[qid], vec[qid], w_lex)) for qid in lex}

    def hybrid_rrf(rrf_k: int, wl: float, wv: float) -> dict[str, list[str]]:
        return {qid: paths_of(fuse([paths_of(lex[qid]), paths_of(vec[qid])], [wl, wv], rrf_k)) for qid in lex}

    print(
        f"\nfusion variants (R@5 ALL / multi-hop; the default, score fusion w_lex={LEXICAL_WEIGHT}, "
        "was chosen on dev):"
    )
    print(f"  {'variant':34s} {'dev':>13s}   {'held-out':>13s}   {'all':>13s}")
    variants: list[tuple[str, dict[str, list[str]]]] = [
        (f"score fusion w_lex={w:.2f}", hybrid_scores(w))
        for w in (0.3, 0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9)
    ]
    variants += [
        (f"rrf k={k} w_lex={wl:.1f} w_vec=1.0", hybrid_rrf(k, wl, 1.0))
        for k, wl in ((60, 1.0), (10, 1.0), (10, 1.5), (60, 1.5))
    ]
    for name, by_q in variants:
        cells = []
        for qs in (halves["dev"], halves["held-out"], queries):
            t = score_queries(qs, by_q, (5,), dataset.categories)
            multi = t["multi-hop"].recall[5] if "multi-hop" in t else float("nan")
            cells.append(f"{t['ALL'].recall[5]:.3f} / {multi:.3f}")
        print(f"  {name:34s} " + "   ".join(cells))

    # the library's own search must give the eval's hybrid ranking (same ranking for any k <= MIN_DEPTH)
    mem = Memory(root, config=load_config(root), embedder=embedder)
    check = queries[:: max(1, len(queries) // 25)][:25]
    same = sum(
        [h.path for h in mem.search(q.text, k=k, weak=True)] == ranked["hybrid"][q.id][:k]
        for q in check
        for k in (5, 10)
    )
    print(f"\nMemory.search agrees with the fused ranking on {same}/{2 * len(check)} (question, k) pairs")
    print("\n`memdir eval locomo` table (recall@k, MRR, time per query):\n")
    print(format_table(run), end="")


def print_table(
    title: str, ranked: dict[str, dict[str, list[str]]], queries: Sequence[EvalQuery], categories: list[str]
) -> None:
    """One recall table (R@1 / R@5 / R@10 per category, one column per system)."""
    from memdir.evaluation.metrics import ALL, score_queries

    tables = {name: score_queries(queries, r, (1, 5, 10), categories) for name, r in ranked.items()}
    convs = sorted({q.group for q in queries})
    print(
        f"\nsession-level recall, {title} ({len(convs)} conversations), pooled over all notes (R@1 / R@5 / R@10)"
    )
    print(f"{'category':14s} {'n':>5s}  " + "  ".join(f"{n:>20s}" for n in ranked))
    first = tables[next(iter(ranked))]
    for cat in [*categories, ALL]:
        if cat not in first:
            continue
        cells = "  ".join(
            "/".join(f"{tables[s][cat].recall[k]:.3f}" for k in (1, 5, 10)).rjust(20) for s in ranked
        )
        print(f"{cat:14s} {first[cat].n:5d}  {cells}")


if __name__ == "__main__":
    main()
