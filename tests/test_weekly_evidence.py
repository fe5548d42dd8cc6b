"""What a kept cluster offers the LLM and the learning-from-failure work: ClusterEvidence, end to end."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from llm_support import ReplayEngine
from test_weekly_run import DAY, UNTIL, WordEmbedder

from memdir import Memory


def deploy(mem: Memory, tid: str, svc: str, at: int, fail: bool = False) -> None:
    t = DAY + timedelta(hours=at)
    ev: list[dict[str, Any]] = [{"type": "task_start", "summary": f"Deploy the {svc} service to staging"}]
    ev.append({"type": "tool_use", "tool": "bash", "input": f"make deploy SERVICE={svc} ENV=staging"})
    if fail:
        ev.append({"type": "tool_result", "tool": "bash", "exit_code": 2, "error": "image not found"})
        ev.append({"type": "task_end", "outcome": "failure"})
    else:
        ev.append(
            {
                "type": "tool_use",
                "tool": "bash",
                "input": f"curl -fsS https://staging.example.com/{svc}/healthz",
            }
        )
        ev.append({"type": "task_end", "outcome": "success"})
    mem.activity.append_many(
        [{"ts": (t + timedelta(seconds=n)).isoformat(), "task_id": tid, **e} for n, e in enumerate(ev)]
    )


def deploy_week(mem: Memory) -> None:
    for n, svc in enumerate(["billing", "search", "orders"]):
        deploy(mem, f"d{n}", svc, n)
    deploy(mem, "d9", "auth", 5, fail=True)


@pytest.fixture
def wmem(root: Path) -> Memory:
    return Memory(root, embedder=WordEmbedder())


def test_evidence_lists_each_types_failures_with_the_failing_step_and_writes_nothing(wmem: Memory) -> None:
    deploy_week(wmem)
    before = sorted(p for p in wmem.root.rglob("*") if p.is_file() and "cache" not in p.parts)
    [ev] = wmem.weekly_distiller().evidence(until=UNTIL)
    assert sorted(t.task_id for t in ev.successes) == ["d0", "d1", "d2"]
    [failure] = ev.failures
    assert failure.task_id == "d9" and failure.outcome == "failure"
    assert failure.failed_step == "bash: make deploy SERVICE=auth ENV=staging"
    assert failure.error == "image not found"
    assert ev.draft_title == "Deploy the {service} service to staging" and ev.consensus
    assert json.loads(json.dumps(ev.to_dict()))["failures"][0]["error"] == "image not found"
    assert sorted(p for p in wmem.root.rglob("*") if p.is_file() and "cache" not in p.parts) == before
    [(title, tasks)] = wmem.weekly_distiller().failures_by_type(until=UNTIL)
    assert title == ev.draft_title and [t.task_id for t in tasks] == ["d9"]


def test_the_llm_gets_steps_draft_failures_and_closest_procedures_and_its_own_legend(root: Path) -> None:
    (root / "procedures" / "deploy.md").write_text(
        "---\ndescription: Deploying\norigin: human\n---\n\n# Ship a service to the staging cluster\n\n"
        "1. Run `make deploy SERVICE=<name> ENV=staging`.\n",
        encoding="utf-8",
    )
    reply = {
        "title": "Deploy {svc} to staging",
        "description": "Deploy one service to staging and check its health",
        "steps": [
            "Run `make deploy SERVICE={svc} ENV=staging`",
            "Check `https://staging.example.com/{svc}/healthz`",
        ],
    }
    llm = ReplayEngine([json.dumps(reply)])
    mem = Memory(root, embedder=WordEmbedder(), llm=llm)
    deploy_week(mem)
    report = mem.consolidate_weekly(until=UNTIL)
    [call] = llm.calls
    brief = json.loads(call.user[call.user.index("{") :])
    assert len(brief["successful_tasks"]) == 3 and all(t["trace"] for t in brief["successful_tasks"])
    assert brief["built_in_draft"]["title"] == "Deploy the {service} service to staging"
    [failed] = brief["failed_tasks_of_this_type"]
    assert failed["task_id"] == "d9" and any("image not found" in line for line in failed["trace"])
    assert brief["closest_existing_procedures"][0]["title"] == "Ship a service to the staging cluster"
    note = mem.store.read(report.created[0])
    assert "`{svc}`" in note.body  # the legend is the model's placeholders
    assert "{service}" not in note.body
