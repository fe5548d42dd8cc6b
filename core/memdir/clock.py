"""The one clock for what memdir writes into notes: every timestamp of a write in one zone.

The zone is the root's `schedule.timezone` when it names one (Europe/Berlin, Asia/Tokyo), else UTC
(`local` would let a laptop that travels write Berlin and Tokyo offsets into the same notes). A
date memdir derives from a time (`last_used`, an outcome line's day) is that time's date in the
same zone, so `last_used` and `updated_at` of one write name the same day (trial 23 #9). Notes a
person wrote keep their timestamps: nothing here rewrites an existing value.
"""

from __future__ import annotations

from datetime import datetime, timezone, tzinfo

from memdir.config import named_zone, zone_now


def _aware(when: datetime) -> datetime:
    """`when` with a zone (a naive time is UTC)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


class WriteClock:
    """The write zone of one root, and now/stamps/dates in it (the note store is one)."""

    def __init__(self, timezone_name: str | None = None) -> None:
        self.timezone_name = timezone_name  # the root's `schedule.timezone`
        self._zone: tzinfo | None = None

    @property
    def zone(self) -> tzinfo:
        """The zone every timestamp written into a note is in: `schedule.timezone` when named, else UTC
        (`local` too)."""
        if self._zone is None:
            self._zone = named_zone(self.timezone_name) or timezone.utc
        return self._zone

    def now(self) -> datetime:
        """Now in the write zone, to the second."""
        return datetime.now(self.zone).replace(microsecond=0)

    def day_now(self) -> datetime:
        """Now where the root's days are: in `schedule.timezone` when it names a zone, else the machine's
        (`local`). An episode added now goes in this day's file, the daily run's today
        (`ScheduleConfig.today`, trial 23 re-check N9)."""
        return zone_now(self.timezone_name).replace(microsecond=0)

    def stamp(self, when: datetime | None = None) -> str:
        """An ISO 8601 timestamp in the write zone (now, or `when` moved into it)."""
        return (
            self.now() if when is None else _aware(when).astimezone(self.zone).replace(microsecond=0)
        ).isoformat()

    def day(self, when: datetime) -> str:
        """`when`'s date in the write zone, `YYYY-MM-DD`."""
        return _aware(when).astimezone(self.zone).date().isoformat()
