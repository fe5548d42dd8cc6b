"""Trial 17 #7 (fix17f) on weeks of other domains (real files, `Memory.consolidate_weekly`): a school's monthly
attendance report (English) and a landlord's monthly water-meter readings (Japanese).

A month every task wrote that is the month it ran in, or the one before, stays verbatim in the steps (set 11
keeps `--month 2025-12`), and the `## Placeholders` section says it is relative to the run, so an agent
following the procedure next month checks which month it needs; a fixed deadline is not flagged. A person's
note that fixes a month the new tasks each wrote relative to their run is told so in the review item.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from test_weekly_trial12 import UNTIL, candidate, items_on, run_week, task


def _attendance(day: int, n: int, school_class: str, month: str, teacher: str) -> list[str]:
    calls: list[tuple[str, dict[str, Any]]] = [
        (
            "SchoolSIS",
            {"operation": "exportAttendance", "class": school_class, "month": month, "format": "xlsx"},
        ),
        (
            "DistrictPortal",
            {"operation": "submitReport", "class": school_class, "month": month, "due": "2026-12-15"},
        ),
        ("Gmail", {"operation": "send", "to": teacher, "subject": "Attendance report submitted"}),
    ]
    return task(day, f"at-{day}-{n}", f"Submit the monthly attendance report for class {school_class}", calls)


def _section(text: str, name: str) -> str:
    return text.split(f"## {name}", 1)[1].split("\n## ", 1)[0]


def test_the_month_before_every_run_stays_as_written_and_the_procedure_says_it_is_relative(
    tmp_path: Path,
) -> None:
    root = tmp_path / "root"
    # three reports for November, run on 1-3 December (days count from Monday 23 November)
    week = [
        _attendance(8, 1, "3-A", "2026-11", "kato@school.example.org"),
        _attendance(9, 2, "2-C", "2026-11", "mori@school.example.org"),
        _attendance(10, 3, "1-D", "2026-11", "abe@school.example.org"),
    ]
    run_week(root, week, {}, until=UNTIL + timedelta(days=7))
    (note,) = sorted((root / "procedures").glob("*.md"))
    text = note.read_text(encoding="utf-8")
    steps = _section(text, "Steps")
    assert "month=2026-11" in steps and "due=2026-12-15" in steps, text  # verbatim, as the tasks wrote
    legend = _section(text, "Placeholders")
    # main: nothing said; an agent following it in January reports November again
    assert (
        "`2026-11` (step 1, step 2) is the month before the one these tasks ran in (all ran 2026-12-01..03): "
        "check which month you need before you run it." in legend
    ), text
    assert "2026-12-15" not in legend  # a fixed deadline is no task's own period


def _reading(day: int, n: int, room: str) -> list[str]:
    calls: list[tuple[str, dict[str, Any]]] = [
        ("MeterCloud", {"operation": "recordReading", "room": room, "month": "2026-11", "unit": "m3"}),
        (
            "Gmail",
            {
                "operation": "send",
                "to": f"{room}@tenants.example.jp",
                "subject": "11月分の水道検針のお知らせ",
            },
        ),
    ]
    return task(
        day, f"mt-{day}-{n}", f"{room}号室の今月の検針値を登録して、入居者にお知らせしてください", calls
    )


def test_a_japanese_procedure_says_in_japanese_that_its_month_is_the_one_the_tasks_ran_in(
    tmp_path: Path,
) -> None:
    root = tmp_path / "root"
    run_week(root, [_reading(0, 1, "101"), _reading(1, 2, "203"), _reading(2, 3, "305")], {})
    (note,) = sorted((root / "procedures").glob("*.md"))
    text = note.read_text(encoding="utf-8")
    steps = _section(text, "Steps")
    assert "month=2026-11" in steps and "11月分の水道検針のお知らせ" in steps, text
    legend = _section(text, "Placeholders")
    assert "「2026-11」（手順1）は作業した月です（すべて 2026-11-23..25 に実行）。" in legend, text
    assert "「11月」（手順2）は作業した月です" in legend and "どの月が必要か確認してください" in legend, text


ATTENDANCE_NOTE = """---
description: how the office files the monthly attendance report
origin: human
---

# Monthly attendance report

Ask the homeroom teacher first if a pupil's absences are not yet excused.

1. Export the register in SchoolSIS: `operation=exportAttendance class={class} month=2026-10 format=xlsx`
2. File it on the DistrictPortal: `operation=submitReport class={class} month=2026-10 due=2026-12-15`
3. Tell the teacher by Gmail: `operation=send to={teacher} subject=Attendance report submitted`
"""


def test_a_persons_note_that_fixes_a_month_the_tasks_write_relative_to_their_run_is_told_so(
    tmp_path: Path,
) -> None:
    root = tmp_path / "root"
    week = [
        _attendance(8, 1, "3-A", "2026-11", "kato@school.example.org"),
        _attendance(9, 2, "2-C", "2026-11", "mori@school.example.org"),
        _attendance(10, 3, "1-D", "2026-11", "abe@school.example.org"),
    ]
    note = "procedures/monthly-attendance-report.md"
    run_week(root, week, {note: ATTENDANCE_NOTE}, until=UNTIL + timedelta(days=7))
    (item,) = items_on(root, note)
    said = candidate(item)
    assert "writes `month=2026-10`; the new tasks all wrote `month=2026-11`" in said, item
    # main: only the two values; the person is not told that November is each run's previous month
    assert "`month=2026-11`, for each task the month before: check which one you need" in said, item
    assert (root / note).read_text(encoding="utf-8") == ATTENDANCE_NOTE
