"""Atomic file writes: a temp file beside the target, fsync, `os.replace`; and the temp-file rules.

A write never leaves half a file: a crash leaves the old file or the new one. Temp files carry
TMP_MARK and the writer's pid, so a later write (or a sweep) removes those of a dead writer.
The NoteStore, the index catalog, the run journal and the JSON state all write through here.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memdir.errors import StoreWriteError

log = logging.getLogger(__name__)

TMP_MARK = ".memdir-tmp-"


def is_temp_name(name: str) -> bool:
    """True for our own temp files and common editor swap/backup files."""
    return (
        TMP_MARK in name
        or name.startswith((".#", "~"))
        or name.endswith(("~", ".swp", ".swx", ".tmp", ".part"))
    )


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_if_stale(path: Path) -> bool:
    """Unlink one of our temp files if the process that wrote it is gone; True if removed."""
    pid_part = path.name.rsplit(TMP_MARK, 1)[1].split("-", 1)[0]
    if not pid_part.isdigit() or int(pid_part) == os.getpid() or _pid_alive(int(pid_part)):
        return False
    try:
        os.unlink(path)
    except OSError:
        return False
    return True


def sweep_stale_temp_files(folder: Path, name: str | None = None) -> int:
    """Remove our temp files in folder (for `name` only, if given) left by processes that died (kill -9)."""
    prefix = f".{name}{TMP_MARK}" if name else None
    removed = 0
    try:
        entries = os.listdir(folder)
    except OSError:
        return 0
    for entry in entries:
        if TMP_MARK in entry and (not prefix or entry.startswith(prefix)):
            removed += remove_if_stale(folder / entry)
    if removed:
        log.info("removed %d stale temp file(s) in %s", removed, folder)
    return removed


def _load_renameat2() -> Any:
    try:
        import ctypes

        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return fn


_RENAMEAT2 = _load_renameat2()


def exchange_paths(a: Path, b: Path) -> bool:
    """Atomically swap two existing paths (Linux RENAME_EXCHANGE); False where that is unsupported."""
    if _RENAMEAT2 is None:
        return False
    import ctypes

    if _RENAMEAT2(-100, os.fsencode(a), -100, os.fsencode(b), 2) == 0:  # AT_FDCWD, RENAME_EXCHANGE
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EXDEV):
        return False
    raise OSError(err, os.strerror(err), str(b))


def atomic_write_bytes(
    target: Path,
    data: bytes,
    check: Callable[[], None] | None = None,
    verify_displaced: Callable[[bytes], None] | None = None,
) -> None:
    """Write data to target atomically: temp file beside it, fsync, os.replace, fsync the folder.

    `check`, if given, runs just before the replace; an exception from it aborts the write.
    `verify_displaced`, if given, gets the bytes the write displaced (the file is swapped in
    atomically where the OS can); if it raises, the displaced file is put back and nothing changes.
    """
    tmp = target.parent / f".{target.name}{TMP_MARK}{os.getpid()}-{secrets.token_hex(4)}"
    keep_tmp = False  # True while tmp holds someone else's content: never delete it then
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        if check is not None:
            check()
        if verify_displaced is not None and target.exists() and exchange_paths(tmp, target):
            keep_tmp = True  # tmp now holds what target held an instant ago
            try:
                verify_displaced(tmp.read_bytes())
            except BaseException:
                exchange_paths(tmp, target)  # put the other writer's version back
                keep_tmp = False
                raise
            keep_tmp = False
            tmp.unlink()
        else:
            os.replace(tmp, target)
    except OSError as exc:
        if not keep_tmp:
            with contextlib.suppress(OSError):
                tmp.unlink()
        raise StoreWriteError(str(target), exc) from None
    except BaseException:
        if not keep_tmp:
            with contextlib.suppress(OSError):
                tmp.unlink()
        raise
    with contextlib.suppress(OSError):
        dfd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    sweep_stale_temp_files(target.parent, target.name)  # litter of an earlier write killed mid-way
