"""Catch-up: which jobs missed their most recent scheduled time (machine off, asleep, daemon stopped).

A job is missed when its most recent fire time passed and no successful run started since.
With no successful run on record, it is missed only when there is work waiting from before
that time: pending episodes of earlier days (daily), activity in the week before it (weekly).

The weekly job distils the 7 days before the scheduled time it makes up for, not the 7 days up to
now: `missed_windows` gives the end of each missed week, oldest first (at most MAX_CATCHUP_WEEKS),
so a week the machine was off for is distilled as its Sunday run would have done.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from apscheduler.triggers.base import BaseTrigger

from memdir.daemon.schedule import previous_fire_time

if TYPE_CHECKING:
    from memdir.activity import ActivityLog
    from memdir.notes.episodes import EpisodeLog


WEEK = timedelta(days=7)
MAX_CATCHUP_WEEKS = 4  # missed weeks distilled by one catch-up; older ones are named in the log
WINDOWED = ("weekly",)  # jobs given the end of the week they distil (`until=`)


def accepts_until(job: Callable[..., object]) -> bool:
    """True when a job callable takes an `until` keyword (the facade's consolidate_weekly does)."""
    try:
        params = inspect.signature(job).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "until" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def window_text(start: datetime, end: datetime) -> str:
    """`week 2026-11-22 04:00 – 2026-11-29 04:00 +0900` (a window as the log and status say it)."""
    return f"week {start:%Y-%m-%d %H:%M} – {end:%Y-%m-%d %H:%M %z}".rstrip()


def missed_windows(
    trigger: BaseTrigger, now: datetime, covered: datetime | None, limit: int = MAX_CATCHUP_WEEKS
) -> tuple[list[datetime], list[datetime]]:
    """Ends of the missed weekly windows to distil now (oldest first), and of those left out (too old).

    `covered` is where the last successful run's window ended (None: no run on record, then only the
    week before the most recent scheduled time counts). Windows are 7 days long and end at a
    scheduled time; going back from the most recent one, each next window ends where the previous
    one began (or at the latest scheduled time before that), so frequent schedules give no overlaps.
    """
    prev = previous_fire_time(trigger, now)
    if prev is None or (covered is not None and covered >= prev):
        return [], []
    ends = [prev]
    while covered is not None:
        earlier = previous_fire_time(trigger, ends[-1] - WEEK)
        if earlier is None or earlier <= covered or earlier >= ends[-1]:
            break
        ends.append(earlier)
    ends.reverse()
    return ends[-limit:], ends[:-limit]


def is_missed(trigger: BaseTrigger, now: datetime, last_success: datetime | None, backlog: bool) -> bool:
    """True when the job should run now to make up for its most recent scheduled time."""
    prev = previous_fire_time(trigger, now)
    if prev is None:
        return False
    if last_success is None:
        return backlog
    return last_success < prev


def missed_jobs(
    triggers: Mapping[str, BaseTrigger],
    now: datetime,
    last_success: Mapping[str, datetime | None],
    backlog: Mapping[str, bool],
) -> list[str]:
    """The jobs to run once now, in a stable order (daily before weekly)."""
    return [
        job
        for job, trig in triggers.items()
        if is_missed(trig, now, last_success.get(job), backlog.get(job, False))
    ]


def has_daily_backlog(episodes: EpisodeLog, before: datetime) -> bool:
    """True when an episode of a day before `before` (local date of the schedule) is still pending."""
    from memdir.runs.state import EpisodeState

    state = EpisodeState(episodes.store.root)
    return any(state.is_pending(ep.id, ep.hash) for ep in episodes.iter_episodes(until=before.date()))


def has_weekly_backlog(activity: ActivityLog, before: datetime) -> bool:
    """True when the activity log has a file in the 7 days before `before`."""
    day = before.date()
    return bool(activity.files(since=day - timedelta(days=7), until=day + timedelta(days=1)))


def backlog_for(
    episodes: EpisodeLog, activity: ActivityLog, triggers: Mapping[str, BaseTrigger], now: datetime
) -> dict[str, bool]:
    """Whether each job has waiting work from before its most recent fire time."""
    out: dict[str, bool] = {}
    for job, trig in triggers.items():
        prev = previous_fire_time(trig, now)
        if prev is None:
            out[job] = False
        elif job == "daily":
            out[job] = has_daily_backlog(episodes, prev)
        elif job == "weekly":
            out[job] = has_weekly_backlog(activity, prev)
        else:
            out[job] = False
    return out
