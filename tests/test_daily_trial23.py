"""Trial 23: a day file dated after today (written in a time zone ahead of this machine's) is pending,
and a daily run without `--date` leaves it, so the run and `status` name it in one line, as they name
today's (daily.md "What one run does", step 1). A night-sky club's English episode and a tea room's
Japanese one, real CLI."""

from __future__ import annotations

import json
import subprocess
from datetime import date, timedelta
from pathlib import Path

from cli_helper import run_memdir


def run(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root)


def test_episodes_of_a_later_day_are_named_by_the_run_and_by_status(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    assert run(["init", str(root)], root).returncode == 0
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    (root / "episodes" / f"{tomorrow}.md").write_text(
        "## 06:40 — 茶室\n\n炉の灰を新しくした。\n\n## 07:10 — Dew shield\n\nThe new dew shield holds for three hours.\n",
        encoding="utf-8",
    )
    line = (
        f"2 episode(s) of {tomorrow}, after today, wait for that day's run; --date {tomorrow} takes them now"
    )
    res = run(["consolidate", "daily"], root)
    assert res.returncode == 0, res.stderr
    assert "0 looked at" in res.stdout and line in res.stdout, res.stdout
    res = run(["consolidate", "daily", "--json"], root)
    assert json.loads(res.stdout)["stats"]["waiting_later"] == {tomorrow: 2}
    res = run(["status"], root)
    assert "2, 2 pending consolidation" in res.stdout and " ".join(res.stdout.split()).count(line) == 1
    status = json.loads(run(["status", "--json"], root).stdout)
    assert status["pending_later"] == {tomorrow: 2} and status["pending_today"] == 0
    # two later days: one line names both
    later = (date.today() + timedelta(days=2)).isoformat()
    (root / "episodes" / f"{later}.md").write_text("## 05:00 — 朝茶\n\n客は三人。\n", encoding="utf-8")
    res = run(["consolidate", "daily"], root)
    assert f"3 episode(s) of {tomorrow} and {later}, after today, wait for their days' runs" in res.stdout
    res = run(["consolidate", "daily", "--date", tomorrow], root)  # taken now: no longer named
    assert res.returncode == 0 and "2 looked at" in res.stdout, res.stdout
    res = run(["consolidate", "daily"], root)
    assert f"1 episode(s) of {later}, after today" in res.stdout and tomorrow not in res.stdout
