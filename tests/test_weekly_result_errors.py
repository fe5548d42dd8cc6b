"""A failed tool call's error reaches its lesson wherever the logger put it (trial 11 #8).

The trial's agent logged the error of a failed call as the result's `input` (a JSON object written
as a string, or `error=…`), the way function-calling agents log a tool's output; the lesson came out
as `knowledge/lessons/failed.md` saying "failed: failed". Here a bookshop's refund agent (another
domain) logs its results every way, through the real CLI and the MCP server, and the weekly run
keeps the error text; a failure whose log says no error names the lesson after its step, never
`failed`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import anyio
import pytest
from mcp import Client

from memdir import Memory
from memdir.activity import ActivityEvent
from memdir.index.embedder import get_embedder
from memdir.mcp.server import build_server

Cli = Callable[..., CompletedProcess[str]]
ORDERS = ["BK-4410", "BK-4471", "BK-4502"]
ERROR = "payment gateway unavailable"
WAYS = {  # how the failed result carries its error: the `memdir log` arguments after --outcome failure
    "input-json": ["--input", json.dumps({"status": 502, "message": ERROR})],
    "input-nested": ["--input", json.dumps({"ok": False, "error": {"code": "GW-17", "message": ERROR}})],
    "input-kv": ["--input", f"error={ERROR}"],
    "input-text": ["--input", ERROR],
    "error": ["--error", ERROR],
    "nothing": [],
}


# `memdir log`'s options, as the event keys it passes to Memory.log
_OPTIONS = {
    "--type": "type",
    "--summary": "summary",
    "--tool": "tool",
    "--input": "input",
    "--outcome": "outcome",
}
_KEYS = (
    "ts",
    "type",
    "task_id",
    "summary",
    "tool",
    "input",
    "outcome",
    "error",
    "procedure",
    "agent",
    "session",
)


def _week(root: Path, run_cli: Cli, how: list[str]) -> None:
    """Three refunds; the first one's failed result logged `how`.

    That one event, the only one that differs between the cases, goes through the real `memdir log`;
    the others are the same `Memory.log` call that command makes (a subprocess each made this slow).
    """
    mem = Memory(root)
    for i, order in enumerate(ORDERS):
        ts = f"2026-10-1{i + 2}T09:00"

        def log(*args: str, sec: int, i: int = i, ts: str = ts) -> None:
            event: dict[str, object] = dict.fromkeys(_KEYS)
            event.update({_OPTIONS[k]: v for k, v in zip(args[::2], args[1::2], strict=True)})
            mem.log(**{**event, "task_id": f"refund-{i}", "ts": f"{ts}:{sec:02d}Z"})

        def log_cli(*args: str, sec: int, i: int = i, ts: str = ts) -> None:
            res = run_cli("log", "--task", f"refund-{i}", "--ts", f"{ts}:{sec:02d}Z", *args)
            assert res.returncode == 0, res.stderr

        log("--type", "task_start", "--summary", f"Refund order {order} to the customer's card", sec=0)
        if i == 0:
            log("--type", "tool_use", "--tool", "shop.refund", "--input", f"order={order}", sec=5)
            log_cli("--type", "tool_result", "--tool", "shop.refund", "--outcome", "failure", *how, sec=6)
            log(
                "--type",
                "tool_use",
                "--tool",
                "shop.refund_store_credit",
                "--input",
                f"order={order}",
                sec=10,
            )
        else:
            log("--type", "tool_use", "--tool", "shop.refund", "--input", f"order={order}", sec=5)
        log("--type", "task_end", "--outcome", "success", sec=20)


@pytest.mark.parametrize("way", list(WAYS))
def test_the_error_of_a_failed_call_is_kept_however_it_was_logged(root: Path, run_cli: Cli, way: str) -> None:
    _week(root, run_cli, WAYS[way])
    res = run_cli("consolidate", "weekly", "--until", "2026-10-19", "--json")
    assert res.returncode == 0, res.stderr
    lessons = [p for p in json.loads(res.stdout)["created"] if p.startswith("knowledge/lessons/")]
    assert len(lessons) == 1, res.stdout
    name = Path(lessons[0]).stem
    text = (root / lessons[0]).read_text(encoding="utf-8")
    assert name not in ("failed", "error", "failure")
    assert "failed: failed" not in text
    if way == "nothing":
        assert "shop-refund" in name  # the step that failed names it
    else:  # the job it is about, then its error (trial 14)
        assert name.startswith("refund-order") and name.endswith("-payment-gateway-unavailable"), name
        assert ERROR in text


def test_log_event_over_mcp_takes_the_error(root: Path) -> None:
    mem = Memory(root, embedder=get_embedder("hashing"))

    async def go() -> None:
        async with Client(build_server(mem, read_only=False)) as client:
            res = await client.call_tool(
                "log_event",
                {
                    "type": "tool_result",
                    "task_id": "r1",
                    "tool": "shop.refund",
                    "outcome": "failure",
                    "error": ERROR,
                },
            )
            assert not res.is_error, res

    anyio.run(go)
    line = json.loads(next((root / "activity").glob("*.jsonl")).read_text(encoding="utf-8"))
    assert line["error"] == ERROR


def _event(**data: object) -> ActivityEvent:
    from datetime import datetime, timezone

    return ActivityEvent(
        datetime(2026, 10, 12, tzinfo=timezone.utc), "tool_result", {"type": "tool_result", **data}
    )  # type: ignore[dict-item]


def test_a_result_that_worked_is_not_a_failure_for_a_word_in_its_output() -> None:
    """A call that fetched a failed CI run, or printed `error=` lines of a log, worked."""
    from memdir.consolidation.weekly.result_error import result_error

    assert result_error(_event(input=json.dumps({"run": 88, "status": "failed"}), outcome="success")) == (
        False,
        "",
    )
    assert result_error(_event(input="grep -c error= app.log: 3")) == (False, "")
    assert result_error(_event(status="timeout")) == (True, "timeout")
    assert result_error(_event(output={"statusCode": 404, "title": "Not Found"})) == (
        True,
        "Not Found (HTTP 404)",
    )
    assert result_error(_event(outcome="failure", summary="Failed.")) == (True, "")


def test_a_json_rpc_call_sent_again_with_a_new_request_id_is_a_retry_not_a_lesson() -> None:
    """A JSON-RPC error now counts as a failure; the same call sent again (only `id` differs) fixed nothing."""
    from datetime import datetime, timezone

    from memdir.consolidation.weekly.lesson_evidence import recoveries
    from memdir.consolidation.weekly.steps import Step
    from memdir.consolidation.weekly.tasks import Task

    call = "jsonrpc=2.0 id={} method=greenhouse.vent.open zone=B2"
    bad = Step("bms", call.format(311), "bms", failed=True, error="controller busy (-32001)")
    again = Step("bms", call.format(312), "bms")
    when = datetime(2026, 10, 12, 9, tzinfo=timezone.utc)
    task = Task(
        "g1", intent="Open the vents in zone B2", steps=[bad, again], outcome="success", start=when, end=when
    )
    assert recoveries(task) == []
