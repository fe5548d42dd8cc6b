"""Kill -9 fault injection: run a memdir command, SIGKILL it at a seeded random moment, recover, compare.

Each trial copies a prepared root, starts the command as a real `memdir` subprocess, kills it
after a seeded random delay, then runs the normal command again (the recovery) and checks:
no temp file left, no note lost or duplicated, and the note files equal a clean run's (ISO
timestamps normalised). Prints one table row per target.

Example:
  .venv/bin/python scripts/fault_injection.py --trials 50 --target all
  .venv/bin/python scripts/fault_injection.py --trials 5 --target review-accept --seed 7
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

NOTE_DIRS = ("knowledge", "procedures", "episodes", "skills", "review", "archive")
TS = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?")
DAY = "2026-11-26"
BASE = datetime(2026, 11, 26, 9, 0, tzinfo=timezone.utc)


def cli(root: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run `memdir` in a subprocess against root."""
    return subprocess.run(
        [sys.executable, "-m", "memdir.cli.main", *args],
        capture_output=True,
        text=True,
        env=_env(root),
        cwd=str(REPO),
        timeout=timeout,
    )


def _env(root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(
        MEMDIR_ROOT=str(root),
        MEMDIR_EMBEDDER="hashing",
        LITELLM_LOCAL_MODEL_COST_MAP="True",
        ANONYMIZED_TELEMETRY="False",
        PYTHONHASHSEED="0",
    )
    return env


# -- what a root looks like --------------------------------------------------------------------------
def snapshot(root: Path) -> dict[str, str]:
    """Note files (path -> content with ISO timestamps normalised); the archive log is left out."""
    out = {}
    for top in NOTE_DIRS:
        base = root / top
        if not base.is_dir():
            continue
        for p in sorted(base.rglob("*")):
            if p.is_file() and p.name != "archive-log.jsonl" and ".memdir-tmp-" not in p.name:
                out[p.relative_to(root).as_posix()] = TS.sub(
                    "<ts>", p.read_text(encoding="utf-8", errors="replace")
                )
    return out


def temp_files(root: Path) -> list[str]:
    """Our temp files in the note folders (`*.memdir-tmp-*`); `.memdir/` litter is swept by the next save."""
    return sorted(
        p.relative_to(root).as_posix()
        for top in NOTE_DIRS
        for p in (root / top).rglob("*")
        if ".memdir-tmp-" in p.name
    )


def lost_notes(template: dict[str, str], final: dict[str, str]) -> list[str]:
    """Human/input notes of the template that are neither in place nor archived afterwards."""
    lost = []
    for rel in template:
        if rel.startswith(("review/", "archive/")):
            continue
        if rel not in final and f"archive/{rel}" not in final:
            lost.append(rel)
    return lost


def duplicated(final: dict[str, str]) -> list[str]:
    """Notes in knowledge/ or procedures/ whose body is identical to another's."""
    seen: dict[str, str] = {}
    dups = []
    for rel, text in final.items():
        if not rel.startswith(("knowledge/", "procedures/")):
            continue
        body = text.split("\n---\n", 1)[-1].strip()
        if body and body in seen:
            dups.append(f"{rel} = {seen[body]}")
        seen.setdefault(body, rel)
    return dups


def _scan(root: Path) -> None:
    """What any normal run does first: list the notes (which also sweeps a dead writer's temp files)."""
    from memdir.notes.store import NoteStore

    list(NoteStore(root).iter_paths(NOTE_DIRS))


# -- targets ----------------------------------------------------------------------------------------
@dataclass
class Target:
    """One command to kill: how to prepare a root, what to run, how to recover, what else to check."""

    name: str
    setup: Callable[[Path], None]
    argv: list[str]
    recover: Callable[[Path, dict[str, str]], list[str]]  # returns problems
    available: Callable[[], str | None] = lambda: None
    extra_check: Callable[[Path, Path], list[str]] = lambda work, ref: []


def _human_notes(root: Path, n: int = 30) -> None:
    from memdir.notes.frontmatter import render_note
    from memdir.notes.store import NoteStore

    store = NoteStore(root)
    topics = [
        "deploy the API",
        "rotate the database password",
        "fix flaky CI",
        "release checklist",
        "on-call handover",
        "データベースのバックアップ",
        "debug memory leaks",
    ]
    for i in range(n):
        t = topics[i % len(topics)]
        store.create(
            f"knowledge/human-{i:02d}.md",
            render_note(
                {"description": f"Notes on {t} ({i})", "origin": "human", "tags": ["ops"]},
                f"# {t.title()} {i}\n\nWhat we learned about {t}, case {i}.\n",
            ),
        )
    store.create(
        "procedures/deploy-api.md",
        render_note(
            {
                "description": "Deploy the API",
                "origin": "human",
                "confidence": 0.5,
                "success_count": 1,
                "failure_count": 1,
            },
            "# Deploy the API\n\n1. Build\n2. Push\n3. Verify\n",
        ),
    )
    (root / "skills" / "human-skill.md").write_text("---\ndescription: a human skill\n---\n\nDo not touch.\n")


def _episodes(root: Path, n: int = 24) -> None:
    from memdir import Memory

    mem = Memory(root)
    kinds = [
        (
            "Fixed flaky CI",
            "The CI was flaky because the runner image floated. Lesson: always pin the runner "
            "image version in the workflow file.",
        ),
        (
            "Rotated the db password",
            "Steps: 1. create the new password in the vault. 2. update the app "
            "secret. 3. restart the pods. 4. revoke the old password.",
        ),
        ("Lunch", "Had lunch with the team, nice weather."),
        ("Policy on deploys", "We decided that deploys never happen on Fridays after 15:00."),
    ]
    for i in range(n):
        title, text = kinds[i % len(kinds)]
        mem.add_episode(f"{text} (case {i})", title=f"{title} {i}", at=BASE + timedelta(minutes=20 * i))


def _activity(root: Path) -> None:
    from memdir import Memory

    mem = Memory(root)
    until = BASE.replace(hour=0) + timedelta(days=1)
    for i in range(12):
        ts = until - timedelta(days=1 + i % 5, hours=i)
        tid = f"task-{i}"
        env = ["staging", "prod", "qa"][i % 3]
        events = [
            {
                "ts": ts.isoformat(),
                "type": "task_start",
                "task_id": tid,
                "summary": f"deploy the api to {env}",
            },
            {
                "ts": (ts + timedelta(seconds=5)).isoformat(),
                "type": "tool_use",
                "task_id": tid,
                "tool": "bash",
                "input": f"make deploy ENV={env}",
            },
            {
                "ts": (ts + timedelta(seconds=9)).isoformat(),
                "type": "tool_use",
                "task_id": tid,
                "tool": "bash",
                "input": f"curl https://{env}.example.com/health",
            },
            {
                "ts": (ts + timedelta(seconds=20)).isoformat(),
                "type": "task_end",
                "task_id": tid,
                "outcome": "success" if i % 4 else "failure",
            },
        ]
        mem.activity.append_many(events)


def _init(root: Path) -> None:
    from memdir import Memory

    Memory(root).init()


def _rerun_if_unchanged(argv: list[str]) -> Callable[[Path, dict[str, str]], list[str]]:
    """Recovery for a non-idempotent command: the file is either before or after; if before, run again."""

    def recover(work: Path, before: dict[str, str]) -> list[str]:
        if snapshot(work) == before:
            res = cli(work, *_resolve(argv))
            if res.returncode != 0:
                return [f"recovery failed: {res.stderr.strip()[-300:]}"]
        return []

    return recover


def _run_again(
    argv: list[str], ok_errors: tuple[str, ...] = ()
) -> Callable[[Path, dict[str, str]], list[str]]:
    """Recovery for an idempotent command: simply run it again."""

    def recover(work: Path, before: dict[str, str]) -> list[str]:
        res = cli(work, *_resolve(argv))
        if res.returncode != 0 and not any(s in res.stderr for s in ok_errors):
            return [f"recovery failed: {res.stderr.strip()[-300:]}"]
        return []

    return recover


def _setup_feedback(root: Path) -> None:
    _init(root)
    _human_notes(root, 5)


def _setup_episode(root: Path) -> None:
    _init(root)
    _episodes(root, 30)


def _setup_review(root: Path) -> None:
    from memdir import Memory
    from memdir.lifecycle.review import ReviewQueue

    _init(root)
    _human_notes(root, 5)
    q = ReviewQueue(Memory(root).store)
    q.raise_item(
        "merge_candidate",
        "knowledge/human-00.md",
        "Deploy lesson",
        "# Deploy lesson\n\nAlways check the health endpoint after a deploy.\n## Detail\n\nMore text.\n",
        0.91,
        ["episodes/2026-11-26.md#0900-deploy"],
        key="fi-merge",
    )
    q.raise_item(
        "move_proposal", "knowledge/human-01.md", "Move it", "It is a procedure.", None, [], key="fi-move"
    )


def _review_id(key: str) -> str:
    from memdir.lifecycle.review import item_id_for

    return item_id_for(key)


def _ledger_check(work: Path, ref: Path) -> list[str]:
    """The review ledger records the accept exactly as the clean run did."""
    from memdir.lifecycle.review import ReviewLedger

    def statuses(root: Path) -> dict[str, str]:
        return {k: str(v.get("status")) for k, v in ReviewLedger(root).keys.items()}

    got, want = statuses(work), statuses(ref)
    return [] if got == want else [f"review ledger {got} != clean {want}"]


def _setup_index(root: Path) -> None:
    _init(root)
    _human_notes(root, 120)
    _episodes(root, 20)


def _index_check(work: Path, ref: Path) -> list[str]:
    """After recovery, a second sync changes nothing and search answers as on the clean root."""
    from memdir import Memory
    from memdir.index.embedder import get_embedder

    problems = []
    emb = get_embedder("hashing")  # the same embedder the subprocesses use (MEMDIR_EMBEDDER=hashing)
    mem = Memory(work, embedder=emb)
    report = mem.sync_index()
    if report.has_changes:
        problems.append(f"second sync still had changes: {report.to_dict()}")
    ref_mem = Memory(ref, embedder=emb)
    for q in ("deploy the API", "database password", "バックアップ"):
        got = [h.path for h in mem.search(q, k=5, weak=True)]
        want = [h.path for h in ref_mem.search(q, k=5, weak=True)]
        if got != want:
            problems.append(f"search {q!r}: {got} != clean {want}")
    return problems


def _setup_daily(root: Path) -> None:
    _init(root)
    _human_notes(root, 10)
    _episodes(root, 24)


def _setup_weekly(root: Path) -> None:
    _init(root)
    _human_notes(root, 10)
    _activity(root)


def _episode_state_check(work: Path, ref: Path) -> list[str]:
    """Every episode is consolidated after recovery, exactly as in the clean run."""
    from memdir.runs.state import EpisodeState

    got, want = EpisodeState(work).done, EpisodeState(ref).done
    return [] if got == want else [f"episode state differs: {sorted(set(want) ^ set(got))[:5]}"]


def _has_module(name: str) -> Callable[[], str | None]:
    def check() -> str | None:
        import importlib.util

        return None if importlib.util.find_spec(name) else f"{name} not present yet"

    return check


UNTIL = (BASE + timedelta(days=1)).date().isoformat()
TARGETS: dict[str, Target] = {
    "episode-add": Target(
        "episode-add",
        _setup_episode,
        ["episode", "add", "Killed while appending", "--title", "fi", "--at", "2026-11-26T23:00+00:00"],
        _rerun_if_unchanged(
            ["episode", "add", "Killed while appending", "--title", "fi", "--at", "2026-11-26T23:00+00:00"]
        ),
    ),
    "feedback": Target(
        "feedback",
        _setup_feedback,
        ["feedback", "procedures/deploy-api.md", "--success"],
        _rerun_if_unchanged(["feedback", "procedures/deploy-api.md", "--success"]),
    ),
    "review-accept": Target(
        "review-accept",
        _setup_review,
        ["review", "accept", "@merge"],
        _run_again(["review", "accept", "@merge"], ok_errors=("already decided",)),
        _has_module("memdir.lifecycle.review"),
        _ledger_check,
    ),
    "index-sync": Target(
        "index-sync",
        _setup_index,
        ["index", "sync"],
        _run_again(["index", "sync"]),
        _has_module("memdir.index.service"),
        _index_check,
    ),
    "daily": Target(
        "daily",
        _setup_daily,
        ["consolidate", "daily", "--date", DAY],
        _run_again(["consolidate", "daily", "--date", DAY]),
        _has_module("memdir.consolidation.daily.run"),
        _episode_state_check,
    ),
    "weekly": Target(
        "weekly",
        _setup_weekly,
        ["consolidate", "weekly", "--until", UNTIL],
        _run_again(["consolidate", "weekly", "--until", UNTIL]),
        _has_module("memdir.consolidation.weekly.run"),
    ),
}


def _resolve(argv: list[str]) -> list[str]:
    return [_review_id("fi-merge") if a == "@merge" else a for a in argv]


def _argv(target: Target) -> list[str]:
    return _resolve(target.argv)


# -- trials -----------------------------------------------------------------------------------------
@dataclass
class TargetResult:
    """What the trials of one target found."""

    target: str
    trials: int = 0
    killed: int = 0  # killed before the command finished by itself
    failures: int = 0
    notes_lost: int = 0
    duplicated: int = 0
    temp_left: int = 0
    clean_seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    skipped: str | None = None


def _run_and_watch(root: Path, argv: list[str], kill_after: float | None) -> tuple[float, float | None, bool]:
    """Start the command; kill it `kill_after` seconds after its first lock appears. Returns timings."""
    locks = root / ".memdir" / "locks"
    before = set(locks.iterdir()) if locks.is_dir() else set()
    start = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memdir.cli.main", *argv],
        env=_env(root),
        cwd=str(REPO),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    work_start: float | None = None
    killed = False
    while proc.poll() is None:
        now = time.monotonic()
        if work_start is None and locks.is_dir() and set(locks.iterdir()) - before:
            work_start = now
        if kill_after is not None and work_start is not None and now - work_start >= kill_after:
            proc.send_signal(signal.SIGKILL)
            killed = True
            break
        time.sleep(0.001)
    proc.wait()
    end = time.monotonic()
    return end - start, (end - work_start) if work_start else None, killed


def run_target(target: Target, trials: int, seed: int, workdir: Path, verbose: bool = False) -> TargetResult:
    """Prepare the target's root once, measure a clean run, then run the seeded kill trials."""
    result = TargetResult(target.name)
    reason = target.available()
    if reason:
        result.skipped = reason
        return result
    template = workdir / f"{target.name}-template"
    shutil.rmtree(template, ignore_errors=True)
    target.setup(template)
    shutil.rmtree(template / ".memdir" / "locks", ignore_errors=True)
    argv = _argv(target)
    ref = workdir / f"{target.name}-clean"
    shutil.rmtree(ref, ignore_errors=True)
    shutil.copytree(template, ref, symlinks=True)
    total, work, _ = _run_and_watch(ref, argv, None)
    result.clean_seconds = total
    reference = snapshot(ref)
    before_template = snapshot(template)
    window = (work if work else total) * 1.1
    rng = random.Random(seed)
    for i in range(trials):
        delay = rng.uniform(0.0, window)
        trial = workdir / f"{target.name}-trial"
        shutil.rmtree(trial, ignore_errors=True)
        shutil.copytree(template, trial, symlinks=True)
        _, _, killed = _run_and_watch(trial, argv, delay)
        result.trials += 1
        result.killed += int(killed)
        problems = target.recover(trial, before_template)
        _scan(trial)
        final = snapshot(trial)
        tmp = temp_files(trial)
        lost = lost_notes(before_template, final)
        dups = duplicated(final)
        if final != reference:
            diff = sorted(set(final) ^ set(reference)) or [k for k in final if final[k] != reference.get(k)]
            problems.append(f"final notes differ from the clean run: {diff[:4]}")
        if tmp:
            problems.append(f"temp files left: {tmp[:3]}")
        if lost:
            problems.append(f"notes lost: {lost[:3]}")
        if dups:
            problems.append(f"duplicated: {dups[:3]}")
        try:
            problems.extend(target.extra_check(trial, ref))
        except Exception as exc:  # a crash of the checker is a finding too
            problems.append(f"check raised {type(exc).__name__}: {exc}")
        result.temp_left += bool(tmp)
        result.notes_lost += len(lost)
        result.duplicated += len(dups)
        if problems:
            result.failures += 1
            result.problems.append(
                f"trial {i} (kill at +{delay:.3f}s, killed={killed}): " + "; ".join(problems)
            )
        if verbose:
            print(
                f"  {target.name} trial {i}: delay {delay:.3f}s killed={killed} "
                f"{'FAIL ' + '; '.join(problems) if problems else 'ok'}",
                flush=True,
            )
    return result


def format_table(results: list[TargetResult], trials: int) -> str:
    """The Markdown table that docs/reliability.md shows."""
    lines = [
        "| fault injected | trials | killed mid-run | failures | notes lost | duplicated | temp files left "
        "| clean run (s) | reproduce |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        cmd = f"`.venv/bin/python scripts/fault_injection.py --trials {trials} --target {r.target}`"
        if r.skipped:
            lines.append(f"| kill -9 during `{r.target}` | skipped: {r.skipped} | | | | | | | {cmd} |")
            continue
        lines.append(
            f"| kill -9 during `{r.target}` | {r.trials} | {r.killed} | {r.failures} | {r.notes_lost} | "
            f"{r.duplicated} | {r.temp_left} | {r.clean_seconds:.1f} | {cmd} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the trials, print the table (exit 1 if any trial failed)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=50)
    ap.add_argument(
        "--target", default="all", help=f"one of {', '.join(TARGETS)} or all (comma-separated ok)"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workdir", help="keep trial roots here (default: a temp dir)")
    ap.add_argument("--json", action="store_true", help="print results as JSON after the table")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    names = list(TARGETS) if args.target == "all" else args.target.split(",")
    results = []
    with tempfile.TemporaryDirectory(prefix="memdir-fi-") as tmp:
        workdir = Path(args.workdir) if args.workdir else Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        for name in names:
            t0 = time.monotonic()
            res = run_target(TARGETS[name], args.trials, args.seed, workdir, args.verbose)
            results.append(res)
            print(
                f"{name}: {res.trials} trials, {res.failures} failures, {res.killed} killed mid-run "
                f"({time.monotonic() - t0:.0f}s){' skipped: ' + res.skipped if res.skipped else ''}",
                flush=True,
            )
            for p in res.problems[:10]:
                print(f"  {p}", flush=True)
    print()
    print(format_table(results, args.trials))
    if args.json:
        print(json.dumps([r.__dict__ for r in results], indent=1))
    return 1 if any(r.failures or r.notes_lost for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
