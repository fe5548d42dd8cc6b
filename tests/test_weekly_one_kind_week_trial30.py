"""Trial 30 #9: whether a kind is distilled must not depend on unrelated tasks of the same week.

The brewery's five tour bookings (four successes, two English and two Japanese requests) gave a procedure beside
the week's shipping tasks and nothing alone: in a week of one kind every step is one most of the week took, which
read as a sign-in (no evidence of a kind), and the two languages stayed two groups of two. A week with no kind
now also says why. Here a bike workshop's service bookings (2 English, 2 Japanese, one failure), alone and
beside unrelated one-offs; then a week of two bookings only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml
from cli_helper import memdir_ok

from memdir import Memory

BOOKINGS = [
    ("Book a bike service on 2026-10-06 at 09:00 for Novak, 2 bikes", "novak", "09:00", 2, True),
    ("2026-10-07の13:00に田中様の自転車点検を3台で予約してください", "tanaka", "13:00", 3, True),
    ("Book a bike service on 2026-10-08 at 09:00 for Ortiz, 6 bikes", "ortiz", "09:00", 6, False),
    ("Book a bike service on 2026-10-08 at 11:00 for Lund, 1 bikes", "lund", "11:00", 1, True),
    ("2026-10-09の13:00に佐藤様の自転車点検を2台で予約してください", "sato", "13:00", 2, True),
]
ONE_OFFS = [
    ("Order 40 inner tubes 700x28 from Velo Supply", [("supplier_order", {"sku": "TUBE-700x28", "qty": 40})]),
    ("What is the weather for Saturday's group ride?", [("web_search", {"q": "weather saturday"})]),
    ("Refund the deposit of order 5521", [("pos_refund", {"order": 5521, "amount": 30})]),
    ("在庫のチェーンオイルの数を教えて", [("inventory_count", {"sku": "OIL-CHAIN"})]),
]


def _clock(day: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 10, day, 9, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=40)
            yield t

    it = ticks()
    return lambda: next(it)


def _week(root: Path, bookings: list[tuple[str, str, str, int, bool]], others: bool) -> None:
    mem = Memory(root)
    mem.init()
    for k, (intent, who, slot, bikes, ok) in enumerate(bookings):
        day = f"2026-10-{6 + k:02d}"
        with mem.task(intent, clock=_clock(5 + k), agent="desk") as t:
            t.tool_use("workshop_check_slot", {"date": day, "slot": slot})
            t.tool_result("free" if ok else "3 stands left")
            t.tool_use("workshop_book", {"date": day, "slot": slot, "customer": who, "bikes": bikes})
            if not ok:
                t.tool_result("stands full", outcome="failure")
                t.failure("stands full")
                continue
            t.tool_result("booked")
            t.tool_use("send_sms", {"to": f"+44 7700 9001{k}", "template": "Service-Booked"})
            t.tool_result("sent")
            t.success()
    for k, (intent, calls) in enumerate(ONE_OFFS if others else []):
        with mem.task(intent, clock=_clock(5 + k), agent="desk") as t:
            for tool, args in calls:
                t.tool_use(tool, args)
                t.tool_result("ok")
            t.success()


def _sources(root: Path) -> list[list[str]]:
    out = []
    for path in sorted((root / "procedures").glob("*.md")):
        meta = yaml.safe_load(path.read_text(encoding="utf-8").split("---")[1])
        if "workshop_book" in (meta.get("tools") or []):
            out.append(sorted(meta["sources"]))
    return out


@pytest.mark.parametrize("others", [True, False], ids=["with-one-offs", "alone"])
def test_a_kind_asked_in_two_languages_is_a_kind_with_or_without_other_tasks(
    tmp_path: Path, others: bool
) -> None:
    root = tmp_path / "mem"
    _week(root, BOOKINGS, others)
    memdir_ok(root, "consolidate", "weekly", "--until", "2026-10-12")
    found = _sources(root)
    assert len(found) == 1, found  # the same four successes give one procedure, whatever else the week holds
    assert len(found[0]) == 4


def test_a_week_without_a_kind_says_why(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _week(root, [BOOKINGS[0], BOOKINGS[1]], others=False)
    out = memdir_ok(root, "consolidate", "weekly", "--until", "2026-10-12").stdout
    assert "nothing to change" in out
    assert "no kind this week: 2 new successful task(s); a kind needs 3" in out
