"""Schedules: `schedule.daily` / `schedule.weekly` strings to APScheduler triggers, and fire-time math.

Accepted forms (all in the schedule's time zone):

    "03:00"            every day at 03:00
    "sun 04:00"        every Sunday at 04:00 (mon..sun, lists like "mon,thu 04:00")
    "30 3 * * *"       a 5-field crontab expression
    "every 5s"         every 5 seconds ("every 10m", "every 2h"), aligned on the Unix epoch;
                       meant for tests and frequent runs

The functions here are pure (they take `now`), so tests can cover DST changes and zones.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING

from apscheduler.triggers.base import BaseTrigger
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

from memdir.config import named_zone
from memdir.errors import ConfigError

if TYPE_CHECKING:
    from memdir.config import ScheduleConfig

_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_TIME = re.compile(r"^(\d{1,2}):(\d{2})$")
_WEEKLY = re.compile(r"^([a-z,\-]+)\s+(\d{1,2}):(\d{2})$")
_EVERY = re.compile(r"^(?:every\s+)?(\d+)\s*(s|m|h)$")
_UNIT = {"s": 1, "m": 60, "h": 3600}
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
# Look-back windows for previous_fire_time: small first so frequent schedules stay cheap.
_WINDOWS = (
    timedelta(minutes=2),
    timedelta(hours=2),
    timedelta(days=2),
    timedelta(days=9),
    timedelta(days=33),
    timedelta(days=400),
)


class WallClockCronTrigger(CronTrigger):  # type: ignore[misc]  # apscheduler 3 ships no types
    """A CronTrigger that fires once per wall-clock time, also in the repeated hour of a DST fall-back.

    APScheduler 3.11's CronTrigger returns the same fire time again after firing at an ambiguous
    time (e.g. 02:30 in Europe/Berlin on the last Sunday of October), which would make the
    scheduler loop forever; this subclass skips the repeat, like cron does.
    """

    def get_next_fire_time(self, previous_fire_time: datetime | None, now: datetime) -> datetime | None:
        """The next fire time after previous_fire_time, never repeating a wall-clock time."""
        t: datetime | None = super().get_next_fire_time(previous_fire_time, now)
        for _ in range(4):
            if t is None or previous_fire_time is None:
                return t
            same_wall = t.replace(tzinfo=None) == previous_fire_time.replace(tzinfo=None)
            if not same_wall and t > previous_fire_time:
                return t
            t = super().get_next_fire_time(
                None, max(previous_fire_time + timedelta(hours=1, microseconds=1), now)
            )
        return t


def resolve_timezone(name: str | None) -> tzinfo:
    """The zone for a `schedule.timezone` value: "local" (tzlocal), or an IANA name like Europe/Berlin."""
    zone = named_zone(name)
    if zone is None:
        import tzlocal

        return tzlocal.get_localzone()
    return zone


def _hour_minute(hour: str, minute: str, spec: str) -> tuple[int, int]:
    h, m = int(hour), int(minute)
    if not (0 <= h <= 23 and 0 <= m <= 59):
        raise ConfigError(f"invalid schedule time {spec!r}: use HH:MM between 00:00 and 23:59")
    return h, m


def build_trigger(spec: str, tz: tzinfo) -> BaseTrigger:
    """An APScheduler trigger for one schedule string (raises ConfigError when it cannot be parsed)."""
    text = " ".join(str(spec).strip().lower().split())
    if m := _TIME.match(text):
        h, mi = _hour_minute(m.group(1), m.group(2), spec)
        return WallClockCronTrigger(hour=h, minute=mi, second=0, timezone=tz)
    if m := _WEEKLY.match(text):
        days = m.group(1)
        if not all(part in _DAYS for part in re.split(r"[,\-]", days)):
            raise ConfigError(f"invalid schedule day in {spec!r}: use mon, tue, wed, thu, fri, sat or sun")
        h, mi = _hour_minute(m.group(2), m.group(3), spec)
        return WallClockCronTrigger(day_of_week=days, hour=h, minute=mi, second=0, timezone=tz)
    if m := _EVERY.match(text):
        seconds = int(m.group(1)) * _UNIT[m.group(2)]
        if seconds <= 0:
            raise ConfigError(f"invalid schedule interval {spec!r}")
        return IntervalTrigger(seconds=seconds, start_date=_EPOCH, timezone=tz)
    if len(text.split()) == 5:
        try:
            return WallClockCronTrigger.from_crontab(text, timezone=tz)
        except ValueError as exc:
            raise ConfigError(f"invalid cron expression {spec!r}: {exc}") from None
    raise ConfigError(
        f"cannot read schedule {spec!r}: use 'HH:MM', 'sun HH:MM', a crontab line or 'every Ns'"
    )


def next_fire_time(trigger: BaseTrigger, now: datetime) -> datetime | None:
    """The first fire time at or after now."""
    return trigger.get_next_fire_time(None, now)  # type: ignore[no-any-return]


def previous_fire_time(trigger: BaseTrigger, now: datetime) -> datetime | None:
    """The most recent fire time at or before now (None if none within about a year)."""
    for window in _WINDOWS:
        t: datetime | None = trigger.get_next_fire_time(None, now - window)
        if t is None or t > now:
            continue
        while True:
            n: datetime | None = trigger.get_next_fire_time(t, t + timedelta(microseconds=1))
            if n is None or n > now or n <= t:
                return t
            t = n
    return None


def describe(trigger: BaseTrigger) -> str:
    """A short human description of a trigger."""
    return str(trigger)


def triggers_for(schedule: ScheduleConfig) -> dict[str, BaseTrigger]:
    """Triggers of the two jobs ("daily", "weekly") from a ScheduleConfig."""
    tz = resolve_timezone(schedule.timezone)
    return {"daily": build_trigger(schedule.daily, tz), "weekly": build_trigger(schedule.weekly, tz)}
