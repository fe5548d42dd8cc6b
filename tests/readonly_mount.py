"""A root bind-mounted read-only for a test (skipped where mounting is not allowed)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def read_only_view(root: Path, ro: Path) -> Iterator[Path]:
    """`root` mounted read-only at `ro` (a new folder) for the block; unmounted after it."""
    ro.mkdir()
    if subprocess.run(["mount", "--bind", str(root), str(ro)], capture_output=True).returncode != 0:
        pytest.skip("cannot bind-mount here (needs root in a privileged container)")
    try:
        if subprocess.run(["mount", "-o", "remount,ro,bind", str(ro)], capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        yield ro
    finally:
        # a file the test process still holds open under the mount makes umount busy: detach it lazily
        if subprocess.run(["umount", str(ro)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(ro)], capture_output=True)
