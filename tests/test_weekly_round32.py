"""Round 32 (branch weekly32): the kind's work is chosen by what its calls do with each other's values, in any
language (`work_flow`): the last call sends a template or an address (the message), the call before it whose
values no later call sends is the work, and a Latin title that names none of it (a look-up's name, a request's
words, a sign-off) gives way to the work call's name in its own language.

Domains and log shapes other than set 32's: a Swedish chimney sweep, a milk round logged as plain `request` /
`tool_call` / `tool_result` events with e-mailed requests signed off (a Polish sign-off too), an English harbour van hire.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.work_flow import courtesy, work_call

SOT_STEPS = [
    "hitta_kund: `telefon={telefon}`",
    "kontrollera_skorsten: `kund_id={kund_id}`",
    "boka_sotning: `kund_id={kund_id} lag=Sotarlag Norr datum={datum}`",
    "skicka_sms: `till=+{number} mall=sotning_bokad_v3`",
]
SOT_ASKED = [
    "Hej! Kan ni komma och sota hos oss nästa vecka? Vi bor i Umeå.",
    "Skorstenen behöver sotas innan vintern, när har ni tid?",
    "Hej, dags för sotning igen. Mvh Karin",
]


def test_a_look_up_of_another_language_gives_way_to_the_work() -> None:
    assert work_call(SOT_STEPS) == "boka_sotning"
    # main: `Hitta kund` stayed (a Swedish look-up: `hitta` is in no list of reads)
    assert fragment_title("Hitta kund", SOT_STEPS, SOT_ASKED) == "Boka sotning"


MILK_STEPS = [
    "find_customer: `email={email}`",
    "pause_subscription: `account_id={account_id} from={from} until={until} fee=no-fee`",
    "send_email: `address={email} template=subscription_paused_v1`",
]
MILK_ASKED = [
    "Hello,\nwe are away for two weeks, could you stop the milk?\nKind regards,\nAnna Nowak",
    "Please hold my deliveries from Monday to the end of the month.\nKind regards,\nPiotr Lis",
    "We won't be at home, can the bottles stop for a while?\nKind regards\nMarta Green",
]


def test_a_sign_off_is_no_title() -> None:
    assert courtesy("Kind regards", MILK_ASKED)
    assert courtesy("Z poważaniem", ["Proszę o przerwę.\nZ poważaniem,\nAnna", "Stop.\n\nZ poważaniem\nJan"])
    assert not courtesy("stop the milk", MILK_ASKED)
    # main: `Kind regards` stayed (every request signs off with it)
    assert fragment_title("Kind regards", MILK_STEPS, MILK_ASKED) == "Pause a subscription"


def test_a_request_title_naming_no_call_gives_way_in_english() -> None:
    steps = [
        "check_vans: `depot=HQ-1 size={size} from={from} until={until}`",
        "create_booking: `depot=HQ-1 size={size} from={from} until={until} driver={driver}`",
        "send_confirmation: `booking_id={booking_id} template=BOOKED_OK_v2 to={email}`",
    ]
    asked = [
        "I need a van from the harbour on Friday",
        "Can I get a van at the harbour next week?",
        "金曜日に港でバンを借りたいです",
        "来週、港の店でバンを予約できますか",
    ]
    assert work_call(steps) == "create_booking"
    # main: `Van the harbour` (the requests' words)
    assert fragment_title("Van the harbour", steps, asked) == "Create a booking"


def test_a_title_that_names_the_work_or_no_message_stays() -> None:
    steps = [
        "find_permit: `permit={permit}`",
        "renew_permit: `permit={permit} months=12`",
        "send_mail: `to={email} template=permit_renewed_v1`",
    ]
    assert fragment_title("Renew a parking permit", steps, ["Please renew my parking permit"]) == (
        "Renew a parking permit"
    )
    no_message = steps[:2] + ["log_note: `permit={permit} text=done`"]
    assert work_call(no_message) == ""


def _pause(tid: str, at: int, asked: str, email: str, account: str) -> list[dict[str, Any]]:
    def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"type": "tool_call", "tool": tool, "input": json.dumps(args)}

    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            call("find_customer", {"email": email}),
            {"type": "tool_result", "tool": "find_customer", "output": json.dumps({"account_id": account})},
            call(
                "pause_subscription", {"account_id": account, "from": f"2026-03-0{at + 2}", "fee": "no-fee"}
            ),
            {"type": "tool_result", "tool": "pause_subscription", "output": json.dumps({"ok": True})},
            call("send_email", {"address": email, "template": "subscription_paused_v1"}),
            {"type": "task_end", "outcome": "success"},
        ],
    )


def test_a_milk_round_signed_off_is_titled_by_its_work(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _pause("p1", 0, MILK_ASKED[0], "anna.nowak@poczta.pl", "KL-20417")
        + _pause("p2", 1, MILK_ASKED[1], "piotr.w@onet.pl", "KL-31552")
        + _pause("p3", 2, MILK_ASKED[2], "marta.z@wp.pl", "KL-40981")
        + _pause(
            "p4", 3, "Going away, a week without milk please.\nKind regards,\nJan Kowal", "jan@o2.pl", "KL-5"
        )
    )
    report = mem.consolidate_weekly(until=UNTIL)
    titles = [mem.store.read(p).title for p in report.created if p.startswith("procedures/")]
    assert titles, report.created
    # main: `Kind regards` (the requests' shared sign-off)
    assert titles == ["Pause a subscription"], titles
