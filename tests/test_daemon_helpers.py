"""Fake daemon jobs for the daemon tests (loaded by the daemon subprocess through MEMDIR_DAEMON_JOB_*)."""

from __future__ import annotations

import os
import time
from datetime import datetime, timezone
from typing import Any

from memdir.daemon import cancel
from memdir.runs.report import RunReport


def _note_call(mem: Any, name: str) -> None:
    path = mem.root / ".memdir" / "test-calls.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(f"{name} {os.getpid()} {datetime.now(timezone.utc).isoformat()}\n")


def calls(root: Any, name: str | None = None) -> list[str]:
    """Lines the fake jobs wrote, one per call (optionally of one job)."""
    path = root / ".memdir" / "test-calls.log"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return [line for line in lines if name is None or line.split()[0] == name]


def fake_daily(mem: Any) -> RunReport:
    """Marks pending episodes done one at a time (MEMDIR_TEST_DELAY s each), stopping at a safe point."""
    from memdir.runs.state import EpisodeState

    _note_call(mem, "daily")
    delay = float(os.environ.get("MEMDIR_TEST_DELAY", "0"))
    state = EpisodeState(mem.root)
    pending = [ep for ep in mem.episodes.iter_episodes() if state.is_pending(ep.id, ep.hash)]
    report = RunReport(job="daily")
    for i, ep in enumerate(pending):
        if cancel.stop_requested():
            report.pending = len(pending) - i
            break
        time.sleep(delay)
        state.mark(ep.id, ep.hash)
        state.save()  # the journal: a stop or crash after this loses nothing
        report.processed += 1
    return report


def fake_weekly(mem: Any) -> RunReport:
    """Records the call and does nothing."""
    _note_call(mem, "weekly")
    return RunReport(job="weekly", processed=0)


def failing_job(mem: Any) -> RunReport:
    """Always raises."""
    _note_call(mem, "failing")
    raise RuntimeError("boom: the fake job failed")


def stubborn_job(mem: Any) -> RunReport:
    """Ignores the stop flag and sleeps for a long time (the daemon must still exit in time)."""
    _note_call(mem, "stubborn")
    time.sleep(60)
    return RunReport(job="daily")
