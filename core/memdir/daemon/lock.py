"""One daemon per root: an fcntl lock on `.memdir/daemon/daemon.lock` that dies with its process.

The lock file also holds the pid of the daemon that owns it; `daemon.pid` is a copy for tools.
After a kill -9 the kernel drops the lock, so a new daemon starts without cleanup.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import time
from pathlib import Path

from memdir.confined import write_atomic
from memdir.errors import LockError
from memdir.locks import try_lock
from memdir.paths import STATE_DIR


def daemon_dir(root: Path) -> Path:
    """`.memdir/daemon/` under the root."""
    return Path(root) / STATE_DIR / "daemon"


def _read_pid(path: Path) -> int | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


class DaemonLock:
    """The single-instance lock of one root (not reentrant; one holder per process)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.path = daemon_dir(self.root) / "daemon.lock"
        self.pid_path = daemon_dir(self.root) / "daemon.pid"
        self._fd: int | None = None

    def acquire(self, wait: float = 0.5) -> None:
        """Take the lock, or raise LockError naming the pid of the daemon that holds it."""
        deadline = time.monotonic() + wait  # a brief wait lets a `status` probe release it
        while True:
            fd = try_lock(self.path)
            if fd is not None:
                break
            if time.monotonic() >= deadline:
                pid = _read_pid(self.path)
                who = f"pid {pid}" if pid else "unknown pid"
                raise LockError(f"a memdir daemon is already running for {self.root} ({who})", pid=pid)
            time.sleep(0.05)
        line = str(os.getpid()).encode("ascii") + b"\n"
        os.ftruncate(fd, 0)
        os.pwrite(fd, line, 0)
        write_atomic(self.pid_path, line)  # confined like every write: never through a link
        self._fd = fd

    def release(self) -> None:
        """Drop the lock and the pid file."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            if _read_pid(self.pid_path) == os.getpid():
                self.pid_path.unlink()
        os.close(self._fd)
        self._fd = None


def running_pid(root: Path) -> int | None:
    """The pid of the daemon running for this root, or None (probes the lock; never blocks)."""
    path = daemon_dir(Path(root)) / "daemon.lock"
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES):
                raise
            return _read_pid(path) or -1
        return None
    finally:
        os.close(fd)
