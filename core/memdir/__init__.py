"""memdir: a filesystem-first Markdown memory for AI agents and the people who work beside them."""

from memdir.errors import (
    ConfigError,
    ConflictError,
    LockError,
    MemdirError,
    NoteError,
    NoteNotFound,
    PathError,
)
from memdir.memory import Memory

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "ConflictError",
    "LockError",
    "MemdirError",
    "Memory",
    "NoteError",
    "NoteNotFound",
    "PathError",
    "__version__",
]
