"""Every `memdir consolidate` run is recorded like the daemon's; only full runs count for catch-up."""

from __future__ import annotations

import json
from pathlib import Path

from memdir.daemon.runs import RunJournal


def test_every_cli_run_is_recorded_but_only_full_runs_count_for_catch_up(root: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    env = {"MEMDIR_EMBEDDER": "hashing"}
    assert run_cli("consolidate", "daily", "--dry-run", env=env).returncode == 0
    assert run_cli("consolidate", "weekly", "--until", "2026-11-23", env=env).returncode == 0
    journal = RunJournal(root)
    assert journal.last_success("daily") is None and journal.last_success("weekly") is None
    daily, weekly = journal.last_run("daily"), journal.last_run("weekly")
    assert daily and daily["scope"] == "--dry-run" and daily["full"] is False and daily["result"] == "ok"
    assert weekly and weekly["scope"] == "--until 2026-11-23" and weekly["reason"] == "cli"
    res = run_cli("consolidate", "daily", "--json", env=env)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["job"] == "daily"
    assert journal.last_success("daily") is not None
    last = journal.last_run("daily")
    assert last and last["reason"] == "cli" and last["full"] is True and last["scope"] is None
    assert [r["scope"] for r in journal.history()] == ["--dry-run", "--until 2026-11-23", None]
    status = json.loads(run_cli("status", "--json").stdout)
    assert status["jobs"]["weekly"]["last_run"]["scope"] == "--until 2026-11-23"
    assert [r["job"] for r in status["recent_runs"]] == ["daily", "weekly", "daily"]
