"""Trial 23 re-check N9: with `schedule.timezone` naming a zone, the daily run's "today" is that zone's
date, not the machine's: which day files a run without `--date` takes, what it and `status` say waits
(daily.md step 1). With no zone named, the machine's date, as before. A bird-ringing station's English
episodes and a pottery studio's Japanese one; real CLI on a machine whose date differs from the zone's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from freezegun import freeze_time

from memdir.config import ScheduleConfig

MACHINE = "Pacific/Kiritimati"  # UTC+14
SCHEDULE = "Pacific/Pago_Pago"  # UTC-11: 25 hours behind, so the two dates always differ


def run(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(MEMDIR_EMBEDDER="hashing", MEMDIR_ROOT=str(root), TZ=MACHINE)
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        capture_output=True,
        text=True,
        env=env,
        input="",
        timeout=300,
    )


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
