"""A process-wide stop flag: long jobs may poll it to stop at a safe point when the daemon stops."""

from __future__ import annotations

import threading

_STOP = threading.Event()


def stop_requested() -> bool:
    """True once the daemon was asked to stop (SIGTERM/SIGINT); jobs should finish their current item."""
    return _STOP.is_set()


def request_stop() -> None:
    """Ask running jobs to stop at their next safe point."""
    _STOP.set()


def reset() -> None:
    """Clear the flag (a new daemon run in the same process, e.g. in tests)."""
    _STOP.clear()
