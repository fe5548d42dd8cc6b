"""Trial 23 re-check N9: with `schedule.timezone` naming a zone, the daily run's "today" is that zone's
date, not the machine's: which day files a run without `--date` takes, what it and `status` say waits
(daily.md step 1). With no zone named, the machine's date, as before. A bird-ringing station's English
episodes and a pottery studio's Japanese one; real CLI on a machine whose date differs from the zone's."""

from __future__ import annotations

import json
import subprocess
import time
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from cli_helper import run_memdir
from freezegun import freeze_time

from memdir import Memory
from memdir.config import ScheduleConfig

MACHINE = "Pacific/Kiritimati"  # UTC+14
SCHEDULE = "Pacific/Pago_Pago"  # UTC-11: 25 hours behind, so the two dates always differ


def run(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root, TZ=MACHINE)


def _root(tmp_path: Path, zone: str | None) -> Path:
    root = tmp_path / "mem"
    assert run(["init", str(root)], root).returncode == 0
    if zone:
        (root / "memdir.yaml").write_text(f"schedule: {{timezone: {zone}}}\n", encoding="utf-8")
    return root


def test_a_named_zone_sets_the_daily_window_and_what_waits(tmp_path: Path) -> None:
    today = datetime.now(ZoneInfo(SCHEDULE)).date()
    machine_today = datetime.now(ZoneInfo(MACHINE)).date()
    assert machine_today > today
    root = _root(tmp_path, SCHEDULE)
    yesterday = today - timedelta(days=1)
    (root / "episodes" / f"{yesterday}.md").write_text(
        "## 06:10 — Mist nets\n\nThe mist nets were furled at noon because of the wind.\n", encoding="utf-8"
    )
    (root / "episodes" / f"{today}.md").write_text(
        "## 07:30 — 窯出し\n\n今朝の窯出しで青磁の皿が二枚割れていた。\n", encoding="utf-8"
    )
    res = run(["consolidate", "daily", "--dry-run", "--json"], root)
    assert res.returncode == 0, res.stderr
    stats = json.loads(res.stdout)["stats"]
    assert stats["waiting_today"] == 1 and stats["today"] == today.isoformat(), stats
    assert json.loads(res.stdout)["processed"] == 1  # yesterday's only: the zone's today is still open
    res = run(["consolidate", "daily", "--dry-run"], root)
    assert (
        f"1 episode(s) of today in {SCHEDULE} wait for tomorrow's run; --date {today} takes them now"
        in res.stdout
    ), res.stdout
    status = json.loads(run(["status", "--json"], root).stdout)
    assert status["pending_today"] == 1 and status["pending_later"] == {}, status
    text = " ".join(run(["status"], root).stdout.split())
    assert f"1 episode(s) of today in {SCHEDULE} wait for tomorrow's run" in text, text
    # the machine's today is after the zone's: named as a later day, in the zone's words
    (root / "episodes" / f"{machine_today}.md").write_text(
        "## 09:00 — Ring sizes\n\nSize A rings for the reed warblers.\n", encoding="utf-8"
    )
    res = run(["consolidate", "daily", "--dry-run"], root)
    assert (
        f"1 episode(s) of {machine_today}, after today in {SCHEDULE}, wait for that day's run" in res.stdout
    )


def test_no_zone_named_keeps_the_machines_date(tmp_path: Path) -> None:
    root = _root(tmp_path, SCHEDULE)
    machine_today = datetime.now(ZoneInfo(MACHINE)).date()
    (root / "episodes" / f"{machine_today}.md").write_text(
        "## 08:00 — 釉薬\n\n灰釉を二度掛けにした。\n", encoding="utf-8"
    )
    res = run(["consolidate", "daily", "--dry-run"], root)  # the zone's today is before the machine's
    assert f"1 episode(s) of {machine_today}, after today in {SCHEDULE}" in res.stdout, res.stdout
    (root / "memdir.yaml").write_text("schedule: {timezone: local}\n", encoding="utf-8")
    res = run(["consolidate", "daily", "--dry-run"], root)
    assert (
        f"1 episode(s) of today wait for tomorrow's run; --date {machine_today} takes them now" in res.stdout
    ), res.stdout


def test_today_is_the_zones_date_under_a_frozen_clock() -> None:
    # 06:00 UTC: 22:00 the day before in Los Angeles; the machine's date (freezegun's, no offset: its
    # `now(tz)` adds tz_offset to a zone's time too) is 2026-12-07, as Berlin's and Kiritimati's are
    with freeze_time("2026-12-07 06:00:00"):
        assert date.today() == date(2026, 12, 7)
        assert ScheduleConfig(timezone="America/Los_Angeles").today() == date(2026, 12, 6)
        assert ScheduleConfig(timezone="Asia/Tokyo").today() == date(2026, 12, 7)
        assert ScheduleConfig(timezone="local").today() == date(2026, 12, 7)
        assert ScheduleConfig(timezone="America/Los_Angeles").today_words() == "today in America/Los_Angeles"
        assert ScheduleConfig().today_words() == "today"


# fix24a (2): an episode added now goes in the zone's today's day file, its heading's time in that zone;
# the earlier-run line gives its time in the zone too (as the daemon's log lines do)


def _heading_near(text: str, zone: ZoneInfo | None) -> bool:
    """The last `## HH:MM` heading is now (or a minute or two ago) in `zone` (None: the machine's)."""
    now = datetime.now(zone) if zone else datetime.now(ZoneInfo(MACHINE))
    times = {(now - timedelta(minutes=m)).strftime("%H:%M") for m in range(3)}
    last = [line for line in text.splitlines() if line.startswith("## ")][-1]
    return last[3:8] in times


def test_an_episode_added_now_goes_in_the_zones_today(tmp_path: Path) -> None:
    root = _root(tmp_path, SCHEDULE)
    today = datetime.now(ZoneInfo(SCHEDULE)).date()
    machine_today = datetime.now(ZoneInfo(MACHINE)).date()
    res = run(["episode", "add", "Two reed warblers were retrapped in net 4; both had gained weight."], root)
    assert res.returncode == 0, res.stderr
    day_file = root / "episodes" / f"{today}.md"
    assert day_file.is_file(), sorted(p.name for p in (root / "episodes").iterdir())
    assert not (root / "episodes" / f"{machine_today}.md").exists()
    assert _heading_near(day_file.read_text(encoding="utf-8"), ZoneInfo(SCHEDULE)), day_file.read_text()
    res = run(["consolidate", "daily", "--dry-run"], root)
    assert f"1 episode(s) of today in {SCHEDULE} wait for tomorrow's run" in res.stdout, res.stdout
    assert "after today" not in res.stdout, res.stdout
    status = json.loads(run(["status", "--json"], root).stdout)
    assert status["pending_today"] == 1 and status["pending_later"] == {}, status
    # with no zone named, the machine's date and time, as before
    (root / "memdir.yaml").write_text("schedule: {timezone: local}\n", encoding="utf-8")
    res = run(["episode", "add", "素焼きの前に湯呑みを三日乾かした。", "--title", "乾燥"], root)
    assert res.returncode == 0, res.stderr
    day_file = root / "episodes" / f"{machine_today}.md"
    assert day_file.is_file(), sorted(p.name for p in (root / "episodes").iterdir())
    assert _heading_near(day_file.read_text(encoding="utf-8"), None)


def test_the_api_and_mcp_add_episode_use_the_zones_today(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MCP's add_episode and the agents' helpers call Memory.add_episode: one place picks the day file
    root = _root(tmp_path, SCHEDULE)
    monkeypatch.setenv("TZ", MACHINE)  # this process's clock is the machine's too
    time.tzset()
    try:
        ep = Memory(root).add_episode(
            "窯の温度が千二百三十度に達したところで還元を始めた。", title="還元焼成"
        )
    finally:
        monkeypatch.undo()
        time.tzset()
    today = datetime.now(ZoneInfo(SCHEDULE)).date()
    assert ep.file == f"episodes/{today}.md", ep.file
    assert _heading_near((root / ep.file).read_text(encoding="utf-8"), ZoneInfo(SCHEDULE))


def test_the_earlier_run_line_gives_its_time_in_the_zone(tmp_path: Path) -> None:
    root = _root(tmp_path, SCHEDULE)
    day = datetime.now(ZoneInfo(SCHEDULE)).date() - timedelta(days=3)
    (root / "episodes" / f"{day}.md").write_text(
        "## 19:30 — Ringing schedule\n\nDecision: from next month the station rings on Saturdays at 06:00 "
        "instead of Sundays, because the volunteers are free then and the wind is calmer.\n",
        encoding="utf-8",
    )
    first = run(["consolidate", "daily", "--date", str(day)], root)
    assert "create knowledge/" in first.stdout, first.stdout + first.stderr
    second = run(["consolidate", "daily", "--date", str(day), "--json"], root)
    earlier = json.loads(second.stdout)["stats"]["earlier_run"]
    at = datetime.fromisoformat(earlier["at"]).astimezone(ZoneInfo(SCHEDULE))
    ran = {f"at {at:%H:%M} in {SCHEDULE} by", f"at {at:%Y-%m-%d %H:%M} in {SCHEDULE} by"}
    assert any(r in earlier["line"] for r in ran), earlier["line"]
    text = run(["consolidate", "daily", "--date", str(day)], root).stdout
    assert any(r in text for r in ran), text
