"""The weekly window: [until - 7 days, until), its midnights in the configured zone (UTC by default)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone, tzinfo


def week_window(
    until: date | None, now: datetime | None = None, zone: tzinfo | None = None
) -> tuple[datetime, datetime]:
    """[until - 7 days, until); without until, the 7 days up to now.

    A date `until` ends the window at that day's midnight in `zone` (`schedule.timezone` when it names
    a zone, so a Monday 01:00 JST run is in the week that starts that Monday), at UTC midnight when
    zone is None. A datetime `until` (the daemon's scheduled time) ends the window at that very
    moment (a naive one is read as UTC). The bounds are expressed in `zone` (UTC when None).
    """
    out = zone or timezone.utc
    if until is None:
        end = now or datetime.now(timezone.utc)
    elif isinstance(until, datetime):
        end = until if until.tzinfo else until.replace(tzinfo=timezone.utc)
    else:
        end = datetime.combine(until, time(0), tzinfo=out)
    end = end.astimezone(out)
    return end - timedelta(days=7), end
