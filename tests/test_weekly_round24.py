"""Issue 15, round 24 (branch weekly24): a request that is a whole raw e-mail, fields joined by colons that are no
clock time, a one-argument call logged as its value alone (a framework's callback events), a Japanese title that
is one person's whole message.

Domains other than set 24's (a university's instrument booking desk, a bakery's catering orders, an after-school
club's front desk).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.distill import distil_builtin
from memdir.consolidation.weekly.tasks import group_tasks

# (task, sender, subject, body, instrument, day): an instrument booked for a day, asked by raw e-mail
CRYO = [
    ("c1", "Dr Lena Ortiz <l.ortiz@chem.uni.example>", "Cryostat for Thursday",
     "Hi desk,\ncould you book the cryostat for our group on Thursday? Sample run, the usual four hours.\nLena",
     "CRYO-2", "20261126"),
    ("c2", "Tomasz Wrobel <t.wrobel@phys.uni.example>", "cryostat booking",
     "Hello, we need the cryostat next Friday for a magnetisation sweep. Could you book it please?",
     "CRYO-2", "20261127"),
    ("c3", "Amara Osei <amara.osei@bio.uni.example>", "Slot request: cryostat",
     "Dear team, please book the cryostat on Monday for my thesis measurements. Thanks, Amara",
     "CRYO-2", "20261130"),
]  # fmt: skip


def _title(body: str) -> str:
    return next(line[2:] for line in body.splitlines() if line.startswith("# "))


def _mail(sender: str, subject: str, body: str, n: int) -> str:
    return (
        f"From: {sender}\nTo: Instrument Desk <instruments@uni.example>\nSubject: {subject}\n"
        f"Date: Wed, 25 Nov 2026 0{n}:15:00 +0000\nMessage-ID: <{n}a7f3c{n}@mail.uni.example>\n\n{body}"
    )


def _cryo_week(mem: Memory) -> None:
    for n, (tid, sender, subject, body, instrument, day) in enumerate(CRYO):
        items: list[dict[str, Any]] = [
            {"type": "email", "raw": _mail(sender, subject, body, n + 1)},
            {"type": "tool_use", "tool": "grid", "input": f"grid calendar show {instrument} --day {day}"},
            # the slot field: a date, a start and a length joined by colons (no clock time)
            {"type": "tool_use", "tool": "grid", "input": f"grid slot book {instrument} slot={day}:0900:240 mode=staffed"},
            {"type": "response_sent", "text": f"Booked {instrument} on {day} from 09:00, four hours."},
            {"type": "task_end", "outcome": "success"},
        ]  # fmt: skip
        mem.activity.append_many(events(tid, n, items))


def test_a_request_that_is_a_whole_raw_email_is_read_by_its_subject_and_body(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    _cryo_week(mem)
    report = mem.consolidate_weekly(until=UNTIL)
    made = [p for p in report.created if p.startswith("procedures/")]
    assert len(made) == 1
    note = mem.store.read(made[0])
    title = _title(note.body)
    # the base titled it by the mail's header lines: `From: {from} To: Instrument Desk … Message-ID: …`
    for header in ("From:", "To:", "Message-ID", "Date:", "uni.example"):
        assert header not in title, title
        assert header not in str(note.meta.get("description", "")), note.meta
    assert "slot" in title.lower() or "cryostat" in title.lower(), title
    assert not Path(made[0]).name.startswith("from-"), made


def test_numbers_joined_by_colons_that_are_no_clock_time_keep_their_constant_fields(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    _cryo_week(mem)
    report = mem.consolidate_weekly(until=UNTIL)
    body = mem.store.read(next(p for p in report.created if p.startswith("procedures/"))).body
    steps = body.split("## Placeholders")[0]
    # only the date differs between the tasks: the start and the length are the kind's (the base wrote
    # `slot={value}`, one hole for `20261126:0900:240`)
    assert ":0900:240 mode=staffed" in steps, steps


# (task, request, customer): catering orders; the agent looks the customer up by whatever the request gave
CATERING = [
    ("k1", "Hi, it's Aroha Ngata, could we get the sandwich platter for 20 on Friday?", "Aroha Ngata"),
    ("k2", "Platter order please: 12 people, Tuesday lunch. Account BK-5521.", "BK-5521"),
    ("k3", "Morning! Ben Castillo here, one sandwich platter for our Monday meeting (15).", "Ben Castillo"),
    ("k4", "Could Priya Raman's office have a platter for 30 next Thursday?", "Priya Raman"),
]


def _catering_week(mem: Memory) -> None:
    for n, (tid, ask, who) in enumerate(CATERING):
        run = f"run-{n}"
        items: list[dict[str, Any]] = [
            {"type": "on_chain_start", "name": "LangGraph", "inputs": {"messages": [{"type": "human", "content": ask}]}},
            {"type": "on_tool_start", "run_id": f"{run}a", "name": "find_customer", "tool": "find_customer",
             "input": {"query": who}},
            {"type": "on_tool_end", "run_id": f"{run}a", "name": "find_customer",
             "output": {"type": "tool", "content": json.dumps({"account": f"BK-55{n:02d}"}), "status": "success"}},
            {"type": "on_tool_start", "run_id": f"{run}b", "name": "create_order", "tool": "create_order",
             "input": {"account": f"BK-55{n:02d}", "item": "platter-sandwich", "kitchen": "central"}},
            {"type": "on_tool_end", "run_id": f"{run}b", "name": "create_order",
             "output": {"type": "tool", "content": json.dumps({"order": f"CT-{900 + n}"}), "status": "success"}},
            {"type": "on_tool_start", "run_id": f"{run}c", "name": "send_message", "tool": "send_message",
             "input": {"account": f"BK-55{n:02d}", "template": "catering_confirmed_v2"}},
            {"type": "on_tool_end", "run_id": f"{run}c", "name": "send_message",
             "output": {"type": "tool", "content": '{"sent": true}', "status": "success"}},
            {"type": "on_chain_end", "outputs": {"messages": [{"type": "ai", "content": "Your platter is booked."}]},
             "outcome": "success"},
        ]  # fmt: skip
        mem.activity.append_many(events(tid, n, items))


def test_a_one_argument_call_every_task_makes_is_a_step_however_unlike_its_values(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    _catering_week(mem)
    report = mem.consolidate_weekly(until=UNTIL)
    made = [p for p in report.created if p.startswith("procedures/")]
    assert len(made) == 1
    steps = mem.store.read(made[0]).body.split("## Placeholders")[0]
    # the base dropped the lookup as exploration: its four inputs (two names, an account, a name) share no word
    assert "1. find_customer:" in steps, steps
    assert "create_order" in steps
    for who in ("Aroha", "Castillo", "Priya"):
        assert who not in steps


# (task, request, child): an after-school club's leave requests, each one parent's whole message
GAKUDO = [
    ("g1", "来週から2週間、家族で帰省するのでお休みします。よろしくお願いします。山田 花子", "C-1021"),
    ("g2", "骨折してしまい、しばらく通えません。今月いっぱい休ませてもらえますか？佐藤 陽介", "C-1187"),
    ("g3", "受験の準備のため、来月は休みたいです。よろしくお願いします。（鈴木 美咲）", "C-1245"),
    ("g4", "祖母の看病で、年内は休ませたいのですが、大丈夫でしょうか。田中 結衣", "C-1302"),
]


def _gakudo_week(mem: Memory) -> None:
    for n, (tid, ask, child) in enumerate(GAKUDO):
        items: list[dict[str, Any]] = [
            {"type": "task_start", "summary": ask},
            {"type": "tool_use", "tool": "find_child", "input": {"id": child}},
            {"type": "tool_use", "tool": "register_absence", "input": {"child": child, "plan": "一時休所", "fee": "KY-300"}},
            {"type": "tool_use", "tool": "notify", "input": {"child": child, "template": "休所受付_v2"}},
            {"type": "response_sent", "text": "休所の手続きが完了しました。"},
            {"type": "task_end", "outcome": "success"},
        ]  # fmt: skip
        mem.activity.append_many(events(tid, n, items))


def test_a_japanese_title_that_is_one_parents_whole_message_gives_way_to_the_kinds_word(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    _gakudo_week(mem)
    tasks = group_tasks(mem.activity.read())
    assert len(tasks) == 4
    # the kind's tasks as the week's clustering hands them over (a word embedder keeps Japanese requests apart)
    title = distil_builtin(tasks, np.eye(len(tasks), dtype=np.float32)).title
    # the base kept one parent's message with holes, the name included
    for one in ("山田", "佐藤", "鈴木", "田中", "。", "？", "{"):
        assert one not in title, title
    assert "休" in title, title
