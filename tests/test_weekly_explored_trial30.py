"""Trial 30 #10: a successful task of a known kind must be counted, or the run must say why not.

The brewery's second week held three shipping tasks of the kind week 1 wrote; the Japanese one looked something up
(`web_search`) between the procedure's calls, was read as the work done another way, and was in no note, no review
item and no line of the run. Here a hotel's airport shuttle bookings: week 1 writes the procedure, week 2's third
booking (asked in Japanese, or in English) checks the flight (`get_flight_status`) on the way and is counted.
A kind that checks through its own tool every time is still not counted (the note's steps were not run), and the
run says which task.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml
from cli_helper import memdir_ok

from memdir import Memory


def _clock(day: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 10, day, 7, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=45)
            yield t

    it = ticks()
    return lambda: next(it)


def _booking(mem: Memory, day: int, guest: str, flight: str, intent: str, look: str | None) -> None:
    with mem.task(intent, clock=_clock(day), agent="frontdesk") as t:
        t.tool_use("crm_get_guest", {"guest_id": guest})
        t.tool_result("guest ok")
        if look:
            t.tool_use(look, {"flight": flight})
            t.tool_result("on time")
        t.tool_use("shuttle_book", {"guest_id": guest, "flight": flight, "pickup": "NRT-T1-Gate-4"})
        t.tool_result("booked")
        t.tool_use("sms_send", {"guest_id": guest, "template": "Shuttle-Confirm"})
        t.tool_result("sent")
        t.success()


def _two_weeks(root: Path, third: str, look: str, every: bool) -> dict[str, object]:
    mem = Memory(root)
    mem.init()
    for k, (g, f) in enumerate([("G-1101", "JL004"), ("G-1107", "NH212"), ("G-1112", "UA837")]):
        _booking(
            mem, 5 + k, g, f, f"Book the airport shuttle for guest {g} on flight {f}", look if every else None
        )
    assert not mem.consolidate_weekly(until=date(2026, 10, 12)).errors
    for k, (g, f) in enumerate([("G-1120", "JL006"), ("G-1124", "DL275")]):
        _booking(
            mem,
            13 + k,
            g,
            f,
            f"Book the airport shuttle for guest {g} on flight {f}",
            look if every else None,
        )
    _booking(mem, 15, "G-1131", "NH010", third, look)
    out = memdir_ok(root, "consolidate", "weekly", "--until", "2026-10-19").stdout
    [path] = [p for p in (root / "procedures").glob("*.md")]
    text = path.read_text(encoding="utf-8")
    meta = yaml.safe_load(text.split("---")[1])
    return {"meta": meta, "text": text, "out": out, "path": path.name}


@pytest.mark.parametrize(
    "third",
    [
        "ゲストG-1131の空港送迎をNH010便で予約してください",
        "Shuttle for G-1131 please, flight NH010, check it's on time",
    ],
    ids=["ja", "en"],
)
def test_a_look_on_the_way_is_no_other_way_of_working(tmp_path: Path, third: str) -> None:
    got = _two_weeks(tmp_path / "mem", third, "get_flight_status", every=False)
    meta, text = got["meta"], str(got["text"])
    assert isinstance(meta, dict)
    assert meta["success_count"] == 3  # week 2's three bookings, the one that looked the flight up too
    assert len(meta["sources"]) == 6  # each task of both weeks is the note's source
    assert text.count(" success: ") == 3, text  # and week 2's each has its line under Outcome notes
    assert "ran its steps otherwise" not in str(got["out"])


def test_a_task_not_counted_is_named_by_the_run(tmp_path: Path) -> None:
    # week 1 booked without looking; in week 2 one booking calls a tool the note names nowhere that does work
    got = _two_weeks(
        tmp_path / "mem", "Book the airport shuttle for guest G-1131 on flight NH010", "hold_seat", False
    )
    meta = got["meta"]
    assert isinstance(meta, dict)
    assert meta["success_count"] == 2
    assert f"procedures/{got['path']}: 1 task(s) of its kind ran its steps otherwise (" in str(got["out"])
