"""Outcome reports: the design's confidence formula, person's text kept, activity events applied once."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from memdir.lifecycle.daily_steps import run_daily_steps
from memdir.lifecycle.feedback import smoothed_confidence
from memdir.lifecycle.feedback_events import apply_feedback_events
from memdir.lifecycle.usage import usage_of
from memdir.runs.report import RunReport

HUMANISH = """---
# 手で書いたコメント: keep me
tags: [デプロイ, api]   # flow list
description: "API を本番にデプロイする"
origin: weekly
sources:
  - t1
  - t2
confidence: 0.4  # starts low
success_count: 0
failure_count: 0
created_at: '2026-11-01T10:00:00+00:00'
zeta_custom: {a: 1, b: [x, y]}
---

# デプロイ手順

1. ビルドする
"""


@pytest.fixture
def proc(mem, root):  # type: ignore[no-untyped-def]
    mem.store.create("procedures/deploy.md", HUMANISH)
    return "procedures/deploy.md"


def test_three_failures_on_fresh_auto_procedure_give_016(mem, proc) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        res = mem.feedback(proc, success=False)
    assert res.confidence == pytest.approx(0.16)
    assert mem.store.read(proc).meta["confidence"] == 0.16  # (0 + 0.8) / (3 + 2), stored as written
    assert mem.store.read(proc).meta["failure_count"] == 3
    up = mem.feedback(proc, success=True)
    assert up.confidence > res.confidence
    assert up.confidence == pytest.approx(smoothed_confidence(1, 3, 0.4))


def test_success_raises_and_person_formatting_survives(mem, proc, root) -> None:  # type: ignore[no-untyped-def]
    res = mem.feedback(proc, success=True, note="worked on 本番")
    assert res.confidence == pytest.approx((1 + 0.8) / 3, abs=1e-4) and res.confidence > 0.4
    text = (root / proc).read_text(encoding="utf-8")
    keys = [
        ln.split(":")[0] for ln in text.split("---\n")[1].splitlines() if ln and not ln.startswith((" ", "#"))
    ]
    assert keys[:9] == [
        "tags",
        "description",
        "origin",
        "sources",
        "confidence",
        "success_count",
        "failure_count",
        "created_at",
        "zeta_custom",
    ]
    assert "# 手で書いたコメント: keep me\n" in text
    assert "tags: [デプロイ, api]   # flow list\n" in text
    assert 'description: "API を本番にデプロイする"\n' in text
    assert "sources:\n  - t1\n  - t2\n" in text
    assert "zeta_custom: {a: 1, b: [x, y]}\n" in text
    assert "last_used:" in text and "success_count: 1\n" in text
    assert f"confidence: {res.confidence}  # starts low\n" in text
    assert "# デプロイ手順\n\n1. ビルドする\n" in text and "worked on 本番" in text
    assert usage_of(mem.root, proc)["used"] == 1


def test_cli_feedback_subprocess(proc, run_cli, root) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        out = run_cli("feedback", proc, "--failure", "--json")
        assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["confidence"] == pytest.approx(0.16)
    assert run_cli("feedback", proc).returncode != 0  # neither --success nor --failure
    missing = run_cli("feedback", "procedures/nope.md", "--success")
    assert missing.returncode == 1 and "Traceback" not in missing.stderr


def _log_feedback(mem, outcome: str, ts: str, path: str = "procedures/deploy.md") -> None:  # type: ignore[no-untyped-def]
    mem.log(type="feedback", procedure=path, outcome=outcome, ts=ts)


def test_feedback_events_applied_exactly_once(mem, proc) -> None:  # type: ignore[no-untyped-def]
    _log_feedback(mem, "failure", "2026-11-20T10:00:00+00:00")
    _log_feedback(mem, "failure", "2026-11-20T11:00:00+00:00")
    _log_feedback(mem, "success", "2026-11-21T09:00:00+00:00")
    dry = RunReport(job="daily", dry_run=True)
    run_daily_steps(mem.store, mem.activity, mem.config, dry, dry_run=True)
    assert dry.stats["feedback_applied"] == 3
    assert mem.store.read(proc).meta["failure_count"] == 0  # dry run wrote nothing
    assert not (mem.root / ".memdir/state/feedback.json").exists()
    assert not (mem.root / ".memdir/locks/feedback-events.lock").exists()
    report = RunReport(job="daily")
    run_daily_steps(mem.store, mem.activity, mem.config, report)
    meta = mem.store.read(proc).meta
    assert (meta["success_count"], meta["failure_count"]) == (1, 2)
    assert meta["confidence"] == pytest.approx(smoothed_confidence(1, 2, 0.4))
    assert str(meta["last_used"]) == "2026-11-21"
    assert report.updated == [proc]
    before = mem.store.read(proc).text
    again = RunReport(job="daily")
    run_daily_steps(mem.store, mem.activity, mem.config, again)
    assert mem.store.read(proc).text == before and again.stats["feedback_applied"] == 0
    _log_feedback(mem, "success", "2026-11-21T09:30:00+00:00")  # appended later: only this one is new
    assert apply_feedback_events(mem.store, mem.activity)["applied"] == [proc]
    assert mem.store.read(proc).meta["success_count"] == 2


def test_identical_lines_count_separately_and_bad_events_do_not_block(mem, proc, root) -> None:  # type: ignore[no-untyped-def]
    line = json.dumps(
        {"ts": "2026-11-20T10:00:00+00:00", "type": "feedback", "procedure": proc, "outcome": "failure"}
    )
    (root / "activity").mkdir(exist_ok=True)
    (root / "activity/2026-11-20.jsonl").write_text(
        line
        + "\n"
        + line
        + "\n{not json\n"
        + json.dumps(
            {
                "ts": "2026-11-20T12:00:00+00:00",
                "type": "feedback",
                "procedure": "procedures/gone.md",
                "outcome": "success",
            }
        )
        + "\n"
        + json.dumps({"ts": "2026-11-20T12:00:00+00:00", "type": "feedback", "procedure": proc})
        + "\n",
        encoding="utf-8",
    )
    out = apply_feedback_events(mem.store, mem.activity)
    assert out["applied"] == [proc, proc]
    assert len(out["invalid"]) == 2 and not out["errors"]
    assert mem.store.read(proc).meta["failure_count"] == 2
    assert apply_feedback_events(mem.store, mem.activity) == {"applied": [], "invalid": [], "errors": []}


def test_crash_between_write_and_ledger_does_not_double_apply(mem, proc) -> None:  # type: ignore[no-untyped-def]
    import memdir.lifecycle.feedback_events as fe

    _log_feedback(mem, "failure", "2026-11-20T10:00:00+00:00")
    real = fe.apply_outcomes

    def write_then_die(*args, **kwargs):  # type: ignore[no-untyped-def]
        real(*args, **kwargs)
        raise KeyboardInterrupt  # stands in for kill -9 after the note write, before the ledger update

    fe.apply_outcomes = write_then_die  # type: ignore[assignment]
    try:
        with pytest.raises(KeyboardInterrupt):
            apply_feedback_events(mem.store, mem.activity)
    finally:
        fe.apply_outcomes = real  # type: ignore[assignment]
    assert mem.store.read(proc).meta["failure_count"] == 1
    assert apply_feedback_events(mem.store, mem.activity)["applied"] == [proc]
    assert mem.store.read(proc).meta["failure_count"] == 1  # not applied a second time


def test_event_timestamp_sets_last_used(mem, proc) -> None:  # type: ignore[no-untyped-def]
    when = datetime(2026, 10, 5, 12, tzinfo=timezone.utc)
    _log_feedback(mem, "success", when.isoformat())
    apply_feedback_events(mem.store, mem.activity)
    assert str(mem.store.read(proc).meta["last_used"]) == "2026-10-05"


def test_batch_of_events_on_one_note_is_one_write_and_last_used_never_goes_back(mem, proc, root) -> None:  # type: ignore[no-untyped-def]
    with_cli = mem.feedback(proc, success=True)  # today
    for i in range(5):
        _log_feedback(mem, "failure" if i % 2 else "success", f"2026-10-0{i + 1}T10:00:00+00:00")
    writes = []
    real = mem.store.write

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        writes.append(args[0])
        return real(*args, **kwargs)

    mem.store.write = counting  # type: ignore[method-assign]
    out = apply_feedback_events(mem.store, mem.activity)
    assert out["applied"] == [proc] * 5 and writes == [proc]
    meta = mem.store.read(proc).meta
    assert (meta["success_count"], meta["failure_count"]) == (1 + 3, 2)
    assert str(meta["last_used"]) == with_cli.last_used  # older events do not move it back
    assert usage_of(mem.root, proc)["used"] == 6


def test_concurrent_reports_are_all_counted(mem, proc) -> None:  # type: ignore[no-untyped-def]
    from concurrent.futures import ThreadPoolExecutor

    from memdir import Memory

    with ThreadPoolExecutor(6) as pool:
        list(pool.map(lambda i: Memory(mem.root).feedback(proc, success=i % 2 == 0), range(12)))
    meta = mem.store.read(proc).meta
    assert (meta["success_count"], meta["failure_count"]) == (6, 6)
    assert meta["confidence"] == smoothed_confidence(6, 6, 0.4)


def test_logged_feedback_is_applied_by_the_daily_cli_run_once(proc, run_cli, root) -> None:  # type: ignore[no-untyped-def]
    out = run_cli("log", "--type", "feedback", "--procedure", proc, "--outcome", "failure")
    assert out.returncode == 0, out.stderr
    first = run_cli("consolidate", "daily", "--json")
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert report["stats"]["feedback_applied"] == 1 and proc in report["updated"]
    assert "failure_count: 1\n" in (root / proc).read_text(encoding="utf-8")
    second = run_cli("consolidate", "daily", "--json")
    assert json.loads(second.stdout)["stats"]["feedback_applied"] == 0
    assert "failure_count: 1\n" in (root / proc).read_text(encoding="utf-8")


def test_success_on_a_human_procedure_with_counts_raises_its_confidence(mem, root) -> None:  # type: ignore[no-untyped-def]
    from memdir.notes.frontmatter import render_note

    (root / "procedures" / "h.md").write_text(
        render_note(
            {
                "description": "d",
                "confidence": 0.9,
                "success_count": 4,
                "failure_count": 0,
                "origin": "human",
            },
            "steps",
        )
    )
    res = mem.feedback("procedures/h.md", success=True)
    assert res.confidence > 0.9
    assert mem.store.read("procedures/h.md").meta["confidence_prior"] == 0.7
    res = mem.feedback("procedures/h.md", success=False)
    assert res.confidence < 0.9
