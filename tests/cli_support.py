"""The `memdir` CLI in a real subprocess, for module-scoped fixtures (the `run_cli` fixture is per test)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def memdir_stdout(root: Path, *args: str, text: str | None = None) -> str:
    """Run `memdir --root ROOT ARGS…` (stdin `text`), assert it succeeded, return its stdout."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), *args],
        input=text,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout
