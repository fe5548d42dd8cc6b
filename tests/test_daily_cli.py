"""`memdir consolidate daily` in a real subprocess: --dry-run, --json, one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from test_daily_support import LESSON, STEPS, YESTERDAY, at, memory, snapshot

Cli = Callable[..., CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}


@pytest.mark.slow
def test_dry_run_json_then_real_run(root: Path, run_cli: Cli) -> None:
    mem = memory(root)
    mem.add_episode(LESSON, title="Flaky CI", at=at(9))
    mem.add_episode(STEPS, title="Deploy", at=at(10))
    before = snapshot(root)
    res = run_cli("consolidate", "daily", "--date", YESTERDAY.isoformat(), "--dry-run", "--json", env=ENV)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["dry_run"] is True and sorted(data["created"]) == [
        "knowledge/flaky-ci.md",
        "procedures/deploy.md",
    ]
    assert "+++ b/procedures/deploy.md" in data["diff"]
    # a dry run writes nothing but its run record (.memdir/daemon/runs.json: `status` shows every run)
    skip = (".memdir/locks/", ".memdir/daemon/")
    assert {k for k in snapshot(root) if not k.startswith(skip)} == {
        k for k in before if not k.startswith(skip)
    }
    res = run_cli("consolidate", "daily", env=ENV)
    assert res.returncode == 0, res.stderr
    assert "create knowledge/flaky-ci.md" in res.stdout
    assert (root / "procedures" / "deploy.md").exists()
    again = run_cli("consolidate", "daily", "--json", env=ENV)
    assert json.loads(again.stdout)["created"] == [] and "nothing to change" not in again.stdout


def test_bad_date_is_one_line_exit_1(run_cli: Cli) -> None:
    res = run_cli("consolidate", "daily", "--date", "yesterday")
    assert res.returncode == 1 and "YYYY-MM-DD" in res.stderr and "Traceback" not in res.stderr
