"""The lifecycle part of the daily run: apply feedback events, then forget what went stale.

The daily run (`consolidation/daily/run.py`) calls `run_daily_steps` at its end, inside its lock
and before its git commit; `run_lifecycle` runs the steps alone (a script, a daemon job).

A run for one day (`consolidate daily --date D`) applies the feedback events logged up to the end of D in the
root's days (`schedule.timezone`, else the machine's), not those of later days (trial 24 #13): a catch-up run
day by day writes each note's "Outcome notes" in date order, and the later events wait for their own day's run.
"""

from __future__ import annotations

import logging
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from memdir.errors import MemdirError
from memdir.lifecycle.feedback_events import apply_feedback_events
from memdir.lifecycle.forgetting import forget
from memdir.runs.report import RunReport

if TYPE_CHECKING:
    from memdir.activity import ActivityLog
    from memdir.config import Config
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)


def day_end(config: Config, day: date) -> datetime:
    """The midnight that ends `day` in the root's days: `schedule.timezone`'s, else the machine's."""
    after = datetime.combine(day + timedelta(days=1), time())
    zone = config.schedule.named_zone()
    return after.replace(tzinfo=zone) if zone is not None else after.astimezone()


def run_daily_steps(
    store: NoteStore,
    activity: ActivityLog,
    config: Config,
    report: RunReport,
    dry_run: bool = False,
    day: date | None = None,
) -> None:
    """Apply unapplied `feedback` events (each once; with `day`, those logged up to its end), then the
    forgetting rules; record both in report."""
    until = day_end(config, day) if day is not None else None
    try:
        fb = apply_feedback_events(
            store,
            activity,
            dry_run=dry_run,
            initial_confidence=config.thresholds.initial_confidence,
            until=until,
        )
    except MemdirError as exc:
        log.warning("feedback events not applied: %s", exc)
        report.errors.append(f"feedback: {exc}")
    else:
        for path in fb["applied"]:
            if path not in report.updated:
                report.updated.append(path)
        report.stats["feedback_applied"] = len(fb["applied"])
        if fb["invalid"]:
            report.stats["feedback_invalid"] = fb["invalid"]
        report.errors.extend(f"feedback: {e}" for e in fb["errors"])
    try:
        fg = forget(store, config.forget, dry_run=dry_run, activity=activity)
    except MemdirError as exc:
        log.warning("forgetting skipped: %s", exc)
        report.errors.append(f"forgetting: {exc}")
        return
    report.stats["forgetting"] = "on" if fg["enabled"] else "off"
    for entry in fg["archived"]:
        report.archived.append(entry["path"])
        if "lesson" in entry:  # a failing procedure's corrections, kept where an agent finds them
            report.created.append(entry["lesson"])
    if fg["archived"]:
        report.stats["forgotten"] = fg["archived"]
    report.errors.extend(f"forgetting: {e}" for e in fg["errors"])


def run_lifecycle(
    store: NoteStore, activity: ActivityLog, config: Config, dry_run: bool = False
) -> RunReport:
    """The lifecycle steps on their own (for the daemon or a script); returns a RunReport."""
    report = RunReport(job="lifecycle", dry_run=dry_run, started_at=datetime.now().astimezone().isoformat())
    run_daily_steps(store, activity, config, report, dry_run=dry_run)
    report.finished_at = datetime.now().astimezone().isoformat()
    return report
