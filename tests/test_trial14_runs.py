"""Trial 14 #8 and #9: every run that writes commits; the weekly window and `status` keep the configured zone.

A veterinary clinic's front-desk agent sends reminder letters and a library's night job mails overdue
notices; their roots are in Git with `git: {autocommit: true}`, or name a zone in `schedule.timezone`.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from datetime import date, datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time
from test_weekly_run import WordEmbedder, log_task

from memdir import Memory
from memdir.consolidation.weekly.run import week_window
from memdir.daemon.service import DaemonOptions

Cli = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing", "TZ": "UTC"}
LA = ZoneInfo("America/Los_Angeles")


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


def _git_root(root: Path) -> None:
    _git(root, "init", "-q")
    _git(root, "config", "user.email", "desk@clinic.example")
    _git(root, "config", "user.name", "Front desk")
    (root / "memdir.yaml").write_text("git: {autocommit: true}\n", encoding="utf-8")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "memory root")


def _reminders(mem: Memory, tid: str, pet: str, at: datetime) -> None:
    log_task(
        mem,
        tid,
        f"Send the rabies vaccination reminder letter for {pet}",
        "bash",
        [
            f"vetdesk patients --due rabies --name {pet}",
            f"vetdesk letter --template rabies-reminder --patient {pet} --print",
        ],
        "success",
        at,
    )


def _dental(mem: Memory, tid: str, pet: str, at: datetime) -> None:
    log_task(
        mem,
        tid,
        f"Book the yearly dental check for {pet}",
        "bash",
        [
            f"vetdesk calendar --free dental --week next --patient {pet}",
            f"vetdesk book dental --patient {pet}",
        ],
        "success",
        at,
    )


def test_weekly_runs_commit_from_the_cli_and_from_the_daemon(root: Path, run_cli: Cli) -> None:
    _git_root(root)
    mem = Memory(root, embedder=WordEmbedder())
    for i, pet in enumerate(["Biscuit", "Mochi", "Rex", "Luna"]):
        _reminders(mem, f"rem-{i}", pet, datetime(2026, 11, 9 + i, 9, 0, tzinfo=timezone.utc))
    res = run_cli("consolidate", "weekly", "--until", "2026-11-16", "--json", env=HASHING)
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["created"] and report["stats"].get("git_commit"), report
    assert _git(root, "log", "-1", "--format=%s").startswith("memdir weekly: 1 created")
    assert _git(root, "status", "--porcelain", "--", "procedures", "knowledge", "review") == ""

    # the daemon's weekly job (no run of it on record: the week before its last scheduled time)
    for i, pet in enumerate(["Biscuit", "Mochi", "Rex"]):
        _dental(mem, f"dent-{i}", pet, datetime(2026, 11, 17 + i, 14, 0, tzinfo=timezone.utc))
    with freeze_time(datetime(2026, 11, 24, 8, 0, tzinfo=timezone.utc)):  # Tuesday after Sunday 22nd
        daemon = Memory(root, embedder=WordEmbedder()).daemon(
            options=DaemonOptions(watch=False, heartbeat=60)
        )
        assert daemon.run_job("weekly", "catchup") == "ok"
    made = [
        line for line in _git(root, "log", "--format=%s").splitlines() if line.startswith("memdir weekly")
    ]
    assert len(made) == 2, made
    assert "dental" in _git(root, "show", "--name-only", "--format=", "HEAD")
    assert _git(root, "status", "--porcelain", "--", "procedures", "knowledge", "review") == ""


def _overdue(mem: Memory, tid: str, at: datetime) -> None:
    log_task(
        mem,
        tid,
        "Mail the overdue-book notices for the Eastside branch library",
        "bash",
        ["ils report overdue --branch eastside --days 14 > overdue.csv", "ils notify --csv overdue.csv"],
        "success",
        at,
    )


def test_a_named_zone_sets_the_weeks_midnights_and_the_times_status_prints(
    root: Path, run_cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    (root / "memdir.yaml").write_text(
        'schedule: {daily: "02:30", weekly: "mon 06:00", timezone: America/Los_Angeles}\n', encoding="utf-8"
    )
    mem = Memory(root)
    # the night job runs at 23:30 Pacific, Sunday to Thursday: 07:30 UTC the next day
    for day in range(15, 20):  # 15 Nov is a Sunday: that run is already Monday 16th in UTC
        _overdue(mem, f"od-{day}", datetime(2026, 11, day, 23, 30, tzinfo=LA))
    _overdue(mem, "od-22", datetime(2026, 11, 22, 23, 30, tzinfo=LA))  # Sunday of the next week, 23rd UTC
    res = run_cli("consolidate", "weekly", "--until", "2026-11-23", "--json", env=HASHING)
    assert res.returncode == 0, res.stderr
    stats = json.loads(res.stdout)["stats"]
    assert stats["window"] == "[2026-11-16T00:00:00-08:00, 2026-11-23T00:00:00-08:00)"
    assert stats["tasks"] == 5  # Mon 16th .. Thu 19th and Sunday 22nd, Pacific; not Sunday 15th
    src = next((root / "procedures").glob("*.md")).read_text(encoding="utf-8")
    assert "od-22" in src and "od-15" not in src

    out = " ".join(run_cli("status", env={"TZ": "UTC"}).stdout.split())
    assert "jobs (times in America/Los_Angeles)" in out
    assert re.search(r"daily schedule 02:30, next \d{4}-\d\d-\d\d 02:30 ", out), out
    assert re.search(r"weekly schedule mon 06:00, next \d{4}-\d\d-\d\d 06:00 ", out), out
    assert "week 2026-11-16 00:00 – 2026-11-23 00:00" in out, out


def test_without_a_named_zone_the_week_is_utc_as_before() -> None:
    since, end = week_window(date(2026, 11, 23))
    assert (since.isoformat(), end.isoformat()) == ("2026-11-16T00:00:00+00:00", "2026-11-23T00:00:00+00:00")
    tokyo = ZoneInfo("Asia/Tokyo")
    since, end = week_window(date(2026, 11, 23), zone=tokyo)
    assert since == datetime(2026, 11, 16, tzinfo=tokyo) and end == datetime(2026, 11, 23, tzinfo=tokyo)
    # the daemon's scheduled time is kept as it is, only shown in the zone
    at = datetime(2026, 11, 22, 19, 0, tzinfo=timezone.utc)
    assert week_window(at, zone=tokyo)[1] == at and week_window(at, zone=tokyo)[1].utcoffset() is not None
