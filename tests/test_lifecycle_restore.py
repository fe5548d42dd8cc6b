"""A restore is a person's decision: the next daily run must not archive the note again by the same rule.

Trial 10: a procedure forgotten after three failures was restored byte for byte and archived again
two seconds later by the next daily run, also when its `last_used` was an earlier day. Real files,
real daily steps, and the CLI as real subprocesses.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from freezegun import freeze_time

from memdir import Memory
from memdir.lifecycle.daily_steps import run_daily_steps
from memdir.runs.report import RunReport

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}
REL = "procedures/deploy-api-staging.md"
NOTE = (
    "---\ndescription: Deploy the API to staging\nconfidence: 0.4\nsuccess_count: 0\nfailure_count: 0\n"
    "origin: daily\ncreated_at: '2026-11-20T10:00:00+00:00'\n---\n\n# Deploy the API to staging\n\n"
    "1. make release\n2. kubectl rollout restart deploy/api\n"
)


def _daily(mem: Memory) -> list[str]:
    report = RunReport(job="daily")
    run_daily_steps(mem.store, mem.activity, mem.config, report)
    assert not report.errors, report.errors
    return report.archived


def _log(root: Path) -> list[dict[str, object]]:
    lines = (root / "archive" / "archive-log.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(ln) for ln in lines]


def test_the_cli_restore_of_a_failing_procedure_survives_the_next_daily_runs(
    root: Path, run_cli: Run
) -> None:
    (root / REL).write_text(NOTE, encoding="utf-8")
    for _ in range(3):
        assert run_cli("feedback", REL, "--failure", env=HASHING).returncode == 0
    first = run_cli("consolidate", "daily", env=HASHING)
    assert f"archive {REL}" in first.stdout, first.stdout + first.stderr
    kept = (root / "archive" / REL).read_bytes()
    restored = run_cli("restore", f"archive/{REL}", env=HASHING)
    assert restored.returncode == 0, restored.stderr
    assert (root / REL).read_bytes() == kept  # byte for byte
    for _ in range(2):
        again = run_cli("consolidate", "daily", env=HASHING)
        assert again.returncode == 0 and "archive" not in again.stdout, again.stdout + again.stderr
        assert (root / REL).read_bytes() == kept
    assert [e["action"] for e in _log(root)] == ["archive", "restore"]
    assert _log(root)[1]["failure_count"] == 3  # what the restore saw: the failing rule waits for a 4th


def test_an_earlier_last_used_does_not_bring_the_note_back_to_the_archive(root: Path) -> None:
    mem = Memory(root)
    mem.store.create(REL, NOTE)
    with freeze_time("2026-12-01T09:00:00+00:00") as clock:
        for _ in range(3):
            mem.feedback(REL, success=False)
        clock.tick(timedelta(minutes=5))
        assert _daily(mem) == [REL]
        archived = root / "archive" / REL  # the person sets last_used back before restoring (trial 10, r1b)
        archived.write_text(archived.read_text(encoding="utf-8").replace("2026-12-01", "2026-11-20"))
        clock.tick(timedelta(minutes=5))
        mem.restore(f"archive/{REL}")
        for _ in range(5):  # that night and the nights that follow
            clock.tick(timedelta(days=1))
            assert _daily(mem) == []
        mem.feedback(REL, success=False)  # new evidence: a failure after the restore
        clock.tick(timedelta(hours=1))
        assert _daily(mem) == [REL]
    assert "after 4 failures" in str(_log(root)[-1]["reason"])


def test_a_success_after_the_restore_keeps_it_and_the_unused_rule_counts_from_the_restore(root: Path) -> None:
    mem = Memory(root)
    mem.store.create(REL, NOTE)
    start = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
    with freeze_time(start) as clock:
        for _ in range(3):
            mem.feedback(REL, success=False)
        assert _daily(mem) == [REL]
        mem.restore(f"archive/{REL}")
        mem.feedback(REL, success=True)  # (1 + 0.8) / 6 = 0.3: no longer failing
        assert _daily(mem) == []
        clock.tick(timedelta(days=90))
        assert _daily(mem) == []  # 90 days unused is not "more than 90"
        clock.tick(timedelta(days=2))
        assert _daily(mem) == [REL]
    assert "last used 92 days ago" in str(_log(root)[-1]["reason"])


def test_a_restore_logged_before_counts_were_kept_waits_for_a_later_use(root: Path) -> None:
    """An archive log written by an older memdir has no `failure_count` in its restore entry."""
    mem = Memory(root)
    mem.store.create(REL, NOTE)
    with freeze_time("2026-12-01T09:00:00+00:00") as clock:
        for _ in range(3):
            mem.feedback(REL, success=False)
        clock.tick(timedelta(minutes=5))
        assert _daily(mem) == [REL]
        clock.tick(timedelta(minutes=5))
        mem.store.restore(f"archive/{REL}")  # the store alone: no count in the log entry
        assert "failure_count" not in _log(root)[-1]
        clock.tick(timedelta(minutes=5))
        assert _daily(mem) == []  # same day, reports from before the restore: no new evidence


def test_restoring_onto_a_file_that_is_there_again_says_so(root: Path, run_cli: Run) -> None:
    (root / REL).write_text(NOTE, encoding="utf-8")
    Memory(root).store.archive(REL, reason="test")
    (root / REL).write_text("---\ndescription: a new one\n---\n\n# New\n", encoding="utf-8")
    res = run_cli("restore", f"archive/{REL}", env=HASHING)
    assert res.returncode == 1
    assert res.stderr.strip() == (
        f"error: cannot restore archive/{REL}: a file already exists at {REL} (rename or move it, then restore)"
    )
    assert (root / "archive" / REL).read_text(encoding="utf-8") == NOTE  # nothing moved
