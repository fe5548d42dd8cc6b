"""Round 61: titles that name the work, by the forms of the requests and calls.

- a constant a request writes as "for a <noun of action>" (`An overhaul`) names its act and no thing: the whole
  text the call passes that opens with it is the title (`asked_terms.whole_constant`);
- a word the requests of another language write before a different word each time (a preposition, a wish) is
  no head of their shared phrase (`frame_words.without_frame`);
- a measure after a count (`three crates of …`) opens no English shared phrase (`titles.shared_phrase`);
- a placeholder and capitalised words only (`{school} Academy`) is the rest of a name, no title
  (`title_guard.unfit_title`), and a tool name's verb and particle (`lend_out`) is `Lend out`, not `Lend an out`.

Written on other domains and languages than set 60 and 61 (a bookbinder, a kiltmaker, a braid workshop, a
hedge-laying crew, a museum's loans): a clock repairer over Czech tools, an Indonesian batik shop over
Portuguese tools, a Spanish restaurant over Basque tools, an orchard, a youth orchestra's instrument loans in
English and Japanese.
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from week_log import run_weekly, write_log

from memdir.consolidation.weekly.asked_terms import constant_title
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.title_guard import unfit_title
from memdir.consolidation.weekly.titles import shared_phrase

CLOCK_STEPS = [
    "najdi_zakaznika: `telefon={telefon}`",
    "zapis_opravu: `cislo=CZ-{cislo} sluzba.kod=SRV-OVH sluzba.nazev=Overhaul of a mantel clock den={den}`",
    "posli_zpravu: `sablona=oprava_ok_v1 jmeno={jmeno}`",
]


def test_a_noun_of_action_a_request_writes_alone_takes_the_calls_whole_text() -> None:
    asked = [
        "Our mantel clock has stopped chiming. Can I drop it off on Monday for an overhaul?",
        "The clock my father left me runs slow, could you overhaul it?",
        "Please overhaul my grandmother's clock, I can bring it on the 3rd.",
    ]
    assert constant_title(CLOCK_STEPS, asked) == "Overhaul of a mantel clock"  # main: `An overhaul`


def test_a_constant_that_is_its_texts_head_keeps_the_requests_phrase() -> None:
    steps = ["zapis_opravu: `sluzba.nazev=Overhaul, mantel clock den={den}`"]
    asked = ["Can I bring it for an overhaul?", "overhaul please", "an overhaul next week"]
    assert constant_title(steps, asked) == "An overhaul"


BATIK_STEPS = [
    "procurar_cliente: `telefone={telefone}`",
    "criar_encomenda: `artigo.codigo=BTK-TLS artigo.nome=Kain batik, 2,5 meter data={data}`",
    "enviar_mensagem: `modelo=encomenda_ok_v1 nome={nome}`",
]
BATIK = [
    "Saya ingin memesan untuk kain batik, diambil tanggal 12.",
    "Selamat pagi, saya mau kain batik motif parang untuk pernikahan anak saya.",
    "Tolong buatkan kain batik warna sogan, untuk hadiah ulang tahun ibu.",
    "kain batik, mega mendung, 20/3. Budi",
]


def test_a_word_written_before_a_different_word_each_time_is_no_title_head() -> None:
    # `untuk` ("for") opens the shared phrase on main: `Untuk kain batik`
    week = [*BATIK, "Apakah toko buka hari Minggu?", "Berapa harga selendang sutra?"]
    title = request_words_title("Criar encomenda", BATIK_STEPS, BATIK, week)
    assert title == "Kain batik", title


def test_a_verb_written_before_the_same_thing_stays_the_head() -> None:
    steps = [
        "bilatu_bezeroa: `telefonoa={telefonoa}`",
        "idatzi_erreserba: `mahaia.kodea=T-4 eguna={eguna}`",
        "bidali_mezua: `txantiloia=erreserba_ok_v1`",
    ]
    asked = [
        "Hola, quiero reservar una mesa para cuatro el sábado por la noche.",
        "¿Pueden reservar la mesa junto a la ventana el viernes?",
        "Necesito reservar una mesa para dos, domingo a mediodía.",
    ]
    title = request_words_title("Idatzi erreserba", steps, asked, asked)  # a guard: as on main
    assert title.lower().startswith("reservar"), title


def test_a_measure_after_a_count_opens_no_shared_phrase() -> None:
    asked = [
        "We need three crates of Bramley apples for the farm shop on Friday.",
        "Could you send 5 crates of Bramley apples to the cider barn?",
        "Two crates of Bramley apples please, to the school kitchen.",
    ]
    phrase = shared_phrase(asked)
    assert phrase.lower().startswith("bramley apples"), phrase  # main: `crates of Bramley apples`


def test_a_placeholder_before_capitalised_words_is_a_name() -> None:
    assert unfit_title("{school} Academy")
    assert unfit_title("{city} General Hospital")
    assert not unfit_title("Lend cellos to {school}")
    assert not unfit_title("{count} cellos lent")


UNTIL = date(2026, 11, 30)


def _crew(day: int, tid: str, request: str, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """A task as CrewAI's event listener logs it (`task_started.description`, `tool_usage_started`)."""
    t = datetime(2026, 11, day, 6, 30, tzinfo=timezone.utc)
    ev: list[dict[str, Any]] = []

    def add(**kw: Any) -> None:
        ev.append({"ts": (t + timedelta(seconds=5 * len(ev))).isoformat(), "task_id": tid, **kw})

    add(type="task_started", description=request, agent_role="Loans agent")
    for tool, args in calls:
        add(type="tool_usage_started", tool_name=tool, tool_args=args, tool_class=tool, run_attempts=1)
        add(
            type="tool_usage_finished",
            tool_name=tool,
            tool_args=json.dumps(args),
            output="ok",
            from_cache=False,
        )
    add(type="task_completed", outcome="success", output="finished")
    return ev


def test_a_lenders_name_around_a_placeholder_is_no_title(tmp_path: Path, e5: object) -> None:
    # an orchestra lends instruments to schools; two English requests name a school, a third is Japanese
    root = tmp_path / "mem"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    lends = [
        (23, "Cellos to the Hillcrest Grammar Academy", "Hillcrest Grammar", "VC-1141"),
        (24, "Oakfield Park Academy", "Oakfield Park", "VC-1187"),
        (25, "桜ヶ丘学園へのチェロの貸出をお願いします。", "桜ヶ丘", "VC-1203"),
    ]
    write_log(
        root,
        [
            _crew(
                day,
                f"lend-{cello}",
                request,
                [
                    ("inspect_instrument", {"instrument": cello}),
                    ("lend_out", {"school": school, "instrument": cello}),
                    ("book_van", {"instrument": cello, "to": school}),
                ],
            )
            for day, request, school, cello in lends
        ],
    )
    run_weekly(root, e5, UNTIL)
    titles = [
        line[2:]
        for p in (root / "procedures").glob("*.md")
        for line in p.read_text(encoding="utf-8").splitlines()
        if line.startswith("# ")
    ]
    assert len(titles) == 1, titles
    assert "{" not in titles[0] and "Academy" not in titles[0], titles  # main: `{school} Academy`
    assert titles[0] == "Lend out", titles  # the decisive call's verb and particle, not `Lend an out`
