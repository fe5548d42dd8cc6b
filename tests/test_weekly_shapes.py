"""Weekly runs over logs of shapes the run was not written for (real activity files, fake embedder)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import DAY, UNTIL, WordEmbedder, log_task

from memdir import Memory
from memdir.consolidation.weekly.tasks import group_tasks


@pytest.fixture
def wmem(root: Path) -> Memory:
    return Memory(root, embedder=WordEmbedder())


def events(tid: str, at: int, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    t = DAY + timedelta(hours=at)
    out = []
    for n, e in enumerate(items):
        out.append({"ts": (t + timedelta(seconds=10 * n)).isoformat(), "task_id": tid, **e})
    return out


def body_of(mem: Memory, rel: str) -> str:
    return mem.store.read(rel).body


def test_one_tool_for_everything_gives_the_same_actions_as_one_tool_per_verb(wmem: Memory) -> None:
    acts = [
        "go to cabinet 1",
        "open cabinet 1",
        "take mug 1 from cabinet 1",
        "go to shelf 1",
        "put mug 1 in/on shelf 1",
    ]
    per_verb = events("a", 0, [{"type": "tool_use", "tool": a.split()[0], "input": a} for a in acts])
    one_tool = events("b", 1, [{"type": "tool_use", "tool": "alfworld", "input": a} for a in acts])
    other = events("c", 2, [{"type": "tool_use", "tool": "alfworld", "input": a} for a in acts])
    wmem.activity.append_many(per_verb + one_tool + other)
    a, b, _ = group_tasks(wmem.activity.read())
    assert [x.split(":")[-1] for x in b.actions] == a.actions == ["go", "open", "take", "go", "put"]


def test_a_logger_that_writes_only_results_and_replies_still_gives_steps(wmem: Memory) -> None:
    for n, (order, who) in enumerate([("1041", "Ana"), ("1177", "Bo"), ("1203", "Cy")]):
        wmem.activity.append_many(
            events(
                f"r{n}",
                n,
                [
                    {"type": "task_start", "summary": f"Refund order {order} for {who}"},
                    {
                        "type": "tool_result",
                        "tool": "shop",
                        "input": f"refund --order {order} --reason damaged",
                    },
                    {
                        "type": "tool_result",
                        "tool": "mail",
                        "input": f"send --to {who.lower()}@example.com --template refund",
                    },
                    {"type": "response_sent", "summary": f"Refunded order {order}", "outcome": "success"},
                ],
            )
        )
    report = wmem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 1, report.to_dict()
    body = body_of(wmem, report.created[0])
    assert "1. shop: `refund --order {order} --reason damaged`" in body
    assert "2. mail: `send --to {name}@example.com --template refund`" in body  # `ana` for `Ana`
    assert "3. Reply: “Refunded order {order}”" in body
    assert "Refund order {order} for {" in wmem.store.read(report.created[0]).title


def test_one_off_tasks_that_share_a_generic_step_are_not_a_procedure(wmem: Memory) -> None:
    intents = [
        "Fix the typo in the contributing guide",
        "Update the on-call rota for December",
        "Write the release notes for version 3.2",
        "Investigate the flaky integration test",
    ]
    for n, intent in enumerate(intents):
        log_task(wmem, f"o{n}", intent, "bash", ["git pull"], "success", DAY + timedelta(hours=n))
    report = wmem.consolidate_weekly(until=UNTIL)
    assert report.created == [] and report.review == [], report.to_dict()
    # refused as a kind (round 1), or never one cluster: requests masked alike (`{w} the {w} in the {w}`)
    # are no evidence of one kind since round 3
    assert report.stats.get("not_a_task_type") == 1 or report.stats.get("clusters_selected") == 0


def test_a_kind_of_task_without_common_steps_says_so_and_never_restates_its_intent_as_a_step(
    wmem: Memory,
) -> None:
    for n, city in enumerate(["Oslo", "Lima", "Pune"]):
        wmem.activity.append_many(
            events(
                f"w{n}",
                n,
                [
                    {
                        "type": "task_end",
                        "description": f"What is the weather in {city} tomorrow",
                        "tools": ["browser", "site:weather"],
                        "outcome": "success",
                    },
                ],
            )  # fmt: skip
        )
    report = wmem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 1, report.to_dict()
    note = wmem.store.read(report.created[0])
    assert note.title == "What is the weather in {name} tomorrow"
    assert "## Steps" not in note.body and "no step list to follow yet" in note.body
    assert "Tools seen: `browser` (3 of 3 tasks), `site:weather` (3 of 3 tasks)" in note.body
    assert report.stats["without_consensus_steps"] == report.created


def test_no_secret_reaches_a_file_name_title_or_step(wmem: Memory) -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    for n, repo in enumerate(["api", "web", "cli"]):
        log_task(
            wmem,
            f"s{n}",
            f"Mirror the {repo} repository with token {token}",
            "bash",
            [
                f"git clone https://x:{token}@git.example.com/acme/{repo}.git",
                f"git -C {repo} push --mirror backup",
            ],
            "success",
            DAY + timedelta(hours=n),
        )
    report = wmem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 1, report.to_dict()
    rel = report.created[0]
    assert rel == "procedures/mirror-the-repository-with-token-redacted.md"  # named after the redacted title
    text = (wmem.root / rel).read_text(encoding="utf-8")
    assert token not in text and "[REDACTED]" in text


def test_a_hostile_tool_input_nested_thousands_deep_does_not_stop_the_week(wmem: Memory, root: Path) -> None:
    # a hand-written log (never `memdir log`, which refuses nesting past 32): one JSON-string input
    # 3,000 levels deep, one native list 600 deep; the week's real kind is still distilled
    for n, repo in enumerate(["api", "web", "cli"]):
        log_task(
            wmem,
            f"ok{n}",
            f"Run the release checks for {repo}",
            "bash",
            [f"make check REPO={repo}", f"make release REPO={repo}"],
            "success",
            DAY + timedelta(hours=n),
        )
    deep_string = "[" * 3000 + "]" * 3000
    deep_list: Any = []
    for _ in range(600):
        deep_list = [deep_list]
    bad = [
        {
            "ts": (DAY + timedelta(hours=5)).isoformat(),
            "type": "tool_use",
            "task_id": "x1",
            "tool": "bash",
            "input": v,
        }
        for v in (deep_string, deep_list)
    ]
    with (root / "activity" / f"{DAY.date().isoformat()}.jsonl").open("a", encoding="utf-8") as f:
        f.writelines(json.dumps(e) + "\n" for e in bad)
    report = wmem.consolidate_weekly(until=UNTIL)
    assert report.errors == []
    assert len(report.created) == 1
    assert "make release REPO={repo}" in body_of(wmem, report.created[0])
