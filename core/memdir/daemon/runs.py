"""Run records of the daemon's jobs in `.memdir/daemon/runs.json`: last run, last success, history.

Every run is recorded, the daemon's and the CLI's (`memdir consolidate`, with any flags): a run
limited to one day (`--date`), another week (`--until`) or a dry run carries its `scope` and
`full: false`. `last_run` is the latest run of any kind; `last_success`, which catch-up reads, is
the latest successful *full* run only, so a dry or dated run never hides a missed scheduled one.
A weekly run also records the `window` it distilled ([start, end), ISO); catch-up counts a week as
done when a successful full run's window reached its scheduled time (`covered_until`).

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
from typing import NotRequired, TypedDict, cast

from memdir.activity import parse_ts
from memdir.locks import file_lock, try_lock
from memdir.paths import STATE_DIR
from memdir.redaction import redact_text
from memdir.runs.state import JsonState

HISTORY = 100
JOBS = ("daily", "weekly")


class RunRecord(TypedDict):
    """One run of a job as `runs.json` keeps it."""

    id: str
    job: str
    reason: str
    started_at: str
    finished_at: str | None
    result: str  # running | ok | incomplete (work left pending) | failed | interrupted | skipped
    pid: int
    counts: dict[str, int]
    error: str | None
    scope: str | None  # e.g. "--until 2026-11-23", "--dry-run"; None for a full run
    full: bool  # a full run (catch-up counts only these); records written before this field are full
    window: list[str] | None  # weekly: [start, end) of the activity distilled (ISO); None: not a windowed job
    wrote: NotRequired[list[str]]  # the notes it created or updated (`earlier.py` names them to a later run)


class JobRecord(TypedDict, total=False):
    """The last run (any kind) and the last successful full run of one job."""

    last_run: RunRecord
    last_success: RunRecord


class RunsDocument(TypedDict):
    """The whole of `runs.json`."""

    jobs: dict[str, JobRecord]
    history: list[RunRecord]


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


def counts_of(report: object) -> dict[str, int]:
    """Counts of a RunReport-like result (lists become their length); {} for anything else."""
    out: dict[str, int] = {}
    for key in ("processed", "created", "updated", "review", "archived", "skipped", "pending", "errors"):
        value = getattr(report, key, None)
        if isinstance(value, list | tuple):
            out[key] = len(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            out[key] = value
    return out


MAX_ERROR_CHARS = 500
SHOWN_ERRORS = 3


MAX_WROTE = 50


def wrote_of(report: object) -> list[str]:
    """The note paths a RunReport-like result created or updated (at most MAX_WROTE)."""
    paths = [*getattr(report, "created", []), *getattr(report, "updated", [])]
    return [str(p) for p in paths][:MAX_WROTE]


def window_of(report: object) -> list[str] | None:
    """The [start, end) a weekly RunReport distilled (from its `window` stat), else None."""
    stats = getattr(report, "stats", None)
    text = stats.get("window") if isinstance(stats, dict) else None
    if not isinstance(text, str) or not text.startswith("[") or ", " not in text:
        return None
    start, _, end = text.strip("[)").partition(", ")
    return [start, end]


def error_of(report: object) -> str | None:
    """The one line a run record keeps as its error: what the run left pending, else its first errors.

    Masked (an error may quote a note's line) and on one line, so `runs.json`, the daemon's log and
    `status` say why a run shows errors; None when it had none.
    """
    incomplete = getattr(report, "incomplete", None)
    found = getattr(report, "errors", None)
    errors = [str(e) for e in found] if isinstance(found, list | tuple) else []
    if isinstance(incomplete, str) and incomplete:
        line = incomplete
    elif errors:
        more = len(errors) - SHOWN_ERRORS
        line = "; ".join(errors[:SHOWN_ERRORS]) + (f"; and {more} more" if more > 0 else "")
    else:
        return None
    line = redact_text(" ".join(line.split()))
    return line if len(line) <= MAX_ERROR_CHARS else line[: MAX_ERROR_CHARS - 1] + "…"


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

    def data(self) -> RunsDocument:
        """The whole document: {"jobs": {job: {"last_run", "last_success"}}, "history": [...]}."""
        return cast(RunsDocument, self._load().data)

    def start(
        self,
        job: str,
        reason: str,
        now: datetime | None = None,
        scope: str | None = None,
        window: tuple[datetime, datetime] | None = None,
    ) -> RunRecord:
        """Record that a run began (result "running"); `scope` names a partial run (dry, one day),
        `window` the [start, end) a weekly run distils when it is known before the run."""
        now = now or utcnow()
        run: RunRecord = {
            "id": f"{job}-{now.strftime('%Y%m%dT%H%M%S%fZ')}",
            "job": job,
            "reason": reason,
            "started_at": now.isoformat(),
            "finished_at": None,
            "result": "running",
            "pid": os.getpid(),
            "counts": {},
            "error": None,
            "scope": scope,
            "full": scope is None,
            "window": [t.isoformat() for t in window] if window else None,
        }
        with file_lock(self.lock):
            state = self._load()
            state.data["jobs"].setdefault(job, {})["last_run"] = run
            state.save()
        return run

    def finish(
        self,
        run: RunRecord,
        result: str,
        counts: dict[str, int] | None = None,
        error: str | None = None,
        now: datetime | None = None,
        window: list[str] | None = None,
        wrote: list[str] | None = None,
    ) -> RunRecord:
        """Record how a run ended ("ok", "incomplete", "failed", "interrupted", "skipped") and what it wrote."""
        done: RunRecord = {
            **run,
            "finished_at": (now or utcnow()).isoformat(),
            "result": result,
            "counts": counts or {},
            "error": error,
            "window": run.get("window") or window,  # the daemon's (local time) when it set one
            "wrote": wrote or [],
        }
        with file_lock(self.lock):
            state = self._load()
            entry = state.data["jobs"].setdefault(run["job"], {})
            entry["last_run"] = done
            if result == "ok" and done.get("full", True):
                entry["last_success"] = done
            state.data["history"] = (state.data["history"] + [done])[-HISTORY:]
            state.save()
        return done

    def last_success(self, job: str) -> datetime | None:
        """When the last successful full run of the job started (None if it never succeeded)."""
        entry = self._load().data["jobs"].get(job, {}).get("last_success")
        return parse_ts(entry.get("started_at")) if entry else None

    def covered_until(self, job: str) -> datetime | None:
        """Where the last successful full run's work reached: its window's end (weekly), else its start."""
        entry = self._load().data["jobs"].get(job, {}).get("last_success")
        if not entry:
            return None
        window = entry.get("window")
        end = parse_ts(window[1]) if isinstance(window, list) and len(window) == 2 else None
        return end or parse_ts(entry.get("started_at"))

    def last_run(self, job: str) -> RunRecord | None:
        """The most recent run record of the job (possibly still "running")."""
        run: RunRecord | None = self._load().data["jobs"].get(job, {}).get("last_run")
        return run

    def history(self, job: str | None = None) -> list[RunRecord]:
        """Finished runs, oldest first (optionally of one job)."""
        runs: list[RunRecord] = self._load().data["history"]
        return [r for r in runs if job is None or r.get("job") == job]
