"""Issue 15, round 21 (branch weekly21): a kind's title from the outcome its replies report.

Domains other than set 21's (a bicycle shop, a hotel, a pharmacy, a repair desk). Requests are asked in other
words each time; the agent reports the work the same way. When at least two of the kind's sources (and at least
half of them) open their reply with the same words, those words, read as a thing and what was done to it, are
the title: "Refund issued to the original card" -> "Issue the refund to the original card"; 「在庫を補充しました」
-> 「在庫の補充」. A reply logged under a key of the logger's own (`answer`, `reply: {body}`) is a reply too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory


@pytest.mark.parametrize(
    ("replies", "title"),
    [
        (  # passive, a constant place after it, a second clause after `;`
            [
                "Refund issued to the original card; receipt emailed.",
                "Refund issued to the original card; receipt emailed to the customer.",
                "Refund issued to the original card (3-5 working days); receipt emailed.",
            ],
            "Issue the refund to the original card",
        ),
        (  # the words after the shared opening differ: only the opening names the work
            ["Room cleaned for guest 412.", "Room cleaned for guest 508.", "Room cleaned for the Tanakas."],
            "Clean the room",
        ),
        (  # active, with a pronoun: the object
            [
                "We shipped the replacement derailleur via courier, tracking in the ticket.",
                "We shipped the replacement derailleur via courier.",
                "Sorry for the wait! Parts are on the way.",
            ],
            "Ship the replacement derailleur via courier",
        ),
        (  # the week's own spelling of the verb (`reschedule` in a call), not a rule's guess
            [
                "Service appointment rescheduled.",
                "Service appointment rescheduled.",
                "Service appointment rescheduled.",
            ],
            "Reschedule the service appointment",
        ),
        (["処方箋を受け付け、番号札をお渡ししました。"] * 3, "処方箋の受け付け"),  # 連用形 as a noun
        (
            ["在庫を補充しました。", "在庫を補充しました。発注点も見直しました。", "欠品でした。"],
            "在庫の補充",
        ),  # サ変
    ],
)
def test_a_reply_most_sources_send_names_the_kind(replies: list[str], title: str) -> None:
    from memdir.consolidation.weekly.outcome_title import outcome_title  # main: no such source of a title

    evidence = ["crm appointment reschedule --id A-1", "pos refund --order O-7"]
    assert outcome_title([[r] for r in replies], evidence) == title


@pytest.mark.parametrize(
    "replies",
    [
        ["Done.", "Done.", "Done."],  # no thing
        ["Moved and notified.", "Moved and notified.", "Moved and notified."],  # two actions, no thing
        ["Reserved; confirmation sent.", "Reserved; confirmation sent.", "Reserved; confirmation sent."],
        ["Order 5512 shipped.", "Order 5519 shipped.", "Order 5530 shipped."],  # the thing is a value
        [
            "Refund issued to the original card.",
            "Card declined, asked for another.",
            "Customer hung up.",
        ],  # 1 of 3
        ["Refund issued.", "Refund issued.", "Declined.", "Declined.", "Declined."],  # 2 of 5: not most
        ["LINEでお知らせしました。"] * 3,  # no を/に: no thing
    ],
)
def test_no_shared_outcome_gives_no_title(replies: list[str]) -> None:
    from memdir.consolidation.weekly.outcome_title import outcome_title

    assert outcome_title([[r] for r in replies], []) == ""


ASKS = [
    "refund order {x}: arrived damaged",
    "refund order {x}, wrong size frame",
    "refund order {x} please, return approved by Sam",
]


def _task(tid: str, at: int, ask: str, calls: list[str], reply: dict[str, Any]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"type": "task_start", "summary": ask}]
    items += [{"type": "tool_use", "tool": "pos", "input": c} for c in calls]
    items.append({"type": "response_sent", **reply})
    items.append({"type": "task_end", "outcome": "success"})
    return events(tid, at, items)


def test_a_kind_asked_in_other_words_is_titled_by_the_outcome_its_replies_report() -> None:
    from weekly_support import draft

    asks = [
        "Customer on the phone: bike order O-5512 arrived damaged, she wants her money back",
        "O-5519 wrong size frame, return approved by Sam",
        "can you sort out the money for O-5530? they sent it back",
    ]
    steps = [[f"pos order show {x}", f"pos refund {x} --to original"] for x in ("O-5512", "O-5519", "O-5530")]
    replies = ["Refund issued to the original card; receipt e-mailed."] * 3
    d = draft(asks, steps, tool="pos", replies=replies)
    assert d.title == "Issue the refund to the original card"  # main: the requests' words
    assert d.stem == "issue-the-refund-to-the-original-card"


@pytest.mark.parametrize(
    ("current", "outcome", "kept"),
    [
        ("Lock a fuel card", "Lock the card", "Lock a fuel card"),  # the same verb, more said
        (
            "Invite {user} to Teamspace as a member",
            "Send the invitation",
            "Invite {user} to Teamspace as a member",
        ),
        ("Book", "Book the PM at south-yard bay 3", "Book the PM at south-yard bay 3"),  # one word
        ("Adopter an adopter", "Book the visit in the VISIT-2 room", "Book the visit in the VISIT-2 room"),
        (
            "県立",
            "県立中央図書館へ相互貸借の申し込み",
            "県立中央図書館へ相互貸借の申し込み",
        ),  # two characters
        ("取置予約", "ご予約の資料のご用意", "取置予約"),
        ("Rail pass voucher", "Attach the voucher", "Rail pass voucher"),  # the thing done
    ],
)
def test_the_outcome_gives_way_to_a_title_that_says_the_same_work_in_more_words(
    current: str, outcome: str, kept: str
) -> None:
    from memdir.consolidation.weekly.outcome_title import preferred

    assert preferred(current, outcome) == kept


@pytest.mark.parametrize(
    "reply_key",
    [
        lambda text: {"answer": text},  # a key of the logger's own
        lambda text: {"reply": {"body": text, "channel": "sms"}},  # nested
    ],
    ids=["answer", "nested"],
)
def test_a_reply_under_a_key_of_the_loggers_own_is_the_kinds_reply(root: Path, reply_key: Any) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    for i, x in enumerate(["O-5512", "O-5519", "O-5530"]):
        calls = [f"pos order show {x}", f"pos refund {x} --to original --reason customer_request"]
        reply = reply_key("Refund issued to the original card; the customer got a receipt by e-mail.")
        mem.activity.append_many(_task(f"r{i}", i, ASKS[i].replace("{x}", x), calls, reply))
    report = mem.consolidate_weekly(until=UNTIL)
    made = [p for p in report.created if p.startswith("procedures/")]
    assert len(made) == 1
    note = mem.store.read(made[0])
    assert (
        "Refund issued to the original card; the customer got a receipt by e-mail." in note.body
    )  # main: no reply
    assert "--to original --reason customer_request" in note.body and "O-5512" not in note.body
