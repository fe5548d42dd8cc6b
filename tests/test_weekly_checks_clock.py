"""The weekly scorer judges what the tasks left in a note, never the run's own clock.

Stop 41's CI failed `test_weekly_round4[somu]` because the run happened at 19:30 UTC: the note's
`created_at: '…T19:30:…'` held the week's must-not-contain value `19:30` (a corrected clock-out time).
"""

from __future__ import annotations

import shutil
import sys
from datetime import date
from pathlib import Path

from freezegun import freeze_time

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

from weekly_checks import check_week  # noqa: E402


def test_a_run_at_the_minute_of_a_tasks_time_value_is_scored_as_any_other(tmp_path: Path, e5: object) -> None:
    from memdir import Memory

    src = REPO / "tests" / "data" / "weekly" / "somu"
    shutil.copytree(src, tmp_path / "somu")
    mem = Memory(tmp_path / "somu", embedder=e5)  # type: ignore[arg-type]
    mem.init()
    with freeze_time("2026-12-06 19:30:02", tick=True):
        report = mem.weekly_distiller(cache_dir=tmp_path / "cache").run(until=date(2026, 11, 30))
    timecard = mem.root / "procedures" / "退勤打刻の修正.md"
    text = timecard.read_text(encoding="utf-8")
    assert "created_at: '2026-12-06T19:30:" in text  # the clock the run wrote, as at stop 41
    body = text.split("\n---\n", 1)[1]
    assert "19:30" not in body  # the task's value itself is a placeholder
    result = check_week(src, mem.root, report.created, report.review)
    assert not [p for p in result["problems"] if "19:30" in p]


def test_a_tasks_time_value_left_in_the_steps_is_still_found(tmp_path: Path) -> None:
    week = tmp_path / "week"
    (week / "activity").mkdir(parents=True)
    (week / "expected.json").write_text(
        '{"procedures": [{"type": "t", "sources": ["a", "b", "c"], "must_not_contain": ["19:30"]}]}',
        encoding="utf-8",
    )
    root = tmp_path / "root"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    (root / "procedures" / "fix.md").write_text(
        "---\nsources:\n- a\n- b\n- c\ncreated_at: '2026-12-06T08:00:00+00:00'\n---\n\n# Fix a timecard\n\n"
        "## Steps\n\n1. terminal: `kintai fix --clock-out 19:30`\n",
        encoding="utf-8",
    )
    result = check_week(week, root, ["procedures/fix.md"], [])
    assert "procedures/fix.md: kept '19:30'" in result["problems"]
