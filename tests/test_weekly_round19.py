"""Round 19: titles from what the requests say, in domains other than round 19's data (a passport office
asked in English, a city library asked in Japanese, a boat yard written in XML).

- a title of one word that no request of the kind writes (a tool's name, a command, a fetched thing) names
  no work: the next candidate is taken (`asked_terms.unasked_word`, `title_guard.fit_title`);
- a constant value the steps pass that a request writes is the kind's term: the title is the request's
  phrase around it in English, the term itself in Japanese (`asked_terms.constant_title`);
- for the guard's candidates, a call written as an XML element is read as a command, and an action's key
  naming the thing the kind read first is what the action is for (`xml_commands`, `command_title`).
"""

from __future__ import annotations

import pytest

PASSPORT = [
    "Client lost her travel document abroad, please issue the EMERGENCY passport for file F-2231",
    "need an emergency travel doc for F-2240 before Monday",
    "F-2255 flies tomorrow and the passport was stolen, can we do an urgent one?",
]
LIBRARY = [
    "相互貸借で他館から本を取り寄せたいです。利用者 U-3311",
    "相互貸借の申込をお願いします U-3320",
    "他の図書館にある本を借りたいとのこと U-3342",
]


@pytest.mark.parametrize(
    ("title", "asked"),
    [
        ("Kestrel", PASSPORT),  # a tool's (or a person's) name
        ("Curl ({number})", PASSPORT),  # a command
        ("Ticket", PASSPORT),  # what a read call fetches
        ("ほんだな", LIBRARY),  # the tool, in Japanese
    ],
)
def test_one_word_no_request_writes_is_unfit(title: str, asked: list[str]) -> None:
    from memdir.consolidation.weekly.asked_terms import unasked_word  # main: no such rule

    assert unasked_word(title, asked)


@pytest.mark.parametrize(
    ("title", "asked"),
    [
        ("Passport", PASSPORT),  # one word, but written
        ("相互貸借", LIBRARY),
        ("Issue an emergency passport", PASSPORT),  # more than one word: other rules judge it
    ],
)
def test_a_word_the_requests_write_is_fit(title: str, asked: list[str]) -> None:
    from memdir.consolidation.weekly.asked_terms import unasked_word

    assert not unasked_word(title, asked)


def test_a_constant_a_request_writes_names_the_kind_en() -> None:
    from memdir.consolidation.weekly.asked_terms import constant_title  # main: no such rule

    steps = [
        "1. shell: `curl -sS 'https://api.gov.example/v2/files/F-{file}?view=full'`",
        '2. shell: `curl -sS -X POST \'https://api.gov.example/v2/passports\' -d \'{"file":"F-{file}",'
        '"type":"emergency","validity":"P1Y"}\'`',
    ]
    assert constant_title(steps, PASSPORT) == "Issue the EMERGENCY passport"


def test_a_constant_a_request_writes_names_the_kind_ja() -> None:
    from memdir.consolidation.weekly.asked_terms import constant_title

    steps = [
        '1. ほんだな: `ほんだな.利用者照会(利用者="U-{user}")`',
        '2. ほんだな: `ほんだな.申込登録(利用者="U-{user}", 種別="相互貸借", 送料="館負担")`',
    ]
    assert constant_title(steps, LIBRARY) == "相互貸借"


def test_an_xml_call_is_read_as_a_command_for_the_guard() -> None:
    from memdir.consolidation.weekly.action_titles import titled_by_work
    from memdir.consolidation.weekly.asked_terms import xml_commands  # main: no such reading

    steps = [
        '1. yard: `<Boat.Get id="M-{mooring}"/>`',
        '2. yard: `<Lift.Schedule boat="M-{mooring}" cradle="steel"><Crew size="2"/></Lift.Schedule>`',
    ]
    asked = ["schedule a lift for M-12 please", "M-31 needs to come out of the water, schedule it"]
    assert titled_by_work(steps, asked, asked) == ""  # the element is no command
    assert titled_by_work(xml_commands(steps), asked, asked) == "Schedule a lift for a boat"
