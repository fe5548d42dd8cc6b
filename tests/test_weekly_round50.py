"""Round 50: a title never keeps a run whose number was dropped (`Roughly m of ridge`); English requests over
tools named in another language titled by the service the calls pass in English; a title in Japanese the
requests write kept over tools that speak another language; a call with an optional note and its
customers' follow-up kept apart from the kind they read like.

Written on other domains and languages than set 50 (a Dorset thatcher's Catalan tools, a wagasa workshop's
French tools, a qvevri maker's transliterated Russian tools): a fencing firm's English requests over Spanish
tools, a piano tuner's over German tools, a wind-chime shop's Japanese requests over Italian tools, a
kayak rental's calls with and without a note.
"""

from __future__ import annotations

from collections.abc import Sequence

from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.kinds_by_steps import set_apart_strangers
from memdir.consolidation.weekly.recurring import recurring_title
from memdir.consolidation.weekly.step_cover import general
from memdir.consolidation.weekly.work_flow import constant_head, flow_title

FENCE_STEPS = [
    "buscar_cliente: `correo={correo}`",
    "reservar_valla: `cliente_id={cliente_id} servicio.descripcion=Close-board fence, posts in concrete "
    "obra.longitud={longitud}`",
    "enviar_aviso: `canal=email plantilla=valla_reservada_v1 nombre={nombre}`",
]
FENCE_ASKED = [
    "Hi, the fence at the cottage in Ashby has blown down and we would like the close-board fence replaced. "
    "The fence is about 12 metres long; any week in May works.",
    "Hello, please put us down for a new fence at the farmhouse, approx 20 m of fence. Early May if possible, "
    "the gate side is clear.",
    "We need the fence by the lane replaced before summer, it's 15 metres or so. Mid May please.",
]


def test_a_run_whose_number_was_dropped_is_no_title() -> None:
    # `approx 20 m of fence` without its number was `Approx m of fence`: a hedge and a unit, no work
    title = recurring_title([(a, "") for a in FENCE_ASKED], FENCE_STEPS)
    assert " m of " not in title.lower()
    assert not title.lower().startswith(("approx", "roughly", "about"))


def test_a_unit_the_requests_write_only_beside_a_number_frames_no_title() -> None:
    # `metres` is written only after a number (`12 metres`, `15 metres`): `Hedge is metres long` was a title
    asked = [
        "Hello, the hedge is about 12 metres long; any week in May works.",
        "We need the hedge cut before summer, it's 15 metres or so.",
        "Please trim our hedge, the hedge is 9 metres long.",
    ]
    assert "metres" not in recurring_title([(a, "") for a in asked])


def test_english_requests_over_spanish_tools_take_the_service_the_calls_name() -> None:
    # the requests write no word of `buscar_cliente`, `reservar_valla`, `correo=`: the service's English name
    assert constant_head("Put gate", FENCE_STEPS, FENCE_ASKED) == "Close-board fence"
    assert flow_title("Put gate", FENCE_STEPS, FENCE_ASKED, True) == "Close-board fence"


def test_a_title_holding_the_word_all_requests_write_stays() -> None:
    # `Tune piano` already says `tune`/`piano`; the constant's head adds no word most requests write
    steps = [
        "kunde_suchen: `telefon={telefon}`",
        "stimmung_buchen: `kunde_id={kunde_id} leistung.text=Piano tuning, 90 min, pitch raise if needed`",
        "nachricht_senden: `kanal=sms vorlage=stimmung_ok_v1`",
    ]
    asked = [
        "Could you tune our piano next Tuesday? It hasn't been done in years.",
        "Piano needs tuning before the recital on the 14th please",
        "Hello, we'd like the upright piano tuned, any morning next week.",
    ]
    assert constant_head("Tune piano", steps, asked) == ""


def test_japanese_requests_keep_their_word_over_italian_tools() -> None:
    # `風鈴` (wind chimes) is what most requests write and the order passes (`articolo.nome=風鈴 …`);
    # `ordinare_furin` speaks Italian: `Ordinare an ordine furin` no
    steps = [
        "cercare_cliente: `telefono={telefono}`",
        "ordinare_furin: `cliente={cliente} articolo.nome=風鈴 ガラス 金魚 quantita={quantita}`",
        "notificare: `canale=line modello=ordine_furin_ok_v1 nome={nome}`",
    ]
    asked = [
        "風鈴を10個注文したいです。金魚の絵でお願いします。",
        "店に飾る風鈴を3つお願いできますか",
        "風鈴 5個 7/10まで",
    ]
    assert fragment_title("風鈴", steps, asked) == "風鈴"


def test_a_call_with_an_optional_note_is_one_step() -> None:
    # two kayak bookings with `note=*` at the end and two without: one call most of them made
    plain = "book_kayak id # boat * date #"
    noted = "book_kayak id # boat * date # note *"
    held = general(
        [frozenset([noted]), frozenset([plain]), frozenset([noted]), frozenset([plain])], {plain, noted}, ()
    )
    assert all(h == {plain} for h in held)


class _Kinds:
    """The two questions `set_apart_strangers` asks of `StepKinds`, over a week of five tasks."""

    def __init__(self, tools: Sequence[frozenset[str]]) -> None:
        self.tools = tools

    def tools_of(self, one: int) -> frozenset[str]:
        return self.tools[one]

    def own_calls(self, members: Sequence[int]) -> frozenset[str]:
        held = [t for i in members for t in self.tools[i]]
        others = set().union(*(self.tools[i] for i in range(len(self.tools)) if i not in members))
        return frozenset(t for t in set(held) if 2 * held.count(t) > len(members) and t not in others)


def test_a_follow_up_that_makes_none_of_the_kinds_calls_leaves_it() -> None:
    # four kayak bookings and one "is my booking still on?" that only looks it up: the look-up leaves
    book = frozenset(["find_customer", "book_kayak", "send_sms"])
    status = frozenset(["find_customer", "booking_status", "send_sms"])
    groups = {0: [0, 1, 2, 3, 4]}
    assert set_apart_strangers(_Kinds([book, book, book, book, status]), groups, 3) == 1  # type: ignore[arg-type]
    assert sorted(map(sorted, groups.values())) == [[0, 1, 2, 3], [4]]
