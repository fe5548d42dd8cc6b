"""Round 33 (branch weekly33): what every task of the week states is no request, a request inside a JSON
string is read as its values, a note's clock readings name nothing, a Japanese thing from the template the
calls send, and a title that is only the work call's name takes the service the calls pass.

Domains and log shapes other than set 33's: a Spanish bicycle workshop's chat line (the workshop's name on
every conversation's opening record, the customer's words on a later one), a webhook logging its payload as a
JSON string, a bike shop's Japanese repair booking, a wasp-removal firm's short English texts, and a plumber's
note dictated with `(01:15)` stamps.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from test_weekly_shapes import events

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.japanese_work import notice_subjects
from memdir.consolidation.weekly.named import named_terms, note_lines
from memdir.consolidation.weekly.request_text import request_text
from memdir.consolidation.weekly.tasks import Task, group_tasks

SHOP = "Taller de bicis Ruedas Libres"
ASKED = [
    "Hola, se me ha pinchado la rueda trasera, ¿me la podéis cambiar mañana?",
    "Buenas, quería una revisión completa de la bici antes del verano.",
    "¿A qué hora abrís el sábado por la mañana?",
]


def _read(raw: list[dict[str, Any]]) -> list[ActivityEvent]:
    return [ActivityEvent(datetime.fromisoformat(e["ts"]), e["type"], e) for e in raw]


def _tasks(raw: list[dict[str, Any]]) -> list[Task]:
    return group_tasks(_read(raw))


def _chat(tid: str, at: int, said: str) -> list[dict[str, Any]]:
    return events(
        tid,
        at,
        [
            {"type": "chat.opened", "desk": SHOP, "channel": "web", "visitor": f"v-{at}"},
            {"type": "chat.visitor_said", "text": said},
            {"type": "tool_use", "tool": "buscar_cliente", "input": {"telefono": f"+3461200{at}"}},
            {"type": "tool_result", "tool": "buscar_cliente", "output": {"cliente": f"C-{at}"}},
            {"type": "task_end", "outcome": "success"},
        ],
    )


def test_a_text_every_task_of_the_week_states_is_no_request() -> None:
    raw = [e for n, said in enumerate(ASKED) for e in _chat(f"c{n}", n, said)]
    tasks = _tasks(raw)
    # main: every task's intent was the workshop's name (the first free text of the opening record)
    assert [t.intent for t in tasks] == ASKED


def test_a_shared_text_of_a_week_too_small_stays() -> None:
    raw = [e for n, said in enumerate(ASKED[:2]) for e in _chat(f"c{n}", n, said)]
    tasks = _tasks(raw)
    assert [t.intent for t in tasks] == [SHOP, SHOP]


def test_a_request_in_a_json_string_is_read_as_its_values() -> None:
    payload = json.dumps({"from": "+34612000111", "kind": "whatsapp", "body": ASKED[1]})
    raw = events("w1", 0, [{"type": "webhook.received", "payload": payload}])
    # main: the whole JSON string was the request
    assert request_text(_read(raw)) == ASKED[1]


def test_a_clock_reading_in_a_note_names_nothing() -> None:
    line = "> (01:15) Luego abre la orden con `crear_orden`, tipo `fuga-urgente`, a las 14:30 como tarde."
    # main: `01:15` and `14:30` were named terms, so no step could run more than half of the line
    assert named_terms(line) == ["crear_orden", "fuga-urgente"]
    body = "> (00:05) Primero `buscar_cliente` con el teléfono.\n>\n> (00:40) Gracias, equipo.\n"
    assert [ln.terms for ln in note_lines(body)] == [["buscar_cliente"]]


def test_a_japanese_thing_comes_from_the_template_first() -> None:
    steps = [
        "find_member: `phone={phone}`",
        "book_repair: `member_id={member_id} course=オーバーホール 連絡方法=完成メール連絡 date={date}`",
        "send_mail: `to={email} template=修理予約確定_v1`",
    ]
    # main: `完成メール` (how the customer hears back) came first, the order the calls write it
    assert notice_subjects(steps)[0] == "修理予約"


def test_a_call_title_of_short_english_texts_takes_the_service() -> None:
    steps = [
        "find_customer: `phone=+{number}`",
        "book_treatment: `customer_id={customer_id} service=WASP-NEST-REMOVAL crew=pest-east date={date}`",
        "send_text: `to=+{number} template=wasp_booked_v2`",
    ]
    asked = [
        "wasps under deck pls come fri",
        "Web form: wasp nest by garage door. Tuesday.",
        "big wasp nest in shed?? - Tom",
    ]
    # main: `Book treatment` stayed (the texts too short to be read as English: the service was not asked)
    assert fragment_title("Book treatment", steps, asked) == "Wasp nest removal"
