"""The daemon as a real process: catch-up, one per root, SIGTERM, kill -9, failing jobs, detach."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from test_daemon_helpers import calls

from memdir.daemon.lock import running_pid
from memdir.daemon.runs import RunJournal
from memdir.runs.state import EpisodeState

REPO = Path(__file__).resolve().parent.parent
FAKES = "tests.test_daemon_helpers"
pytestmark = pytest.mark.slow


def wait_for(
    pred: Callable[[], Any], timeout: float = 20.0, proc: subprocess.Popen[str] | None = None
) -> Any:
    """Poll pred until it is truthy; fail early (with the daemon's output) if the daemon exited."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        if proc is not None and proc.poll() is not None:
            out, err = proc.communicate()
            pytest.fail(f"daemon exited with {proc.returncode}: {out}\n{err}")
        time.sleep(0.05)
    pytest.fail("condition not reached in time")


@pytest.fixture
def start_daemon(root: Path) -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """Start `memdir daemon --foreground` with fake jobs, no watcher, a 1 s heartbeat; kill leftovers."""
    procs: list[subprocess.Popen[str]] = []

    def _start(wait: bool = True, **env: str) -> subprocess.Popen[str]:
        full = {
            **os.environ,
            "MEMDIR_ROOT": str(root),
            "MEMDIR_DAEMON_WATCH": "0",
            "MEMDIR_DAEMON_HEARTBEAT": "1",
            "MEMDIR_TIMEZONE": "UTC",
            "MEMDIR_DAEMON_JOB_DAILY": f"{FAKES}:fake_daily",
            "MEMDIR_DAEMON_JOB_WEEKLY": f"{FAKES}:fake_weekly",
            **env,
        }
        proc = subprocess.Popen(
            [sys.executable, "-m", "memdir.cli.main", "--root", str(root), "daemon", "--foreground"],
            cwd=REPO,
            env=full,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        procs.append(proc)
        if wait:
            wait_for(lambda: running_pid(root) == proc.pid, proc=proc)
        return proc

    yield _start
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=10)


def add_episodes(root: Path, day: datetime, n: int) -> None:
    from memdir import Memory

    mem = Memory(root)
    for i in range(n):
        mem.add_episode(
            f"Episode {i} of {day.date()}: fixed a thing and wrote it down.", at=day + timedelta(minutes=i)
        )


def pending(root: Path) -> int:
    from memdir import Memory

    mem = Memory(root)
    state = EpisodeState(root)
    return sum(1 for ep in mem.episodes.iter_episodes() if state.is_pending(ep.id, ep.hash))


def status(run_cli: Callable[..., subprocess.CompletedProcess[str]]) -> dict[str, Any]:
    res = run_cli("status", "--json")
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)  # type: ignore[no-any-return]


# Stopping mid-run takes 0.4 s on a quiet box and 2.3 s with four busy loops on its two cores; a CI rehearsal
# beside a weekly benchmark once took more than 10 s. 30 s still fails a daemon that does not stop.
STOP_WITHIN = 30.0


def stop(proc: subprocess.Popen[str], timeout: float = STOP_WITHIN) -> tuple[int, float]:
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(timeout)
    return code, time.monotonic() - t0


def test_catch_up_after_three_days_off_then_refuses_a_second_daemon(
    root: Path,
    start_daemon: Callable[..., subprocess.Popen[str]],
    run_cli: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    now = datetime.now(timezone.utc)
    journal = RunJournal(root)  # last runs: daily 4 days ago, weekly 10 days ago (a Sunday was missed)
    for job, ago in (("daily", 4), ("weekly", 10)):
        t = now - timedelta(days=ago)
        journal.finish(journal.start(job, "scheduled", now=t), "ok", now=t + timedelta(seconds=1))
    for ago in (3, 2, 1):
        add_episodes(root, (now - timedelta(days=ago)).replace(hour=10, minute=0), 2)
    assert pending(root) == 6

    proc = start_daemon()
    wait_for(lambda: pending(root) == 0 and len(calls(root, "weekly")) == 1, proc=proc)
    time.sleep(1.5)  # a heartbeat later: still exactly one run of each
    assert len(calls(root, "daily")) == 1 and len(calls(root, "weekly")) == 1

    data = status(run_cli)
    assert data["daemon"]["running"] is True and data["daemon"]["pid"] == proc.pid
    assert data["jobs"]["daily"]["last_run"]["result"] == "ok"
    assert data["jobs"]["daily"]["last_run"]["reason"] == "catchup"
    assert data["jobs"]["daily"]["last_run"]["counts"]["processed"] == 6
    assert data["jobs"]["daily"]["next_run"].endswith("03:00:00+00:00")
    assert data["pending_episodes"] == 0

    second = run_cli("daemon", "--foreground", timeout=30)
    assert second.returncode == 1
    assert f"pid {proc.pid}" in second.stderr and "already running" in second.stderr
    assert "Traceback" not in second.stderr

    code, took = stop(proc)
    assert code == 0 and took < STOP_WITHIN
    assert running_pid(root) is None
    assert run_cli("status", "--json").returncode == 0


def test_no_catch_up_on_an_empty_root(root: Path, start_daemon: Callable[..., subprocess.Popen[str]]) -> None:
    proc = start_daemon()
    time.sleep(1.5)
    assert calls(root) == []
    assert stop(proc)[0] == 0


def test_sigterm_mid_consolidation_then_next_run_completes(
    root: Path,
    start_daemon: Callable[..., subprocess.Popen[str]],
    run_cli: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    add_episodes(root, (datetime.now(timezone.utc) - timedelta(days=2)).replace(hour=9), 12)
    proc = start_daemon(MEMDIR_TEST_DELAY="0.4")
    wait_for(lambda: pending(root) <= 10, proc=proc)  # two episodes done, the run is mid-way
    code, took = stop(proc)
    assert code == 0 and took < STOP_WITHIN
    left = pending(root)
    assert 0 < left < 12  # stopped at a safe point: what was done stays done
    last = status(run_cli)["jobs"]["daily"]["last_run"]
    assert last["result"] == "interrupted" and last["counts"]["pending"] == left
    log = (root / ".memdir" / "logs" / "daemon.log").read_text(encoding="utf-8")
    assert "stopping (SIGTERM)" in log and "daemon stopped" in log

    proc = start_daemon()  # the next start catches up and finishes the work
    wait_for(lambda: pending(root) == 0, proc=proc)
    wait_for(lambda: (RunJournal(root).last_run("daily") or {}).get("result") == "ok", proc=proc)
    assert RunJournal(root).last_run("daily")["counts"]["processed"] == left  # type: ignore[index]
    assert stop(proc)[0] == 0


def test_sigterm_with_a_job_that_ignores_the_stop_flag_still_exits_in_time(
    root: Path, start_daemon: Callable[..., subprocess.Popen[str]]
) -> None:
    add_episodes(root, (datetime.now(timezone.utc) - timedelta(days=2)).replace(hour=9), 1)
    proc = start_daemon(MEMDIR_DAEMON_JOB_DAILY=f"{FAKES}:stubborn_job", MEMDIR_DAEMON_GRACE="2")
    wait_for(lambda: calls(root, "stubborn"), proc=proc)
    code, took = stop(proc)
    assert code == 0 and took < 10  # a 2 s grace, then out
    log = (root / ".memdir" / "logs" / "daemon.log").read_text(encoding="utf-8")
    assert "still running after 2 s" in log


def test_kill_9_then_a_new_daemon_starts_and_finishes_the_run(
    root: Path,
    start_daemon: Callable[..., subprocess.Popen[str]],
    run_cli: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    add_episodes(root, (datetime.now(timezone.utc) - timedelta(days=2)).replace(hour=9), 6)
    proc = start_daemon(MEMDIR_TEST_DELAY="0.4")
    wait_for(lambda: pending(root) <= 5, proc=proc)
    proc.kill()
    proc.wait(10)
    assert status(run_cli)["jobs"]["daily"]["last_run"]["result"] == "interrupted"
    assert status(run_cli)["daemon"]["running"] is False

    new = start_daemon()  # no manual cleanup: the kernel dropped the lock with the process
    assert running_pid(root) == new.pid
    wait_for(lambda: pending(root) == 0, proc=new)
    wait_for(lambda: status(run_cli)["jobs"]["daily"]["last_run"]["result"] == "ok", proc=new)
    assert stop(new)[0] == 0


def test_a_failing_job_does_not_stop_the_daemon(
    root: Path,
    start_daemon: Callable[..., subprocess.Popen[str]],
    run_cli: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    proc = start_daemon(MEMDIR_SCHEDULE_DAILY="every 1s", MEMDIR_DAEMON_JOB_DAILY=f"{FAKES}:failing_job")
    wait_for(lambda: len(calls(root, "failing")) >= 3, proc=proc)  # it keeps firing after failures
    assert proc.poll() is None
    # a run every second: status may catch the next one "running" (seen on a loaded CI box), so wait for a
    # status that shows a finished run
    data = wait_for(
        lambda: (d := status(run_cli))["jobs"]["daily"]["last_run"].get("result") != "running" and d,
        proc=proc,
    )
    last = data["jobs"]["daily"]["last_run"]
    assert last["result"] == "failed" and "boom" in last["error"]
    assert data["jobs"]["daily"]["schedule"] == "every 1s"
    log = (root / ".memdir" / "logs" / "daemon.log").read_text(encoding="utf-8")
    assert "daily job failed: boom" in log and "Traceback" in log
    assert stop(proc)[0] == 0


def test_detached_daemon_prints_its_pid_and_stops(
    root: Path, run_cli: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    env = {
        "MEMDIR_DAEMON_WATCH": "0",
        "MEMDIR_DAEMON_JOB_DAILY": f"{FAKES}:fake_daily",
        "MEMDIR_DAEMON_JOB_WEEKLY": f"{FAKES}:fake_weekly",
    }
    res = run_cli("daemon", env=env, timeout=60)
    try:
        assert res.returncode == 0, res.stderr
        pid = running_pid(root)
        assert pid is not None and f"pid {pid}" in res.stdout
        again = run_cli("daemon", env=env, timeout=60)
        assert again.returncode == 1 and f"pid {pid}" in again.stderr
    finally:
        stopped = run_cli("daemon", "--stop", timeout=60)
    assert stopped.returncode == 0 and "stopped" in stopped.stdout
    assert running_pid(root) is None
    assert "no daemon is running" in run_cli("daemon", "--stop").stdout


def test_a_bad_schedule_is_one_line_and_exit_1(
    root: Path, run_cli: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    res = run_cli("daemon", "--foreground", env={"MEMDIR_SCHEDULE_DAILY": "25:00"}, timeout=60)
    assert res.returncode == 1
    assert res.stderr.strip().splitlines() == [
        "error: invalid schedule time '25:00': use HH:MM between 00:00 and 23:59"
    ]
    assert running_pid(root) is None
    assert (
        run_cli("status", "--json", env={"MEMDIR_SCHEDULE_DAILY": "25:00"}).returncode == 0
    )  # status still reports


def test_no_daemon_for_a_missing_root(
    tmp_path: Path, run_cli: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    missing = tmp_path / "nowhere"
    for args in (("daemon", "--foreground"), ("daemon",)):
        res = run_cli("--root", str(missing), *args, timeout=60)
        assert res.returncode == 1 and "no memory root" in res.stderr and "memdir init" in res.stderr
    assert not missing.exists()


def test_the_daemon_runs_at_lower_cpu_priority_unless_configured_off(
    root: Path, start_daemon: Callable[..., subprocess.Popen[str]]
) -> None:
    base = os.getpriority(os.PRIO_PROCESS, 0)
    proc = start_daemon()
    assert os.getpriority(os.PRIO_PROCESS, proc.pid) == min(19, base + 10)
    assert stop(proc)[0] == 0
    proc = start_daemon(MEMDIR_DAEMON_NICE="0")
    assert os.getpriority(os.PRIO_PROCESS, proc.pid) == base
    assert stop(proc)[0] == 0
