"""The daemon: an APScheduler BlockingScheduler running the daily and weekly jobs, with catch-up,
a single-instance lock, the live index watcher, signal handling and a state file for `status`.

The daemon knows nothing of the facade: its jobs are zero-argument callables, bound by whoever
composes it (`Memory.daemon()` binds `job(mem)` functions: by default `Memory.consolidate_daily`
and `Memory.consolidate_weekly`). A job returns its RunReport (or anything; `counts_of` reads it).
A job that raises is logged and recorded as failed; the scheduler keeps going. Environment
overrides (documented in docs/daemon.md):
MEMDIR_DAEMON_JOB_DAILY / _WEEKLY ("module:function"), MEMDIR_DAEMON_HEARTBEAT (seconds),
MEMDIR_DAEMON_GRACE (seconds to wait for a running job on shutdown), MEMDIR_DAEMON_WATCH (0 = off).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from apscheduler.events import EVENT_SCHEDULER_STARTED, SchedulerEvent
from apscheduler.schedulers.base import SchedulerNotRunningError
from apscheduler.schedulers.blocking import BlockingScheduler
from apscheduler.triggers.interval import IntervalTrigger

from memdir.daemon import cancel
from memdir.daemon.catchup import (
    WEEK,
    WINDOWED,
    accepts_until,
    backlog_for,
    missed_jobs,
    missed_windows,
    window_text,
)
from memdir.daemon.lock import DaemonLock, daemon_dir
from memdir.daemon.logs import log_path, setup_daemon_logging, teardown_daemon_logging
from memdir.daemon.options import DaemonOptions, jobs_from_env, lower_priority
from memdir.daemon.runs import (
    JOBS,
    RunJournal,
    counts_of,
    error_of,
    job_lock_busy,
    utcnow,
    window_of,
    wrote_of,
)
from memdir.daemon.schedule import next_fire_time, previous_fire_time, resolve_timezone, triggers_for
from memdir.errors import ConfigError, MemdirError
from memdir.runs.state import JsonState

if TYPE_CHECKING:
    from memdir.activity import ActivityLog
    from memdir.config import ScheduleConfig
    from memdir.index.service import IndexService
    from memdir.index.watcher import IndexWatcher
    from memdir.notes.episodes import EpisodeLog

__all__ = ["Daemon", "DaemonOptions", "jobs_from_env", "lower_priority", "state_path"]
log = logging.getLogger(__name__)
Job = Callable[..., object]  # one run of a job, bound to its root (weekly: `until=` its week's end)
WATCHER_STOP_TIMEOUT = 1.0  # least wait for the live sync after the jobs (worst case grace + 1 s < 10 s)


def state_path(root: Path) -> Path:
    """The daemon's state file (pid, schedule, next runs, heartbeat), read by `status`."""
    return daemon_dir(root) / "state.json"


class Daemon:
    """Runs the jobs of one memory root until SIGTERM/SIGINT; one per root (see DaemonLock).

    Takes the root, the `schedule` config section, the bound jobs (one per name in JOBS), the
    episode and activity logs (to tell whether a never-run job has work waiting) and the index
    service for the live watcher (None: no watcher).
    """

    def __init__(
        self,
        root: Path,
        schedule: ScheduleConfig,
        jobs: Mapping[str, Job],
        *,
        episodes: EpisodeLog,
        activity: ActivityLog,
        index: IndexService | None = None,
        options: DaemonOptions | None = None,
    ) -> None:
        missing = [job for job in JOBS if job not in jobs]
        if missing:
            raise ConfigError(f"the daemon needs a job for: {', '.join(missing)}")
        self.root = root
        self.schedule = schedule
        self.jobs = dict(jobs)
        self.episodes = episodes
        self.activity = activity
        self.index = index
        self.options = options or DaemonOptions.from_env()
        self.tz = resolve_timezone(schedule.timezone)
        self.triggers = triggers_for(schedule)
        self.journal = RunJournal(root)
        self.lock = DaemonLock(root)
        self.scheduler = BlockingScheduler(
            timezone=self.tz,
            job_defaults={
                "coalesce": True,
                "max_instances": 1,
                "misfire_grace_time": schedule.misfire_grace_seconds,
            },
        )
        self.scheduler.add_listener(self._on_scheduler_started, EVENT_SCHEDULER_STARTED)
        self.watcher: IndexWatcher | None = None
        self.started_at = utcnow()
        self._guards = {job: threading.Lock() for job in self.jobs}
        self._active = 0
        self._active_cond = threading.Condition()
        self._stopping = threading.Event()
        self._clock: tuple[float, float] | None = None
        self.wall: Callable[[], float] = time.time
        self.mono: Callable[[], float] = time.monotonic

    # -- jobs
    def run_job(self, job: str, reason: str = "manual") -> str:
        """Run one job now unless it is running or already done since its last fire time; returns the result."""
        guard = self._guards[job]
        if self._stopping.is_set() or not guard.acquire(blocking=False):
            log.info(
                "%s job not started (%s)", job, "stopping" if self._stopping.is_set() else "already running"
            )
            return "skipped"
        with self._active_cond:
            self._active += 1
        try:
            return self._run_locked(job, reason)
        finally:
            guard.release()
            with self._active_cond:
                self._active -= 1
                self._active_cond.notify_all()
            self.write_state()

    def _run_locked(self, job: str, reason: str) -> str:
        ends: list[datetime | None] = [None]  # None: the job's own default (weekly: the 7 days up to now)
        if reason != "manual":
            now = datetime.now(self.tz)
            prev = previous_fire_time(self.triggers[job], now)
            covered = self.journal.covered_until(job)
            if prev is not None and covered is not None and covered >= prev:
                log.info("%s job: already ran successfully since %s; nothing to do", job, prev.isoformat())
                return "skipped"
            if prev is not None and accepts_until(self.jobs[job]) and job in WINDOWED:
                ends = list(self._windows(job, reason, now, prev, covered))
        if job_lock_busy(self.root, job):
            log.warning("%s job skipped: another process is running it (its run lock is held)", job)
            return "skipped"
        result = "ok"
        for end in ends:  # a catch-up distils each missed week in turn, oldest first
            result = self._run_once(job, reason, end)
            if result != "ok" or self._stopping.is_set():
                break
        return result

    def _windows(
        self, job: str, reason: str, now: datetime, prev: datetime, covered: datetime | None
    ) -> list[datetime]:
        """Ends of the weeks a windowed job distils now: its scheduled time, or every missed one."""
        if reason == "scheduled":
            return [prev]
        ends, dropped = missed_windows(self.triggers[job], now, covered)
        if dropped:
            log.warning(
                "%s catch-up: %d older missed week(s) not distilled (the %s); "
                "run `memdir consolidate weekly --until YYYY-MM-DD` for each to distil them",
                job,
                len(dropped),
                ", ".join(window_text(end - WEEK, end) for end in dropped),
            )
        return ends or [prev]

    def _run_once(self, job: str, reason: str, end: datetime | None) -> str:
        window = (end - WEEK, end) if end is not None else None
        run = self.journal.start(job, reason, window=window)
        about = f"{reason}, {window_text(*window)}" if window else reason
        log.info("%s job started (%s)", job, about)
        try:
            report = self.jobs[job](until=end) if end is not None else self.jobs[job]()
        except Exception as exc:
            log.exception("%s job failed: %s (%s)", job, exc, about)
            self.journal.finish(run, "failed", error=f"{type(exc).__name__}: {exc}")
            return "failed"
        counts = counts_of(report)
        incomplete = getattr(report, "incomplete", None)  # RunReport: one line on what was left pending
        result = "interrupted" if cancel.stop_requested() else "incomplete" if incomplete else "ok"
        error = error_of(report)  # what was left pending, else the run's errors: never a bare count
        self.journal.finish(
            run, result, counts, error=error, window=window_of(report), wrote=wrote_of(report)
        )
        ended = "incomplete" if result == "incomplete" else "finished" if result == "ok" else "stopped early"
        if error:
            log.warning("%s job %s: %s (%s; %s)", job, ended, error, counts, about)
        else:
            log.info("%s job %s: %s (%s)", job, ended, counts, about)
        return result

    def catch_up(self, reason: str = "catchup") -> list[str]:
        """Queue a run now of every job that missed its most recent scheduled time; returns their names."""
        now = datetime.now(self.tz)
        last = {job: self.journal.covered_until(job) for job in self.triggers}
        missed = missed_jobs(
            self.triggers, now, last, backlog_for(self.episodes, self.activity, self.triggers, now)
        )
        for job in missed:
            log.info("%s job missed its last scheduled time; running it once now (%s)", job, reason)
            self.scheduler.add_job(
                self.run_job,
                args=(job, reason),
                id=f"{job}-{reason}",
                name=f"{job} {reason}",
                replace_existing=True,
                misfire_grace_time=None,
            )
        return missed

    # -- heartbeat, state, shutdown
    def heartbeat(self) -> bool:
        """Detect a wake from sleep (wall clock ran ahead of the monotonic clock); returns True if so."""
        wall, mono = self.wall(), self.mono()
        woke = False
        if self._clock is not None:
            jump = (wall - self._clock[0]) - (mono - self._clock[1])
            if jump > self.options.wake_threshold:
                log.info(
                    "wall clock jumped %.0f s ahead (resume from sleep?); checking for missed runs", jump
                )
                self.catch_up("wake")
                woke = True
        self._clock = (wall, mono)
        self.write_state()
        return woke

    def write_state(self) -> None:
        """Write `.memdir/daemon/state.json` for `memdir status`."""
        now = datetime.now(self.tz)
        sched = self.schedule
        state = JsonState(state_path(self.root))
        state.data = {
            "pid": os.getpid(),
            "started_at": self.started_at.isoformat(),
            "heartbeat_at": utcnow().isoformat(),
            "schedule": {"daily": sched.daily, "weekly": sched.weekly, "timezone": str(self.tz)},
            "next_run": {
                job: (t.isoformat() if (t := next_fire_time(trig, now)) else None)
                for job, trig in self.triggers.items()
            },
            "running": [job for job, g in self._guards.items() if g.locked()],
            "watcher": self.watcher is not None,
            "log": str(log_path(self.root)),
        }
        try:
            state.save()
        except (OSError, MemdirError) as exc:
            log.warning("cannot write the daemon state file: %s", exc)

    def request_stop(self, signum: int | None = None, frame: FrameType | None = None) -> None:
        """Stop the scheduler (safe from a signal handler); running jobs get `grace` seconds."""
        if self._stopping.is_set():
            return
        log.info("stopping (%s)", signal.Signals(signum).name if signum else "requested")
        self._stopping.set()
        cancel.request_stop()
        self._shutdown_scheduler()

    def _shutdown_scheduler(self) -> None:
        if self.scheduler.running:
            try:
                self.scheduler.shutdown(wait=False)
            except SchedulerNotRunningError:  # stopped in between (signal handler vs. start listener)
                pass

    def _on_scheduler_started(self, event: SchedulerEvent) -> None:
        """A stop requested after the last check but before the scheduler ran would block it forever."""
        if self._stopping.is_set():
            self._shutdown_scheduler()

    def _start_watcher(self) -> None:
        if not self.options.watch or self.index is None:
            log.info("live index watcher disabled")
            return
        try:
            from memdir.index.watcher import IndexWatcher
        except ImportError:
            log.warning("live index off: memdir.index.watcher is not available")
            return
        try:
            watcher = IndexWatcher(self.index)
            watcher.start()
        except Exception as exc:
            log.exception("live index off: the watcher did not start (%s)", exc)
            return
        self.watcher = watcher
        log.info("live index watcher started")
        watcher.notice(full=True)  # index what changed while no daemon ran (and warm the index up)

    def _stop_watcher(self, deadline: float) -> None:
        """Join the watcher: a sync cut off mid-write would leave a temp file behind."""
        if self.watcher is None:
            return
        try:
            if not self.watcher.stop(timeout=max(WATCHER_STOP_TIMEOUT, deadline - time.monotonic())):
                log.warning("the live index sync was still running at exit; the next sync redoes it")
        except Exception as exc:
            log.warning("index watcher did not stop cleanly: %s", exc)

    def _wait_for_jobs(self, deadline: float) -> bool:
        with self._active_cond:
            while self._active and (left := deadline - time.monotonic()) > 0:
                self._active_cond.wait(left)
            return self._active == 0

    def run(self) -> int:
        """Take the lock, schedule, catch up, and block until stopped; returns the exit code (0)."""
        if not self.root.is_dir():
            raise ConfigError(f"no memory root at {self.root}: create it with `memdir init {self.root}`")
        cancel.reset()
        # Handlers first: a SIGTERM that arrives as soon as the lock is visible must stop us cleanly.
        previous = {sig: signal.signal(sig, self.request_stop) for sig in (signal.SIGTERM, signal.SIGINT)}
        try:
            return self._serve()
        finally:
            for sig, old in previous.items():
                signal.signal(sig, old)

    def _serve(self) -> int:
        """Hold the daemon lock and run the scheduler until stopped."""
        self.lock.acquire()
        handler = setup_daemon_logging(self.root, zone=self.tz)
        try:
            log.info(
                "daemon started for %s (pid %d, CPU niceness %d)",
                self.root,
                os.getpid(),
                os.getpriority(os.PRIO_PROCESS, 0),
            )
            for job, trig in self.triggers.items():
                self.scheduler.add_job(
                    self.run_job,
                    trig,
                    args=(job, "scheduled"),
                    id=job,
                    name=f"{job} consolidation",
                    replace_existing=True,
                )
                log.info(
                    "%s job scheduled: %s (next %s)", job, trig, next_fire_time(trig, datetime.now(self.tz))
                )
            self.scheduler.add_job(
                self.heartbeat,
                IntervalTrigger(seconds=self.options.heartbeat),
                id="heartbeat",
                name="heartbeat",
                misfire_grace_time=None,
            )
            self.heartbeat()
            self.catch_up("catchup")
            self._start_watcher()
            self.write_state()
            if not self._stopping.is_set():
                self.scheduler.start()  # blocks until shutdown (see _on_scheduler_started)
            deadline = time.monotonic() + self.options.grace
            if self.watcher is not None:  # its sync stops at the next batch while the jobs finish
                self.watcher.request_stop()
            finished = self._wait_for_jobs(deadline)
            self._stop_watcher(deadline)
            if not finished:
                log.warning(
                    "a job was still running after %.0f s; exiting anyway "
                    "(its journal lets the next run complete the work)",
                    self.options.grace,
                )
                teardown_daemon_logging(handler)
                self.lock.release()
                os._exit(0)  # worker threads are not daemonic; do not wait for them
            log.info("daemon stopped")
            return 0
        finally:
            teardown_daemon_logging(handler)
            self.lock.release()
