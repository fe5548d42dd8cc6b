"""Round 42 (branch weekly42): kinds whose every call goes through one generic HTTP tool are set apart by the
method and path each call names, even when their tasks make more or fewer look-ups.

Domain, log shape and language other than set 42's: a Dutch bicycle workshop whose agent logs plain
`request` / `tool_call` events through one `api_request` tool (`method`, `url`, a `json` body), a repair kind
and a rental kind whose requests are worded alike (a desk's vague messages) and whose calls differ only by their URL and body.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.steps import action_of

API = "https://api.fietsmaker.example/v2"


def _call(method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    args: dict[str, Any] = {"method": method, "url": f"{API}{path}"}
    if body is not None:
        args["json"] = body
    return {"type": "tool_call", "tool": "api_request", "args": args}


def _task(
    tid: str, at: int, asked: str, phone: str, work: list[dict[str, Any]], looks: int, first: str = ""
) -> list[Any]:
    look = [_call("GET", first)] if first else []
    look += [_call("POST", "/klanten/zoeken", {"klant": {"telefoon": phone}})] * looks
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            *look,
            *work,
            _call("POST", "/berichten", {"aan": {"telefoon": phone}, "sjabloon": f"{tid[0]}_bevestigd_v1"}),
            {"type": "task_end", "outcome": "success"},
        ],
    )


def _repair(tid: str, at: int, asked: str, phone: str, looks: int = 1, first: str = "") -> list[Any]:
    body = {"klant_id": f"KL-{at}0{at}", "fiets": {"merk": "Gazelle", "klacht": "Volledige onderhoudsbeurt"}}
    return _task(tid, at, asked, phone, [_call("POST", "/werkplaats/reparaties", body)], looks, first)


def _rental(tid: str, at: int, asked: str, phone: str, looks: int = 1, first: str = "") -> list[Any]:
    body = {"klant_id": f"KL-{at}0{at}", "huur": {"type": "Elektrische stadsfiets", "dagen": at + 1}}
    return _task(tid, at, asked, phone, [_call("POST", "/verhuur/boekingen", body)], looks, first)


def test_a_generic_http_calls_operation_is_its_method_and_path() -> None:
    one = action_of("api_request", f"POST {API}/werkplaats/reparaties json=x=1")
    other = action_of("api_request", f"POST {API}/verhuur/boekingen json=x=1")
    assert one != other and one.startswith("api_request:post")
    from memdir.consolidation.weekly.http_operation import http_operation

    assert (
        http_operation(f"POST {API}/werkplaats/reparaties json=klant_id=KL-1") == "post/werkplaats/reparaties"
    )
    assert http_operation("method=GET url=/v2/klanten/KL-4160/historie") == "get/klanten/historie"
    assert http_operation("GET") == "" and http_operation("POST naar de klant") == ""


def test_kinds_through_one_generic_http_tool_are_apart_by_their_paths(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _repair("r1", 0, "Kunnen jullie morgen iets voor mijn fiets regelen?", "06-1234 0001")
        + _repair("r2", 1, "Kunnen jullie morgen iets voor mijn fiets regelen, graag?", "06 1234 0002", 2)
        + _repair(
            "r3",
            2,
            "Kunnen jullie iets voor mijn fiets regelen?",
            "0612340003",
            1,
            "/agenda?datum=2026-11-27",
        )
        + _repair("r4", 7, "Fiets nakijken pls, wanneer het uitkomt", "+31 6 1234 0008")
        + _rental("h1", 3, "Kunnen jullie morgen iets voor een fiets regelen?", "06-1234 0004")
        + _rental("h2", 4, "Kunnen jullie morgen iets voor een fiets regelen, graag?", "06 1234 0005", 2)
        + _rental(
            "h3", 5, "Kunnen jullie iets voor een fiets regelen?", "0612340006", 1, "/klanten/KL-505/historie"
        )
        + events(
            "p1",
            6,
            [
                {"type": "request", "text": "Wat kost een nieuwe band?"},
                _call("GET", "/prijzen?artikel=band"),
                _call("POST", "/berichten", {"aan": {"telefoon": "06 1234 0007"}, "sjabloon": "prijs_v1"}),
                {"type": "task_end", "outcome": "success"},
            ],
        )
    )
    report = mem.consolidate_weekly(until=UNTIL)
    created = [mem.store.read(p) for p in report.created if p.startswith("procedures/")]
    sources = sorted(sorted(n.meta.get("sources", [])) for n in created)
    assert sources == [["h1", "h2", "h3"], ["r1", "r2", "r3", "r4"]]


def test_a_tool_names_word_is_not_respelt_by_an_endings_letter() -> None:
    from memdir.consolidation.weekly.title_spelling import as_requests_write

    asked = ["Az ablak cseréjét kérném jövő héten.", "Kerítés festése és ablak cseréje kellene."]
    assert as_requests_write("Ablak csere", asked) == "Ablak csere"  # not `cseré` (`cseréje`: csere + je)
    assert as_requests_write("Kerites festes", asked) == "Kerítés festés"
