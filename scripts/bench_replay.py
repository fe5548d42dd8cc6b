"""Replay the ALFWorld trajectories a week later under new task ids and print what the lifecycle does.

Week 1 distils procedures; week 2 (the same work, new ids) must create none and raise review
items instead; accepting them merges the new task ids into the targets' `sources`.

Usage: python scripts/bench_replay.py [--data ../shared/eval/alfworld/react_prompts_alfworld_3prompts.json]
"""

from __future__ import annotations

import argparse
import importlib.util
import tempfile
import time
from datetime import date, datetime, timezone
from pathlib import Path
from types import ModuleType

from memdir import Memory
from memdir.lifecycle.review import ReviewQueue

REPO = Path(__file__).resolve().parent.parent


def _converter() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "alfworld_to_activity", REPO / "scripts/alfworld_to_activity.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(argv: list[str] | None = None) -> int:
    """Run the replay and print its figures."""
    conv = _converter()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=conv.DEFAULT_DATA)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        mem = Memory(Path(tmp) / "root")
        mem.init()
        mem.activity.append_many(
            conv.build_events(args.data, datetime(2026, 11, 16, 9, tzinfo=timezone.utc), "w1")
        )
        t0 = time.perf_counter()
        first = mem.consolidate_weekly(until=date(2026, 11, 23))
        t1 = time.perf_counter()
        print(
            f"week 1: {first.stats.get('successful_tasks')} successful tasks -> {len(first.created)} procedures "
            f"{first.created}, {len(first.review)} review items ({t1 - t0:.1f} s)"
        )
        mem.activity.append_many(
            conv.build_events(args.data, datetime(2026, 11, 23, 9, tzinfo=timezone.utc), "w2")
        )
        second = mem.consolidate_weekly(until=date(2026, 11, 30))
        t2 = time.perf_counter()
        q = ReviewQueue(mem.store)
        items = [q.get(p) for p in second.review]
        matched = sorted({it.target for it in items})
        print(
            f"week 2 (same trajectories, new ids): {len(second.created)} new procedures, {len(items)} review items "
            f"for {len(matched)} procedures; week-1 procedures with an item: "
            f"{len(set(first.created) & set(matched))}/{len(first.created)} ({t2 - t1:.1f} s)"
        )
        for it in items:
            print(f"  {it.id} {it.kind} -> {it.target} similarity {it.similarity} sources {it.sources}")
        again = mem.consolidate_weekly(until=date(2026, 11, 30))
        print(f"week 2 re-run: {len(again.created)} created, {len(again.review)} review items raised")
        for it in items:
            q.accept(it.id)
        gained = sum(
            set(it.sources) <= {str(s) for s in mem.store.read(it.target).meta["sources"]} for it in items
        )
        print(
            f"accepted {len(items)}: {gained} targets carry the new task ids; open items left: {len(q.list_items())}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
