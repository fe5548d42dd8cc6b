"""A phone number is one value (`id_values._phone`): `tel={tel}`, never `tel=+{number}` or `tel=090-{phone}`.

The week's tasks may share a country code (`+34`) or a mobile trunk (`090-`); an agent following
`tel=+{number}` would dial Spain for every customer, and one following `090-{phone}` could not book a
landline. The whole number is the placeholder the key names (`phone` under a short key such as `to`), the
same placeholder wherever the same number is sent again, and the legend says it is a phone number.
Domains other than set 33's: a Spanish piano tuner, a Japanese laundry pick-up (requests spaced for the
tests' word embedder).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory


def _tuning(tid: str, at: int, asked: str, tel: str, client: str) -> list[dict[str, Any]]:
    def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"type": "tool_call", "tool": tool, "input": json.dumps(args, ensure_ascii=False)}

    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            call("buscar_cliente", {"tel": tel}),
            {"type": "tool_result", "tool": "buscar_cliente", "output": json.dumps({"cliente_id": client})},
            call(
                "reservar_afinacion",
                {"cliente_id": client, "servicio": "AFINACION-VERTICAL", "dia": f"2026-11-2{at}"},
            ),
            {"type": "tool_result", "tool": "reservar_afinacion", "output": json.dumps({"ok": True})},
            call("enviar_sms", {"to": tel, "plantilla": "afinacion_confirmada_v2"}),
            {"type": "task_end", "outcome": "success"},
        ],
    )


def _body(mem: Memory, created: list[str]) -> str:
    procs = [p for p in created if p.startswith("procedures/")]
    assert len(procs) == 1, created
    return mem.store.read(procs[0]).body


def test_a_phone_number_is_one_value_named_by_its_key(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _tuning("t1", 0, "Hola, ¿pueden afinar mi piano vertical esta semana?", "+34611223344", "CL-1042")
        + _tuning("t2", 1, "Necesito afinar el piano de casa, ¿tienen hueco?", "+34622918273", "CL-2210")
        + _tuning("t3", 2, "Buenas, quería pedir una afinación del piano.", "+34699001122", "CL-3307")
        + _tuning("t4", 3, "¿Me afinan el piano el jueves? Gracias", "+34655443322", "CL-4410")
    )
    body = _body(mem, mem.consolidate_weekly(until=UNTIL).created)
    # main: `tel=+{number}` and `to=+{number}`, the legend "a number"
    assert "buscar_cliente: `tel={tel}`" in body, body
    assert "`to={tel} plantilla=afinacion_confirmada_v2`" in body, body
    assert "- `{tel}`: a phone number" in body, body
    assert "+{" not in body and "+34" not in body


def _pickup(tid: str, at: int, asked: str, phone: str) -> list[dict[str, Any]]:
    def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"type": "tool_call", "tool": tool, "input": json.dumps(args, ensure_ascii=False)}

    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            call("find_member", {"phone": phone}),
            {"type": "tool_result", "tool": "find_member", "output": json.dumps({"member": f"M-{at}"})},
            call("book_pickup", {"phone": phone, "course": "ワイシャツ5枚パック", "day": f"2026-11-2{at}"}),
            {"type": "task_end", "outcome": "success"},
        ],
    )


def test_a_shared_mobile_trunk_stays_in_the_one_value(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _pickup("k1", 0, "ワイシャツ 集荷 お願いします", "090-1234-5678")
        + _pickup("k2", 1, "ワイシャツ 5枚 集荷 お願いします", "090-8765-4321")
        + _pickup("k3", 2, "明日 ワイシャツ 集荷 お願いします", "090-2468-1357")
    )
    body = _body(mem, mem.consolidate_weekly(until=UNTIL).created)
    # main: `phone=090-{phone}` (the trunk the three mobiles shared), the legend "a word"
    assert "find_member: `phone={phone}`" in body, body
    assert "090-" not in body, body
    assert "- `{phone}`: a phone number" in body, body


def test_what_is_a_phone_number() -> None:
    from memdir.consolidation.weekly.naming import is_phone

    for v in ("+34611223344", "+1 (555) 010-2233", "090-1234-5678", "0612345678", "+48601234567"):
        assert is_phone(v), v
    for v in ("2026-11-23", "1733456789", "+12", "0800", "12-34-56", "CL-1042", "1,284,000"):
        assert not is_phone(v), v
