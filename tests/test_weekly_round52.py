"""Round 52: a Japanese title every kind of the week writes gives way to a constant's head the kind's requests
write and the others do not; short words English shares with other languages make no request English; a
note's free text is one argument's value.

Written on other domains and languages than set 52 (a koi farm's Maltese tools, a distillery's Slovene tools
under Albanian requests, a falconry centre's Basque tools): a bonsai nursery's chat desk, Italian requests
over Polish tools, a Polish restaurant's table bookings with notes.
"""

from __future__ import annotations

from memdir.consolidation.weekly.kind_runs import ja_kind_title
from memdir.consolidation.weekly.request_language import english, request_words_title
from memdir.consolidation.weekly.step_cover import general

REPOT_STEPS = [
    "cerca_klijent: `telefon={telefon}`",
    "irregistra_xoghol: `id={id} servizz.isem=盆栽植え替え（春季・用土込み） servizz.nota=受取は一週間後です data={data}`",
    "ibghat_avviz: `kanal=line mudell=xoghol_ok_v1 valuri.isem={isem}様`",
]
PRUNE_STEPS = [
    "cerca_klijent: `telefon={telefon}`",
    "ibbukkja_zjara: `id={id} servizz.isem=出張剪定（松・真柏） zjara.data={data}`",
    "ibghat_avviz: `kanal=line mudell=zjara_ok_v1 valuri.isem={isem}様`",
]
REPOT_ASKED = [
    "@盆栽窓口 黒松の鉢が小さくなったので植え替えをお願いできますか。来週持って行きます。",
    "@盆栽窓口 真柏の植え替え時期だと思います。預けてもいいですか。",
    "@盆栽窓口 根が詰まっているようです。鉢を替えていただけますか。",
    "@盆栽窓口 植え替え 五葉松 3/20持込",
]
PRUNE_ASKED = [
    "@盆栽窓口 庭の松の剪定に来てもらえますか。4月の初めが希望です。",
    "@盆栽窓口 枝が伸び放題です。剪定をお願いします。",
    "@盆栽窓口 真柏の手入れに来ていただけますか。土曜の午前。",
]
BONSAI_WEEK = [
    *REPOT_ASKED,
    *PRUNE_ASKED,
    "@盆栽窓口 日曜日は開いていますか。",
    "@盆栽窓口 植え替えの料金は？",
]


def test_a_japanese_title_every_kind_writes_gives_way_to_the_kinds_constant() -> None:
    # `盆栽窓口`, the desk every request mentions, names neither kind: what each does is in its service's name
    assert ja_kind_title("盆栽窓口", REPOT_STEPS, REPOT_ASKED, BONSAI_WEEK) == "盆栽植え替え"
    assert ja_kind_title("盆栽窓口", PRUNE_STEPS, PRUNE_ASKED, BONSAI_WEEK) == "出張剪定"


def test_a_japanese_title_the_kind_writes_stays() -> None:
    # `植え替え` is written by three of the four and one other request of the week: the kind's own word
    assert ja_kind_title("植え替え", REPOT_STEPS, REPOT_ASKED, BONSAI_WEEK) == "植え替え"
    # a sentence (`受取は一週間後です`) is no head; no constant the kind writes: the title stays
    steps = ["irregistra_xoghol: `servizz.nota=受取は一週間後です`"]
    assert ja_kind_title("盆栽窓口", steps, REPOT_ASKED, BONSAI_WEEK) == "盆栽窓口"


def test_japanese_titles_go_through_the_requests_reader() -> None:
    assert request_words_title("盆栽窓口", PRUNE_STEPS, PRUNE_ASKED, BONSAI_WEEK) == "出張剪定"


ITALIAN = [
    "Vorrei 6 vasetti di miele millefiori, spediti a casa a Bari, in centro.",
    "Mi servono 4 vasetti di miele di castagno, li ritiro io in negozio.",
    "Avete miele di acacia? Prendo 10 vasetti: i regali, consegna a Lecce.",
]


def test_short_words_of_other_languages_make_no_request_english() -> None:
    # Italian `a` ("to"), `in`, `i` ("the") are English function words too: none of 3+ letters is written
    assert not english(ITALIAN)  # English on the base: six of them in fifty words
    assert english(["Could you book a table for me on Friday?", "a table for 2 please, Sat", "table for me"])


def test_italian_requests_over_polish_tools_take_their_shared_words() -> None:
    steps = [
        "szukaj_klienta: `telefon={telefon}`",
        "zamowienie_miodu: `klient={klient} produkt.nazwa=Miód wielokwiatowy ilosc={ilosc} dostawa={dostawa}`",
        "wyslij_powiadomienie: `kanal=sms szablon=zamowienie_ok_v1`",
    ]
    # "jars of honey"; `Zamowienie miodu` on the base (the requests read as English, the reader never ran)
    assert request_words_title("Zamowienie miodu", steps, ITALIAN, ITALIAN) == "Vasetti di miele"


def test_a_notes_free_text_is_one_value() -> None:
    # four table bookings, each with its own note (one empty): one step all four took, not four
    head = "zarezerwuj_stolik klient # osoby # uwagi"
    keys = [
        frozenset({f"{head} # * na *"}),  # "70 urodziny, stolik na tarasie"
        frozenset({f"{head} * # * #"}),  # "dzieci 4 i 6"
        frozenset({f"{head} * the *"}),
        frozenset({head}),  # "-"
    ]
    arguments = {k for ks in keys for k in ks}
    held = general(keys, arguments, frozenset())
    assert all(h == {head} for h in held), held


def test_a_call_with_other_words_after_its_last_argument_is_other_work() -> None:
    # words after the last argument that are mostly the kind's own (not masked) are no note's free text
    head = "zarezerwuj_stolik klient # osoby #"
    keys = [frozenset({f"{head} sala bankietowa duza"}), frozenset({head})]
    held = general(keys, {k for ks in keys for k in ks}, frozenset())
    assert held[0] != held[1]
