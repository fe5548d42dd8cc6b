"""`memdir status` for people: every run shown (daemon and CLI, any flags), 80 columns, no JSON."""

from __future__ import annotations

import contextlib
import io
import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memdir import Memory
from memdir.cli.main import main
from memdir.cli.status_cmds import status_lines, when
from memdir.daemon.runs import RunJournal


def run_status(root: Path, *args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as done:
        main(["--root", str(root), "status", *args])
    assert done.value.code == 0
    return out.getvalue()


def test_daemon_and_cli_runs_show_with_their_scope(mem: Memory) -> None:
    journal = RunJournal(mem.root)
    t0 = datetime(2026, 11, 29, 3, 0, tzinfo=timezone.utc)
    run = journal.start("daily", "scheduled", now=t0)
    journal.finish(run, "ok", counts={"processed": 5, "created": 2, "updated": 1, "skipped": 0}, now=t0)
    run = journal.start("weekly", "cli", now=t0, scope="--until 2026-11-23 --dry-run")
    journal.finish(run, "failed", error="x" * 300, now=t0)
    text = run_status(mem.root)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines if not line.startswith("memory root")), text
    assert "{" not in text and "}" not in text
    flat = " ".join(text.split())  # wrapped lines read as one
    assert f"last run {when(t0.isoformat())} ok, scheduled: 5 processed, 2 created, 1 updated" in flat
    weekly = flat[flat.index("weekly schedule") :]
    assert "failed, cli --until 2026-11-23 --dry-run" in weekly and "last full run -" in weekly
    assert "recent runs" in text
    data = json.loads(run_status(mem.root, "--json"))  # JSON only under --json
    assert data["recent_runs"][0]["job"] == "weekly" and data["recent_runs"][0]["full"] is False


def test_every_section_is_words_not_json(mem: Memory) -> None:
    doc = mem.status()
    doc["archived"] = [
        {
            "ts": "2026-11-30T01:00:00+00:00",
            "path": "procedures/old.md",
            "archived": "archive/procedures/old.md",
            "reason": "unused for 90 days",
        }
    ]
    doc["index"] = {
        "built": True,
        "notes": 3,
        "chunks": 9,
        "stale": True,
        "embedder": "hashing",
        "bad_files": [{"path": "k/x.md", "error": "bad"}],
    }
    doc["daemon"] = {
        "running": True,
        "pid": 42,
        "log": "/r/.memdir/logs/daemon.log",
        "started_at": "2026-11-30T00:00:00+00:00",
    }
    doc["daily_unfinished_run"] = "daily-1"
    lines = status_lines(doc)
    text = "\n".join(lines)
    assert "running (pid 42) since" in text and "stale" in text and "1 file(s) skipped" in text
    assert "procedures/old.md -> archive/procedures/old.md: unused for 90 days" in text
    assert "interrupted daily run (daily-1)" in text
    assert all(len(line) <= 80 for line in lines[1:]), text
    assert when("not a time") == "not a time" and when(None) == "-"
