"""memdir: a filesystem-first Markdown memory for AI agents and the people who work beside them.

Every error memdir raises on purpose is a `MemdirError`; its children are exported here (see `memdir.errors`).
"""

from memdir.errors import (
    ConfigError,
    ConflictError,
    ConsolidationError,
    DatasetError,
    IndexUnavailable,
    InputError,
    LLMAnswerError,
    LLMError,
    LockError,
    MemdirError,
    NoteError,
    NoteNotFound,
    PathError,
    ReviewError,
    RootNotFound,
    StoreWriteError,
)
from memdir.memory import Memory

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "ConflictError",
    "ConsolidationError",
    "DatasetError",
    "IndexUnavailable",
    "InputError",
    "LLMAnswerError",
    "LLMError",
    "LockError",
    "MemdirError",
    "Memory",
    "NoteError",
    "NoteNotFound",
    "PathError",
    "ReviewError",
    "RootNotFound",
    "StoreWriteError",
    "__version__",
]
