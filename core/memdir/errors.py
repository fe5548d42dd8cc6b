"""One error hierarchy for memdir; the CLI turns any of these into one line and exit 1.

MemdirError
├── ConfigError            memdir.yaml or an environment override is invalid
├── RootNotFound           no memory root (with memdir's layout) at the given folder
├── PathError              a name or path would leave the memory root (or a protected area)
├── InputError             text refused before it was written (control bytes, not UTF-8, too large)
├── NoteError              a note cannot be parsed or is invalid
│   └── NoteNotFound       no note at that path
├── ConflictError          compare-and-swap failed: the file changed since it was read
├── StoreWriteError        the filesystem refused a write (ENOSPC, EACCES, read-only root)
├── LockError              a lock is held by someone else (e.g. a second daemon)
├── IndexUnavailable       the vector index cannot be opened or reached
├── LLMError               an LLM call failed after retries, or its answer was unusable
│   └── LLMAnswerError     the model's answer cannot be used (the message says why, for a retry)
├── ReviewError            a review item does not exist or cannot be applied
├── ConsolidationError     a consolidation run could not complete
└── DatasetError           an evaluation data set (`memdir eval`) cannot be read or is malformed
"""

from __future__ import annotations


class MemdirError(Exception):
    """Base class of every error memdir raises on purpose."""


class ConfigError(MemdirError):
    """Invalid configuration (memdir.yaml, MEMDIR_* variables or flags)."""


class RootNotFound(MemdirError):
    """No memory root at a folder: it does not exist, or it has none of memdir's folders."""

    def __init__(self, message: str, root: str) -> None:
        super().__init__(message)
        self.root = root


class PathError(MemdirError):
    """A path or name that would leave the memory root or touch a protected area."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path


class InputError(MemdirError):
    """Text refused before anything was written: a control character, bytes not UTF-8, over a size cap."""


class NoteError(MemdirError):
    """A note that cannot be parsed or does not satisfy its kind's rules."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


class NoteNotFound(NoteError):
    """No note exists at the given path."""


class ConflictError(MemdirError):
    """Compare-and-swap failed: the file on disk is not the version that was read."""

    def __init__(
        self, path: str, expected: str | None, actual: str | None, message: str | None = None
    ) -> None:
        if message is None and expected is None and actual is not None:  # a create found a file there
            message = f"a file already exists at {path}; not overwriting it"
        super().__init__(
            message
            or f"{path} changed on disk since it was read; not overwriting it "
            f"(expected hash {str(expected)[:12]}, found {str(actual)[:12]})"
        )
        self.path = path
        self.expected = expected
        self.actual = actual


class StoreWriteError(MemdirError):
    """The filesystem refused a write; nothing was changed."""

    def __init__(self, path: str, cause: OSError) -> None:
        super().__init__(f"cannot write {path}: {cause.strerror or cause}")
        self.path = path
        self.errno = cause.errno


class LockError(MemdirError):
    """A lock is held by another process."""

    def __init__(self, message: str, pid: int | None = None) -> None:
        super().__init__(message)
        self.pid = pid


class IndexUnavailable(MemdirError):
    """The vector index cannot be opened or reached."""


class LLMError(MemdirError):
    """An LLM call failed after its retries, or returned an answer that cannot be used.

    `cause` is why in a few words a person can act on (`connection refused at 127.0.0.1:9`), without
    a secret; the run's one line names it (trial 23 #12).
    """

    def __init__(self, message: str, cause: str | None = None) -> None:
        super().__init__(message)
        self.cause = cause


class LLMAnswerError(LLMError):
    """The model answered, but the answer cannot be used; the message is fit to show the model in a retry."""


class ReviewError(MemdirError):
    """A review item does not exist or cannot be applied."""


class ConsolidationError(MemdirError):
    """A consolidation run could not complete."""


class DatasetError(MemdirError):
    """An evaluation data set cannot be read or does not have the documented shape."""
