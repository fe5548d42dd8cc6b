"""Trial 21 re-check: a placeholder no request states and no call returns says so in its legend.

The maintenance desk's booking procedure sent `send_sms phone={phone}`, but no request gave the tenant's
phone and no step returned it: an agent following it had no source. A dog groomer's bookings (Chat Completions
messages with `role: tool` results) and a Japanese bike shop's repair pick-ups: the value no request holds and no result
returned gets "not in the request and no earlier step returns it: ask or look it up"; a value the request
states (the date, the dog's name, in another spelling too) or an earlier step returns (`pet_id`) does not, and
a log that records no result adds nothing (it cannot tell what a step returns).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory

NOTE = "not in the request and no earlier step returns it: ask or look it up"


def _grooming(
    tid: str, at: int, dog: str, day: str, phone: str, results: bool = True
) -> list[dict[str, Any]]:
    """One booking as Chat Completions messages (`role: tool` results), or with no result recorded."""
    out: list[dict[str, Any]] = [
        {"type": "message", "role": "user", "content": f"Please book a grooming for {dog} on {day}"}
    ]
    month, date = day.split("/")
    calls = [
        ("find_pet", {"name": dog}, {"pet_id": f"PET-{at}0{at}7", "breed": "poodle"}),
        (
            "book_grooming",
            {"pet_id": f"PET-{at}0{at}7", "date": f"2026-{int(month):02d}-{int(date):02d}"},
            {"ok": True},
        ),
        ("send_sms", {"phone": phone, "template": "GROOM-CONFIRM"}, {"status": "queued"}),
    ]
    for n, (tool, args, result) in enumerate(calls):
        cid = f"call_{tid}_{n}"
        fn = {"name": tool, "arguments": json.dumps(args)}
        out.append(
            {
                "type": "message",
                "role": "assistant",
                "tool_calls": [{"id": cid, "type": "function", "function": fn}],
            }
        )
        if results:
            out.append(
                {"type": "message", "role": "tool", "tool_call_id": cid, "content": json.dumps(result)}
            )
    out.append({"type": "message", "role": "assistant", "content": "Booked.", "outcome": "success"})
    return events(tid, at, out)


def _body(mem: Memory) -> str:
    procs = [p for p in mem.consolidate_weekly(until=UNTIL).created if p.startswith("procedures/")]
    assert len(procs) == 1, procs
    return mem.store.read(procs[0]).body


def _week(results: bool) -> list[dict[str, Any]]:
    return (
        _grooming("g1", 0, "Biscuit", "11/26", "+447700900123", results)
        + _grooming("g2", 1, "Mochi", "11/27", "+447700900456", results)
        + _grooming("g3", 2, "Pepper", "11/28", "+447700900789", results)
    )


def test_a_value_with_no_source_says_ask_or_look_it_up(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(_week(results=True))
    body = _body(mem)
    legend = body.split("## Placeholders", 1)[1].split("\n## ", 1)[0]
    [phone] = [line for line in legend.splitlines() if "{phone}" in line]
    assert phone.startswith("- `{phone}`: a phone number") and phone.endswith(NOTE), legend  # main: no source
    others = [line for line in legend.splitlines() if line.startswith("- ") and "{phone}" not in line]
    assert others and not any(NOTE in line for line in others), legend  # the dog, the date, the pet_id
    assert any("the `pet_id` that step 1 (`find_pet`) returns" in line for line in others), legend


def test_a_log_that_records_no_result_adds_nothing(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(_week(results=False))
    assert NOTE not in _body(mem)


def _pickup(tid: str, at: int, asked: str, phone: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "message", "role": "user", "content": asked}]
    calls = [
        ("修理受付", {"電話": phone}, {"受付番号": f"R-{at}{at}81"}),
        ("集荷予約", {"受付番号": f"R-{at}{at}81"}, {"ok": True}),
    ]
    for n, (tool, args, result) in enumerate(calls):
        cid = f"call_{tid}_{n}"
        fn = {"name": tool, "arguments": json.dumps(args, ensure_ascii=False)}
        out.append(
            {
                "type": "message",
                "role": "assistant",
                "tool_calls": [{"id": cid, "type": "function", "function": fn}],
            }
        )
        out.append(
            {
                "type": "message",
                "role": "tool",
                "tool_call_id": cid,
                "content": json.dumps(result, ensure_ascii=False),
            }
        )
    out.append({"type": "message", "role": "assistant", "content": "承りました。", "outcome": "success"})
    return events(tid, at, out)


def test_a_phone_the_request_gives_in_another_form_is_sourced(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _pickup("j1", 0, "自転車 修理 集荷 お願いします 電話は090 1111 2222です", "090-1111-2222")
        + _pickup("j2", 1, "自転車 修理 集荷 お願いします 電話は080 3333 4444です", "080-3333-4444")
        + _pickup("j3", 2, "自転車 修理 集荷 お願いします 電話は070 5555 6666です", "070-5555-6666")
    )
    body = _body(mem)
    assert "{電話}" in body and NOTE not in body, body
