"""A full `memdir consolidate` run from the CLI is recorded like the daemon's, so catch-up sees it."""

from __future__ import annotations

import json
from pathlib import Path

from memdir.daemon.runs import RunJournal


def test_cli_runs_are_recorded_but_dry_and_dated_runs_are_not(root: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    assert run_cli("consolidate", "daily", "--dry-run").returncode == 0
    assert run_cli("consolidate", "weekly", "--until", "2026-11-23").returncode == 0
    assert RunJournal(root).last_success("daily") is None
    assert RunJournal(root).last_success("weekly") is None
    res = run_cli("consolidate", "daily", "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["job"] == "daily"
    assert RunJournal(root).last_success("daily") is not None
    assert RunJournal(root).last_run("daily")["reason"] == "cli"  # type: ignore[index]
