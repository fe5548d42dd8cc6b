"""Trial 21 re-check N2: a run that finds nothing to do because an earlier run already did it says so.

The daemon's catch-up distilled the week, and the user's `memdir consolidate weekly --until D` seconds later
printed "10 looked at, 10 skipped … nothing to change", silent on the earlier run. Now the summary names the
earlier run (when, whose, what it wrote) in one line, and `--json` carries it as `stats.earlier_run`. A library's
inter-library loans and holds (weekly, after the user's own run and after the daemon's catch-up) and a choir's
rehearsal notes (daily), through the real CLI.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from cli_support import memdir_stdout
from freezegun import freeze_time
from test_weekly_run import WordEmbedder, log_task

from memdir import Memory
from memdir.daemon.service import DaemonOptions

DAY = datetime(2026, 11, 24, 9, 0, tzinfo=timezone.utc)


def _loan(tid: str, at: int, asked: str, isbn: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [
        {"type": "request", "text": asked},
        {"type": "tool_call", "tool": "search_union_catalog", "input": json.dumps({"isbn": isbn})},
        {
            "type": "tool_call",
            "tool": "place_ill_request",
            "input": json.dumps({"isbn": isbn, "lender": "auto"}),
        },
        {"type": "tool_call", "tool": "notify_patron", "input": json.dumps({"template": "ill_placed"})},
        {"type": "task_end", "outcome": "success"},
    ]
    t = DAY + timedelta(hours=at)
    return [
        {"ts": (t + timedelta(seconds=10 * n)).isoformat(), "task_id": tid, **e} for n, e in enumerate(items)
    ]


def test_a_second_weekly_run_names_the_run_that_distilled_the_week(tmp_path: Path) -> None:
    root = tmp_path / "root"
    memdir_stdout(root, "init")
    events = (
        _loan("ill-1", 0, "Please request The Salt Path through inter-library loan", "9781405937184")
        + _loan("ill-2", 2, "Please request Braiding Sweetgrass through inter-library loan", "9780141991955")
        + _loan("ill-3", 4, "Please request Middlemarch through inter-library loan", "9780141439549")
        + _loan("ill-4", 6, "Please request Klara and the Sun through inter-library loan", "9780571364879")
    )
    (root / "activity").mkdir(exist_ok=True)
    (root / "activity" / "2026-11-24.jsonl").write_text(
        "".join(json.dumps(e) + "\n" for e in events), encoding="utf-8"
    )
    first = memdir_stdout(root, "consolidate", "weekly", "--until", "2026-11-30")
    [proc] = [w.split()[-1] for w in first.splitlines() if w.strip().startswith("create procedures/")]
    second = memdir_stdout(root, "consolidate", "weekly", "--until", "2026-11-30")
    # main: "weekly: 4 looked at, 4 skipped, 0 left pending" / "nothing to change"
    assert "week 2026-11-23 – 2026-11-30 was distilled at " in second, second
    assert (
        f"by an earlier run (a `memdir consolidate weekly` run): 1 procedure ({proc}); nothing new since"
        in second
    )
    assert "nothing to change" not in second
    data = json.loads(memdir_stdout(root, "consolidate", "weekly", "--until", "2026-11-30", "--json"))
    earlier = data["stats"]["earlier_run"]
    assert earlier["wrote"] == [proc] and earlier["reason"] == "cli", earlier
    # another week, with no run before it: plain "nothing to change"
    other = memdir_stdout(root, "consolidate", "weekly", "--until", "2026-10-05")
    assert "nothing to change" in other and "earlier run" not in other, other


def test_a_second_daily_run_names_the_run_that_consolidated_the_episodes(tmp_path: Path) -> None:
    root = tmp_path / "root"
    memdir_stdout(root, "init")
    (root / "episodes" / "2026-03-10.md").write_text(
        "---\ndate: 2026-03-10\n---\n\n## 19:30 — rehearsal night\n"
        "Decision: from April the choir rehearses on Thursdays at 19:30 in the parish hall instead of Tuesdays. "
        "The hall is free on Thursdays and the organist can come.\n",
        encoding="utf-8",
    )
    first = memdir_stdout(root, "consolidate", "daily", "--date", "2026-03-10")
    assert "create knowledge/" in first, first
    second = memdir_stdout(root, "consolidate", "daily", "--date", "2026-03-10")
    assert "the pending episodes were consolidated at " in second, second
    assert "(a `memdir consolidate daily` run): 1 knowledge note (knowledge/" in second, second


def test_the_users_weekly_run_after_the_daemons_catch_up_names_the_catch_up(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trial's order: the daemon's start-up catch-up distils the missed week (its window 04:00 – 04:00 in
    the daemon's time zone), then the user runs `consolidate weekly --until` that Sunday (a real subprocess)."""
    monkeypatch.setenv("MEMDIR_TIMEZONE", "Europe/Berlin")
    mem = Memory(root, embedder=WordEmbedder())
    for i, name in enumerate(["Ortiz", "Nakamura", "Fischer"]):
        log_task(
            mem,
            f"hold-{i}",
            f"Place a hold on the book club set for {name}",
            "ils",
            ["open the patron record", f"place hold: book club set for {name}", "send the pickup notice"],
            "success",
            datetime(2026, 11, 24 + i, 10, 0, tzinfo=timezone.utc),
        )
    with freeze_time(datetime(2026, 11, 29, 8, 0, tzinfo=timezone.utc)):
        daemon = mem.daemon(options=DaemonOptions(watch=False, heartbeat=60))
        assert daemon.run_job("weekly", "catchup") == "ok"
    [proc] = [f"procedures/{p.name}" for p in (root / "procedures").glob("*.md")]
    out = memdir_stdout(root, "consolidate", "weekly", "--until", "2026-11-29")
    assert "week 2026-11-22 – 2026-11-29 was distilled at 2026-11-29 " in out, out
    assert f"by an earlier run (the daemon's catch-up): 1 procedure ({proc}); nothing new since" in out, out
