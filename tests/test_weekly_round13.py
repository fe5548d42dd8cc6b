"""Issue 15, round 13: titles a person would write when the tool calls are generic.

One `ops` tool whose actions are `get`, `patch`, `notify`, or a batch of command lines, names no work;
the requests do, in the words they keep writing (EN and JA). A person's procedure that writes a field as
`種別 = 返金` is run by a step that logs it `field=種別 value=返金`. A task logged without its start keeps
its request as its intent, not the reply that reports it done.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.tasks import group_tasks


def test_a_kind_of_generic_calls_asked_in_two_languages_is_titled_by_the_words_its_requests_share() -> None:
    from weekly_support import draft

    # a venue desk: every kind gets, patches and notifies; this one moves a booking
    bookings = ["BK-1041", "BK-1077", "BK-1102", "BK-1135"]
    d = draft(
        [
            "Please reschedule the Lisbon workshop booking, the client wants next Thursday",
            "大阪の会場予約、日程を来週に変更してください",
            "Garcia's booking needs to move, reschedule it to the 14th",
            "名古屋の予約の日程変更をお願いします",
        ],
        [
            [
                f"action=get booking={b}",
                f"action=patch booking={b} date=2026-05-{14 + n}",
                f"action=notify channel=#venues template=booking-moved booking={b}",
            ]
            for n, b in enumerate(bookings)
        ],
        tool="ops",
        replies=[
            "Booking moved.",
            "予約の日程を変更しました。",
            "Booking moved.",
            "予約の日程を変更しました。",
        ],
    )
    # before: "get, patch, notify ({booking}, …)": the API's verbs, which every kind of the desk calls
    assert "reschedule" in d.title.lower() and "booking" in d.title.lower(), d.title
    assert "変更" in d.title or "予約" in d.title, d.title
    for value in ("Lisbon", "Garcia", "大阪", "名古屋", "get,"):
        assert value not in d.title


def test_a_batch_of_command_lines_is_titled_by_the_requests_not_by_a_command_word_salad() -> None:
    from weekly_support import draft

    hosts = ["api.acme.test", "shop.acme.test", "mail.acme.test"]
    d = draft(
        [
            "the cert on api.acme.test expires friday, renew it",
            "Renew the TLS certificate for shop.acme.test",
            "mail.acme.test: certificate renewal due, please handle",
        ],
        [
            [
                f"openssl s_client -connect {h}:443",
                f"certbot certonly --nginx -d {h}",
                "systemctl reload nginx",
            ]
            for h in hosts
        ],
        tool="shell",
        replies=[f"Certificate for {h} renewed, nginx reloaded." for h in hosts],
    )
    # before: "Certonly a certbot" (a command's words as a verb and its object)
    assert d.title == "Renew the certificate", d.title


def test_a_request_logged_on_the_first_call_of_a_task_without_start_is_its_intent(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    items: list[dict[str, Any]] = [
        {
            "type": "tool_use",
            "tool": "cms",
            "summary": "速報を出して：市内全域で断水",
            "input": {"action": "create"},
        },
        {"type": "tool_use", "tool": "cms", "input": {"action": "push", "target": "app_breaking"}},
        {"type": "response_sent", "summary": "速報を配信し、トップに固定しました。", "outcome": "success"},
    ]
    mem.activity.append_many(events("thin", 0, items))
    (task,) = group_tasks(mem.activity.read())
    assert (
        task.intent == "速報を出して：市内全域で断水"
    )  # before: the reply, 速報を配信し、トップに固定しました。


JA_NOTE = """---
description: 返金した顧客に知らせる
origin: human
confidence: 0.8
---

# 返金の記録と連絡

返金は経理の承認後に限る。

1. 顧客を確認する: 「お客様一覧」で名前を探す
2. 記録する: 「対応履歴」に `種別 = 返金` を追加する
3. 連絡する: テンプレート「返金のお知らせ」で送る
"""

EN_NOTE = """---
description: Put a returned parcel back on the shelf
origin: human
confidence: 0.8
---

# Restocking a returned parcel

Only parcels that passed inspection.

1. Find the parcel in the "Returns" sheet by its tracking number
2. Record it in the "Stock moves" sheet with `reason = restocked`
3. Print the shelf label with the "shelf-label" template
"""


def _kind(tool: str, calls: list[str], values: list[str]) -> list[list[str]]:
    return [[c.replace("{x}", v) for c in calls] for v in values]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_persons_note_naming_a_field_and_its_value_is_run_by_a_step_that_logs_them_as_a_pair(
    root: Path, lang: str
) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    if lang == "ja":
        rel, text = "procedures/返金の記録と連絡.md", JA_NOTE
        intents = [
            "田中さんに返金したので記録して連絡を",
            "返金済みの連絡お願いします（{x}）",
            "{x} 様、返金完了の処理",
        ]
        calls = [
            "app=顧客台帳 search 氏名 = {x}",
            "app=対応履歴 add record=field=種別 value=返金 field=氏名 value={x}",
            "template=返金のお知らせ to={x}",
        ]
        values = ["佐藤", "鈴木", "高橋"]
        other = ("{x} さんの住所変更", ["app=顧客台帳 search 氏名 = {x}", "app=顧客台帳 update 住所={x}-2"])
    else:
        rel, text = "procedures/restock-returned-parcel.md", EN_NOTE
        intents = [
            "parcel {x} came back fine, put it back",
            "Return {x} passed QC - back to stock",
            "{x} restock pls",
        ]
        calls = [
            "sheet=Returns search tracking = {x}",
            "sheet=Stock moves add row=field=reason value=restocked field=tracking value={x}",
            "template=shelf-label tracking={x}",
        ]
        values = ["TRK-5501", "TRK-5502", "TRK-5503"]
        other = (
            "Write off damaged parcel {x}",
            ["sheet=Returns search tracking = {x}", "sheet=Losses add {x}"],
        )
    (root / rel).write_text(text, encoding="utf-8")
    for i, (intent, steps) in enumerate(zip(intents, _kind("desk", calls, values), strict=True)):
        items = [{"type": "task_start", "summary": intent.replace("{x}", values[i])}]
        items += [{"type": "tool_use", "tool": "desk", "input": s} for s in steps]
        items.append({"type": "task_end", "outcome": "success"})
        mem.activity.append_many(events(f"k{i}", i, items))
    for i, steps in enumerate(_kind("desk", other[1], ["U-1", "U-2", "U-3"])):
        items = [{"type": "task_start", "summary": other[0].replace("{x}", f"U-{i + 1}")}]
        items += [{"type": "tool_use", "tool": "desk", "input": s} for s in steps]
        items.append({"type": "task_end", "outcome": "success"})
        mem.activity.append_many(events(f"o{i}", 8 + i, items))
    report = mem.consolidate_weekly(until=UNTIL)
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    assert [r.meta["target"] for r in reviews] == [rel]  # before: no review item, a new procedure beside it
    assert sorted(reviews[0].meta["sources"]) == ["k0", "k1", "k2"]
    created = [p for p in report.created if p.startswith("procedures/")]
    assert all(all(s.startswith("o") for s in mem.store.read(p).meta["sources"]) for p in created)
    assert (root / rel).read_text(encoding="utf-8") == text
