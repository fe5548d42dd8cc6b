"""Round 41 (branch weekly41): a person's note in any layout (a table, question-and-answer pairs) that names its
kind's own call or template is that kind's note; a kind whose values differ in kind (a number, a rare word, a
frequent one) and whose tasks make more or fewer look-ups is one kind.

Domains, log shapes and languages other than set 41's: a Polish chimney sweep's desk as plain `request` /
`tool_call` events (the person's note a table), a Spanish tile shop's note as question-and-answer pairs, a German
coffee roaster's bean subscription with nested arguments, a Japanese tea shop's
gifts packed in a wooden box, a German heating firm's reply logged beside the line's label.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.agreement import StepAgreement
from memdir.consolidation.weekly.draft import Draft

SWEEP_NOTE = """---
title: Zajrzeć do komina
origin: human
---
# Zajrzeć do komina

Ściąga od Beaty z biura, żeby nie pytać za każdym razem.

| kiedy | co | wywołanie |
|---|---|---|
| ktoś chce wiedzieć, co siedzi w przewodzie | szukasz go po numerze | `lookup_client` |
| | wpisujesz wizytę | `book_camera_inspection` |
| | wysyłasz mu dzień | `send_text`, szablon `camera_visit_v2` |

Wkładów stalowych nie oglądamy: to do Marka.
"""


def _task(
    tid: str, at: int, asked: str, phone: str, work: str, args: dict[str, Any], template: str
) -> list[Any]:
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            {"type": "tool_call", "tool": "lookup_client", "args": {"phone": phone}},
            {"type": "tool_call", "tool": work, "args": {"client": f"CL-{at}{at}1{at}", **args}},
            {"type": "tool_call", "tool": "send_text", "args": {"to": phone, "template": template}},
            {"type": "task_end", "outcome": "success"},
        ],
    )


def _camera(tid: str, at: int, asked: str, phone: str, floors: int) -> list[Any]:
    args = {"floors": floors, "equipment": "Rotating flue camera with report", "date": f"2026-11-2{at}"}
    return _task(tid, at, asked, phone, "book_camera_inspection", args, "camera_visit_v2")


def _sweep(tid: str, at: int, asked: str, phone: str, fuel: str) -> list[Any]:
    args = {"fuel": fuel, "service": "Full sweep with soot removal", "date": f"2026-11-2{at}"}
    return _task(tid, at, asked, phone, "book_sweep", args, "sweep_booked_v1")


def test_a_persons_table_naming_the_kinds_own_call_is_its_note(root: Path) -> None:
    rel = "procedures/zajrzec-do-komina.md"
    (root / rel).write_text(SWEEP_NOTE, encoding="utf-8")
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _camera("c1", 0, "Could someone put a camera down our flue? It smokes back.", "555-0101", 2)
        + _camera("c2", 1, "We bought an old house and want the chimney inspected inside.", "555-0102", 3)
        + _camera("c3", 2, "Is a video check of my chimney liner possible next week?", "555-0103", 1)
        + _sweep("s1", 3, "Time for the yearly sweep of our wood stove chimney.", "555-0104", "wood")
        + _sweep("s2", 4, "Please come and sweep the chimney, we burn pellets.", "555-0105", "pellet")
        + _sweep("s3", 5, "Our oil boiler flue needs sweeping before winter.", "555-0106", "oil")
    )
    report = mem.consolidate_weekly(until=UNTIL)
    created = [mem.store.read(p) for p in report.created if p.startswith("procedures/")]
    # main: the camera kind was a second procedure beside the note, and no review item was raised
    assert not any({"c1", "c2", "c3"} & set(n.meta.get("sources") or []) for n in created), report.created
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    assert len(reviews) == 1 and sorted(reviews[0].meta["sources"]) == ["c1", "c2", "c3"], report.review
    assert any(sorted(n.meta["sources"]) == ["s1", "s2", "s3"] for n in created), report.created
    assert (root / rel).read_text(encoding="utf-8") == SWEEP_NOTE


QA_NOTE = [
    "**P: ¿Alguien pide rejuntar el baño, qué hago?**",
    "R: Lo buscas por el teléfono (`buscar_cliente`) y abres `rejuntado_bano`: siempre epoxi gris.",
    "**P: ¿Y cómo sabe el cliente cuándo vamos?**",
    "R: `enviar_sms` con la plantilla `rejuntado_confirmado_v1`, con el día.",
]


def _draft(tools: list[str], steps: list[str]) -> Draft:
    return Draft(title="x", description="", steps=steps, sources=[], tools=tools)


def test_a_question_and_answer_note_names_its_kinds_own_work() -> None:
    from memdir.consolidation.weekly.note_calls import names_own_work  # new in round 41

    grout = _draft(
        ["buscar_cliente", "rejuntado_bano", "enviar_sms"],
        [
            "buscar_cliente: `telefono={telefono}`",
            "rejuntado_bano: `cliente={cliente} material=epoxi gris`",
            "enviar_sms: `para={telefono} plantilla=rejuntado_confirmado_v1`",
        ],
    )
    tiles = _draft(
        ["buscar_cliente", "cambio_azulejo", "enviar_sms"],
        [
            "buscar_cliente: `telefono={telefono}`",
            "cambio_azulejo: `cliente={cliente} pieza={pieza}`",
            "enviar_sms: `para={telefono} plantilla=azulejo_confirmado_v2`",
        ],
    )
    assert names_own_work(QA_NOTE, grout, [grout, tiles])
    # the other kind makes the shared look-up and message, and none of what the note names alone
    assert not names_own_work(QA_NOTE, tiles, [grout, tiles])
    # a note that names only the shared calls tells neither kind
    shared = ["R: `buscar_cliente`, luego `enviar_sms`."]
    assert not names_own_work(shared, grout, [grout, tiles])


def _abo(n: int, bean: str, grams: int, slot: str, *, twice: bool = False, stock: bool = False) -> list[Any]:
    work: list[tuple[str, str]] = []
    if stock:
        work.append(("lagerbestand", f"sorte={bean}"))
    work.append(("kunde_suchen", f"telefon=+49 30 555 01{n}"))
    if twice:
        work.append(("kunde_suchen", f"name=Kundin {n}"))
    work.append(
        (
            "abo_anlegen",
            f"kunde=KD-{n}{n}70 plan=sorte={bean} gramm={grams} mahlgrad=Handfilter fein "
            f"versand=slot={slot} dienst=DHL Warenpost klimaneutral",
        )
    )
    work.append(("nachricht_senden", f"an=+49 30 555 01{n} vorlage=abo_bestaetigt_v3"))
    return work


def test_a_kind_whose_values_differ_in_kind_agrees_with_more_or_fewer_lookups() -> None:
    kind = [
        _abo(1, "Sidamo", 500, "vormittags"),
        _abo(2, "Sidamo", 1000, "vormittags", twice=True),
        _abo(3, "Huila", 250, "14-16", stock=True),
        _abo(4, "Sidamo", 500, "nachmittags"),
    ]
    others = [
        [
            ("preis_abfragen", "sorte=Sidamo gramm=500"),
            ("nachricht_senden", "an=+49 30 555 0199 vorlage=info_v1"),
        ],
        [("kunde_suchen", "telefon=+49 30 555 0188"), ("abo_pausieren", "kunde=KD-88 monat=Dezember")],
        [("nachricht_senden", "an=+49 30 555 0177 vorlage=oeffnungszeiten_v1")],
        [
            ("kunde_suchen", "telefon=+49 30 555 0166"),
            ("gutschein_anlegen", "kunde=KD-66 wert=vormittags 50"),
        ],
    ]
    agreement = StepAgreement([*kind, *others], 3)
    # main: `sorte sidamo … slot vormittags`, `sorte * … slot #` and `slot *` were three steps, not one on other
    # values (a number, a rare word, a frequent one; `plan=sorte=Sidamo` no whole value), and no step but the
    # message was taken by two members: the kind was none
    assert agreement.agreement(kind).min() >= 0.5
    assert agreement.distinctive([0, 1, 2, 3], {4, 5, 6, 7}) >= 2
    # a one-off with the shared look-up stays apart
    assert agreement.agreement([*kind, others[1]])[4, :4].max() < 0.5


def test_a_packing_constant_is_no_thing_of_the_work() -> None:
    from memdir.consolidation.weekly.japanese_work import japanese_work_title

    steps = [
        "find_member: `tel={tel}`",
        "create_order: `member={member} item.box=木箱入り 煎茶3缶 item.noshi.upper={upper} wrap=包装紙・紙袋付き`",
        "send_mail: `to={to} template=内祝い受付_v2 vars.name={name}`",
    ]
    asked = [
        "お世話になった方へお茶のギフト、名前を入れて1つお願いします",
        "お歳暮に名入れの新茶を送りたいです。木箱のはありますか",
        "結婚の内祝いで、のし付きのお茶をお願いします",
    ]
    title = japanese_work_title(steps, asked, "create", ["order"], lambda s: len(s) <= 2)
    # main: `木箱入りの注文` (how the tea is packed: its kanji 入 read in `名前を入れて`), not the work the
    # template names
    assert "内祝い" in title and "箱" not in title, title


def test_a_log_lines_label_beside_the_replys_prose_is_no_reply(root: Path) -> None:
    from memdir.consolidation.weekly.tasks import group_tasks

    base = {"ts": "2026-11-25T09:00:00+00:00", "task_id": "t1"}
    evs: list[dict[str, Any]] = [
        {**base, "type": "request", "text": "Bitte einen Termin für die Heizungswartung."},
        {**base, "type": "tool_call", "tool": "book_service", "input": {"kind": "Wartung"}},
        {
            **base,
            "type": "response_sent",
            "message": "Outgoing mail",
            "mail": {"body": "Termin am Dienstag um 9."},
        },
    ]
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(evs)
    (task,) = group_tasks(mem.activity.read())
    replies = [s.input for s in task.steps if s.kind == "response"]
    # main: `Outgoing mail` (the logger's label of the line) was the reply
    assert replies == ["Termin am Dienstag um 9."], replies
