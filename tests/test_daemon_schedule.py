"""Schedules and catch-up: fire times across DST changes and zones, missed runs after a machine was off."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time

from memdir.daemon.catchup import is_missed, missed_jobs
from memdir.daemon.schedule import build_trigger, next_fire_time, previous_fire_time, resolve_timezone
from memdir.errors import ConfigError

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
TOKYO = ZoneInfo("Asia/Tokyo")
UTC = timezone.utc


def fires(spec: str, tz: ZoneInfo, start: datetime, n: int) -> list[datetime]:
    """The next n fire times as the scheduler would compute them (previous, now just after it)."""
    trig = build_trigger(spec, tz)
    out = [next_fire_time(trig, start)]
    while len(out) < n:
        prev = out[-1]
        assert prev is not None
        out.append(trig.get_next_fire_time(prev, prev + timedelta(milliseconds=5)))
    return [t.astimezone(UTC) for t in out if t is not None]  # UTC, so differences are real durations


def test_daily_across_spring_forward_keeps_local_time() -> None:
    times = fires("03:00", BERLIN, datetime(2026, 3, 27, 12, tzinfo=BERLIN), 3)
    assert [t.astimezone(BERLIN).strftime("%m-%d %H:%M") for t in times] == [
        "03-28 03:00",
        "03-29 03:00",
        "03-30 03:00",
    ]
    # the night the clocks go forward is one hour shorter
    assert times[1] - times[0] == timedelta(hours=23)
    assert times[2] - times[1] == timedelta(hours=24)


def test_daily_across_fall_back_keeps_local_time() -> None:
    times = fires("03:00", BERLIN, datetime(2026, 10, 24, 12, tzinfo=BERLIN), 2)
    assert [t.astimezone(BERLIN).strftime("%m-%d %H:%M") for t in times] == ["10-25 03:00", "10-26 03:00"]
    assert times[0].astimezone(UTC).hour == 2 and times[1].astimezone(UTC).hour == 2
    assert times[1] - times[0] == timedelta(hours=24)
    assert times[0].astimezone(BERLIN).utcoffset() == timedelta(hours=1)


def test_time_in_the_repeated_hour_fires_once_not_forever() -> None:
    # 02:30 happens twice in Berlin on 2026-10-25; APScheduler's CronTrigger alone returns the
    # second one again and again, which would hang the scheduler.
    times = fires("02:30", BERLIN, datetime(2026, 10, 24, 12, tzinfo=BERLIN), 3)
    days = [t.astimezone(BERLIN).date().isoformat() for t in times]
    assert days == ["2026-10-25", "2026-10-26", "2026-10-27"]


def test_time_in_the_skipped_hour_still_fires_that_day() -> None:
    times = fires("02:30", NEW_YORK, datetime(2026, 3, 7, 12, tzinfo=NEW_YORK), 3)
    days = [t.astimezone(NEW_YORK).date().isoformat() for t in times]
    assert days == ["2026-03-08", "2026-03-09", "2026-03-10"]
    assert times[0].astimezone(UTC) == datetime(2026, 3, 8, 7, 30, tzinfo=UTC)  # 02:30 EST == 03:30 EDT


def test_weekly_in_different_time_zones() -> None:
    start = datetime(2026, 11, 25, 12, tzinfo=UTC)  # a Wednesday
    tokyo = next_fire_time(build_trigger("sun 04:00", TOKYO), start)
    ny = next_fire_time(build_trigger("sun 04:00", NEW_YORK), start)
    assert tokyo is not None and ny is not None
    assert tokyo.astimezone(UTC) == datetime(2026, 11, 28, 19, 0, tzinfo=UTC)  # Sat 19:00 UTC
    assert ny.astimezone(UTC) == datetime(2026, 11, 29, 9, 0, tzinfo=UTC)  # Sun 09:00 UTC (EST)


def test_weekly_across_us_fall_back() -> None:
    times = fires("sun 04:00", NEW_YORK, datetime(2026, 10, 26, tzinfo=NEW_YORK), 2)
    assert [t.astimezone(UTC).isoformat() for t in times] == [
        "2026-11-01T09:00:00+00:00",
        "2026-11-08T09:00:00+00:00",
    ]
    previous = previous_fire_time(build_trigger("sun 04:00", NEW_YORK), datetime(2026, 11, 3, tzinfo=UTC))
    assert previous is not None and previous.astimezone(UTC) == datetime(2026, 11, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("spec", "now", "expected"),
    [
        ("03:00", datetime(2026, 11, 29, 2, 59, tzinfo=BERLIN), datetime(2026, 11, 28, 3, 0, tzinfo=BERLIN)),
        ("03:00", datetime(2026, 11, 29, 3, 0, tzinfo=BERLIN), datetime(2026, 11, 29, 3, 0, tzinfo=BERLIN)),
        (
            "sun 04:00",
            datetime(2026, 11, 28, 23, 0, tzinfo=BERLIN),
            datetime(2026, 11, 22, 4, 0, tzinfo=BERLIN),
        ),
        (
            "*/15 * * * *",
            datetime(2026, 11, 29, 10, 7, tzinfo=BERLIN),
            datetime(2026, 11, 29, 10, 0, tzinfo=BERLIN),
        ),
        (
            "every 5s",
            datetime(2026, 11, 29, 10, 0, 7, tzinfo=UTC),
            datetime(2026, 11, 29, 10, 0, 5, tzinfo=UTC),
        ),
        ("03:00", datetime(2026, 3, 29, 12, 0, tzinfo=BERLIN), datetime(2026, 3, 29, 3, 0, tzinfo=BERLIN)),
    ],
)
def test_previous_fire_time(spec: str, now: datetime, expected: datetime) -> None:
    assert (
        previous_fire_time(build_trigger(spec, BERLIN if spec != "every 5s" else ZoneInfo("UTC")), now)
        == expected
    )


@pytest.mark.parametrize("spec", ["25:00", "sun 3", "funday 04:00", "every 0s", "1 2 3", "61 * * * *", ""])
def test_bad_schedules_are_config_errors(spec: str) -> None:
    with pytest.raises(ConfigError):
        build_trigger(spec, BERLIN)


def test_timezone_names() -> None:
    assert resolve_timezone("Asia/Tokyo") == TOKYO
    assert resolve_timezone("local") is not None
    with pytest.raises(ConfigError, match="Mars/Olympus"):
        resolve_timezone("Mars/Olympus")


# -- catch-up


def _three_days_off() -> tuple[dict[str, object], datetime, dict[str, datetime | None]]:
    triggers = {"daily": build_trigger("03:00", BERLIN), "weekly": build_trigger("sun 04:00", BERLIN)}
    # last runs: daily Thursday 03:00, weekly the Sunday before; the machine was off Fri..Sun
    last = {
        "daily": datetime(2026, 11, 26, 3, 0, 5, tzinfo=BERLIN),
        "weekly": datetime(2026, 11, 22, 4, 0, 5, tzinfo=BERLIN),
    }
    now = datetime(2026, 11, 30, 9, 0, tzinfo=BERLIN)  # Monday morning
    return triggers, now, last


def test_three_days_off_runs_daily_once_and_weekly_once() -> None:
    triggers, now, last = _three_days_off()
    assert missed_jobs(triggers, now, last, {}) == ["daily", "weekly"]  # type: ignore[arg-type]


def test_no_catch_up_when_the_last_run_is_recent() -> None:
    triggers, _, last = _three_days_off()
    now = datetime(2026, 11, 26, 20, 0, tzinfo=BERLIN)  # Thursday evening, after Thursday's run
    assert missed_jobs(triggers, now, last, {}) == []  # type: ignore[arg-type]


def test_weekly_not_missed_when_no_sunday_passed() -> None:
    triggers, _, last = _three_days_off()
    now = datetime(2026, 11, 28, 9, 0, tzinfo=BERLIN)  # Saturday: Friday and Saturday missed, no Sunday
    assert missed_jobs(triggers, now, last, {}) == ["daily"]  # type: ignore[arg-type]


def test_never_run_counts_as_missed_only_with_a_backlog() -> None:
    trig = build_trigger("03:00", BERLIN)
    now = datetime(2026, 11, 30, 9, 0, tzinfo=BERLIN)
    assert is_missed(trig, now, None, backlog=True)
    assert not is_missed(trig, now, None, backlog=False)


@freeze_time("2026-11-30 08:00:00")
def test_daemon_catch_up_queues_each_missed_job_once(tmp_path: Path) -> None:
    from memdir import Memory
    from memdir.config import load_config
    from memdir.daemon.runs import RunJournal
    from memdir.daemon.service import DaemonOptions

    root = tmp_path / "r"
    Memory(root).init()
    (root / "memdir.yaml").write_text("schedule: {timezone: Europe/Berlin}\n", encoding="utf-8")
    journal = RunJournal(root)
    for job, when in (
        ("daily", datetime(2026, 11, 26, 2, 0, 5, tzinfo=UTC)),
        ("weekly", datetime(2026, 11, 22, 3, 0, 5, tzinfo=UTC)),
    ):
        journal.finish(journal.start(job, "scheduled", now=when), "ok", now=when + timedelta(seconds=3))
    mem = Memory(root, config=load_config(root))
    calls: list[str] = []
    daemon = mem.daemon(
        jobs={"daily": lambda m: calls.append("daily"), "weekly": lambda m: calls.append("weekly")},
        options=DaemonOptions(watch=False),
    )
    assert daemon.catch_up() == ["daily", "weekly"]
    queued = daemon.scheduler.get_jobs()
    assert sorted(j.id for j in queued) == ["daily-catchup", "weekly-catchup"]
    for job in queued + queued:  # even if a catch-up were queued twice, the work runs once
        job.func(*job.args)
    assert sorted(calls) == ["daily", "weekly"]
    assert [r["result"] for r in journal.history()][-2:] == ["ok", "ok"]
    assert daemon.catch_up() == []
