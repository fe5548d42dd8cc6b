"""Advisory OS file locks (fcntl) that die with the process that holds them."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path

from memdir.confined import anchor_of, open_folder, split_file
from memdir.errors import LockError, PathError, StoreWriteError


def _open_lock(path: Path) -> int:
    """Open (creating) a lock file, confined like every write (no link followed below the root).

    On a read-only root fall back to an existing lock file (flock works on a read-only
    descriptor too), else StoreWriteError.
    """
    base = anchor_of(path)
    folder, name = split_file(base, path)
    try:
        with open_folder(base, folder) as f:
            return f.open_file(name, os.O_RDWR | os.O_CREAT)
    except PathError:
        raise
    except (OSError, StoreWriteError) as exc:
        first = exc
    try:
        with open_folder(base, folder, create=False) as f:
            return f.open_file(name, os.O_RDONLY)
    except PathError:
        raise
    except (OSError, StoreWriteError):
        cause = first if isinstance(first, OSError) else OSError(first.errno, str(first))
        raise StoreWriteError(str(path), cause) from None


@contextlib.contextmanager
def file_lock(path: Path, timeout: float = 30.0, shared: bool = False) -> Iterator[int]:
    """Hold an exclusive (or shared) flock on path, waiting up to timeout seconds."""
    fd = _open_lock(path)
    try:
        mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
        deadline = time.monotonic() + timeout
        delay = 0.002
        while True:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() >= deadline:
                    raise LockError(f"timed out waiting for lock {path}") from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        yield fd
    finally:
        os.close(fd)  # closing releases the lock


def try_lock(path: Path) -> int | None:
    """Take an exclusive flock without waiting; return the open fd, or None if held elsewhere."""
    fd = _open_lock(path)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd
