"""The one clock for what memdir writes into notes: every timestamp of a write in one zone.

The zone is the root's `schedule.timezone` when it names one (Europe/Berlin, Asia/Tokyo), else UTC
(`local` would let a laptop that travels write Berlin and Tokyo offsets into the same notes). A
date memdir derives from a time (`last_used`, an outcome line's day) is that time's date in the
same zone, so `last_used` and `updated_at` of one write name the same day (trial 23 #9). Notes a
person wrote keep their timestamps: nothing here rewrites an existing value.
"""

from __future__ import annotations

from datetime import date, datetime, timezone, tzinfo

from memdir.config import named_zone


def write_zone(name: str | None) -> tzinfo:
    """The zone of written timestamps for a `schedule.timezone` value: that zone, or UTC for `local`/unset."""
    return named_zone(name) or timezone.utc


def now_in(zone: tzinfo) -> datetime:
    """Now in zone, to the second."""
    return datetime.now(zone).replace(microsecond=0)


def stamp_in(zone: tzinfo, when: datetime | None = None) -> str:
    """An ISO 8601 timestamp with the zone's offset (now, or `when` moved into zone; naive is UTC)."""
    if when is None:
        return now_in(zone).isoformat()
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone(zone).replace(microsecond=0).isoformat()


def day_in(zone: tzinfo, when: datetime) -> date:
    """The date of `when` in zone (naive is UTC)."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone(zone).date()


class WriteClock:
    """The write zone of one root, and now/stamps/dates in it (the note store is one)."""

    def __init__(self, timezone_name: str | None = None) -> None:
        self.timezone_name = timezone_name  # the root's `schedule.timezone`
        self._zone: tzinfo | None = None

    @property
    def zone(self) -> tzinfo:
        """The zone every timestamp written into a note is in: `schedule.timezone` when named, else UTC."""
        if self._zone is None:
            self._zone = write_zone(self.timezone_name)
        return self._zone

    def now(self) -> datetime:
        """Now in the write zone, to the second."""
        return now_in(self.zone)

    def stamp(self, when: datetime | None = None) -> str:
        """An ISO 8601 timestamp in the write zone (now, or `when` moved into it)."""
        return stamp_in(self.zone, when)

    def day(self, when: datetime) -> str:
        """`when`'s date in the write zone, `YYYY-MM-DD`."""
        return day_in(self.zone, when).isoformat()
