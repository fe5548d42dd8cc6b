"""Options of the daemon: timing knobs, job overrides from the environment, CPU priority.

Environment overrides (documented in docs/daemon.md): MEMDIR_DAEMON_JOB_DAILY / _WEEKLY
("module:function"), MEMDIR_DAEMON_HEARTBEAT (seconds), MEMDIR_DAEMON_GRACE (seconds to wait for
a running job on shutdown), MEMDIR_DAEMON_WATCH (0 = off).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from apscheduler.util import ref_to_obj

from memdir.daemon.runs import JOBS
from memdir.errors import ConfigError

log = logging.getLogger("memdir.daemon.service")


def lower_priority(nice: int) -> int:
    """Add `nice` to this process's CPU niceness (before any thread starts); returns the new value.

    The daemon's work (index syncs, consolidation, embedding on every core) is background
    work: at niceness +10 the scheduler gives an interactive `memdir search` about nine
    tenths of a contended core, so searches stay fast while the daemon embeds. On an idle
    machine it changes nothing.
    """
    if nice <= 0:
        return os.getpriority(os.PRIO_PROCESS, 0)
    try:
        value = os.nice(nice)
    except OSError as exc:  # not permitted in some sandboxes: run at normal priority
        log.warning("could not lower the daemon's CPU priority: %s", exc)
        return os.getpriority(os.PRIO_PROCESS, 0)
    return value  # logged in the daemon's "started" line (its log is not set up yet here)


def jobs_from_env(env: Mapping[str, str] | None = None) -> dict[str, Callable[..., object]]:
    """The MEMDIR_DAEMON_JOB_<NAME>="module:function" overrides (functions of one argument, the facade)."""
    env = os.environ if env is None else env
    jobs: dict[str, Callable[..., object]] = {}
    for job in JOBS:
        ref = env.get(f"MEMDIR_DAEMON_JOB_{job.upper()}")
        if ref:
            try:
                jobs[job] = ref_to_obj(ref)
            except (ValueError, LookupError, ImportError) as exc:
                raise ConfigError(f"MEMDIR_DAEMON_JOB_{job.upper()}: cannot load {ref!r} ({exc})") from None
    return jobs


@dataclass(frozen=True)
class DaemonOptions:
    """Timing knobs of the daemon (defaults suit real use; tests shorten them)."""

    heartbeat: float = 60.0  # seconds between heartbeats (wake-from-sleep detection, state file)
    grace: float = 7.0  # seconds a running job gets to finish after SIGTERM (exit within 10 s)
    wake_threshold: float = 30.0  # wall-clock jump (s) beyond the monotonic clock that means "woke up"
    watch: bool = True  # start the live index watcher

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> DaemonOptions:
        """Options with MEMDIR_DAEMON_HEARTBEAT / _GRACE / _WATCH overrides."""
        env = os.environ if env is None else env
        try:
            return cls(
                heartbeat=float(env.get("MEMDIR_DAEMON_HEARTBEAT", cls.heartbeat)),
                grace=float(env.get("MEMDIR_DAEMON_GRACE", cls.grace)),
                watch=env.get("MEMDIR_DAEMON_WATCH", "1").lower() not in ("0", "false", "no", "off"),
            )
        except ValueError as exc:
            raise ConfigError(f"invalid MEMDIR_DAEMON_* setting: {exc}") from None
