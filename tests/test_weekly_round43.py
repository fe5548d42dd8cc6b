"""Round 43 (branch weekly43): one value a task writes in several ways is one placeholder; titles a person
would keep (no word hanging after the thing, no mis-cut act); descriptions that never list the calls.

Domains, log shapes and languages other than sets 42/43: a Czech bicycle-repair desk (phones written
`+420 775 930 218`, `775930218`, `775 930 218` in one task's calls), a Polish restaurant's table bookings
(`Stolik na`, "a table for"), a Japanese kimono cleaner's re-dyeing (a mis-cut `着物のめ直し`), a Swahili
safari desk's description.
"""

from __future__ import annotations

from memdir.consolidation.weekly.dangling_titles import (
    constant_title,
    dangling,
    dangling_title,
    mended_act,
    thing_with_work,
)
from memdir.consolidation.weekly.placeholders import assign
from memdir.consolidation.weekly.purpose import describe
from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.spans import Template


def _step(text: str, key: str, values: dict[str, str]) -> Template:
    return Template([f"{text} {key}=", Span(dict(values))])


def test_one_phone_written_three_ways_is_one_placeholder() -> None:
    look = _step("najdi_zakaznika:", "telefon", {"t1": "+420 775 930 218", "t2": "+420 603 112 904"})
    order = _step("oprava_kola:", "kontakt.telefon", {"t1": "775930218", "t2": "603112904"})
    sms = _step("posli_sms:", "komu.cislo", {"t1": "775 930 218", "t2": "603 112 904"})
    groups = assign(None, [look, order, sms])
    assert len(groups) == 1
    assert {s.name for s in (*look.spans, *order.spans, *sms.spans)} == {"telefon"}


def test_different_phones_of_one_task_stay_apart() -> None:
    look = _step("najdi_zakaznika:", "telefon", {"t1": "+420 775 930 218", "t2": "+420 603 112 904"})
    other = _step("oprava_kola:", "predani.telefon", {"t1": "777 401 882", "t2": "724 555 019"})
    assert len(assign(None, [look, other])) == 2


def test_a_name_written_with_and_without_accents_is_one_placeholder() -> None:
    a = _step("najdi_zakaznika:", "jmeno", {"t1": "Dvořák", "t2": "Šťastná"})
    b = _step("posli_sms:", "oslovení", {"t1": "Dvorak", "t2": "Stastna"})
    assert len(assign(None, [a, b])) == 1


STEPS = [
    "szukaj_goscia: `telefon={telefon}`",
    "rezerwuj_stolik: `gosc_id={gosc_id} data={data} osoby={osoby} sala=Ogród zimowy`",
    "wyslij_sms: `do={telefon} szablon=potwierdzenie_stolik_ogrodowy_v2 pola.data={data}`",
]


def test_a_word_hanging_after_the_calls_thing_is_no_title() -> None:
    call = ["rezerwuj", "stolik"]
    assert dangling("Stolik na", STEPS, call)
    assert dangling_title("Stolik na", STEPS, call) == "Rezerwuj stolik ogrodowy"
    assert not dangling("Rezerwuj stolik", STEPS, call)  # the call's own words
    assert not dangling("Stolik ogrodowy", STEPS, call)  # a word the template writes
    assert not dangling("Rezerwuj stolik jutro", STEPS, call)  # the act is named: it stays


def test_a_mis_cut_japanese_act_is_the_templates_work() -> None:
    steps = ["find_customer: `phone={phone}`", "send_notice: `template=着物染め直し_受付_v1 vars.id={id}`"]
    assert mended_act("着物のめ直し", steps) == "着物の染め直し"
    assert mended_act("着物の染め直し", steps) == "着物の染め直し"  # already the work
    assert mended_act("帯の洗い張り", steps) == "帯の洗い張り"  # another thing: left
    notice = ["send_notice: `template=着物預かりのご案内_v1`"]
    assert mended_act("着物預かりのご案内", notice) == "着物預かりのご案内"  # the template's own particle


def test_a_description_says_what_the_procedure_is_for_not_its_calls() -> None:
    steps = [
        "tafuta_mteja: `simu={simu}`",
        "weka_safari: `mteja={mteja} tarehe={tarehe}`",
        "tuma_sms: `kwa={simu} kiolezo=safari_imethibitishwa_v1`",
    ]
    asked = ["Habari, naomba safari ya Serengeti kwa watu wanne", "Nataka safari ya siku mbili"]
    desc = describe("Safari ya", asked, True, steps)
    assert "tafuta_mteja" not in desc and "weka_safari" not in desc
    assert desc.startswith("Steps for: Safari ya")


def test_a_constant_a_call_passes_is_no_title() -> None:
    steps = [
        "find_guest: `email={email}`",
        "book_tour: `guest_id={guest_id} date={date} extras=Tea and sweets included / お茶とお菓子付き`",
    ]
    assert constant_title("お茶とお菓子付き", steps)
    assert constant_title("Tea and sweets included / お茶とお菓子付き", steps)
    assert not constant_title("お茶会の予約", steps)
    asked = ["お茶とお菓子付きのツアーを予約したい", "お茶とお菓子付きで2名お願いします"]
    assert not constant_title("お茶とお菓子付き", steps, asked)  # the requests' own word for the kind


def test_a_japanese_thing_alone_takes_its_templates_work() -> None:
    steps = [
        "find_customer: `phone={phone}`",
        "book_class: `course=茶道レッスン基本（90分） date={date}`",
        "send_mail: `to={email} template=出張教室受付_v2`",
    ]
    assert thing_with_work("茶道のレッスン", steps) == "茶道レッスンの出張教室"
    assert thing_with_work("着物の染め直し", steps) == "着物の染め直し"  # an act: left
