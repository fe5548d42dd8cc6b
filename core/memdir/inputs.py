"""Input caps: what `episode add`, `log` and the library refuse before anything is written.

Text from agents and terminals reaches memdir's files. One NUL byte makes a whole day file
"binary" (grep, the index and daily then skip every episode in it), a stray escape sequence
repaints a person's terminal when the file is shown, and text that is not UTF-8 cannot be
written at all. So text is refused, with one line naming the problem and nothing written, when
it holds a control character other than tab, newline and carriage return (C0 controls, DEL), a
lone surrogate (bytes that were not UTF-8), or is over its size cap.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from memdir.errors import InputError

MAX_EPISODE_BYTES = 256 * 1024  # one episode; a day file is also kept under the index's 2 MB limit
MAX_DAY_FILE_BYTES = 2_000_000
MAX_EVENT_BYTES = 64 * 1024  # one activity line
MAX_QUERY_BYTES = (
    256 * 1024
)  # a `search` or `context` query (a pasted log): a longer one is refused, never cut
# a day either side (time zones, a week's window) must still be a date Python can hold
MIN_YEAR, MAX_YEAR = 2, 9998
# control characters, lone surrogates, and the bidirectional embeddings, overrides and isolates
# (U+202A-202E, U+2066-2069: a heading or a line that reads otherwise than it is); the marks LRM/RLM stay
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]")


def check_text(text: str, what: str, max_bytes: int | None = None) -> str:
    """Return text unchanged, or raise InputError naming `what`, the character and its offset."""
    m = _CONTROL.search(text)
    if m:
        ch = m.group(0)
        kind = (
            "bytes that are not UTF-8"
            if "\ud800" <= ch <= "\udfff"
            else "a bidirectional control character"
            if ch > "\x7f"
            else "a control character"
        )
        raise InputError(
            f"{what} contains {kind} (U+{ord(ch):04X} at character {m.start()}); nothing written"
        )
    if max_bytes is not None:
        size = len(text.encode("utf-8"))
        if size > max_bytes:
            raise InputError(f"{what} is too large ({size:,} bytes > {max_bytes:,}); nothing written")
    return text


def check_query(query: str) -> str:
    """Return query unchanged, or raise InputError when it is over MAX_QUERY_BYTES.

    Rankers read a window of a long query anyway (a pasted log costs what a short one does), but
    tokenizing 50 MB took minutes and a gigabyte: a query over the cap is refused with one line,
    not cut, so what was searched for is never a silent surprise.
    """
    size = len(query.encode("utf-8", "surrogatepass"))
    if size > MAX_QUERY_BYTES:
        raise InputError(
            f"the query is too large ({size:,} bytes > {MAX_QUERY_BYTES:,}); give the part that matters"
        )
    return query


_YMD = re.compile(r"\s*(\d{4})-(\d{2})-(\d{2})(?![\d])")


def no_such_day(value: str, what: str) -> str | None:
    """One line when `value` is written YYYY-MM-DD (time after it or not) but that day does not exist
    (2026-11-31, 2026-02-30, month 13), else None: "use YYYY-MM-DD" would tell a person to write what they
    wrote (trial 19 #8)."""
    m = _YMD.match(value)
    if not m:
        return None
    year, month, day = (int(g) for g in m.groups())
    try:
        date(year, month, day)
    except ValueError:
        if not 1 <= month <= 12:
            return f"invalid {what} {value!r}: there is no month {month:02d} (months are 01 to 12)"
        last = (date(year + month // 12, month % 12 + 1, 1) - date(year, month, 1)).days
        return f"invalid {what} {value!r}: {year}-{month:02d} has no day {day:02d} (it has {last} days)"
    return None


def check_when(value: date, what: str) -> None:
    """Raise InputError when a date or time is so near the ends of the calendar that memdir cannot shift it."""
    if not MIN_YEAR <= value.year <= MAX_YEAR:
        raise InputError(
            f"{what} {value.isoformat()} is out of range: use a date in the years {MIN_YEAR} to {MAX_YEAR}"
        )


AHEAD_ALLOWANCE = timedelta(hours=1)  # a clock a little ahead of this machine's


def not_ahead(when: datetime, what: str) -> None:
    """Raise InputError when an aware `when` (a time something was used) lies after now (trial 31 #15)."""
    if when - datetime.now(when.tzinfo) > AHEAD_ALLOWANCE:
        raise InputError(f"{what} {when.isoformat()} is in the future: give when it was used (default: now)")


def parse_when(value: str, what: str = "--at") -> datetime:
    """An episode's time from ISO 8601 (`2026-11-28T10:30`, `...+09:00`, `...Z`); InputError otherwise.
    A time without an offset stays naive: the episode log reads it as wall time where the root's days are
    (`schedule.timezone`, else the machine's zone; `EpisodeLog.add`)."""
    try:
        when = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise InputError(
            no_such_day(value, what) or f"invalid {what} {value!r}: use ISO 8601, e.g. 2026-11-28T10:30"
        ) from None
    check_when(when, what)
    return when
