"""Trial 21 (fix21d) #4: a value a step takes from an earlier step's result is one placeholder named for it,
and a placeholder's values are described by their form.

The trial's maintenance desk sent `vars.work_order=WO-wo-101` after `create_work_order` returned
`{"work_order_id": "WO-wo-101"}`; the procedure wrote `WO-wo-{work_order}`, `{work_order}: a number`, and an
agent following it would invent the id. Its booking times `10:00`, `14:00`, `11:00` were "a word".
Other domains and log shapes here: a courier desk logging Anthropic Messages content blocks (a tracking
number sent on under another key and inside a tracking link), a Japanese clinic logging OpenAI Responses
items (a patient number sent under `karte`, a booked date its request states, which stays the request's).
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_trial7 import START, week_root

from memdir import Memory

Call = tuple[str, dict[str, Any], Any]  # (tool, input, result)


def anthropic(day: int, tid: str, request: str, calls: list[Call]) -> list[dict[str, Any]]:
    """A task as Messages API turns: user text, assistant `tool_use` blocks, user `tool_result` blocks."""
    at = START + timedelta(days=day, hours=int(tid[-1]))
    out: list[dict[str, Any]] = []

    def line(minute: int, role: str, content: list[dict[str, Any]]) -> None:
        when = (at + timedelta(minutes=minute)).isoformat()
        out.append({"ts": when, "type": "message", "task_id": tid, "role": role, "content": content})

    line(0, "user", [{"type": "text", "text": request}])
    for n, (tool, args, result) in enumerate(calls, start=1):
        uid = f"toolu_{tid}_{n}"
        line(n, "assistant", [{"type": "tool_use", "id": uid, "name": tool, "input": args}])
        text = json.dumps(result, ensure_ascii=False)
        line(
            n,
            "user",
            [{"type": "tool_result", "tool_use_id": uid, "content": [{"type": "text", "text": text}]}],
        )
    out.append({"ts": (at + timedelta(minutes=20)).isoformat(), "type": "task_end", "task_id": tid})
    out[-1]["outcome"] = "success"
    return out


def shipment(
    day: int, tid: str, postcode: str, tracking: str, pickup: str, phone: str
) -> list[dict[str, Any]]:
    request = f"Ship a parcel from the depot to postcode {postcode}, courier pickup at {pickup}"
    calls: list[Call] = [
        (
            "create_shipment",
            {"depot": "D-3", "to_postcode": postcode, "service": "NEXTDAY"},
            {"tracking_no": tracking, "label_format": "A6"},
        ),
        ("book_pickup", {"depot": "D-3", "tracking": tracking, "time": pickup}, {"ok": True}),
        (
            "send_sms",
            {"to": phone, "link": f"https://track.example/t/{tracking}", "template": "SHIPPED-v1"},
            {"status": "queued"},
        ),
    ]
    return anthropic(day, tid, request, calls)


COURIER = [
    shipment(0, "sh1", "3051", "CR-2026-0041", "10:00", "+61 412 555 101"),
    shipment(1, "sh2", "3121", "CR-2026-0057", "14:30", "+61 412 555 187"),
    shipment(2, "sh3", "3182", "CR-2026-0063", "09:15", "+61 412 555 240"),
]


def _procedure(root: Path) -> str:
    mem = Memory(root, embedder=WordEmbedder())
    created = [p for p in mem.consolidate_weekly(until=UNTIL).created if p.startswith("procedures/")]
    assert len(created) == 1, created
    return mem.store.read(created[0]).body


def test_a_tracking_number_a_result_returned_is_named_for_it_and_taken_whole(tmp_path: Path) -> None:
    body = _procedure(week_root(tmp_path, COURIER))
    # before: `tracking=CR-2026-00{number}`, `{number}: a number`, the link `…/t/CR-2026-00{number}`
    assert "book_pickup: `depot=D-3 tracking={tracking_no} time={time}`" in body, body
    assert "link=https://track.example/t/{tracking_no}" in body, body
    assert "CR-2026-00" not in body, body
    assert "- `{tracking_no}`: the `tracking_no` that step 1 (`create_shipment`) returns" in body, body
    # before: `{time}`: a word
    assert "- `{time}`: a time, different between the tasks" in body, body


def responses(day: int, tid: str, request: str, calls: list[Call]) -> list[dict[str, Any]]:
    """A task as OpenAI Responses items: `function_call` and `function_call_output` with a `call_id`."""
    at = START + timedelta(days=day, hours=int(tid[-1]))
    base = {"task_id": tid}
    ask = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": request}]}
    out: list[dict[str, Any]] = [{**ask, "ts": at.isoformat(), **base}]
    for n, (tool, args, result) in enumerate(calls, start=1):
        sent, cid = at + timedelta(minutes=n), f"call_{tid}_{n}"
        call = {"type": "function_call", "call_id": cid, "name": tool, "arguments": json.dumps(args)}
        out.append({**call, "ts": sent.isoformat(), **base})
        got = (sent + timedelta(seconds=15)).isoformat()
        output = json.dumps(result, ensure_ascii=False)
        out.append({"type": "function_call_output", "call_id": cid, "output": output, "ts": got, **base})
    out.append(
        {"type": "task_end", "outcome": "success", "ts": (at + timedelta(minutes=9)).isoformat(), **base}
    )
    return out


def visit(
    day: int, tid: str, card: str, patient: str, month_day: tuple[int, int], time: str
) -> list[dict[str, Any]]:
    m, d = month_day
    when = f"2026-{m:02d}-{d:02d}"
    request = f"診察券 {card} の患者さん、{m}月{d}日 {time} で 再診 の 予約 を お願いします"
    calls: list[Call] = [
        ("find_patient", {"card": card}, {"patient_id": patient, "next_free": when}),
        ("book_visit", {"karte": patient, "date": when, "time": time, "dept": "内科"}, {"booked": True}),
        ("send_sms", {"karte": patient, "template": "REVISIT-JA"}, {"status": "queued"}),
    ]
    return responses(day, tid, request, calls)


CLINIC = [
    visit(0, "cl1", "A-88120", "P-2026-1101", (12, 2), "10:30"),
    visit(1, "cl2", "A-77315", "P-2026-1147", (12, 4), "15:00"),
    visit(2, "cl3", "A-90211", "P-2026-1189", (12, 9), "09:45"),
]


def test_a_patient_number_is_the_one_the_lookup_returns_and_the_asked_date_stays_the_requests(
    tmp_path: Path,
) -> None:
    body = _procedure(week_root(tmp_path, CLINIC))
    # before: `karte=P-2026-11{number}` twice, `{number}: a number`
    assert "book_visit: `karte={patient_id} date={date} time={time} dept=内科`" in body, body
    assert "send_sms: `karte={patient_id} template=REVISIT-JA`" in body, body
    assert "- `{patient_id}`: the `patient_id` that step 1 (`find_patient`) returns" in body, body
    # the date the request states is no returned value, though the lookup's `next_free` was the same day
    assert "next_free" not in body and "- `{date}`: a date" in body, body
    assert "- `{time}`: a time" in body, body


def test_a_legend_says_each_value_form_in_either_language() -> None:
    from memdir.consolidation.weekly.render import legend_line

    seen = {"x": 1, "y": 1, "z": 1}

    def said(*values: str) -> str:
        return (
            legend_line("v", list(values), dict.fromkeys(values, 1) or seen).split(": ", 1)[1].split(",")[0]
        )

    # before: a word / an IP address / an identifier / a value / a thing and its number
    assert said("10:00", "14:00", "11:00") == "a time"
    assert said("14時", "午後2時", "10時半") == "a time"
    assert said("9:30 AM", "2pm") == "a time"
    assert said("10:00-11:00", "14時〜15時") == "a time range"
    assert said("12/10", "12月15日", "Dec 20") == "a date"
    assert said("2026-12-10 14:00", "2026-12-12T09:30") == "a date and time"
    assert said("¥12,000", "3,000円", "$45.00", "12.50 EUR") == "an amount"
    assert said("12.5%", "3%") == "a percentage"
    # forms that were right stay so
    assert said("2.32.3", "1.2.3") == "a version"
    assert said("12", "1,284") == "a number"
    assert said("Marketing 5", "Mayo 3") == "a thing and its number"
    assert said("WO-wo-101", "WO-wo-102") == "an identifier"
