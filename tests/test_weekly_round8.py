"""Issue 15, after the eighth held-out weeks: a person's procedure for one of several kinds that share a
long prefix and differ in one step is that kind's duplicate (a review item, no new file).

Before, steps that three or more of the run's drafts share (the prefix) were left out of the step
comparison, the kind's own work was one step, and a match needed two: the draft became a second file
beside the person's. Made-up print-shop week (real activity files, fake embedder).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory

PREFIX = [
    "press load --stock {stock} --tray 2",
    "press calibrate --profile coated-300",
    "press ink check --min 20",
]
KINDS = {
    "cards": ("Business cards for {who}, {n} copies", "press run --job cards-85x55 --copies {n} --duplex"),
    "posters": (
        "Exhibition posters in A2 ({n}) laminated, {who}",
        "press run --job poster-a2 --copies {n} --laminate gloss",
    ),
    "flyers": (
        "Leaflet drop: {n} A5 flyers unfolded ({who})",
        "press run --job flyer-a5 --copies {n} --fold none",
    ),
}
HUMAN = """---
description: Business cards on the Indigo press, start to finish
origin: human
---

# Business cards

1. Load the card stock: `press load --stock <stock> --tray 2`
2. Calibrate: `press calibrate --profile coated-300`
3. Check the ink: `press ink check --min 20`
4. Run the job: `press run --job cards-85x55 --copies <n> --duplex`
"""


@pytest.fixture
def wmem(root: Path) -> Memory:
    return Memory(root, embedder=WordEmbedder())


def _task(tid: str, at: int, kind: str, n: int, who: str, stock: str) -> list[dict[str, Any]]:
    intent, last = KINDS[kind]
    steps = [*PREFIX, last]
    items: list[dict[str, Any]] = [{"type": "task_start", "summary": intent.format(n=n, who=who)}]
    for s in steps:
        cmd = s.format(n=n, stock=stock)
        items += [
            {"type": "tool_use", "tool": "shell", "input": cmd},
            {"type": "tool_result", "tool": "shell", "output": "ok"},
        ]
    items.append({"type": "task_end", "outcome": "success"})
    return events(tid, at, items)


def test_a_persons_procedure_for_one_of_several_kinds_sharing_a_prefix_is_its_duplicate(wmem: Memory) -> None:
    human = wmem.root / "procedures" / "business-cards.md"
    human.write_text(HUMAN, encoding="utf-8")
    before = human.read_bytes()
    who = ["Ana", "Bo", "Cy"]
    stocks = ["matte-350", "silk-300", "linen-320"]
    at = 0
    for kind in KINDS:
        for i in range(3):
            wmem.activity.append_many(_task(f"{kind}-{i}", at, kind, 100 * (i + 2), who[i], stocks[i]))
            at += 1
    report = wmem.consolidate_weekly(until=UNTIL)
    written = sorted(report.created)
    info = {k: v for k, v in report.to_dict().items() if k != "diff"}
    assert len(written) == 2, json.dumps(info)  # posters and flyers; cards are the person's note
    bodies = "".join((wmem.root / p).read_text(encoding="utf-8") for p in written)
    assert "poster-a2" in bodies and "flyer-a5" in bodies and "cards-85x55" not in bodies
    items = [p for p in report.review if "business-cards" in (wmem.root / p).read_text(encoding="utf-8")]
    assert len(items) == 1, report.review  # one review item on the person's file
    assert human.read_bytes() == before


ADDRESS = [
    ("社員番号 300112 の住所変更を反映してください（新住所：大阪市北区梅田1-1-1）", "300112"),
    ("引っ越したらしいので 301876 さんの住所、直しておいて。札幌市中央区北1条西2-3", "301876"),
    ("【住所届】302455 福岡市博多区博多駅前3-2-1 適用 8/1", "302455"),
]


def _http_task(tid: str, at: int, intent: str, emp: str) -> list[dict[str, Any]]:
    calls = [
        {"method": "GET", "url": f"https://hr.example.jp/api/employees/{emp}"},
        {
            "method": "PATCH",
            "url": f"https://hr.example.jp/api/employees/{emp}",
            "body": {"field": "address"},
        },
        {"method": "POST", "url": "https://hr.example.jp/api/notifications", "body": {"employee": emp}},
    ]
    items: list[dict[str, Any]] = [{"type": "task_start", "summary": intent}]
    for c in calls:
        items += [
            {"type": "tool_use", "tool": "http", "input": c},
            {"type": "tool_result", "tool": "http", "output": "200"},
        ]
    items.append({"type": "task_end", "outcome": "success"})
    return events(tid, at, items)


def test_a_kind_of_http_calls_is_titled_by_the_requests_shared_words_not_by_its_methods(wmem: Memory) -> None:
    for n, (intent, emp) in enumerate(ADDRESS):
        wmem.activity.append_many(_http_task(f"addr-{n}", n, intent, emp))
    report = wmem.consolidate_weekly(until=UNTIL)
    [path] = report.created
    title = wmem.store.read(path).title
    assert "住所" in title and "GET" not in title and "PATCH" not in title, title
