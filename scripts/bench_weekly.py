"""Benchmarks for weekly distillation (figures go to docs/weekly.md).

  python scripts/bench_weekly.py alfworld            # 18 ReAct trajectories, two log shapes -> 6 procedures each?
  python scripts/bench_weekly.py written             # the hand-written weeks in tests/data/weekly
  python scripts/bench_weekly.py written --written-dir examples/heldout/weekly   # the held-out weeks (measure only)
  python scripts/bench_weekly.py webarena [--seeds 0 1 2] [--sweep] [--cache DIR]   # precision / recall per seed
      [--weeks 2 --week 1]     # the builder spreads the tasks over 2 weeks; distil and score the second
  python scripts/bench_weekly.py scale [--tasks 20000]                # 100k events: time and peak memory
  python scripts/bench_weekly.py all

Everything is written under a temporary directory; the shared evaluation data is read in
place (`--data`, default ../shared/eval relative to the repository).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "eval"
sys.path.insert(0, str(REPO / "scripts"))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from alfworld_to_activity import SHAPES, build_events, task_type, write_activity  # noqa: E402
from weekly_checks import (  # noqa: E402
    check_week,
    legend_problems,
    numbers_after_placeholders,
    parse_procedure,
    single_task_words,
    task_texts,
)

from memdir import Memory  # noqa: E402
from memdir.config import load_config  # noqa: E402
from memdir.runs.report import RunReport  # noqa: E402

P_SUCCESS = {
    "gitlab": 0.3277,
    "map": 0.3119,
    "reddit": 0.5377,
    "shopping": 0.5220,
    "shopping_admin": 0.2363,
    "multisite": 0.1042,
}


def _memory(root: Path, cluster: float | None = None) -> Memory:
    cfg = load_config(root)
    if cluster is not None:
        cfg = replace(cfg, thresholds=replace(cfg.thresholds, cluster=cluster))
    mem = Memory(root, config=cfg)
    mem.init()
    return mem


# -- ALFWorld -------------------------------------------------------------------------------
MAX_ALFWORLD_STEPS = 8


def bench_alfworld(data: Path, tmp: Path, shapes: tuple[str, ...] = SHAPES) -> dict[str, Any]:
    """The 18 ReAct trajectories in each log shape: 6 procedures, one per type, each <= 8 general steps?"""
    out: dict[str, Any] = {}
    for shape in shapes:
        mem = _memory(tmp / f"alfworld-{shape}")
        write_activity(
            mem.root, build_events(data / "alfworld" / "react_prompts_alfworld_3prompts.json", shape=shape)
        )
        t0 = time.perf_counter()
        report = mem.consolidate_weekly(until=date(2026, 11, 30))
        took = time.perf_counter() - t0
        rows = []
        pure = 0
        problems: list[str] = []
        for rel in report.created:
            text = (mem.root / rel).read_text(encoding="utf-8")
            sources = [str(s) for s in mem.store.read(rel).get("sources")]
            types = sorted({task_type(s.split("-", 1)[1]) for s in sources})
            pure += len(types) == 1 and len(sources) == 3
            proc = parse_procedure(text)
            if len(proc["steps"]) > MAX_ALFWORLD_STEPS:
                problems.append(f"{rel}: {len(proc['steps'])} steps")
            problems += [f"{rel}: {p}" for p in legend_problems(proc)]
            problems += [f"{rel}: {p}" for p in numbers_after_placeholders(proc)]
            problems += [
                f"{rel}: {w!r} from one trajectory"
                for w in single_task_words(proc, task_texts(mem.root, sources))
            ]
            rows.append((rel, types, len(sources), len(proc["steps"])))
        again = mem.consolidate_weekly(until=date(2026, 11, 30))
        # the next week, the same 18 trajectories logged in the other shape under new task ids
        other = SHAPES[1 - SHAPES.index(shape)]
        replay = build_events(
            data / "alfworld" / "react_prompts_alfworld_3prompts.json",
            start=datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc),
            prefix="alf2",
            shape=other,
        )
        write_activity(mem.root, replay)
        week2 = mem.consolidate_weekly(until=date(2026, 12, 7))
        own_type = 0
        # a re-find that adds nothing records the tasks as successes of that procedure (lifecycle/refound.py)
        refound = [r for r in week2.stats.get("refound", []) if isinstance(r, dict)]
        for rel in week2.review:
            item = mem.store.read(rel)
            target_sources = [str(x) for x in mem.store.read(str(item.get("target"))).get("sources")]
            item_types = {task_type(str(x).split("-", 1)[1]) for x in item.get("sources")}
            own_type += item_types == {task_type(target_sources[0].split("-", 1)[1])}
        print(
            f"ALFWorld, shape {shape}: {len(report.created)} procedures, {len(report.review)} review items, "
            f"{pure} cite exactly the 3 tasks of one type; first run {took:.1f}s; second run changed "
            f"{'something' if again.changed else 'nothing'}; problems: {problems or 'none'}; next week in "
            f"shape {other}: {len(week2.created)} procedures, {len(week2.review)} review items "
            f"({own_type} on their own type's procedure), {len(refound)} re-found an existing procedure "
            f"({sum(int(r.get('tasks', 0)) for r in refound)} tasks recorded as its successes)"
        )
        for rel, types, n, k in rows:
            print(f"  {rel}: types={types} sources={n} steps={k}")
        out[shape] = {
            "procedures": len(report.created),
            "pure": pure,
            "max_steps": max((r[3] for r in rows), default=0),
            "problems": problems,
            "seconds": round(took, 1),
            "rerun_changed": again.changed,
            "next_week_created": len(week2.created),
            "next_week_review_on_own_type": own_type,
        }
    return out


def bench_alfworld_mixed(data: Path, tmp: Path) -> dict[str, Any]:
    """One week of the 18 trajectories written by two loggers: every other task in the other shape."""
    path = data / "alfworld" / "react_prompts_alfworld_3prompts.json"
    verb, single = build_events(path, shape=SHAPES[0]), build_events(path, shape=SHAPES[1])
    ids = sorted({str(e["task_id"]) for e in verb})
    other = set(ids[1::2])
    events = [e for e in verb if e["task_id"] not in other] + [e for e in single if e["task_id"] in other]
    mem = _memory(tmp / "alfworld-mixed")
    write_activity(mem.root, sorted(events, key=lambda e: str(e["ts"])))
    report = mem.consolidate_weekly(until=date(2026, 11, 30))
    pure = 0
    for rel in report.created:
        sources = [str(s) for s in mem.store.read(rel).get("sources")]
        pure += len({task_type(s.split("-", 1)[1]) for s in sources}) == 1 and len(sources) == 3
    print(
        f"ALFWorld, both shapes in one week: {len(report.created)} procedures, "
        f"{pure} cite exactly the 3 tasks of one type"
    )
    return {"procedures": len(report.created), "pure": pure}


# -- written weeks --------------------------------------------------------------------------
WRITTEN = REPO / "tests" / "data" / "weekly"


def bench_written(tmp: Path, folder: Path = WRITTEN) -> dict[str, Any]:
    """The hand-written weeks (tests/data/weekly/*): expected procedures, review items, untouched files."""
    out: dict[str, Any] = {}
    for week in sorted(p for p in folder.iterdir() if (p / "expected.json").exists()):
        root = tmp / f"written-{week.name}"
        shutil.copytree(week, root)
        mem = _memory(root)
        until = date.fromisoformat(json.loads((week / "expected.json").read_text())["until"])
        report = mem.consolidate_weekly(until=until)
        res = check_week(week, root, report.created, report.review)
        res["not_a_task_type"] = report.stats.get("not_a_task_type", 0)
        print(
            f"written week {week.name}: {res['procedures']} procedures, {res['review_items']} review items, "
            f"problems: {res['problems'] or 'none'}"
        )
        out[week.name] = res
    return out


# -- WebArena -------------------------------------------------------------------------------
def build_webarena_week(
    data: Path, seed: int, tmp: Path, weeks: int = 1
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Run the shared builder in a temp dir (`weeks` weeks of log); returns (its events, its ground truth)."""
    work = tmp / f"wa-build-{seed}-{weeks}"
    work.mkdir(parents=True, exist_ok=True)
    link = work / "test.raw.json"
    if not link.exists():
        link.symlink_to(data / "webarena" / "test.raw.json")
    subprocess.run(
        [sys.executable, str(data / "webarena" / "build_activity_log.py"), str(seed), str(weeks)],
        cwd=work,
        check=True,
        capture_output=True,
    )
    events = [
        json.loads(x) for x in (work / f"activity_log_seed{seed}.jsonl").read_text().splitlines() if x.strip()
    ]
    gt = json.loads((work / f"ground_truth_seed{seed}.json").read_text())
    return events, gt


def webarena_activity(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Builder events -> memdir activity: `event` is our `type`; the week is shifted 9 h to start at midnight."""
    out = []
    for e in events:
        ts = datetime.fromisoformat(e["ts"]).replace(tzinfo=timezone.utc) - timedelta(hours=9)
        out.append(
            {
                "ts": ts.isoformat(),
                "type": e["event"],
                "task_id": e["task_id"],
                "description": e["description"],
                "tools": e["tools"],
                "outcome": e["outcome"],
            }
        )
    return out


def score(clusters: list[list[str]], gt: dict[str, Any], week: int = 0) -> dict[str, Any]:
    """Precision / recall of "one procedure per template with 3+ successes" for clusters of task ids.

    Each cluster is labelled with the majority template of its tasks; it is correct when that
    template succeeded 3+ times in the week and no earlier cluster claimed it. `purity` (not
    part of the target) is the share of cited tasks that belong to their cluster's label.
    """
    tmpl = {g["task_id"]: g["template_id"] for g in gt["events"]}
    succ = collections.Counter(g["template_id"] for g in gt["events"] if g["success"] and g["week"] == week)
    target = set(gt["repeated_success_templates_per_week"][str(week)])
    claimed: set[int] = set()
    tp = 0
    below = 0
    cited = pure = 0
    for ids in clusters:
        major, n_major = collections.Counter(tmpl[i] for i in ids).most_common(1)[0]
        cited += len(ids)
        pure += n_major
        if succ[major] < 3:
            below += 1
        if major in target and major not in claimed:
            tp += 1
            claimed.add(major)
    n = len(clusters)
    return {
        "procedures": n,
        "precision": round(tp / n, 3) if n else 0.0,
        "recall": round(len(claimed) / len(target), 3) if target else 0.0,
        "from_templates_below_3": below,
        "targets": len(target),
        "purity": round(pure / cited, 3) if cited else 1.0,
    }


SWEEP = (0.70, 0.74, 0.76, 0.78, 0.80, 0.82, 0.84, 0.86, 0.90)


def bench_webarena(
    data: Path,
    tmp: Path,
    seeds: list[int],
    sweep: bool,
    cache: Path | None = None,
    weeks: int = 1,
    week: int = 0,
) -> dict[str, Any]:
    """Precision / recall per seed at the configured threshold (full run), and the plan-level sweep."""
    cache = cache or tmp / "wa-cache"
    until = date(2025, 1, 13) + timedelta(days=7 * week)
    out: dict[str, Any] = {}
    for seed in seeds:
        events, gt = build_webarena_week(data, seed, tmp, weeks)
        mem = _memory(tmp / f"wa-{seed}-{weeks}")
        mem.activity.append_many(webarena_activity(events))
        t0 = time.perf_counter()
        report = mem.weekly_distiller(cache_dir=cache).run(until=until)
        took = time.perf_counter() - t0
        written = [[str(s) for s in mem.store.read(p).get("sources")] for p in report.created]
        res = score(written, gt, week)
        res.update(
            seconds=round(took, 1),
            review_items=len(report.review),
            template_splits=report.stats.get("template_splits"),
            template_ejections=report.stats.get("template_ejections"),
        )
        print(f"WebArena seed {seed} (week {week} of {weeks}): {res}")
        out[f"seed{seed}"] = res
        if sweep:
            rows = []
            for thr in SWEEP:
                smem = _memory(tmp / f"wa-{seed}-{weeks}-sweep", cluster=thr)
                if not smem.activity.files():
                    smem.activity.append_many(webarena_activity(events))
                groups, _, _ = smem.weekly_distiller(cache_dir=cache).plan(until, RunReport(job="weekly"))
                r = score([[t.task_id for t in g] for g in groups], gt, week)
                rows.append((thr, r))
                print(
                    f"  sweep cluster={thr:.2f}: P={r['precision']:.3f} R={r['recall']:.3f} "
                    f"procedures={r['procedures']} below-3={r['from_templates_below_3']}"
                )
            out[f"sweep{seed}"] = rows
    return out


# -- scale ----------------------------------------------------------------------------------
def scale_events(data: Path, n_tasks: int, seed: int = 7) -> list[dict[str, Any]]:
    """~5 events per task: WebArena templates re-instantiated with values of their own template's tasks."""
    rng = random.Random(seed)
    tasks = json.loads((data / "webarena" / "test.raw.json").read_text())
    by_tmpl: dict[int, list[dict[str, Any]]] = collections.defaultdict(list)
    for t in tasks:
        by_tmpl[t["intent_template_id"]].append(t)
    start = datetime(2025, 3, 3, tzinfo=timezone.utc)
    events: list[dict[str, Any]] = []
    for k in range(n_tasks):
        t = rng.choice(tasks)
        intent = t["intent_template"]
        for key in t.get("instantiation_dict", {}):
            donor = rng.choice(by_tmpl[t["intent_template_id"]]).get("instantiation_dict", {})
            intent = intent.replace("{{" + key + "}}", str(donor.get(key, t["instantiation_dict"][key])))
        site = t["sites"][0] if len(t["sites"]) == 1 else "multisite"
        ts = start + timedelta(seconds=rng.uniform(0, 7 * 86400 - 600))
        tid = f"scale-{k}"
        step = timedelta(seconds=20)
        events.append({"ts": ts.isoformat(), "type": "task_start", "task_id": tid, "summary": intent})
        events.append(
            {
                "ts": (ts + step).isoformat(),
                "type": "tool_use",
                "task_id": tid,
                "tool": "browser",
                "input": f"goto {t['start_url']}",
            }
        )
        events.append(
            {
                "ts": (ts + 2 * step).isoformat(),
                "type": "tool_use",
                "task_id": tid,
                "tool": "browser",
                "input": f"click [{rng.randint(1, 999)}]",
            }
        )
        events.append(
            {
                "ts": (ts + 3 * step).isoformat(),
                "type": "tool_result",
                "task_id": tid,
                "tool": "browser",
                "summary": "page loaded",
            }
        )
        ok = rng.random() < P_SUCCESS[site]
        events.append(
            {
                "ts": (ts + 4 * step).isoformat(),
                "type": "task_end",
                "task_id": tid,
                "outcome": "success" if ok else "failure",
            }
        )
    return events


def _timed_cli(root: Path, *args: str) -> tuple[float, float, dict[str, Any]]:
    """Run `memdir --root root consolidate weekly ...` in a subprocess: (seconds, peak RSS MiB, report)."""
    code = (
        "import resource, sys, json, time; from memdir.cli.main import main; t=time.perf_counter();\n"
        "try:\n main()\nexcept SystemExit: pass\n"
        "sys.stderr.write(json.dumps({'s': time.perf_counter()-t, "
        "'rss': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "--root", str(root), "consolidate", "weekly", *args, "--json"],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    tail = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "{}"
    meta = json.loads(tail[tail.rfind("{") :])
    report = json.loads(proc.stdout) if proc.stdout.strip() else {"errors": [proc.stderr[-500:]]}
    return meta.get("s", 0.0), meta.get("rss", 0) / 1024, report


def bench_scale(data: Path, tmp: Path, n_tasks: int) -> dict[str, Any]:
    """Wall time and peak memory of a weekly run over ~5 * n_tasks events; then a rerun and a cached fresh run."""
    events = scale_events(data, n_tasks)
    mem = _memory(tmp / "scale")
    t0 = time.perf_counter()
    mem.activity.append_many(events)
    print(f"scale: wrote {len(events)} events ({n_tasks} tasks) in {time.perf_counter() - t0:.1f}s")
    until = "2025-03-10"
    results = {}
    for label, root in (("first run", mem.root), ("second run, same root", mem.root)):
        s, rss, rep = _timed_cli(root, "--until", until)
        st = rep.get("stats", {})
        print(
            f"  {label}: {s:.1f}s, peak RSS {rss:.0f} MiB, created {len(rep.get('created', []))}, "
            f"review {len(rep.get('review', []))}, tasks {st.get('tasks')}, successful {st.get('successful_tasks')}, "
            f"unique {st.get('unique_tasks')}, embedded {st.get('embedded_new')}, largest component "
            f"{st.get('largest_component')}, errors {rep.get('errors')}"
        )
        results[label] = {"seconds": round(s, 1), "peak_rss_mib": round(rss), "stats": st}
    fresh = _memory(tmp / "scale-fresh")
    shutil.copytree(mem.activity.dir, fresh.activity.dir, dirs_exist_ok=True)
    shutil.copytree(mem.state_dir / "cache", fresh.state_dir / "cache")
    s, rss, rep = _timed_cli(fresh.root, "--until", until)
    st = rep.get("stats", {})
    print(
        f"  fresh root with the embedding cache: {s:.1f}s, peak RSS {rss:.0f} MiB, embedded {st.get('embedded_new')}, "
        f"cache hits {st.get('embedding_cache_hits')}, created {len(rep.get('created', []))}"
    )
    results["fresh root, cached embeddings"] = {
        "seconds": round(s, 1),
        "peak_rss_mib": round(rss),
        "stats": st,
    }
    return results


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["alfworld", "written", "webarena", "scale", "all"])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--tasks", type=int, default=20_000)
    ap.add_argument("--keep", action="store_true", help="keep the temp directory")
    ap.add_argument("--cache", type=Path, help="WebArena: reuse task embeddings from this folder (warm runs)")
    ap.add_argument(
        "--weeks", type=int, default=1, help="WebArena: weeks of log the builder spreads the tasks over"
    )
    ap.add_argument("--week", type=int, default=0, help="WebArena: which of those weeks to distil and score")
    ap.add_argument(
        "--written-dir",
        type=Path,
        default=WRITTEN,
        help="written: a folder of weeks (default tests/data/weekly)",
    )
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="bench-weekly-"))
    try:
        if args.what in ("alfworld", "all"):
            bench_alfworld(args.data, tmp)
            bench_alfworld_mixed(args.data, tmp)
        if args.what in ("written", "all"):
            bench_written(tmp, args.written_dir)
        if args.what in ("webarena", "all"):
            bench_webarena(
                args.data,
                tmp,
                args.seeds,
                args.sweep or args.what == "all",
                args.cache,
                args.weeks,
                args.week,
            )
        if args.what in ("scale", "all"):
            bench_scale(args.data, tmp, args.tasks)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
