"""Round 53: a call with one more argument holding a free-text note is the call without it; English requests
over tools no call of which is named as a work take the service's English name, without one request's words;
a title that asks, wishes or names a thing alone gives way to the service the calls pass; titles open with a
capital; a Japanese title's count word after `の` is dropped.

Written on other domains and languages than set 53 (a dry-stone waller's Azerbaijani tools, a kilim workshop's
Serbian requests over Maori tools, a bagpipe workshop's Galician requests over Uzbek tools, an Edo wind-chime
workshop): a Dutch-tooled chimney sweep, Slovak and Italian and Portuguese requests over Swahili tools, a
Japanese pottery class.
"""

from __future__ import annotations

from memdir.consolidation.weekly.asked_form import (
    asks,
    capitalised,
    service_name,
    service_over_asking,
    without_count_tail,
)
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.step_cover import general
from memdir.consolidation.weekly.work_flow import flow_title


def test_a_free_text_note_in_one_more_argument_is_the_call_without_it() -> None:
    # three sweeps with a note ("dog in the garden, ring twice"), one with an empty note left out of the call
    head = "boek_veegbeurt klant # adres # datum #"
    keys = [
        frozenset({f"{head} opmerking * the * #"}),
        frozenset({f"{head} opmerking * in * *"}),
        frozenset({f"{head} opmerking * # * *"}),
        frozenset({head}),
    ]
    held = general(keys, {k for ks in keys for k in ks}, frozenset())
    assert all(h == {head} for h in held), held


def test_one_more_argument_of_the_kinds_own_words_is_other_work() -> None:
    head = "boek_veegbeurt klant # adres #"
    keys = [frozenset({f"{head} soort schoorsteen open haard"}), frozenset({head})]
    held = general(keys, {k for ks in keys for k in ks}, frozenset())
    assert held[0] != held[1]


SWEEP_STEPS = [
    "klant_zoeken: `email={email}`",
    "schoorsteen_veeg_boeking_maken: `klant_id={klant_id} dienst.naam=Chimney sweep and smoke test "
    "dienst.noot=Certificate left on site datum={datum}`",
    "bericht_sturen: `kanaal=mail sjabloon=veeg_ok_v1 waarden.datum={datum}`",
]
SWEEP_ASKED = [
    "Hello, could you sweep our chimney before the winter? Any day next week works for us.",
    "Hi, I need the chimney swept and a smoke test for the insurance, Tuesday if possible.",
    "Good morning, please book a chimney sweep for the cottage, the flue has not been done in years.",
    "sweep 12/11, wood burner. jones",
]


def test_english_requests_take_the_service_name_when_no_call_is_named_as_work() -> None:
    # `schoorsteen_veeg_boeking_maken` is four words: no call names the work, and the look-up's words are no title
    assert flow_title("Klant an zoeken", SWEEP_STEPS, SWEEP_ASKED, True) == "Chimney sweep"


QUESTION_ASKED = [
    "Dobrý deň, máme záujem o kurz hrnčiarstva pre dvoch, je ešte voľné miesto v sobotu?",
    "Chcela by som sa prihlásiť na kurz hrnčiarstva 14.3., jedna osoba. Mária",
    "Je ešte voľné miesto na kurze hrnčiarstva v nedeľu? Peter",
]
COURSE_STEPS = [
    "tafuta_mteja: `simu={simu}`",
    "andikisha_kozi: `mteja={mteja} kozi.jina=Kurz hrnčiarstva na kruhu kozi.tarehe={tarehe}`",
    "tuma_ujumbe: `simu={simu} kiolezo=kozi_ok_v1`",
]


def test_a_question_is_no_title() -> None:
    assert asks("Je ešte voľné miesto", QUESTION_ASKED)
    assert service_over_asking("Je ešte voľné miesto", COURSE_STEPS, QUESTION_ASKED) == "Kurz hrnčiarstva"
    # a title whose clause a question only holds further on is no question (`Could you book a table?`)
    assert not asks("Book a table", ["Could you book a table for four?", "Book a table tonight", "table"])


def test_a_wish_is_no_title() -> None:
    asked = [
        "Bom dia, quero reparar o meu acordeão, o fole perde ar.",
        "Preciso de reparar o acordeão antes da festa, as teclas prendem.",
        "acordeão reparar, levo dia 3. rui",
    ]
    steps = ["sajili_kazi: `mteja={mteja} huduma.jina=Reparar acordeão completo huduma.siku={siku}`"]
    assert asks("Quero reparar o acordeão", asked)
    assert service_over_asking("Quero reparar o acordeão", steps, asked) == "Reparar acordeão"


def test_a_thing_alone_takes_the_service_its_requests_ask() -> None:
    asked = [
        "Buongiorno, vorrei far restaurare la mia sedia impagliata, la paglia è rotta.",
        "Salve, la sedia della nonna ha bisogno di restauro, quando posso portarla?",
        "sedia impagliata restauro, porto giovedì. bruno",
    ]
    steps = ["sajili_kazi: `mteja={mteja} huduma.jina=Restauro di sedia impagliata a mano siku={siku}`"]
    assert service_name(steps, asked) == "Restauro di sedia impagliata"
    assert request_words_title("Sedia", steps, asked) == "Restauro di sedia impagliata"


def test_a_title_that_neither_asks_nor_wishes_stays() -> None:
    assert service_over_asking("Kurz hrnčiarstva", COURSE_STEPS, QUESTION_ASKED) == "Kurz hrnčiarstva"


def test_titles_open_with_a_capital() -> None:
    assert capitalised("evening pottery class", []) == "Evening pottery class"
    assert capitalised("iPhone screen swap", []) == "iPhone screen swap"  # a name written so
    assert capitalised("ცვილით დამუშავება", []) == "ცვილით დამუშავება"  # Georgian opens with no capital
    assert capitalised("git pull and rebase", ["shell: `git pull --rebase`"]) == "git pull and rebase"
    assert request_words_title("evening pottery class", [], ["a", "b", "c"]) == "Evening pottery class"


def test_a_japanese_count_word_after_its_work_is_dropped() -> None:
    asked = [
        "陶芸教室を予約したいです。大人2名です。",
        "大人一人、子ども一人で陶芸教室に参加できますか",
        "陶芸 3/2 大人3",
    ]
    assert without_count_tail("陶芸教室の大人", asked) == "陶芸教室"
    # a word written apart from numbers is the title's own (`湯呑の絵付` stays)
    assert (
        without_count_tail("陶芸教室の絵付", ["絵付をしたい", "絵付の予約", "陶芸 3/2"]) == "陶芸教室の絵付"
    )
