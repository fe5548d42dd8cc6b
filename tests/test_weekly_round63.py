"""Round 63: a kind found whatever its notes say; a title read by the forms of the requests and calls.

- a free note after a call's last argument whose words open masked in two tasks (`vika=* strap on the *`, `vika=*
  clasp *`) is one step with the others' notes (`step_cover.free_note`): the kind's own call is its own again,
  and a kind of four repairs is written;
- a text that heads the requests of three tasks or more doing other work (a shop's listing each inquiry is sent
  from) is no request: each task's requester's own words are (`task_intent.settle_intents`);
- a verb's plain form before a noun (`使う長柄`, `作る日`) ends a word in Japanese requests (`titles_ja`);
- Cyrillic requests whose every kind writes the thing take the head of the constant the calls pass when the
  requests write each of its words (`kind_words.written_constant`).

Written on other domains and languages than set 63 (neon signs, palm brooms, felt rugs, sandals): a watch
repairer's English requests over Polish tools, a knife shop's Japanese listing, a Japanese tea-whisk maker, a
Bulgarian rug weaver's requests over Basque tools.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from week_log import run_weekly, task_events, write_log

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.tasks import group_tasks
from memdir.consolidation.weekly.titles_ja import shared_phrase_ja

SERVICE = {"kod": "WR-SERVICE", "nazwa": "Watch strap and clasp repair, per watch"}
REPAIRS = [
    (
        "My leather strap snapped on the lug and the watch fell off. Can you fix it?",
        "snapped strap on the lug",
    ),
    (
        "The clasp on my steel bracelet will not close any more. Could I drop it in Thursday?",
        "bent clasp, no close",
    ),
    ("Hi, the strap on my grandad's watch is cracked and the clasp is loose.", "cracked strap, clasp loose"),
    (
        "Please repair my watch, a pin of the strap fell out and the clasp rattles.",
        "lost pin, the clasp rattles",
    ),
]
ORDERS = [
    "I'd like to order a custom engraved pocket watch for my father's retirement, silver case please.",
    "Could you make an engraved pocket watch as a wedding gift? Gold tone, with our initials.",
    "Looking to order one engraved pocket watch for a graduation, the date on the back.",
]

ONE_OFFS = [
    "Is the pocket watch I ordered last week ready yet?",
    "How much would a new crystal for a 1950s wristwatch cost?",
    "Are you open on Sunday afternoon?",
]


def _calls(n: int, tool: str, given: dict[str, Any]) -> list[tuple[str, Any, str]]:
    return [
        ("znajdz_klienta", {"telefon": f"+4860012{n:04d}"}, f"KL-{300 + n}"),
        (tool, {"klient": f"KL-{300 + n}", **given}, f"ZL-{500 + n}"),
        (
            "wyslij_wiadomosc",
            {"szablon": f"{tool}_ok_v1", "imie": ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][n]},
            "sent",
        ),
    ]


def test_a_kind_whose_notes_open_with_rare_words_is_written(tmp_path: Path, e5: object) -> None:
    root = tmp_path / "mem"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    tasks = []
    for n, (request, note) in enumerate(REPAIRS):
        given = {"usluga": SERVICE, "przyjecie": {"data": f"2026-12-{10 + n}"}, "usterka": note}
        when = datetime(2026, 11, 23 + n, 10, 0, tzinfo=timezone.utc)
        tasks.append(
            task_events(when, f"wr-{n}", request, _calls(n, "przyjmij_naprawe", given), "Booked in.")
        )
    for k, request in enumerate(ORDERS):
        n = 4 + k
        given = {"produkt": {"kod": "PW-ENGR", "nazwa": "Engraved pocket watch"}, "grawer": f"text {n}"}
        when = datetime(2026, 11, 23 + k, 15, 0, tzinfo=timezone.utc)
        tasks.append(
            task_events(when, f"ord-{k}", request, _calls(n, "zapisz_zamowienie", given), "Ordered.")
        )
    for k, request in enumerate(ONE_OFFS):  # questions of other kinds: the kinds' own calls are rare
        calls = [(["sprawdz_zamowienie", "wycena", "godziny"][k], {"pytanie": k}, "ok")]
        when = datetime(2026, 11, 27, 9 + k, 0, tzinfo=timezone.utc)
        tasks.append(task_events(when, f"q-{k}", request, calls, "Answered."))
    write_log(root, tasks)
    run_weekly(root, e5, date(2026, 11, 30))
    sources = [p.read_text(encoding="utf-8") for p in (root / "procedures").glob("*.md")]
    assert any("wr-0" in s and "wr-3" in s and "przyjmij_naprawe" in s for s in sources), [
        s[:300] for s in sources
    ]  # main: the repairs' notes made four calls of one, and the kind was no task type


LISTING = "Sakai forged santoku 165mm, hand-sharpened, free engraving [made to order, free shipping]"


def _inquiry(
    tid: str, day: int, lines: list[str], tools: list[str], listing: str | None = LISTING
) -> list[Any]:
    ts = datetime(2026, 11, day, 9, 0, tzinfo=timezone.utc)
    data: dict[str, Any] = {
        "task_id": tid,
        "shop": {"product": {"name": listing} if listing else None, "buyer": "b-1", "lines": lines},
    }
    out = [ActivityEvent(ts, "shop.inquiry", {"ts": ts.isoformat(), "type": "shop.inquiry", **data})]
    for k, tool in enumerate(tools):
        t = ts.replace(minute=k + 1)
        out.append(
            ActivityEvent(t, "tool_use", {"task_id": tid, "type": "tool_use", "tool": tool, "input": {}})
        )
    end = ts.replace(minute=30)
    out.append(ActivityEvent(end, "task_end", {"task_id": tid, "type": "task_end", "outcome": "success"}))
    return out


def test_a_listing_that_heads_requests_of_other_work_is_no_request() -> None:
    events = [
        *_inquiry(
            "k1",
            23,
            ["Hello.", "Could you forge me a santoku with my name on the blade, please?"],
            ["order", "notify"],
        ),
        *_inquiry("k2", 24, ["Is my knife shipped yet?"], ["order_status", "notify"]),
        *_inquiry("k3", 25, ["santoku, name Mori, ship"], ["customer", "order", "notify"]),
        *_inquiry("k4", 26, ["Can you do a cheap stainless one instead?"], ["quote", "notify"]),
    ]
    intents = {t.task_id: t.intent for t in group_tasks(events)}
    assert LISTING not in intents.values(), intents  # main: the listing was three tasks' request
    assert intents["k3"] == "santoku, name Mori, ship"


def test_a_listing_that_heads_requests_of_one_work_stays() -> None:
    # a guard: one form's text over requests of one work is the work's (a service the form names)
    lines = ["Please forge one for me.", "One more for my son, thanks.", "Two of them, same as before."]
    events = [e for n in range(3) for e in _inquiry(f"k{n}", 23 + n, [lines[n]], ["order", "notify"])]
    events += _inquiry("q", 27, ["How long does a forged santoku take to make?"], ["notify"], listing=None)
    intents = {t.task_id: t.intent for t in group_tasks(events)}
    assert [intents[f"k{n}"] for n in range(3)] == [LISTING] * 3


def test_a_verbs_plain_form_ends_a_japanese_word() -> None:
    asked = [
        "茶会で使う百本立の茶筅をお願いしたく連絡しました。",
        "稽古で使う百本立の茶筅を三本作っていただけますか。",
        "百本立の茶筅、二本ください。",
    ]
    title = shared_phrase_ja(asked, alone=True)
    assert not title.startswith("使"), title  # main: `使百本立の茶筅`, the verb's stem glued to the thing
    assert "茶筅" in title


RUG_ORDERS = [
    "Здравейте! Искам да поръчам черга за хола, червена с бяло, до края на юни.",
    "Може ли една черга за детската стая, синя? Ще я взема от Чипровци.",
    "Черга, зелена, два метра, за подарък на майка ми.",
]
RUG_STEPS = [
    "bilatu_bezeroa: `telefonoa={telefonoa}`",
    "erregistratu_eskaera: `produktua=kodea=CH-RUG nombre=Черга, ръчно тъкана (2×3 м, вълна) kolorea={kolorea}`",
    "bidali_mezua: `txantiloia=eskaera_v1`",
]
RUG_REPAIRS = [
    "Старата ни черга се разнищи по края. Можете ли да я поправите?",
    "Черга с дупка от молци, искам да я поправя, ще я донеса в сряда.",
    "Моля, поправете чергата на баба, скъсана е в ъгъла.",
]
RUG_REPAIR_STEPS = [
    "bilatu_bezeroa: `telefonoa={telefonoa}`",
    "konpondu_alfonbra: `zerbitzua=kodea=CH-FIX nombre=Черга поправка (кенар, кърпеж) eguna={eguna}`",
    "bidali_mezua: `txantiloia=konponketa_v1`",
]


def test_cyrillic_requests_take_the_constants_head_they_write() -> None:
    week = RUG_ORDERS + RUG_REPAIRS
    # every kind writes `черга`: no word is one kind's, so main kept the tools' Basque name for the orders
    assert request_words_title("Erregistratu eskaera", RUG_STEPS, RUG_ORDERS, week) == "Черга"
    assert request_words_title("Konpondu alfonbra", RUG_REPAIR_STEPS, RUG_REPAIRS, week) == "Черга поправка"


def test_a_head_with_a_word_the_requests_do_not_write_is_no_title() -> None:
    # a guard: `ръчно` ("by hand") of a longer head is written by no request; `тъкана` neither
    from memdir.consolidation.weekly.kind_words import written_constant  # new in round 63

    steps = ["erregistratu_eskaera: `produktua=nombre=Ръчно тъкана черга (вълна)`"]
    assert written_constant(RUG_ORDERS, steps) == ""
