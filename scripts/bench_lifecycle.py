"""Benchmark the lifecycle steps on a synthetic root: review raise/accept, feedback events, forgetting.

Usage: python scripts/bench_lifecycle.py [--notes 1000] [--events 500] [--items 100]
Prints one line per figure. Builds everything in a temporary directory.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from memdir import Memory
from memdir.lifecycle.daily_steps import run_daily_steps
from memdir.lifecycle.review import ReviewQueue
from memdir.lifecycle.usage import record_hits
from memdir.runs.report import RunReport


def _note(i: int, created: datetime) -> str:
    return (
        f"---\ndescription: procedure {i}\norigin: weekly\nconfidence: 0.4\nsuccess_count: 0\n"
        f"failure_count: 0\nsources: [t{i}]\ncreated_at: '{created.isoformat()}'\n---\n\n# P{i}\n\n1. step\n"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--notes", type=int, default=1000)
    ap.add_argument("--events", type=int, default=500)
    ap.add_argument("--items", type=int, default=100)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        mem = Memory(Path(tmp) / "root")
        mem.init()
        now = datetime.now(timezone.utc)
        for i in range(args.notes):
            age = 200 if i % 2 else 10  # half of them unused for 200 days
            mem.store.create(f"procedures/p{i:05d}.md", _note(i, now - timedelta(days=age)))

        q = ReviewQueue(mem.store)
        t0 = time.perf_counter()
        paths = [
            q.raise_item(
                "evidence",
                f"procedures/p{i * 2:05d}.md",
                f"t{i}",
                "1. step\n",
                0.9,
                [f"new-{i}"],
                f"bench:{i}",
            )
            for i in range(args.items)
        ]
        t1 = time.perf_counter()
        again = sum(
            q.raise_item("evidence", "procedures/p00000.md", "t", "b", 0.9, [], f"bench:{i}") is None
            for i in range(args.items)
        )
        t2 = time.perf_counter()
        for p in paths:
            assert p
            q.accept(p)
        t3 = time.perf_counter()
        print(
            f"review raise: {args.items} items in {t1 - t0:.2f} s ({(t1 - t0) / args.items * 1000:.1f} ms/item)"
        )
        print(f"review re-raise refused: {again}/{args.items} in {(t2 - t1) * 1000 / args.items:.1f} ms/item")
        print(
            f"review accept: {args.items} items in {t3 - t2:.2f} s ({(t3 - t2) / args.items * 1000:.1f} ms/item)"
        )

        events = [
            {
                "ts": (now - timedelta(minutes=i)).isoformat(),
                "type": "feedback",
                "procedure": f"procedures/p{(i * 2) % args.notes:05d}.md",
                "outcome": "success" if i % 3 else "failure",
            }
            for i in range(args.events)
        ]
        mem.activity.append_many(events)
        t4 = time.perf_counter()
        record_hits(mem.root, [f"procedures/p{i:05d}.md" for i in range(5)])
        t5 = time.perf_counter()
        report = RunReport(job="daily")
        run_daily_steps(mem.store, mem.activity, mem.config, report)
        t6 = time.perf_counter()
        report2 = RunReport(job="daily")
        run_daily_steps(mem.store, mem.activity, mem.config, report2)
        t7 = time.perf_counter()
        print(f"usage record_hits (5 paths): {(t5 - t4) * 1000:.1f} ms")
        record_hits(mem.root, [f"procedures/p{i:05d}.md" for i in range(args.notes)])
        t8 = time.perf_counter()
        for i in range(50):
            record_hits(mem.root, [f"procedures/p{j:05d}.md" for j in range(i, i + 5)])
        print(
            f"usage record_hits with {args.notes} notes tracked: {(time.perf_counter() - t8) / 50 * 1000:.1f} ms/search"
        )
        print(
            f"daily steps: {report.stats.get('feedback_applied')} feedback events applied + forgetting over "
            f"{args.notes} notes ({len(report.archived)} archived) in {t6 - t5:.2f} s"
        )
        print(
            f"daily steps re-run (nothing to do): {t7 - t6:.2f} s, feedback applied {report2.stats.get('feedback_applied')}, "
            f"archived {len(report2.archived)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
