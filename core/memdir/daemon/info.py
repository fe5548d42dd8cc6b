"""The `daemon` and `jobs` sections of `memdir status`: is it running, next runs, last run of each job."""

from __future__ import annotations

import json
import os
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypedDict

from memdir.daemon.lock import running_pid
from memdir.daemon.logs import log_path
from memdir.daemon.runs import JOBS, RunJournal

if TYPE_CHECKING:
    from pathlib import Path

    from memdir.config import ScheduleConfig
    from memdir.daemon.runs import RunRecord


class DaemonStatus(TypedDict, total=False):
    """The `daemon` section of `memdir status` (the last four only while a daemon runs)."""

    running: bool
    pid: int | None
    log: str
    started_at: str | None
    heartbeat_at: str | None
    watcher: bool | None
    jobs_running: list[str]


class JobStatus(TypedDict):
    """One job in the `jobs` section of `memdir status`."""

    schedule: str | None
    next_run: str | None
    last_run: RunRecord | None
    last_success: str | None


def _daemon_state(root: Path) -> dict[str, Any]:
    from memdir.daemon.service import state_path

    try:
        data = json.loads(state_path(root).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def daemon_status(root: Path) -> DaemonStatus:
    """Whether a daemon runs for this root, its pid, start time, last heartbeat and log file."""
    pid = running_pid(root)
    out: DaemonStatus = {
        "running": pid is not None,
        "pid": pid if pid and pid > 0 else None,
        "log": str(log_path(root)),
    }
    state = _daemon_state(root) if pid else {}
    if pid and state.get("pid") == pid:
        out["started_at"] = state.get("started_at")
        out["heartbeat_at"] = state.get("heartbeat_at")
        out["watcher"] = state.get("watcher")
        out["jobs_running"] = state.get("running", [])
    return out


def _alive(pid: object) -> bool:
    """True while another process with this pid exists (a CLI run still going in another terminal)."""
    if not isinstance(pid, int) or pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _configured_next_runs(schedule: ScheduleConfig) -> dict[str, Any]:
    from memdir.daemon.schedule import next_fire_time, resolve_timezone, triggers_for
    from memdir.errors import ConfigError

    try:
        now = datetime.now(resolve_timezone(schedule.timezone))
        return {
            job: (t.isoformat() if (t := next_fire_time(trig, now)) else None)
            for job, trig in triggers_for(schedule).items()
        }
    except ConfigError as exc:
        return {job: f"invalid schedule: {exc}" for job in JOBS}


def jobs_status(root: Path, schedule: ScheduleConfig) -> dict[str, JobStatus]:
    """Per job: schedule, next run time, last run (result, counts, error) and last success."""
    pid = running_pid(root)
    state = _daemon_state(root) if pid else {}
    live = state.get("pid") == pid and pid is not None
    next_runs = state.get("next_run", {}) if live else _configured_next_runs(schedule)
    shown = state.get("schedule", {}) if live else {"daily": schedule.daily, "weekly": schedule.weekly}
    journal = RunJournal(root).data()["jobs"]
    out: dict[str, Any] = {}
    for job in JOBS:
        entry = journal.get(job, {})
        last = dict(entry["last_run"]) if entry.get("last_run") else None
        runs_here = live and job in state.get("running", [])
        if last and last.get("result") == "running" and not runs_here and not _alive(last.get("pid")):
            last["result"] = "interrupted"  # its process died or stopped mid-run; the next run completes it
        success = entry.get("last_success")
        out[job] = {
            "schedule": shown.get(job),
            "next_run": next_runs.get(job),
            "last_run": last,
            "last_success": success.get("started_at") if success else None,
        }
    return out
