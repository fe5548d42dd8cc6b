"""Catch-up: which jobs missed their most recent scheduled time (machine off, asleep, daemon stopped).

A job is missed when its most recent fire time passed and no successful run started since.
With no successful run on record, it is missed only when there is work waiting from before
that time: pending episodes of earlier days (daily), activity in the week before it (weekly).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from apscheduler.triggers.base import BaseTrigger

from memdir.daemon.schedule import previous_fire_time

if TYPE_CHECKING:
    from memdir.activity import ActivityLog
    from memdir.notes.episodes import EpisodeLog


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
