"""Round 45 (branch weekly45): a call every task of the week makes is no kind; a request deep in a webhook, in
a script without case or in Cyrillic lower case, is the request; a Latin id over requests in another script
titles the kind in the requests' own words.

Domains, log shapes and languages other than sets 44/45: a Hebrew air-conditioner service (`nikui_mazgan_v1`), a
Ukrainian washing-machine repair desk (`remont_pralky_v2`), an English locksmith whose every task ends with one
`notify_customer` call (kinds, a failure and one-offs alike).
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.purpose import task_phrase
from memdir.consolidation.weekly.request_text import free_text, request_text
from memdir.consolidation.weekly.script_titles import request_script_title

HE_ASKED = [
    "המזגן בסלון מטפטף ומריח, אפשר לתאם ניקוי?",
    "צריך ניקוי למזגן, הוא לא מקרר כמו פעם",
    "אפשר טכנאי לניקוי מזגן בשבוע הבא?",
]
HE_STEPS = [
    "matsa_lakoach: `telefon={telefon}`",
    "kva_tor: `lakoach_id={lakoach_id} taarich={taarich}`",
    "shlach_hodaa: `el={telefon} tavnit=nikui_mazgan_v1`",
]


def test_a_transliterated_tool_name_over_hebrew_requests_gives_their_words() -> None:
    assert request_script_title("Kva tor", HE_STEPS, HE_ASKED) == "ניקוי מזגן"


def test_a_cyrillic_kind_is_titled_as_its_requests_spell_it() -> None:
    asked = [
        "Зламалася пральна машина, потрібен ремонт пральки",
        "Пралька не зливає воду. Можна ремонт?",
        "Ремонт пральки, Bosch, не крутить барабан",
    ]
    steps = ["stvoryty_zaiavku: `klient_id={klient_id}`", "nadislaty_sms: `shablon=remont_pralky_v2`"]
    assert request_script_title("Stvoryty zaiavku", steps, asked) == "Ремонт пральки"


def test_a_latin_title_stays_where_requests_are_latin_or_no_id_is_theirs() -> None:
    assert request_script_title("Kva tor", HE_STEPS, ["Can you clean my AC?"] * 3) == "Kva tor"
    other = ["משהו אחר לגמרי, בבקשה", "שאלה על המחירים שלכם", "מתי אתם פתוחים?"]
    assert request_script_title("Kva tor", HE_STEPS, other) == "Kva tor"


def test_a_hebrew_title_is_described_without_a_japanese_ending() -> None:
    assert task_phrase("ניקוי מזגן") == "Steps for: ניקוי מזגן"


def test_a_request_deep_in_a_webhook_and_without_case_is_the_request() -> None:
    text = HE_ASKED[0]
    body: Any = {"text": {"body": text}}
    for key in ("messages", "value", "changes", "entry"):
        body = {key: [body] if key in ("messages", "changes", "entry") else body}
    data = {"task_id": "t", "message": "webhook", "payload": {"webhook": {"object": "account", **body}}}
    event = ActivityEvent(ts=datetime(2026, 11, 25, 9, tzinfo=timezone.utc), type="inbound", data=data)
    assert request_text([event]) == text
    assert free_text("Зламалася пральна машина, потрібен ремонт") > 0


def _notify(phone: str, template: str) -> dict[str, Any]:
    return {"type": "tool_use", "tool": "notify_customer", "input": {"to": phone, "template": template}}


def _kind(
    tid: str, at: int, asked: str, tool: str, args: dict[str, Any], outcome: str = "success"
) -> list[Any]:
    phone = f"+1 406 555 01{at:02d}"
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            {"type": "tool_use", "tool": "find_customer", "input": {"phone": phone}},
            {"type": "tool_use", "tool": tool, "input": {"customer_id": f"C-{at}", **args}},
            _notify(phone, f"{tool}_v1"),
            {"type": "task_end", "outcome": outcome},
        ],
    )


def _one_off(tid: str, at: int, asked: str, work: list[dict[str, Any]]) -> list[Any]:
    phone = f"+1 406 555 02{at:02d}"
    end = [_notify(phone, f"info_{tid}_v1"), {"type": "task_end", "outcome": "success"}]
    return events(tid, at, [{"type": "request", "text": asked}, *work, *end])


def test_a_call_every_task_of_the_week_makes_is_no_procedure(root: Path) -> None:
    rekey = {"lock": "front door deadbolt", "keys": 3}
    spare = {"blank": "Schlage SC1", "copies": 2}
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _kind("k1", 0, "Please rekey the locks at my house", "book_rekey", rekey)
        + _kind("k2", 1, "Please rekey the locks at my house soon", "book_rekey", rekey)
        + _kind("k3", 2, "Please rekey the locks at my new house", "book_rekey", rekey)
        + _kind("k4", 3, "Please rekey the locks at my house today", "book_rekey", rekey, "failure")
        + _kind("s1", 4, "I need spare keys cut for the office", "order_copies", spare)
        + _kind("s2", 5, "I need spare keys cut for the shop", "order_copies", spare)
        + _kind("s3", 6, "I need spare keys cut for the office please", "order_copies", spare)
        + _one_off("o1", 7, "Question about your opening hours on Monday", [])
        + _one_off(
            "o2",
            8,
            "Question about your opening hours on Friday",
            [{"type": "tool_use", "tool": "get_price", "input": {"item": "smart lock"}}],
        )
        + _one_off(
            "o3",
            9,
            "Question about your opening hours on Sunday",
            [{"type": "tool_use", "tool": "job_status", "input": {"job": "J-77"}}],
        )
    )
    report = mem.consolidate_weekly(until=UNTIL)
    created = [mem.store.read(p) for p in report.created if p.startswith("procedures/")]
    sources = sorted(sorted(str(s) for s in n.meta.get("sources", [])) for n in created)
    assert ["o1", "o2", "o3"] not in sources
    assert ["s1", "s2", "s3"] in sources


def test_a_class_code_under_a_session_name_is_no_secret() -> None:
    from memdir.redaction import redact_text

    said = "SessionFull: YGA-60-FLOW on 2026-11-27 18:00 has 0 mats"
    assert redact_text(said) == said  # an error's name and its message, not a name and a secret
    assert (
        redact_text("check_slots: `session=YGA-60-FLOW date={date}`")
        == "check_slots: `session=YGA-60-FLOW date={date}`"
    )
    assert "YGA-60-FLOW" in redact_text("book: `session.code=YGA-60-FLOW session.title=Flow, 60 min`")
    assert "YGA-60-FLOW" in redact_text("book: `member=name=Ana session=code=YGA-60-FLOW date=1`")
    for secret in (
        "session=a8f7d9s8f7a9s8df7x",
        "session.code=a8f7d9s8f7a9s8df7x",
        "token=eyJhbGciOiJIUzI1NiJ9abc",
    ):
        assert "[REDACTED]" in redact_text(secret)
