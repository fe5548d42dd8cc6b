"""Round 17: general rules, in domains other than round 17's data (a biobank, a volunteer roster, a dog
kennel booked in English and Japanese).

- a call written as an S-expression (`(freezer.remove :sample "S-1")`) or a function call
  (`roster.add(volunteer="V-1")`) is read as the command `freezer.remove sample="S-1"` by the title
  readers (`call_forms.as_command`), so its action names the kind: no bare noun from the keywords;
- an API's dotted action whose first argument names a thing of its own acts on that thing in the
  action's noun (`freezer.remove :sample …` -> "Remove a sample from a freezer", was "Remove a freezer";
  `ticket.close id=…` still closes a ticket) (`action_titles.command_title`);
- a call named by an MCP tool (`mcp__gym__freeze_membership`), or by a one-word action key with the API's
  last dotted word (`lib.v1.loans` + `op=renew`) or its first argument (`name=ship parcel=…`), is read as
  `verb_noun` (`call_forms.named_action`): "Freeze a membership", "Renew a loan", "Ship a parcel";
- a title that is the requests' shared noun phrase with no verb (`parking permit`) takes the decisive
  call's verb when a request writes it, the phrase as its object (`bare_titles`): "Revoke a parking permit";
- a procedure names its week in ISO 8601 week dates (`week 2026-W48`, or `the 7 days to Tuesday of week 2026-W49` when
  the 7 days are not Monday to Sunday), never by a `YYYY-MM-DD` a task can have passed as a value.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.action_titles import titled_by_work

DISCARD_ASKED = [
    "S-2231 from donor D-14 is past its retention date, can you get it out of the freezer?",
    "Please discard S-2290 (expired), thanks",
    "Donor D-77 withdrew consent; pull sample S-2302",
]
DISCARD_STEPS = [
    'biobank: `(sample.find :donor "D-{number}")`',
    'biobank: `(freezer.remove :sample "S-{number2}" :reason "{reason}")`',
    'biobank: `(notify.curator :template "sample-discarded")`',
]


def test_an_s_expression_call_titles_the_kind_by_its_action() -> None:
    title = titled_by_work(DISCARD_STEPS, DISCARD_ASKED, DISCARD_ASKED)
    assert title == "Remove a sample from a freezer", title  # main: "" (then a bare noun of the keywords)


def test_a_function_call_titles_the_kind_by_its_action_and_its_first_argument() -> None:
    asked = [
        "Priya can help on Saturday morning, put her down please",
        "sign up V-5512 for the sunday shift",
        "V-5530 wants the evening slot on Friday",
    ]
    steps = [
        'roster: `volunteer.get(id="V-{number}")`',
        'roster: `roster.add(volunteer="V-{number}", shift="{shift}")`',
        'roster: `mail.send(template="shift-confirmed", to="{email}")`',
    ]
    title = titled_by_work(steps, asked, asked)
    assert title == "Add a volunteer to a roster", title  # main: "Add a roster"


def test_a_plain_key_leaves_the_action_its_own_noun() -> None:
    asked = ["close HD-1 please", "HD-2 is done, close it", "can you close HD-3"]
    steps = ['desk: `ticket.get id="HD-{number}"`', 'desk: `(ticket.close :id "HD-{number}")`']
    assert titled_by_work(steps, asked, asked) == "Close a ticket"


def test_the_week_is_named_in_iso_week_dates() -> None:
    from memdir.consolidation.weekly.span_dates import week_name

    assert week_name(date(2026, 11, 23), date(2026, 11, 29)) == "week 2026-W48"
    # a week that is not Monday to Sunday: its length, its last weekday and that day's ISO week
    assert week_name(date(2026, 11, 25), date(2026, 12, 1)) == "the 7 days to Tuesday of week 2026-W49"
    assert week_name(date(2025, 2, 23), date(2025, 3, 1)) == "the 7 days to Saturday of week 2025-W09"
    assert week_name(date(2026, 12, 28), date(2027, 1, 3)) == "week 2026-W53"


KENNEL = {
    "en": "book {dog} into the kennel from {start}, 5 nights",
    "ja": "{dog}を{start}から5泊、ペットホテルで預かってください",
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_procedure_holds_no_day_of_its_week_a_task_passed(root: Path, lang: str) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    # the week's first and last days are both dates a task booked
    starts = ["2026-11-23", "2026-11-29", "2026-12-04", "2026-12-11"]
    for i, start in enumerate(starts):
        dog = f"DOG-{4410 + 13 * i}"
        items: list[dict[str, Any]] = [
            {"type": "task_start", "summary": KENNEL[lang].format(dog=dog, start=start)},
            {
                "type": "tool_use",
                "tool": "kennel",
                "input": f"kennel stay book {dog} --from {start} --run R-LARGE",
            },
            {"type": "tool_use", "tool": "kennel", "input": f"kennel mail send {dog} --template stay-booked"},
            {"type": "task_end", "outcome": "success"},
        ]
        mem.activity.append_many(events(f"k{i}", i, items))
    report = mem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 1, report.created
    body = mem.store.read(report.created[0]).body
    assert "R-LARGE" in body and "week 2026-W48" in body, body
    # main: "2026-11-23 to 2026-11-29", both days one task's start
    assert not re.search(r"2026-11-2[39]", body), body


GYM_ASKED = [
    "Member 5521 is travelling for a month, freeze the membership please",
    "can you pause M-5588's membership until March",
    "Please freeze membership for M-5610 (injury)",
]


def test_an_mcp_tool_names_its_call() -> None:
    steps = [
        "mcp__gym__get_member: `member_id=M-{number}`",
        "mcp__gym__freeze_membership: `member_id=M-{number} until={date}`",
        "mcp__mail__send: `template=freeze-confirmed to={email}`",
    ]
    title = titled_by_work(steps, GYM_ASKED, GYM_ASKED)
    assert title == "Freeze a membership", title  # c79d0a5: ""


def test_a_one_word_action_acts_on_the_apis_thing_or_its_first_argument() -> None:
    asked = ["renew L-301 for two more weeks", "Can you renew loan L-322?", "patron wants to renew her loan"]
    steps = [
        "lib.v1.loans: `op=get loan_id=L-{number}`",
        "lib.v1.loans: `op=renew loan_id=L-{number} days=14`",
    ]
    assert titled_by_work(steps, asked, asked) == "Renew a loan"  # c79d0a5: ""
    asked = ["ship the parcel for order 77 today", "P-12 is packed, ship it", "parcel P-19 ready to ship"]
    steps = ["depot: `name=weigh parcel=P-{number}`", "depot: `name=ship parcel=P-{number} carrier=DHL`"]
    assert titled_by_work(steps, asked, asked) == "Ship a parcel"  # c79d0a5: ""


def test_a_shared_noun_phrase_takes_the_calls_verb() -> None:
    from memdir.consolidation.weekly.bare_titles import is_bare, verb_object, with_object

    assert is_bare("parking permit", "parking permit")
    assert not is_bare("Retrain the churn model", "Retrain the churn model")  # a verb and its object
    assert not is_bare("Revoke the parking permit", "parking permit")  # `with_verb` gave it a verb
    assert with_object("Revoke a permit", "parking permit") == "Revoke a parking permit"
    assert with_object("Refund an order", "cancelled recital") == "Refund an order"  # not the call's noun
    assert verb_object("Revoke a permit") and not verb_object("Add with the dean override")


PERMIT_ASKED = [
    "Car sold, so parking permit PP-4471 for unit 12 has to go, revoke it",
    "parking permit PP-4490 was stolen from the dashboard last night, kill it",
    "Tenant in 7B moved out. Her parking permit PP-4512 should be revoked today",
    "Hi, the garage says parking permit PP-4533 is still active for a sold car; revoke please",
]


def test_a_kind_whose_requests_share_only_a_noun_phrase_is_titled_by_its_call(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    for i, text in enumerate(PERMIT_ASKED):
        permit = re.search(r"PP-\d+", text)
        assert permit is not None
        items: list[dict[str, Any]] = [
            {"type": "task_start", "summary": text},
            {"type": "tool_use", "tool": "mcp__parking__get_permit", "input": f"permit={permit.group(0)}"},
            {"type": "tool_use", "tool": "mcp__parking__revoke_permit", "input": f"permit={permit.group(0)}"},
            {"type": "tool_use", "tool": "mcp__mail__send", "input": "template=permit-revoked"},
            {"type": "task_end", "outcome": "success"},
        ]
        mem.activity.append_many(events(f"p{i}", i, items))
    report = mem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 1, report.created
    title = mem.store.read(report.created[0]).title
    assert title == "Revoke a permit", title  # c79d0a5: "Her parking permit should be revoked"
