"""CLI: memdir daemon [--foreground | --stop]."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import click

from memdir.cli.common import CliState, echo_json, exclusive, json_option, pass_state, say
from memdir.errors import LockError, MemdirError

START_WAIT = 20.0  # seconds to wait for a detached daemon to take its lock
STOP_WAIT = 15.0


def _detach(state: CliState) -> int:
    """Start `memdir daemon --foreground` in a new session; wait until it holds the lock; return its pid."""
    from memdir.daemon.lock import daemon_dir, running_pid

    root = state.memory.root
    pid = running_pid(root)
    if pid:
        raise LockError(f"a memdir daemon is already running for {root} (pid {pid})", pid=pid)
    out_path = daemon_dir(root) / "daemon.out"
    cmd = [sys.executable, "-m", "memdir.cli.main", "--root", str(root), "daemon", "--foreground"]
    try:
        out_path.parent.mkdir(parents=True, exist_ok=True)
        out = open(out_path, "ab")  # noqa: SIM115 - closed below, after the child has its copy
    except OSError as exc:  # a read-only root: one sentence, not the raw OSError
        raise MemdirError(
            f"cannot start the daemon: cannot write {out_path} ({exc.strerror or exc}); "
            "the daemon keeps its lock, logs and runs in .memdir/, which must be writable"
        ) from None
    with out:
        proc = subprocess.Popen(
            cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=out, start_new_session=True, close_fds=True
        )
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = out_path.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-1:]
            raise MemdirError(f"the daemon exited at start (code {proc.returncode}): {' '.join(tail)}")
        if running_pid(root) == proc.pid:
            return proc.pid
        time.sleep(0.1)
    raise MemdirError(f"the daemon (pid {proc.pid}) did not start within {START_WAIT:.0f} s; see {out_path}")


def _stop(state: CliState) -> int | None:
    """Stop the root's daemon and wait; returns its pid, or None when none was running."""
    from memdir.daemon.lock import running_pid

    root = state.memory.root
    pid = running_pid(root)
    if not pid or pid < 0:
        return None
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_WAIT
    while time.monotonic() < deadline:
        if running_pid(root) is None:
            return pid
        time.sleep(0.1)
    raise MemdirError(f"the daemon (pid {pid}) did not stop within {STOP_WAIT:.0f} s")


@click.command("daemon")
@click.option("--foreground", is_flag=True, help="Run in this process (for systemd, containers, debugging).")
@click.option("--stop", is_flag=True, help="Stop the daemon running for this root (SIGTERM) and wait.")
@json_option("Print {started, pid, log} (start), {stopped, pid} (--stop) or {exit_code} (--foreground).")
@pass_state
def daemon_cmd(state: CliState, foreground: bool, stop: bool, as_json: bool) -> None:
    """Run the scheduled daily and weekly consolidation, catch-up and live index.

    Without --foreground the daemon detaches (new session, output in .memdir/daemon/daemon.out,
    log in .memdir/logs/daemon.log) and its pid is printed. One daemon per root.

    \b
    Example:
      memdir --root ~/memory daemon
      memdir --root ~/memory daemon --foreground
      memdir --root ~/memory daemon --stop
    """
    exclusive(foreground=foreground, stop=stop)
    if stop:
        stopped = _stop(state)
        if as_json:
            echo_json({"stopped": stopped is not None, "pid": stopped})
        elif stopped is None:
            say(f"no daemon is running for {state.memory.root}")
        else:
            say(f"daemon stopped (pid {stopped})")
        return
    if not foreground:
        pid = _detach(state)
        log = str(state.memory.root / ".memdir" / "logs" / "daemon.log")
        if as_json:
            echo_json({"started": True, "pid": pid, "log": log})
        else:
            say(f"daemon started (pid {pid}); log: {log}")
        return
    from memdir.daemon.service import lower_priority

    lower_priority(state.memory.config.daemon.nice)
    code = state.memory.daemon().run()
    if as_json:
        echo_json({"exit_code": code})
    sys.exit(code)


COMMANDS: list[click.Command] = [daemon_cmd]
