"""The weekly LLM call with recorded answers: what the model sees, what is written, what stays pending."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from llm_support import WEEK_UNTIL, ReplayEngine, fixture, log_week, memory, seed_notes

from memdir import Memory
from memdir.consolidation.weekly.weekly_state import WeeklyState

PROC = "procedures/fix-the-flaky-test-name.md"


def _week(root: Path, answers: list[object], lang: str = "en", **cfg: object):  # type: ignore[no-untyped-def]
    mem = memory(root)
    seed_notes(root, ("procedures/deploy-a-service-to-staging.md",))
    log_week(mem, lang)
    engine = ReplayEngine(answers, **cfg)
    mem = Memory(root, embedder=mem.embedder, llm=engine)
    report = mem.weekly_distiller().run(until=WEEK_UNTIL)
    return mem, engine, report


def _made(created: list[str]) -> list[str]:
    """The procedures a run wrote (an avoidance lesson of the failed task may come beside them)."""
    return [p for p in created if p.startswith("procedures/")]


def _procedures(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "procedures").glob("*.md"))


def test_the_model_sees_traces_failures_the_draft_and_the_closest_procedure(root: Path) -> None:
    _, engine, report = _week(root, ["weekly/en_good.json"])
    user = engine.calls[0].user
    brief = json.loads(user[user.index("{") :])
    assert [t["task_id"] for t in brief["successful_tasks"]] == ["fix-412", "fix-977", "fix-1033", "fix-1100"]
    trace = brief["successful_tasks"][0]["trace"]
    assert trace[0] == "thought: test_upload fails one run in five; suspect shared state"
    assert "result (failure): 3 of 20 runs failed: FileExistsError in /tmp/cache" in trace
    assert [t["task_id"] for t in brief["failed_tasks_of_this_type"]] == ["fix-1200"]
    assert "result (failure): rejected: main is protected" in brief["failed_tasks_of_this_type"][0]["trace"]
    assert brief["built_in_draft"]["steps"] and brief["closest_existing_procedures"][0]["title"] == (
        "Deploy a service to staging"
    )
    assert engine.calls[0].request["response_format"].__name__ == "WeeklyAnswer"
    assert report.stats["llm_calls"] == 1 and report.incomplete is None


def test_a_good_answer_becomes_a_procedure_with_preconditions_checks_and_its_own_legend(root: Path) -> None:
    _, _, report = _week(root, ["weekly/en_good.json"])
    assert _made(report.created) == [PROC]
    text = (root / PROC).read_text(encoding="utf-8")
    assert "confidence: 0.4" in text and "origin: weekly" in text
    assert "# Fix the flaky test {test_name} (issue {issue_number})" in text
    assert "Distilled (llm) with gpt-4o-mini from 4 successful tasks" in text
    assert "## Before you start\n\n- Write access to the repository; main is protected" in text
    assert "4. gh pr create --fill (never git push origin main: it is rejected)" in text
    assert "## Check the result\n\n- pytest --count 20 tests/{test_file}::{test_name} shows 20 passed" in text
    assert "- `{test_name}`: the flaky test; seen as `test_upload`, `test_export`, `test_resize`" in text
    assert "test_auth.py.bak" not in text  # an example value no task showed is dropped
    assert "- `{test_file}`: the test's file; seen as `test_io.py`, `test_export.py`" in text


def test_a_japanese_week_gives_a_japanese_procedure(root: Path) -> None:
    _, _, report = _week(root, ["weekly/ja_good.json"], "ja")
    (path,) = _made(report.created)
    text = (root / path).read_text(encoding="utf-8")
    assert "# 依存パッケージ {package} を {version} に更新する" in text
    assert "- uv が使えること" in text and "- pytest -q が全テスト成功になること" in text
    assert "- `{package}`: 更新するパッケージ; seen as `requests`, `numpy`, `pydantic`" in text


def test_prose_a_fence_and_loose_field_shapes_are_accepted(root: Path) -> None:
    _, engine, report = _week(root, ["weekly/en_prose.txt"])
    assert _made(report.created) == [PROC] and len(engine.calls) == 1
    text = (root / PROC).read_text(encoding="utf-8")
    assert (
        "## Check the result\n\n- pytest --count 20" in text and "`{issue_number}`: the issue number" in text
    )


def test_an_unexplained_placeholder_gets_a_generic_legend_line_not_a_retry(root: Path) -> None:
    _, engine, report = _week(root, ["weekly/en_undeclared.json"])
    assert _made(report.created) == [PROC] and len(engine.calls) == 1
    text = (root / PROC).read_text(encoding="utf-8")
    assert "- `{test_name}`: the flaky test; seen as `test_upload`" in text
    assert "- `{issue}`: a value that varies between the tasks" in text


def test_a_rejected_answer_is_asked_for_again_with_the_reason(root: Path) -> None:
    _, engine, report = _week(root, ["weekly/en_no_steps.json", "weekly/en_good.json"])
    assert _made(report.created) == [PROC] and len(engine.calls) == 2
    assert engine.calls[1].user.endswith(
        'Your previous answer could not be used: "steps" is empty: give the steps of the procedure\n'
        "Answer again with the whole JSON object and nothing else."
    )


@pytest.mark.parametrize("answer", ["weekly/en_control.json", "weekly/en_no_steps.json"])
def test_a_cluster_whose_answer_is_rejected_twice_stays_pending(root: Path, answer: str) -> None:
    mem, engine, report = _week(root, [answer])
    assert report.created == [] and report.review == [] and len(engine.calls) == 2
    assert report.pending == 1 and report.pending_reasons == {"the model's answer was rejected": 1}
    assert report.incomplete and report.incomplete.startswith(
        "weekly run incomplete: 1 task cluster left pending"
    )
    assert WeeklyState(root).clusters == {}
    later = Memory(root, embedder=mem.embedder, llm=ReplayEngine(["weekly/en_good.json"]))
    assert _made(later.weekly_distiller().run(until=WEEK_UNTIL).created) == [
        PROC
    ]  # the next run over the week


@pytest.mark.parametrize(
    "garbled",
    [
        '{"title": "x", "steps": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"title": "x", "steps": ["' + "a" * 30_000_000 + '"]}',
        '{"title": "NUL\\u0000", "description": "", "steps": ["a\\ud800b"]}',
    ],
    ids=["deep", "30MB", "surrogate-nul"],
)
def test_a_garbled_answer_never_crashes_this_or_a_later_run(root: Path, garbled: str) -> None:
    mem, _, report = _week(root, [garbled])
    assert report.pending == 1 and _procedures(root) == ["deploy-a-service-to-staging.md"]
    later = Memory(root, embedder=mem.embedder, llm=ReplayEngine(["weekly/en_good.json"]))
    assert _made(later.weekly_distiller().run(until=WEEK_UNTIL).created) == [PROC]
    (root / PROC).read_bytes().decode("utf-8")


def test_an_unreachable_model_leaves_the_cluster_pending_not_a_built_in_draft(root: Path) -> None:
    _, engine, report = _week(root, ["litellm.InternalServerError"], retries=1)
    assert _procedures(root) == ["deploy-a-service-to-staging.md"] and report.created == []
    assert report.pending_reasons == {"the model call failed": 1} and len(engine.calls) == 2
    assert any("no answer after 2 attempts" in e for e in report.errors)


def test_a_spent_budget_leaves_the_cluster_pending(root: Path) -> None:
    _, engine, report = _week(root, ["weekly/en_good.json"], max_calls_per_run=0)
    assert engine.calls == [] and report.pending_reasons == {"the run's LLM budget is spent": 1}


def test_secrets_in_the_activity_never_reach_the_model(root: Path) -> None:
    mem = memory(root)
    log_week(mem)
    token = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    mem.log(
        type="tool_use",
        task_id="fix-412",
        tool="shell",
        input=f"export GITHUB_TOKEN={token}",
        ts="2026-11-23T09:00:05+00:00",
    )
    engine = ReplayEngine(["weekly/en_good.json"])
    Memory(root, embedder=mem.embedder, llm=engine).weekly_distiller().run(until=WEEK_UNTIL)
    assert token not in engine.calls[0].user and "ghp_" not in engine.calls[0].user
    assert token not in fixture("weekly/en_good.json")
