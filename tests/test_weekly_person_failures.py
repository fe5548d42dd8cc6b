"""Trial 29 re-check N2: a failed task of a kind that a person's procedure already tells is recorded on the
review item the week raises on that procedure.

The trial's bounced booking confirmation (`email_send` -> `SMTP 550`) was in no note and no item: the week's
merge candidate on the person's booking procedure listed the three successful runs only. Here a ferry office's
ticket refunds (English) and a plant nursery's delivery bookings (Japanese), each a person's procedure and a week
of an agent's tasks of that kind, one of them failing, through `Memory.task` and `consolidate_weekly`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from memdir import Memory

UNTIL = date(2026, 10, 11)
CASES = {
    "en": (
        "refund-a-ferry-ticket.md",
        "---\ndescription: How we refund a ferry ticket\norigin: human\n---\n\n# Refund a ferry ticket\n\n"
        "1. Find the ticket: `tickets.find ref=<ref>`.\n2. Refund the card: `payments.refund full`.\n"
        "3. Mail the customer: `mail.send refunded`.\n",
        "refund ferry ticket {n}",
        [("tickets.find", "ref={n}"), ("payments.refund", "full"), ("mail.send", "refunded")],
        "payments.refund returned 402: card expired",
    ),
    "ja": (
        "植木の配達を予約する.md",
        "---\ndescription: 植木の配達の予約のしかた\norigin: human\n---\n\n# 植木の配達を予約する\n\n"
        "1. 注文を探す：`orders.find 注文=<番号>`\n2. トラックを予約する：`trucks.book 午前便`\n"
        "3. お客様に知らせる：`sms.send 配達の案内`\n",
        "注文{n}の植木の配達を予約する",
        [("orders.find", "注文={n}"), ("trucks.book", "午前便"), ("sms.send", "配達の案内")],
        "trucks.book が409を返した：午前便は満車",
    ),
}


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 10, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_failed_task_of_a_persons_procedure_is_on_its_review_item(tmp_path: Path, lang: str) -> None:
    name, note, intent, steps, reason = CASES[lang]
    root = tmp_path / "mem"
    mem = Memory(root)
    mem.init()
    (root / "procedures" / name).write_text(note, encoding="utf-8")
    for k in range(5):
        with mem.task(intent.format(n=4100 + k), clock=_clock(5 + k, 8 + k), agent="desk") as t:
            for tool, text in steps:
                t.tool_use(tool, text.format(n=4100 + k))
            t.failure(reason) if k == 2 else t.success()
    report = mem.consolidate_weekly(until=UNTIL)
    assert not report.errors, report.errors
    assert (root / "procedures" / name).read_text(encoding="utf-8") == note  # the person's note untouched
    items = [f.read_text(encoding="utf-8") for f in (root / "review").glob("*.md")]
    mine = [i for i in items if f"target: procedures/{name}" in i]
    assert len(mine) == 1, items
    meta = yaml.safe_load(mine[0].split("---")[1])
    failed = meta["failed_tasks"]
    assert len(failed) == 1
    assert failed[0] not in meta["sources"]  # the successes stay the sources
    assert "1 failed task" in meta["description"]
    known = mine[0].split("## Known failures", 1)[1].split("## Candidate", 1)[0]
    assert failed[0] in known and reason.split(":")[-1].split("：")[-1].strip() in known
