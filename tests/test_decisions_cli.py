"""Decisions through the real CLI: `memdir decision add|list`, `memdir outcome`, due decisions in `memdir context`."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from datetime import date, datetime, timezone
from pathlib import Path

import pytest
from freezegun import freeze_time

from memdir import Memory
from memdir.lifecycle.decisions import DecisionError, follow_up_date

Run = Callable[..., subprocess.CompletedProcess[str]]


def add(run_cli: Run, title: str, follow: str) -> str:
    out = run_cli(
        "decision",
        "add",
        title,
        "-o",
        "Redis",
        "-o",
        "Memcached",
        "--chosen",
        "Redis",
        "--reason",
        "we already run Redis",
        "--tradeoff",
        "one more thing to back up",
        "--follow-up",
        follow,
        "--json",
    )
    assert out.returncode == 0, out.stderr
    return str(json.loads(out.stdout)["path"])


def test_decision_add_writes_an_open_decision_note(run_cli: Run, root: Path) -> None:
    rel = add(run_cli, "Cache sessions in Redis", "2026-12-20")
    assert rel == "knowledge/decisions/cache-sessions-in-redis.md"
    note = Memory(root).store.read(rel)
    assert note.meta["type"] == "decision" and note.meta["status"] == "open"
    assert note.meta["track_outcome"] is True and note.meta["follow_up_at"] == "2026-12-20"
    assert note.meta["options"] == ["Redis", "Memcached"] and note.meta["chosen"] == "Redis"
    assert "## Reasons\n\nwe already run Redis" in note.body and "one more thing to back up" in note.body
    assert "- Redis (chosen)" in note.body


def test_context_lists_due_decisions_only_and_outcome_resolves_them(run_cli: Run, root: Path) -> None:
    due = add(run_cli, "Cache sessions in Redis", "2020-01-01")
    later = add(run_cli, "Move CI to arm64 runners", "2999-01-01")
    ctx = run_cli("context")
    assert ctx.returncode == 0, ctx.stderr
    assert "### Decisions to follow up" in ctx.stdout
    assert f"`{due}`" in ctx.stdout and "ask what happened" in ctx.stdout
    assert f"memdir outcome {due} TEXT --result" in ctx.stdout
    assert later not in ctx.stdout
    listed = json.loads(run_cli("decision", "list", "--due", "--json").stdout)
    assert [r["path"] for r in listed] == [due]
    everything = json.loads(run_cli("decision", "list", "--json").stdout)
    assert sorted(r["path"] for r in everything) == sorted([due, later])

    out = run_cli("outcome", due, "p99 latency fell 40%, no incidents", "--result", "success", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["status"] == "resolved"
    note = Memory(root).store.read(due)
    assert note.meta["status"] == "resolved" and note.meta["outcome"] == "success"
    assert "(success): p99 latency fell 40%, no incidents" in note.body and "(none yet" not in note.body
    assert "Decisions to follow up" not in run_cli("context").stdout


def test_a_failed_outcome_writes_a_lesson_citing_the_decision(run_cli: Run, root: Path) -> None:
    rel = add(run_cli, "Cache sessions in Redis", "2020-01-01")
    out = run_cli("outcome", rel, "evictions logged users out twice", "--result", "reverted")
    assert out.returncode == 0, out.stderr
    lesson = "knowledge/lessons/decision-cache-sessions-in-redis.md"
    assert lesson in out.stdout
    note = Memory(root).store.read(lesson)
    assert note.meta["type"] == "lesson" and note.meta["sources"] == [rel]
    assert "evictions logged users out twice" in note.body and "Memcached" in note.body


def test_partial_keeps_it_open_and_moves_the_follow_up(run_cli: Run, root: Path) -> None:
    rel = add(run_cli, "Cache sessions in Redis", "2020-01-01")
    out = json.loads(
        run_cli("outcome", rel, "half the services moved", "--result", "partial", "--json").stdout
    )
    assert out["status"] == "open" and out["follow_up_at"] > date.today().isoformat()
    assert json.loads(run_cli("decision", "list", "--due", "--json").stdout) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("outcome", "knowledge/nope.md", "x", "--result", "success"), "no decision at knowledge/nope.md"),
        (("outcome", "../../etc/passwd", "x", "--result", "success"), "leaves the memory root"),
        (("decision", "add", "X", "--follow-up", "soon"), "is not a date"),
        (("decision", "add", "   "), "needs a title"),
    ],
)
def test_bad_input_is_one_line_and_non_zero(run_cli: Run, args: tuple[str, ...], message: str) -> None:
    out = run_cli(*args)
    assert out.returncode != 0
    assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_outcome_refuses_a_note_that_is_not_a_decision_and_a_bad_result(run_cli: Run, root: Path) -> None:
    (root / "knowledge" / "plain.md").write_text("# Plain\n", encoding="utf-8")
    out = run_cli("outcome", "knowledge/plain.md", "x", "--result", "success")
    assert out.returncode == 1 and "is not a decision note" in out.stderr
    assert (root / "knowledge" / "plain.md").read_text(encoding="utf-8") == "# Plain\n"
    bad = run_cli("outcome", "knowledge/plain.md", "x", "--result", "meh")
    assert bad.returncode != 0 and "meh" in bad.stderr


@freeze_time("2026-12-02 09:00:00")
def test_due_is_by_date_in_the_library(mem: Memory) -> None:
    rel = mem.add_decision("Adopt uv", ["uv", "pip-tools"], "uv", follow_up="3d")
    assert mem.store.read(rel).meta["follow_up_at"] == "2026-12-05"
    assert mem.decisions(due_only=True) == []
    assert [r["path"] for r in mem.decisions(due_only=True, today=date(2026, 12, 5))] == [rel]
    assert follow_up_date("", date(2026, 12, 2)) == date(2026, 12, 16)
    with pytest.raises(DecisionError):
        follow_up_date("2026-13-01", date(2026, 12, 2))
    assert datetime.now(timezone.utc).date() == date(2026, 12, 2)
