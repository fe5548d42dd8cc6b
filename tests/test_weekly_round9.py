"""Issue 15, after the eighth held-out weeks (round 9). A kind whose requests were each worded by
their own person is titled by its steps' commands; a name every request writes (`PCR`) goes first,
since the calls (`load_block`, `run_lane`) leave out what the work is about. A title that is one
request keeps no task's version glued to a `v` (`v2.3.1` -> `v{version}`, as the steps write it).

Made-up molecular-biology bench week (real activity files, fake embedder).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory

REQUESTS = [
    ("PCR for clone K-118 please, then check it on a gel", "118"),
    ("Could you amplify the insert of K-203 by PCR and run the product", "203"),
    ("colony PCR on K-377; Dana needs the bands before noon", "377"),
]
STEPS = [
    ("thermo", {"action": "load_block", "sample": "K-{n}", "mix": "mastermix-v2"}),
    ("thermo", {"action": "run_program", "program": "touchdown-62"}),
    ("gel", {"action": "run_lane", "lane": 2, "sample": "K-{n}", "ladder": "1kb"}),
]


@pytest.fixture
def wmem(root: Path) -> Memory:
    return Memory(root, embedder=WordEmbedder())


OTHER = [
    ("freezer", {"action": "find_box", "rack": "R{n}"}),
    ("lims", {"action": "log_inventory", "rack": "R{n}", "status": "counted"}),
]


def _task(
    tid: str, at: int, intent: str, n: str, steps: list[tuple[str, dict[str, Any]]]
) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"type": "task_start", "summary": intent}]
    for tool, args in steps:
        filled = {k: v.format(n=n) if isinstance(v, str) else v for k, v in args.items()}
        items += [
            {"type": "tool_use", "tool": tool, "input": filled},
            {"type": "tool_result", "tool": tool, "output": "ok"},
        ]
    items.append({"type": "task_end", "outcome": "success"})
    return events(tid, at, items)


def test_a_name_every_request_writes_titles_a_kind_of_commands(wmem: Memory) -> None:
    for i, (intent, n) in enumerate(REQUESTS):
        wmem.activity.append_many(_task(f"pcr-{i}", i, intent, n, STEPS))
        wmem.activity.append_many(
            _task(f"inv-{i}", 5 + i, f"Count freezer rack R{i} inventory", str(i), OTHER)
        )
    report = wmem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 2, json.dumps({k: v for k, v in report.to_dict().items() if k != "diff"})
    [title] = [
        wmem.store.read(p).title for p in report.created if "load_block" in (wmem.root / p).read_text()
    ]
    assert "PCR" in title, title  # before: "load_block, run_program, run_lane ({number})"


def test_a_word_capitalised_only_where_requests_begin_is_no_name() -> None:
    from memdir.consolidation.weekly.titles import shared_name  # new in round 9

    assert shared_name([r for r, _ in REQUESTS]) == "PCR"
    assert shared_name(["Please restart web-1", "Please restart db-2", "Please restart cache-3"]) == ""
    assert shared_name(["PCR on K-1", "PCR on K-2"]) == ""  # two requests are no kind


def test_a_version_a_request_glued_to_its_v_is_the_steps_placeholder_in_its_title() -> None:
    # before: "Roll out the nightly firmware build v2.3.1 …" kept one task's version (`v` glued to it)
    from memdir.consolidation.weekly.spans import Span
    from memdir.consolidation.weekly.titles import title_template

    intents = {
        "fw-0": "Roll out the nightly firmware build v2.3.1 to the edge routers",
        "fw-1": "edge boxes: 2.4.0 went green, push it",
        "fw-2": "Can you flash v2.4.2 onto the sites",
    }
    step = Span({"fw-0": "2.3.1", "fw-1": "2.4.0", "fw-2": "2.4.2"})  # `flash --version v{version}`
    tpl, group = title_template(intents, [step])
    assert group == ["fw-0"]
    [span] = [p for p in tpl.parts if isinstance(p, Span)]
    assert span.ref is step and span.values == {"fw-0": "2.3.1"}
    assert "".join(p for p in tpl.parts if isinstance(p, str)).endswith("build v to the edge routers")
