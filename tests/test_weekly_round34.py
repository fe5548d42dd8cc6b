"""Round 34 (branch weekly34): nested arguments written with their keys, a framework's prefix on every call is
no word of the kind, a title of one request's words gives way to the work call the requests name, and a title
that is only the work call's name takes the constant of its thing or the template's qualifier.

Domains, log shapes and languages other than set 34's: a German piano tuner logging plain `request` /
`tool_call` events with nested JSON arguments, an Italian piano tuner whose functions are all `tool_*`, an
English boiler service and locksmith, a German cleaning firm.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.fragment_titles import fragment_title

TUNE_ASKED = [
    "Guten Tag, unser Klavier muss dringend gestimmt werden, geht es nächste Woche?",
    "Hallo, bitte einmal den Flügel stimmen, am liebsten Donnerstag.",
    "Unser Klavier klingt schief, können Sie zum Stimmen vorbeikommen?",
    "Ich hätte gern einen Termin zum Klavierstimmen im Musikzimmer.",
]


def _tuning(tid: str, at: int, asked: str, name: str, brand: str) -> list[dict[str, Any]]:
    def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"type": "tool_call", "tool": tool, "input": json.dumps(args, ensure_ascii=False)}

    order = {
        "kunde": {"id": f"K-{700 + at}", "name": name},
        "instrument": {"marke": brand, "baujahr": 1960 + 7 * at},
        "auftrag": {"leistung": "STIMMUNG-440", "dauer_min": 90},
        "datum": f"2026-03-0{at + 2}",
    }
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            call("kunde_suchen", {"telefon": f"+49 30 555{at}1{at}"}),
            {
                "type": "tool_result",
                "tool": "kunde_suchen",
                "output": json.dumps({"kunde_id": f"K-{700 + at}"}),
            },
            call("termin_anlegen", order),
            {"type": "tool_result", "tool": "termin_anlegen", "output": json.dumps({"termin": f"T-{at}"})},
            call("sms_senden", {"an": f"+49 30 555{at}1{at}", "vorlage": "stimmung_bestaetigt_v2"}),
            {"type": "task_end", "outcome": "success"},
        ],
    )


def test_a_nested_argument_keeps_its_keys_in_the_procedure(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    names = ["Anna Vogt", "Jens Kröger", "Mia Hartmann", "Paul Seidel"]
    brands = ["Bechstein", "Steinway", "Blüthner", "Grotrian"]
    for n, asked in enumerate(TUNE_ASKED):
        mem.activity.append_many(_tuning(f"t{n}", n, asked, names[n], brands[n]))
    report = mem.consolidate_weekly(until=UNTIL)
    bodies = [mem.store.read(p).body for p in report.created if p.startswith("procedures/")]
    assert len(bodies) == 1, report.created
    (step,) = [line for line in bodies[0].splitlines() if "termin_anlegen:" in line]
    # main: `kunde=id={id} name={name} instrument=marke={marke} …`: which key belongs to which object is lost
    assert "kunde.id={" in step and "kunde.name={" in step, step
    assert "instrument.marke={" in step and "auftrag.leistung=STIMMUNG-440" in step, step
    assert "auftrag.dauer_min=90" in step and " datum={" in step, step
    assert "kunde=id=" not in bodies[0]


ITALIAN_STEPS = [
    "tool_cerca_cliente: `telefono={telefono}`",
    "tool_verifica_agenda: `data={data} tecnico=squadra-nord`",
    "tool_crea_prenotazione: `cliente_id={cliente_id} data={data} ora={ora}`",
    "tool_invia_sms: `a=+{number} modello=prenotazione_confermata_v2`",
]
ITALIAN_ASKED = [
    "Buongiorno, vorrei far accordare il pianoforte la settimana prossima.",
    "Il nostro piano è stonato, potete venire giovedì?",
    "Salve, serve un'accordatura per il pianoforte verticale di mia figlia.",
]


def test_a_prefix_every_call_shares_is_the_frameworks() -> None:
    # main: `Tool cerca cliente` (the look-up) stayed: its `tool` "named" the work call `tool_crea_prenotazione`
    assert fragment_title("Tool cerca cliente", ITALIAN_STEPS, ITALIAN_ASKED) == "Crea prenotazione"


def test_a_prefix_the_requests_write_is_the_kinds() -> None:
    steps = [s.replace("tool_", "ticket_") for s in ITALIAN_STEPS]
    asked = [f"{a} Il ticket è urgente." for a in ITALIAN_ASKED]
    assert fragment_title("Ticket cerca cliente", steps, asked) == "Ticket cerca cliente"


LOCK_STEPS = [
    "find_customer: `phone={phone}`",
    "rekey_locks: `customer_id={customer_id} locks={locks} tech=team-b`",
    "send_sms: `to=+{number} template=rekey_booked_v1`",
]
LOCK_ASKED = [
    "Can you rekey the locks at our new house this week?",
    "We need the front and back door locks rekeyed after a tenant moved out.",
    "Lost keys yesterday, want to make sure nobody can get in, can someone come today?",
]


def test_one_requests_words_give_way_to_the_work_the_requests_name() -> None:
    # main: `Lost keys yesterday` (one request's words, which the calls do not speak) stayed
    assert fragment_title("Lost keys yesterday", LOCK_STEPS, LOCK_ASKED) == "Rekey a lock"


def test_a_title_most_requests_write_or_a_work_they_do_not_name_stays() -> None:
    shared = ["Lost keys yesterday, please come.", "We lost our keys yesterday.", *LOCK_ASKED[:2]]
    assert fragment_title("Lost keys yesterday", LOCK_STEPS, shared) == "Lost keys yesterday"
    unnamed = ["Our front door key is gone.", "Locksmith needed at the office.", "Lost keys yesterday."]
    assert fragment_title("Lost keys yesterday", LOCK_STEPS, unnamed) == "Lost keys yesterday"


def test_a_work_title_takes_the_templates_qualifier() -> None:
    steps = [
        "find_client: `phone={phone}`",
        "check_slots: `date={date} crew=north`",
        "book_visit: `client_id={client_id} date={date} slot={slot}`",
        "send_sms: `to=+{number} template=annual_visit_confirm_v2`",
    ]
    asked = [
        "Hi, can your tech come for the yearly boiler check?",
        "Time for our annual boiler service, is Tuesday free?",
        "Could someone look at the boiler before winter, usual yearly visit",
    ]
    # main: `Book a visit` (what every booking desk does)
    assert fragment_title("Book a visit", steps, asked) == "Book an annual visit"
    plain = [*steps[:3], "send_sms: `to=+{number} template=visit_confirm_v2`"]
    assert fragment_title("Book a visit", plain, asked) == "Book a visit"
    # the notice first (`konfirmasi_pesanan_v1`, `confirmacao_reparo_v4`): no qualifier before the thing
    first = [*steps[:3], "send_sms: `to=+{number} template=confirm_annual_visit_v2`"]
    assert fragment_title("Book a visit", first, asked) == "Book a visit"


def test_a_work_title_takes_the_constant_its_thing_is_passed() -> None:
    steps = [
        "kunde_suchen: `telefon={telefon}`",
        "reinigung_planen: `kunde_id={kunde_id} reinigung=Grundreinigung Plus datum={datum}`",
        "sms_senden: `an=+{number} vorlage=reinigung_bestaetigt_v1`",
    ]
    asked = [
        "Hallo, wir brauchen nach dem Umzug eine gründliche Reinigung der Wohnung.",
        "Können Sie am Freitag die ganze Wohnung putzen?",
        "Bitte einmal alles sauber machen, Büro im 2. Stock.",
    ]
    # main: `Reinigung planen` ("plan a cleaning")
    assert fragment_title("Reinigung planen", steps, asked) == "Grundreinigung plus planen"
