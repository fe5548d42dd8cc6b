"""Trial 23 #10: every daemon log line carries its zone offset, in the schedule's zone.

A daemon stopped in one zone and started again in another wrote `00:00:57` then `08:01:44` a
minute apart with no offset. Now each line starts with an ISO 8601 time and its offset: the
named `schedule.timezone`'s, else the machine's. Real `memdir daemon --foreground` processes.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from test_daemon_process import start_daemon, stop  # noqa: F401 (start_daemon is a fixture)

Start = Callable[..., subprocess.Popen[str]]
LINE = re.compile(r"^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}) (INFO|WARNING|ERROR) ")


def _lines(root: Path) -> list[str]:
    return (root / ".memdir" / "logs" / "daemon.log").read_text(encoding="utf-8").splitlines()


def _times(lines: list[str]) -> list[datetime]:
    found = [LINE.match(line) for line in lines if line[:4].isdigit()]
    assert found and all(found), lines
    return [datetime.fromisoformat(m.group(1)) for m in found if m]


def test_log_lines_are_in_the_named_zone_with_its_offset(
    root: Path,
    start_daemon: Start,  # noqa: F811
) -> None:
    proc = start_daemon(MEMDIR_TIMEZONE="Asia/Kathmandu", TZ="America/Sao_Paulo")
    assert stop(proc)[0] == 0
    lines = _lines(root)
    assert any("daemon started" in line for line in lines) and any("daemon stopped" in line for line in lines)
    times = _times(lines)
    assert all(t.isoformat().endswith("+05:45") for t in times), lines[:3]


def test_a_restart_in_another_zone_still_reads_in_order(
    root: Path,
    start_daemon: Start,  # noqa: F811
) -> None:
    """`timezone: local` and a machine that moved from Berlin to Tokyo: offsets differ, order holds."""
    first = start_daemon(MEMDIR_TIMEZONE="local", TZ="Europe/Berlin")
    assert stop(first)[0] == 0
    second = start_daemon(MEMDIR_TIMEZONE="local", TZ="Asia/Tokyo")
    assert stop(second)[0] == 0
    lines = _lines(root)
    times = _times(lines)
    offsets = {t.utcoffset() for t in times}
    assert len(offsets) == 2, lines  # Berlin's (+01:00 or +02:00) and Tokyo's +09:00, each written down
    assert times == sorted(times), lines  # compared as instants, the log never jumps back or ahead
