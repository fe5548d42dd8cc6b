"""Trial 31 (#7, #8, branch fix44d): a person's procedure gets its weekly counts; a step list in knowledge/ is seen.

#8: once a person has confirmed a kind of work on their procedure (its `sources` hold task ids), a later week's
tasks that follow it and add nothing are its successes, with an Outcome-notes line each, never one more empty
review item. #7: a person's numbered step list filed under knowledge/ is a procedure to the duplicate check: the
week's tasks of that work raise one item on it, and no second procedure is written beside it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_weekly_round20d import CARD, CLUB, _week
from test_weekly_run import UNTIL, WordEmbedder

from memdir import Memory


def _confirmed(text: str) -> str:
    """The note as it reads after a person accepted an earlier week's item on it (its task ids in sources)."""
    return text.replace("origin: human\n", "origin: human\nsources:\n- earlier-1\n", 1)


@pytest.mark.parametrize("kind", [CARD, CLUB], ids=["en", "ja"])
def test_a_confirmed_persons_procedure_counts_the_weeks_runs_instead_of_an_empty_item(
    root: Path, kind: dict[str, Any]
) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    rel, text = kind["note"]
    (root / rel).write_text(_confirmed(text), encoding="utf-8")
    _week(mem, kind)
    report = mem.consolidate_weekly(until=UNTIL)
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    assert not [r for r in reviews if r.meta.get("target") == rel]  # before: one empty merge_candidate
    note = mem.store.read(rel)
    assert note.meta["success_count"] == 3 and float(note.meta["confidence"]) > 0.5
    assert sorted(s for s in note.meta["sources"] if s != "earlier-1") == ["k0", "k1", "k2"]
    assert note.body.count("success: repeated by task k") == 3
    assert note.body.startswith(text.split("---\n", 2)[2].rstrip("\n"))  # the person's words stay first


BIKE = """---
description: Booking a bike in for a repair at the counter
origin: human
---

# Booking a repair

1. Look the customer up in Shopdesk by phone number and check the bike on file.
2. Create the repair ticket with the `tuneup_basic` template, collection "next Saturday".
3. Tick "ticket printed" in Shopdesk and tape the ticket to the handlebar.
"""

BIKE_JA = """---
description: 修理の受付で自転車を預かるときの手順
origin: human
---

# Booking a repair（修理受付）

1. Shopdesk で電話番号から customer を lookup し、登録の自転車を確かめる。
2. 修理チケットを `tuneup_basic` のテンプレートで作る。受け取りは "next Saturday"。
3. Shopdesk で ticket printed にチェックを入れ、チケットをハンドルに貼る。
"""

CALLS = [
    ("shopdesk_lookup_customer", 'phone="{x}"'),
    ("shopdesk_create_ticket", 'phone="{x}" template="tuneup_basic" collection="next Saturday"'),
    ("shopdesk_mark_ticket_printed", 'phone="{x}"'),
]


@pytest.mark.parametrize("note", [BIKE, BIKE_JA], ids=["en", "ja"])
def test_a_persons_step_list_in_knowledge_is_the_duplicate_not_a_second_procedure(
    root: Path, note: str
) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    rel = "knowledge/booking-a-repair.md"
    (root / rel).write_text(note, encoding="utf-8")
    asks = ["Can you book my bike in, {x}", "my gears slip, phone {x}", "tune-up please, {x}"]
    for i, (ask, x) in enumerate(zip(asks, ["4411", "5822", "6933"], strict=True)):
        items = [{"type": "task_start", "summary": ask.replace("{x}", x)}]
        items += [{"type": "tool_use", "tool": t, "input": a.replace("{x}", x)} for t, a in CALLS]
        items.append({"type": "task_end", "outcome": "success"})
        mem.activity.append_many(_task_events(f"r{i}", i, items))
    report = mem.consolidate_weekly(until=UNTIL)
    assert [p for p in report.created if p.startswith("procedures/")] == []  # before: a second procedure
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    assert [r.meta["target"] for r in reviews] == [rel]
    assert (root / rel).read_text(encoding="utf-8") == note  # the person's file untouched


def _task_events(tid: str, at: int, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from test_weekly_shapes import events

    return events(tid, at, items)
