"""Episodes and the activity log: parsing, appending, malformed input."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from memdir import Memory, NoteError
from memdir.activity import ReadStats
from memdir.errors import MemdirError
from memdir.notes.episodes import parse_episode_text

DAY = """---
date: 2026-11-28
---

## 10:30 — Fixed flaky CI

We learned the runner image must be pinned.

```bash
## not a heading inside code
make ci
```

## Lunch

Nice weather today.

## Lunch
duplicate heading
"""


def test_sections_times_anchors_and_fences() -> None:
    eps = parse_episode_text("episodes/2026-11-28.md", DAY)
    assert [e.id for e in eps] == [
        "episodes/2026-11-28.md#1030-fixed-flaky-ci",
        "episodes/2026-11-28.md#lunch",
        "episodes/2026-11-28.md#lunch-1",
    ]
    first = eps[0]
    assert first.time == "10:30" and first.title == "Fixed flaky CI" and first.day == date(2026, 11, 28)
    assert "make ci" in first.text and "## not a heading" in first.text
    assert len({e.hash for e in eps}) == 3


def test_hash_changes_only_when_the_episode_changes() -> None:
    a = parse_episode_text("episodes/2026-11-28.md", DAY)
    b = parse_episode_text("episodes/2026-11-28.md", DAY.replace("Nice weather", "Rainy weather"))
    assert a[0].hash == b[0].hash and a[1].hash != b[1].hash


def test_other_date_named_files_are_one_episode(tmp_path: Path) -> None:
    eps = parse_episode_text("episodes/2026-11-28-retro.md", "# Retro\n\n## went well\nx\n## to improve\ny\n")
    assert len(eps) == 1 and eps[0].id == "episodes/2026-11-28-retro.md" and eps[0].title == "Retro"


def test_episode_add_creates_and_appends(mem: Memory, root: Path) -> None:
    at = datetime(2026, 11, 28, 10, 30, tzinfo=timezone(timedelta(hours=9)))
    e1 = mem.add_episode("Pinned the runner image.", title="Fix CI", at=at)
    e2 = mem.add_episode("今日は手順を整理した。\nまず backup。", at=at.replace(hour=11))
    assert e1.id == "episodes/2026-11-28.md#1030-fix-ci"
    text = (root / "episodes" / "2026-11-28.md").read_text(encoding="utf-8")
    assert text.startswith("---\ndate: 2026-11-28\n---\n")
    assert "## 10:30 — Fix CI\n\nPinned the runner image.\n" in text
    assert e2.title == "今日は手順を整理した。"
    assert [e.id for e in mem.episodes.iter_episodes()] == [e1.id, e2.id]
    with pytest.raises(NoteError):
        mem.add_episode("   ")


def test_activity_append_uses_utc_day_and_reader_skips_malformed(mem: Memory, root: Path) -> None:
    mem.log(ts="2026-11-28T23:30:00-05:00", type="task_start", task_id="t1", summary="deploy")
    mem.log(ts="2026-11-29T04:31:00Z", type="task_end", task_id="t1", outcome="success")
    path = root / "activity" / "2026-11-29.jsonl"
    assert path.exists() and not (root / "activity" / "2026-11-28.jsonl").exists()
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{not json\n[1,2]\n{"type": "x"}\n\n')
        fh.write('{"ts": "2026-11-29T05:00:00Z", "type": "task_end", "task_id": "t2"')  # torn line
    mem.log(ts="2026-11-29T06:00:00Z", type="tool_use", task_id="t3", tool="bash", input="make")
    stats = ReadStats()
    events = list(mem.activity.read(stats=stats))
    assert [e.task_id for e in events] == ["t1", "t1", "t3"]
    assert stats.malformed == 4
    for line in path.read_text(encoding="utf-8").splitlines()[-1:]:
        assert json.loads(line)["task_id"] == "t3"


def test_activity_window_and_validation(mem: Memory) -> None:
    for d in range(1, 10):
        mem.log(ts=f"2026-11-{d:02d}T12:00:00Z", type="task_end", task_id=f"t{d}")
    since = datetime(2026, 11, 2, tzinfo=timezone.utc)
    until = datetime(2026, 11, 9, tzinfo=timezone.utc)
    assert [e.task_id for e in mem.activity.read(since=since, until=until)] == [f"t{d}" for d in range(2, 9)]
    with pytest.raises(MemdirError):
        mem.log(type="task_end", outcome="maybe")
    with pytest.raises(MemdirError):
        mem.log(type="")
    with pytest.raises(MemdirError):
        mem.log(type="x", ts="yesterday")


def test_per_host_activity_files_are_read(root: Path) -> None:
    from memdir.activity import ActivityLog

    ActivityLog(root, host="laptop").append(
        {"ts": "2026-11-28T10:00:00Z", "type": "task_end", "task_id": "a"}
    )
    ActivityLog(root, host="desktop").append(
        {"ts": "2026-11-28T11:00:00Z", "type": "task_end", "task_id": "b"}
    )
    assert sorted(p.name for p in (root / "activity").iterdir()) == [
        "2026-11-28.desktop.jsonl",
        "2026-11-28.laptop.jsonl",
    ]
    assert sorted(e.task_id or "" for e in ActivityLog(root).read()) == ["a", "b"]
