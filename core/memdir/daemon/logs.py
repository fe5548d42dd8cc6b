"""The daemon's log: a rotating file under `.memdir/logs/daemon.log`."""

from __future__ import annotations

import io
import logging
import os
from datetime import datetime, timezone, tzinfo
from logging.handlers import RotatingFileHandler
from pathlib import Path

from memdir.paths import STATE_DIR
from memdir.redaction import redact_text

FORMAT = "%(asctime)s %(levelname)s [%(process)d %(threadName)s] %(name)s: %(message)s"
MAX_BYTES = 1_000_000
BACKUPS = 5


class _NoFollowHandler(RotatingFileHandler):
    """The rotating log, opened without following a link (a symlinked daemon.log is refused)."""

    def _open(self) -> io.TextIOWrapper:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
        return open(os.open(self.baseFilename, flags, 0o644), "a", encoding=self.encoding, errors=self.errors)


class _RedactingFormatter(logging.Formatter):
    """Log lines with secrets masked: a message quoting an input (an error, a title) writes no secret.

    Each line starts with its time in the schedule's zone with that zone's offset
    (`2026-12-07T00:00:57.311+01:00`), so the log of a machine that changed zone, or of a daemon
    started in another one, still reads in order (trial 23 #10).
    """

    def __init__(self, fmt: str, zone: tzinfo | None = None) -> None:
        super().__init__(fmt)
        self.zone = zone

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802 (logging's name)
        """The record's time in the zone (the machine's when none), ISO 8601 with its offset."""
        when = datetime.fromtimestamp(record.created, self.zone or timezone.utc)
        if self.zone is None:
            when = when.astimezone()
        return when.isoformat(timespec="milliseconds")

    def format(self, record: logging.LogRecord) -> str:
        return redact_text(super().format(record))


def log_path(root: Path) -> Path:
    """Where the daemon logs."""
    return Path(root) / STATE_DIR / "logs" / "daemon.log"


def setup_daemon_logging(
    root: Path, level: int = logging.INFO, zone: tzinfo | None = None
) -> logging.Handler:
    """Send INFO and above of every logger to the rotating daemon log (times in zone, else the machine's, with
    the offset); returns the handler."""
    path = log_path(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = _NoFollowHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    redact_text("password=warm-up-0")  # load the detector now: never first inside a signal handler's log line
    handler.setFormatter(_RedactingFormatter(FORMAT, zone))
    handler.setLevel(level)
    top = logging.getLogger()
    for existing in top.handlers:  # keep the console as quiet as it was (the CLI's -v level)
        if existing.level == logging.NOTSET:
            existing.setLevel(top.level)
    top.addHandler(handler)
    top.setLevel(min(top.level, level) if top.level else level)
    logging.getLogger("apscheduler").setLevel(max(level, logging.WARNING))  # its INFO lines repeat ours
    return handler


def teardown_daemon_logging(handler: logging.Handler) -> None:
    """Flush and detach the daemon log handler."""
    handler.flush()
    logging.getLogger().removeHandler(handler)
    handler.close()
