"""Trial 9: `consolidate daily --json` says what became of each episode and why (a real CLI subprocess)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_daily_support import YESTERDAY, at, e5_memory
from test_daily_trial9 import RELEASE, Cli, release


@pytest.mark.slow
def test_the_json_report_says_what_became_of_each_episode_and_why(root: Path, run_cli: Cli) -> None:
    """`consolidate daily --json` lists each episode with its action, target and reason (the counts stay)."""
    release(root)
    mem = e5_memory(root)
    used = mem.add_episode(
        "Shipped 4.2.1 with the usual steps: both eas builds went through, TestFlight and the internal "
        "track have it, changelog posted in #releases.",
        at=at(9),
    )
    other = mem.add_episode("Renewed the Apple developer membership the usual way, receipt filed.", at=at(11))
    lesson = mem.add_episode(
        "The Android build failed in review because I bumped version but not versionCode. "
        "Lesson learned: always bump both in app.json before eas build.",
        at=at(14),
    )
    res = run_cli("consolidate", "daily", "--date", YESTERDAY.isoformat(), "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    rows = {row["episode"]: row for row in data["episodes"]}
    lessons = [row["target"] for row in data["episodes"] if row["episode"] == lesson.id]
    assert any(t.startswith("knowledge/lessons/") for t in lessons), data["episodes"]
    assert rows[used.id]["action"] == "outcome" and rows[used.id]["target"] == RELEASE
    assert rows[other.id]["action"] == "skip" and rows[other.id]["target"] is None
    assert "no note describes" in rows[other.id]["reason"] and data["skipped"] == 1
    assert set(rows[used.id]) == {"episode", "action", "target", "reason"}
