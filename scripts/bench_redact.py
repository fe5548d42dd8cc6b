"""CPU cost of the redactor: `redact` over the texts of the 1,000-episode daily bench, two checkouts in one run.

The texts are the episode sections scripts/bench_daily.py writes (the 630 labelled episodes of
examples/routing_set/train/, then again with another subject), plus the secret corpus. Each
checkout runs in its own process (fresh caches), alternately, `--rounds` times; the minimum CPU
time of each is compared.

Example:
  git archive main core | tar -x -C /tmp/main_core
  .venv/bin/python scripts/bench_redact.py --compare /tmp/main_core/core
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from bench_texts import sections

REPO = Path(__file__).resolve().parent.parent


def texts(n: int = 1000) -> list[str]:
    """The episode sections of the daily bench (bench_texts.py, deterministic), then every corpus text."""
    out = [f"## {subject}: {title}\n\n{text}\n" for subject, title, text in sections(n)]
    corpus = REPO / "tests" / "data" / "secrets"
    for name in ("corpus.jsonl", "mine.jsonl"):
        out += [
            json.loads(x)["text"]
            for x in (corpus / name).read_text(encoding="utf-8").splitlines()
            if x.strip()
        ]
    return out


def cpu_seconds(core: str, repeat: int) -> float:
    """CPU time of `redact` over the texts, `repeat` times, in a process importing `core`."""
    code = (
        f"import sys, time; sys.path.insert(0, {core!r}); sys.path.insert(0, {str(REPO / 'scripts')!r})\n"
        "from bench_redact import texts\nfrom memdir import redaction\nfrom memdir.redaction import redact\n"
        f"ts = texts(); redact(ts[0]); t0 = time.process_time()\nfor _ in range({repeat}):\n"
        # each repeat detects afresh: redaction keeps what it detected in a text (a daily run scans each
        # text several times); a core without those caches has nothing to clear
        "    redaction._detected_short.cache_clear(); getattr(redaction, '_LONG', {}).clear()\n"
        "    for t in ts: redact(t)\nprint(time.process_time() - t0)\n"
    )
    env = dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True", ANONYMIZED_TELEMETRY="False")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", required=True, help="the other checkout's core/ (e.g. main's)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    here = str(REPO / "core")
    print(f"{len(texts())} texts, {sum(map(len, texts())):,} characters, x{args.repeat} per round")
    other: list[float] = []
    this: list[float] = []
    started = time.time()
    for _ in range(args.rounds):
        other.append(cpu_seconds(args.compare, args.repeat))
        this.append(cpu_seconds(here, args.repeat))
    print(f"other ({args.compare}): {min(other):.2f} s CPU (rounds: {', '.join(f'{x:.2f}' for x in other)})")
    print(f"this  ({here}): {min(this):.2f} s CPU (rounds: {', '.join(f'{x:.2f}' for x in this)})")
    print(f"ratio this/other: {min(this) / min(other):.3f}  ({time.time() - started:.0f} s)")


if __name__ == "__main__":
    main()
