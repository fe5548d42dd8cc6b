"""Run records of the daemon's jobs in `.memdir/daemon/runs.json`: last run, last success, history.

Also the per-job run lock `.memdir/locks/<job>.lock` ("daily", "weekly"). DailyConsolidator and
WeeklyDistiller hold it for the whole of a (non dry-run) run, whichever process starts them (the
daemon or a CLI `memdir consolidate`), so two runs of one job never overlap. The daemon only
probes it (`job_lock_busy`) to skip a run while another process is consolidating: it must not hold
it itself, because flock locks taken twice in one process through two file descriptors block.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from memdir.activity import parse_ts
from memdir.locks import file_lock, try_lock
from memdir.paths import STATE_DIR
from memdir.runs.state import JsonState

HISTORY = 100
JOBS = ("daily", "weekly")


def utcnow() -> datetime:
    """The current time, timezone-aware (UTC)."""
    return datetime.now(timezone.utc)


def job_lock_path(root: Path, job: str) -> Path:
    """The run lock of one job: `.memdir/locks/<job>.lock`."""
    return Path(root) / STATE_DIR / "locks" / f"{job}.lock"


def job_lock_busy(root: Path, job: str) -> bool:
    """True while another process (or thread) holds the job's run lock; never blocks."""
    fd = try_lock(job_lock_path(root, job))
    if fd is None:
        return True
    os.close(fd)
    return False


def counts_of(report: Any) -> dict[str, int]:
    """Counts of a RunReport-like result (lists become their length); {} for anything else."""
    out: dict[str, int] = {}
    for key in ("processed", "created", "updated", "review", "archived", "skipped", "pending", "errors"):
        value = getattr(report, key, None)
        if isinstance(value, list | tuple):
            out[key] = len(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            out[key] = value
    return out


class RunJournal:
    """Reads and writes run records; every change is made under a file lock and written atomically."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.path = self.root / STATE_DIR / "daemon" / "runs.json"
        self.lock = self.root / STATE_DIR / "locks" / "runs-journal.lock"

    def _load(self) -> JsonState:
        state = JsonState(self.path)
        state.data.setdefault("jobs", {})
        state.data.setdefault("history", [])
        return state

    def data(self) -> dict[str, Any]:
        """The whole document: {"jobs": {job: {"last_run", "last_success"}}, "history": [...]}."""
        return self._load().data

    def start(self, job: str, reason: str, now: datetime | None = None) -> dict[str, Any]:
        """Record that a run began (result "running"); returns the record to pass to finish()."""
        now = now or utcnow()
        run: dict[str, Any] = {"id": f"{job}-{now.strftime('%Y%m%dT%H%M%S%fZ')}", "job": job, "reason": reason,
               "started_at": now.isoformat(), "finished_at": None, "result": "running",
               "pid": os.getpid(), "counts": {}, "error": None}
        with file_lock(self.lock):
            state = self._load()
            state.data["jobs"].setdefault(job, {})["last_run"] = run
            state.save()
        return run

    def finish(self, run: dict[str, Any], result: str, counts: dict[str, int] | None = None,
               error: str | None = None, now: datetime | None = None) -> dict[str, Any]:
        """Record how a run ended ("ok", "failed", "interrupted", "skipped")."""
        done = {**run, "finished_at": (now or utcnow()).isoformat(), "result": result,
                "counts": counts or {}, "error": error}
        with file_lock(self.lock):
            state = self._load()
            entry = state.data["jobs"].setdefault(run["job"], {})
            entry["last_run"] = done
            if result == "ok":
                entry["last_success"] = done
            state.data["history"] = (state.data["history"] + [done])[-HISTORY:]
            state.save()
        return done

    def last_success(self, job: str) -> datetime | None:
        """When the last successful run of the job started (None if it never succeeded)."""
        entry = self._load().data["jobs"].get(job, {}).get("last_success")
        return parse_ts(entry.get("started_at")) if entry else None

    def last_run(self, job: str) -> dict[str, Any] | None:
        """The most recent run record of the job (possibly still "running")."""
        run: dict[str, Any] | None = self._load().data["jobs"].get(job, {}).get("last_run")
        return run

    def history(self, job: str | None = None) -> list[dict[str, Any]]:
        """Finished runs, oldest first (optionally of one job)."""
        runs: list[dict[str, Any]] = self._load().data["history"]
        return [r for r in runs if job is None or r.get("job") == job]
