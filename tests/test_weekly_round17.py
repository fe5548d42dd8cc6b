"""Round 17: general rules, in domains other than round 17's data (a biobank, a volunteer roster, a dog
kennel booked in English and Japanese).

- a call written as an S-expression (`(freezer.remove :sample "S-1")`) or a function call
  (`roster.add(volunteer="V-1")`) is read as the command `freezer.remove sample="S-1"` by the title
  readers (`call_forms.as_command`), so its action names the kind: no bare noun from the keywords;
- an API's dotted action whose first argument names a thing of its own acts on that thing in the
  action's noun (`freezer.remove :sample …` -> "Remove a sample from a freezer", was "Remove a freezer";
  `ticket.close id=…` still closes a ticket) (`action_titles.command_title`);
- a procedure names its week in ISO 8601 week dates (`week 2026-W48`, or `2026-W47-3 to 2026-W48-2` when
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
    assert week_name(date(2026, 11, 25), date(2026, 12, 1)) == "2026-W48-3 to 2026-W49-2 (ISO week dates)"
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
