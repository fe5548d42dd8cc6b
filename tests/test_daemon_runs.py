"""The daemon in-process: lock, run records, failing jobs, wake detection, status sections."""

from __future__ import annotations

import os
import threading
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memdir.daemon import cancel
from memdir.daemon.lock import DaemonLock, running_pid
from memdir.daemon.runs import RunJournal, counts_of, job_lock_path
from memdir.daemon.service import Daemon, DaemonOptions, jobs_from_env
from memdir.errors import ConfigError, LockError
from memdir.locks import file_lock
from memdir.runs.report import RunReport


def _daemon(mem: Any, **jobs: Any) -> Daemon:
    base = {"daily": lambda m: RunReport(job="daily"), "weekly": lambda m: RunReport(job="weekly")}
    return mem.daemon(jobs={**base, **jobs}, options=DaemonOptions(watch=False, heartbeat=1))


def test_second_lock_names_the_holder_pid(root: Path) -> None:
    first = DaemonLock(root)
    first.acquire()
    try:
        assert running_pid(root) == os.getpid()
        with pytest.raises(LockError, match=f"pid {os.getpid()}") as info:
            DaemonLock(root).acquire(wait=0.1)
        assert info.value.pid == os.getpid()
    finally:
        first.release()
    assert running_pid(root) is None
    again = DaemonLock(root)
    again.acquire()  # released locks can be taken again, no cleanup needed
    again.release()


def test_failing_job_is_recorded_and_does_not_raise(mem: Any, caplog: pytest.LogCaptureFixture) -> None:
    def boom(m: Any) -> None:
        raise RuntimeError("disk on fire")

    daemon = _daemon(mem, daily=boom)
    assert daemon.run_job("daily", "manual") == "failed"
    assert "daily job failed: disk on fire" in caplog.text
    last = RunJournal(mem.root).last_run("daily")
    assert last is not None and last["result"] == "failed" and "disk on fire" in last["error"]
    assert RunJournal(mem.root).last_success("daily") is None
    # the next run still happens and succeeds
    daemon.jobs["daily"] = lambda: RunReport(job="daily", processed=3, created=["knowledge/a.md"])
    assert daemon.run_job("daily", "manual") == "ok"
    jobs = mem.status()["jobs"]
    assert jobs["daily"]["last_run"]["result"] == "ok"
    assert jobs["daily"]["last_run"]["counts"]["processed"] == 3
    assert jobs["daily"]["last_run"]["counts"]["created"] == 1
    assert [r["result"] for r in RunJournal(mem.root).history("daily")] == ["failed", "ok"]


def test_job_skips_while_another_process_holds_its_run_lock(mem: Any) -> None:
    called = []
    daemon = _daemon(mem, daily=lambda m: called.append(1))
    with file_lock(job_lock_path(mem.root, "daily"), timeout=1):  # what a CLI consolidate holds
        assert daemon.run_job("daily", "manual") == "skipped"
    assert called == []
    assert job_lock_path(mem.root, "daily").name == "daily.lock"
    assert daemon.run_job("daily", "manual") == "ok" and called == [1]


def test_same_job_never_runs_twice_at_once(mem: Any) -> None:
    entered, release = threading.Event(), threading.Event()

    def slow(m: Any) -> None:
        entered.set()
        release.wait(5)

    daemon = _daemon(mem, daily=slow)
    t = threading.Thread(target=daemon.run_job, args=("daily", "manual"))
    t.start()
    assert entered.wait(5)
    assert daemon.run_job("daily", "manual") == "skipped"
    release.set()
    t.join(5)
    assert RunJournal(mem.root).last_run("daily")["result"] == "ok"  # type: ignore[index]


def test_heartbeat_detects_wake_from_sleep(mem: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    daemon = _daemon(mem)
    clock = {"wall": 1_000_000.0, "mono": 50.0}
    daemon.wall = lambda: clock["wall"]
    daemon.mono = lambda: clock["mono"]
    seen: list[str] = []
    monkeypatch.setattr(daemon, "catch_up", lambda reason="catchup": seen.append(reason) or [])
    assert daemon.heartbeat() is False
    clock["wall"] += 60
    clock["mono"] += 60  # a normal minute
    assert daemon.heartbeat() is False
    clock["wall"] += 3 * 86400 + 60  # three days asleep: the monotonic clock stood still
    clock["mono"] += 60
    assert daemon.heartbeat() is True
    assert seen == ["wake"]


def test_status_reports_an_interrupted_run(mem: Any) -> None:
    journal = RunJournal(mem.root)
    journal.start("daily", "scheduled")  # the process died before finish()
    status = mem.status()
    assert status["daemon"]["running"] is False
    assert status["jobs"]["daily"]["last_run"]["result"] == "interrupted"
    assert status["jobs"]["daily"]["next_run"] is not None


def test_job_override_from_env_and_bad_reference() -> None:
    jobs = jobs_from_env({"MEMDIR_DAEMON_JOB_DAILY": "os.path:basename"})
    assert jobs == {"daily": os.path.basename}  # only the overrides; Memory.daemon() fills in the defaults
    with pytest.raises(ConfigError, match="MEMDIR_DAEMON_JOB_WEEKLY"):
        jobs_from_env({"MEMDIR_DAEMON_JOB_WEEKLY": "no.such.module:thing"})
    with pytest.raises(ConfigError):
        DaemonOptions.from_env({"MEMDIR_DAEMON_GRACE": "soon"})


def test_counts_of_report() -> None:
    report = RunReport(job="daily", processed=4, created=["a", "b"], errors=["x"])
    assert counts_of(report) == {
        "processed": 4,
        "created": 2,
        "updated": 0,
        "review": 0,
        "archived": 0,
        "skipped": 0,
        "pending": 0,
        "errors": 1,
    }
    assert counts_of(None) == {}


def test_scheduled_run_skips_when_already_done_since_last_fire(mem: Any) -> None:
    called = []
    daemon = _daemon(mem, daily=lambda m: called.append(1))
    journal = RunJournal(mem.root)
    now = datetime.now(daemon.tz)
    journal.finish(journal.start("daily", "catchup", now=now), "ok", now=now + timedelta(seconds=1))
    assert daemon.run_job("daily", "scheduled") == "skipped"
    assert daemon.run_job("daily", "manual") == "ok"
    assert called == [1]


def test_a_stop_requested_just_before_the_scheduler_starts_still_stops_it(mem: Any) -> None:
    """SIGTERM landing between the last stop check and the scheduler's start must not leave it blocked."""
    daemon = _daemon(mem)
    real_start = daemon.scheduler.start

    def start_after_a_stop_request(*args: Any, **kwargs: Any) -> None:
        daemon.request_stop()  # the signal arrives here: after the check, before the scheduler runs
        real_start(*args, **kwargs)

    daemon.scheduler.start = start_after_a_stop_request  # type: ignore[method-assign]
    hung: list[bool] = []

    def rescue() -> None:  # without the fix the scheduler would block this test forever
        hung.append(True)
        daemon.scheduler.shutdown(wait=False)

    timer = threading.Timer(10.0, rescue)
    timer.start()
    try:
        assert daemon.run() == 0
    finally:
        timer.cancel()
        cancel.reset()  # the process-wide stop flag: later tests run jobs in this process
    assert hung == []
    assert running_pid(mem.root) is None
