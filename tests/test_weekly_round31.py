"""Round 31 (branch weekly31): a French look-up is a read and a request's question is no title (the service the
calls pass names the kind); a bare Japanese thing takes its template's act, and a short template subject names
the work with its act; an input keyed by the tool's own name is that tool's arguments; an e-mail address is one
value.

Domains and log shapes other than set 31's: a ski-rental shop in the Alps (French), a Japanese bicycle shop (a
repair quote, a seal-stamp order), a tennis club logged as plain `request` / `tool_call` events whose inputs are
JSON strings keyed by the tool's name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.fragment_titles import fragment_title, is_fragment, tool_call
from memdir.consolidation.weekly.japanese_work import japanese_work_title

SKI_STEPS = [
    "RechercherAdherent: `email={email}`",
    "CreerLocationMateriel: `adherent_id={adherent_id} prestation=location-skis-casque duree_jours={duree_jours}`",
    "EnvoyerSms: `a={telephone} modele=LOC_confirmee_v1`",
]
SKI_ASKED = [
    "Bonjour, est-ce que je peux louer des skis et un casque pour trois jours ? Je suis adhérent.",
    "Je voudrais la location de skis pour mon fils, adhérent aussi, du 3 au 6 février.",
    "Salut, il me faudrait des skis de location ce week-end, je suis déjà adhérent chez vous.",
]


def test_a_french_look_up_is_a_read() -> None:
    steps = [
        "RechercherAdherent: `email={email}`",
        "ReserverCours: `adherent_id={adherent_id} niveau=debutant`",
    ]
    # main: `rechercher adherent` (the requests write `adhérent`), a look-up in the infinitive
    assert tool_call(steps, SKI_ASKED)[0] == "reserver"


def test_a_request_question_is_no_title_and_the_service_names_the_kind() -> None:
    assert is_fragment("Est-ce je peux louer", "creer", ["location", "materiel"])
    # main: `Est-ce je peux louer` stayed (a fragment of one request's question)
    assert fragment_title("Est-ce je peux louer", SKI_STEPS, SKI_ASKED) == "Location skis casque"


def test_a_bare_japanese_thing_takes_its_templates_act() -> None:
    steps = [
        "check_workshop_calendar: `date={date}`",
        "quote_bike_repair: `model={model} part=後輪ハブ`",
        "send_line: `to={to} template=修理見積_v2 vars=name={name}`",
    ]
    asked = [
        "自転車の後ろのタイヤがぐらぐらします。いくらかかりますか",
        "自転車のハブを直してほしい",
        "子供の自転車、見てもらえますか",
    ]
    # main: `自転車` (a thing without the act: every call is a look or a quote)
    assert fragment_title("自転車", steps, asked) == "自転車の修理見積"


def test_a_short_template_subject_names_the_work_with_its_act() -> None:
    steps = [
        "find_customer: `phone={phone}`",
        "order_seal: `customer={customer} style=楷書 size=12mm`",
        "send_line: `to={to} template=印鑑受付_v1`",
    ]
    asked = ["印鑑を作りたいです", "認印をひとつお願いします", "会社の印鑑を注文したい"]
    verb, noun = tool_call(steps, asked)
    # main: "" (`印鑑` of `印鑑受付_v1` dropped as one short word before the act was added)
    title = japanese_work_title(steps, asked, verb, noun, lambda t: is_fragment(t, verb, noun))
    assert title == "印鑑の注文"


def _court(tid: str, at: int, asked: str, email: str, court: str) -> list[dict[str, Any]]:
    def keyed(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"type": "tool_call", "tool": tool, "input": json.dumps({tool: args})}

    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            keyed("find_member", {"email": email}),
            keyed("reserve_court", {"court": court, "surface": "clay", "lights": "off"}),
            keyed("send_mail", {"to": email, "template": "court_booked_v2"}),
            {"type": "task_end", "outcome": "success"},
        ],
    )


def test_an_input_keyed_by_the_tools_name_is_its_arguments_and_an_email_is_one_value(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _court("t1", 0, "Can I book a clay court for Saturday morning?", "ana.ruiz@club.es", "C3")
        + _court("t2", 1, "I'd like to reserve a court tomorrow at 6.", "b.okafor@club.com", "C1")
        + _court("t3", 2, "Please book me a tennis court on Friday.", "chen.li@club.fr", "C4")
        + _court("t4", 3, "Any clay court free this Sunday? I'd like to book it.", "d.muller@club.de", "C2")
    )
    report = mem.consolidate_weekly(until=UNTIL)
    bodies = [mem.store.read(p).body for p in report.created if p.startswith("procedures/")]
    assert bodies, report.created
    body = bodies[0]
    # main: `reserve_court=court={court} …` (the tool's name read as a key) and `{value}@club.{value2}`
    assert "reserve_court=" not in body and "find_member=" not in body, body
    assert "@club." not in body and "email={email}" in body, body
