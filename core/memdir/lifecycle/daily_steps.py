"""The lifecycle part of the daily run: apply feedback events, then forget what went stale.

The daily run (`consolidation/daily/run.py`) calls `run_daily_steps` at its end, inside its lock
and before its git commit; `run_lifecycle` runs the steps alone (a script, a daemon job).
"""

from __future__ import annotations

import logging
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


def run_daily_steps(
    store: NoteStore, activity: ActivityLog, config: Config, report: RunReport, dry_run: bool = False
) -> None:
    """Apply unapplied `feedback` events (each once), then the forgetting rules; record both in report."""
    try:
        fb = apply_feedback_events(
            store, activity, dry_run=dry_run, initial_confidence=config.thresholds.initial_confidence
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
    from datetime import datetime

    report = RunReport(job="lifecycle", dry_run=dry_run, started_at=datetime.now().astimezone().isoformat())
    run_daily_steps(store, activity, config, report, dry_run=dry_run)
    report.finished_at = datetime.now().astimezone().isoformat()
    return report
