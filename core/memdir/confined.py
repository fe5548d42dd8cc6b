"""The confined file layer: every write and append below a memory root goes through here.

A path is never handed to the OS as a whole. `open_folder(root, "knowledge/sub")` opens the root,
then each folder on the way with `O_NOFOLLOW | O_DIRECTORY` relative to the one before
(openat-style), creating missing ones with `mkdirat`; a symlink anywhere on the way is refused
(`PathError`), so is a symlink, a FIFO or a device as the file itself. Writes then name files
relative to that folder's descriptor (`O_NOFOLLOW`, `renameat`), so the check and the write are
the same lookup: a folder swapped for a symlink after the walk does not redirect the write, it
lands in the folder that was walked (or the write fails). Appends refuse a file with other hard
links (`st_nlink > 1`): appending to it would write into a file elsewhere.

The root itself is trusted as given (it may be a symlink, e.g. `/tmp` on macOS). Links that stay
inside the root are still readable (the store and the index follow them to read); memdir only
refuses to write through them.

Temp files of atomic writes carry TMP_MARK and the writer's pid, so a later write (or a sweep)
removes those of a dead writer.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from memdir.errors import PathError, StoreWriteError

log = logging.getLogger(__name__)

TMP_MARK = ".memdir-tmp-"
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
STATE_DIR = ".memdir"


def anchor_of(path: Path) -> Path:
    """The root a derived-state path belongs to (the folder holding its `.memdir`), else its folder."""
    parts = path.parts
    for i in range(len(parts) - 1, 0, -1):
        if parts[i] == STATE_DIR:
            return Path(*parts[:i])
    return path.parent


def _parts(rel: str) -> list[str]:
    parts = [p for p in rel.replace(os.sep, "/").split("/") if p not in ("", ".")]
    for p in parts:
        if p == ".." or "\x00" in p:
            raise PathError(f"invalid path {rel!r}", rel)
    return parts


def _refuse_link(rel: str) -> PathError:
    return PathError(f"refusing to write through a symlink at {rel}", rel)


class Folder:
    """An open folder under the root; files are named relative to it (never followed as links)."""

    def __init__(self, fd: int, rel: str) -> None:
        self.fd = fd
        self.rel = rel

    def _where(self, name: str) -> str:
        return f"{self.rel}/{name}" if self.rel else name

    def lstat(self, name: str) -> os.stat_result | None:
        """The entry's own stat (a link is not followed), or None when there is none."""
        try:
            return os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        except FileNotFoundError:
            return None

    def read_bytes(self, name: str) -> bytes | None:
        """The bytes of a regular file in this folder, None when missing; PathError for a link or special file."""
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=self.fd)
        except FileNotFoundError:
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise _refuse_link(self._where(name)) from None
            raise
        try:
            mode = os.fstat(fd).st_mode
            if stat.S_ISDIR(mode):
                raise IsADirectoryError(errno.EISDIR, "is a directory", self._where(name))
            if not stat.S_ISREG(mode):
                raise PathError(f"{self._where(name)} is not a regular file", self._where(name))
            with open(fd, "rb", closefd=False) as fh:
                return fh.read()
        finally:
            os.close(fd)

    def write_atomic(
        self,
        name: str,
        data: bytes,
        check: Callable[[], None] | None = None,
        verify_displaced: Callable[[bytes], None] | None = None,
    ) -> None:
        """Replace `name` atomically (temp file here, fsync, renameat or an exchange, fsync the folder).

        `check` runs just before the swap; an exception from it aborts the write. `verify_displaced`
        gets the bytes the write displaced (swapped in atomically where the OS can); if it raises,
        the displaced file is put back and nothing changes.
        """
        where = self._where(name)
        st = self.lstat(name)
        if st is not None and stat.S_ISLNK(st.st_mode):
            raise _refuse_link(where)
        tmp = f".{name}{TMP_MARK}{os.getpid()}-{secrets.token_hex(4)}"
        keep_tmp = False  # True while tmp holds someone else's content: never delete it then
        try:
            fd = os.open(
                tmp,
                os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                0o644,
                dir_fd=self.fd,
            )
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            finally:
                os.close(fd)
            if check is not None:
                check()
            if verify_displaced is not None and st is not None and exchange(self.fd, tmp, name):
                keep_tmp = True  # tmp now holds what name held an instant ago
                try:
                    old = self.read_bytes(tmp)
                    verify_displaced(old or b"")
                except BaseException:
                    exchange(self.fd, tmp, name)  # put the other writer's version back
                    keep_tmp = False
                    raise
                keep_tmp = False
                os.unlink(tmp, dir_fd=self.fd)
            else:
                os.replace(tmp, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except OSError as exc:
            if not keep_tmp:
                with contextlib.suppress(OSError):
                    os.unlink(tmp, dir_fd=self.fd)
            raise StoreWriteError(where, exc) from None
        except BaseException:
            if not keep_tmp:
                with contextlib.suppress(OSError):
                    os.unlink(tmp, dir_fd=self.fd)
            raise
        with contextlib.suppress(OSError):
            os.fsync(self.fd)
        self.sweep(name)

    def append(self, name: str, payload: bytes, whole_lines: bool = True) -> None:
        """Append payload to a regular file of this folder with one link (created if missing).

        With whole_lines, a file whose last byte is not a newline (a torn line) gets one first.
        """
        where = self._where(name)
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            fd = os.open(name, flags, 0o644, dir_fd=self.fd)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise _refuse_link(where) from None
            raise StoreWriteError(where, exc) from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise PathError(f"refusing to append to {where}: not a regular file", where)
            if st.st_nlink > 1:
                raise PathError(f"refusing to append to {where}: it has other hard links", where)
            if whole_lines and st.st_size and os.pread(fd, 1, st.st_size - 1) != b"\n":
                payload = b"\n" + payload  # never glue onto a torn line
            view = memoryview(payload)
            while view:  # a short write must not leave a torn line
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except OSError as exc:
            raise StoreWriteError(where, exc) from None
        finally:
            os.close(fd)

    def open_file(self, name: str, flags: int, mode: int = 0o644) -> int:
        """An fd for a regular file of this folder (never through a link); the caller closes it."""
        try:
            fd = os.open(name, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode, dir_fd=self.fd)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise _refuse_link(self._where(name)) from None
            raise
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise PathError(f"{self._where(name)} is not a regular file", self._where(name))
        return fd

    def sweep(self, name: str | None = None) -> int:
        """Remove our temp files here (for `name` only, if given) left by processes that died."""
        prefix = f".{name}{TMP_MARK}" if name else None
        removed = 0
        try:
            entries = os.listdir(self.fd)
        except OSError:
            return 0
        for entry in entries:
            if TMP_MARK in entry and (not prefix or entry.startswith(prefix)) and is_stale_temp(entry):
                with contextlib.suppress(OSError):
                    os.unlink(entry, dir_fd=self.fd)
                    removed += 1
        if removed:
            log.info("removed %d stale temp file(s) in %s", removed, self.rel or ".")
        return removed


def _open_child(fd: int, name: str, rel: str, create: bool) -> int:
    for attempt in (1, 2):
        try:
            return os.open(name, _DIR_FLAGS | os.O_NOFOLLOW, dir_fd=fd)
        except FileNotFoundError:
            if not create or attempt == 2:
                raise
            with contextlib.suppress(FileExistsError):
                os.mkdir(name, 0o755, dir_fd=fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                if stat.S_ISLNK(st.st_mode):
                    raise _refuse_link(rel) from None
            raise
    raise FileNotFoundError(errno.ENOENT, "not found", rel)  # pragma: no cover


@contextlib.contextmanager
def open_folder(root: Path, rel: str, create: bool = True) -> Iterator[Folder]:
    """The folder `rel` below root, walked one no-follow step at a time (created when missing).

    Raises PathError for a symlink on the way, StoreWriteError when the filesystem refuses
    (a file where a folder should be, a read-only root, ENOSPC).
    """
    parts = _parts(rel)
    try:
        fd = os.open(root, _DIR_FLAGS)
    except OSError as exc:
        raise StoreWriteError(str(root), exc) from None
    walked: list[str] = []
    try:
        for part in parts:
            walked.append(part)
            try:
                nxt = _open_child(fd, part, "/".join(walked), create)
            except OSError as exc:
                raise StoreWriteError("/".join(walked), exc) from None
            os.close(fd)
            fd = nxt
        yield Folder(fd, "/".join(parts))
    finally:
        os.close(fd)


def read_regular(path: Path, limit: int | None = None) -> bytes:
    """The bytes of a regular file (links inside the root may be followed), at most `limit` of them.

    Opened non-blocking and checked before reading: a FIFO or a device where a note should be
    raises OSError instead of hanging the command forever.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a directory", str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        with open(fd, "rb", closefd=False) as fh:
            return fh.read() if limit is None else fh.read(limit)
    finally:
        os.close(fd)


def split_file(root: Path, path: Path) -> tuple[str, str]:
    """(folder relative to root, file name) of an absolute path below root; PathError otherwise."""
    try:
        rel = Path(os.path.abspath(path)).relative_to(os.path.abspath(root)).as_posix()
    except ValueError:
        raise PathError(f"{path} is outside {root}", str(path)) from None
    folder, _, name = rel.rpartition("/")
    if not name or name in (".", ".."):
        raise PathError(f"invalid file name {path}", str(path))
    return folder, name


def write_atomic(
    path: Path,
    data: bytes,
    root: Path | None = None,
    check: Callable[[], None] | None = None,
    verify_displaced: Callable[[bytes], None] | None = None,
) -> None:
    """Atomically write a file below root (default: the root its `.memdir` belongs to)."""
    base = root if root is not None else anchor_of(path)
    folder, name = split_file(base, path)
    with open_folder(base, folder) as f:
        f.write_atomic(name, data, check=check, verify_displaced=verify_displaced)


def append_bytes(path: Path, payload: bytes, root: Path | None = None, whole_lines: bool = True) -> None:
    """Append to a file below root (default: the root its `.memdir` belongs to), confined."""
    base = root if root is not None else anchor_of(path)
    folder, name = split_file(base, path)
    with open_folder(base, folder) as f:
        f.append(name, payload, whole_lines=whole_lines)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def is_stale_temp(name: str) -> bool:
    """True for one of our temp files whose writer (by pid) is gone."""
    pid_part = name.rsplit(TMP_MARK, 1)[1].split("-", 1)[0]
    return pid_part.isdigit() and int(pid_part) != os.getpid() and not _pid_alive(int(pid_part))


def _load_renameat2() -> Callable[..., int] | None:
    try:
        import ctypes

        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return fn


_RENAMEAT2 = _load_renameat2()


def exchange(dir_fd: int, a: str, b: str) -> bool:
    """Atomically swap two entries of one folder (Linux RENAME_EXCHANGE); False where unsupported."""
    if _RENAMEAT2 is None:
        return False
    import ctypes

    if _RENAMEAT2(dir_fd, os.fsencode(a), dir_fd, os.fsencode(b), 2) == 0:  # RENAME_EXCHANGE
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EXDEV):
        return False
    raise OSError(err, os.strerror(err), b)
