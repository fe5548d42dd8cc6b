"""`memdir` in a real subprocess for the trial tests: no `MEMDIR_*` of the caller's shell, the hashing
embedder, the given root, and any extra environment (`TZ=` for a machine in another zone)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_memdir(args: list[str], root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m memdir ARGS` against `root`, stdin empty, 300 s at most."""
    full = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    full.update(MEMDIR_EMBEDDER="hashing", MEMDIR_ROOT=str(root), **env)
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        capture_output=True,
        text=True,
        env=full,
        input="",
        timeout=300,
    )
