"""Issue 15, round 12: a person's procedure repeated in other words is found by what it names.

A person writes "Reset the guest network's passphrase (`unifi` wlan.update)" or "利用者番号で予約を確認する
（`lib` の「予約照会」）": its heading and wording share little with the requests, and its code spans alone
(`unifi`, `lib`) say nothing. The commands, actions, templates and places it names are what the week's
tasks run. Such a kind gives one review item on the person's file, no new procedure, and the file stays
byte for byte as the person wrote it (even when a failed task of the kind makes a lesson).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory

WIFI_NOTE = """---
description: Give the office a new guest Wi-Fi passphrase
origin: human
confidence: 0.8
---

# Guest network: new passphrase

Do it on Monday mornings only; the front desk prints the card.

1. Check which SSID the guests use (`unifi` wlan.list, site `hq`).
2. Set the new passphrase with `unifi` wlan.update on that SSID.
3. Send the front desk the `guest_wifi_card` template with the new passphrase.
"""

LIB_NOTE = """---
description: 予約された本を取り置いて利用者に知らせる
origin: human
confidence: 0.8
---

# 予約本の取り置き

貸出中の本は取り置かない。

1. 利用者番号で予約を確認する（`lib` の「予約照会」）
2. 本を取置棚-B に置いて「取置 登録」する
3. 利用者に「取置のお知らせ」を送る
"""


def _task(
    tid: str, at: int, intent: str, tool: str, calls: list[Any], ok: bool = True
) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"type": "task_start", "summary": intent}]
    for x in calls:
        items.append({"type": "tool_use", "tool": tool, "input": x})
    items.append({"type": "task_end", "outcome": "success" if ok else "failure"})
    return events(tid, at, items)


WIFI: dict[str, Any] = {
    "tool": "unifi",
    "intents": [
        "Rotate the visitor wifi key, it leaked",
        "Rotate the visitor wifi key please",
        "Rotate the visitor wifi key for the new week",
        "rotate the visitor wifi key (lobby complaint)",
    ],
    "calls": [
        {"action": "wlan.list", "site": "hq"},
        {"action": "wlan.update", "site": "hq", "wlan": {"ssid": "HQ-Guest", "passphrase": "{x}"}},
        {"action": "notify.send", "template": "guest_wifi_card", "to": "frontdesk", "vars": {"pass": "{x}"}},
    ],
    "values": ["Lantern-42", "Copper-77", "Meadow-19", "Harbor-05"],
    "other": (
        "Block the device {x} on the office network",
        [{"action": "clients.get", "mac": "{x}"}, {"action": "clients.block", "mac": "{x}"}],
        ["aa:01", "bb:02", "cc:03"],
    ),
    "note": ("procedures/guest-wifi.md", WIFI_NOTE),
}
LIB: dict[str, Any] = {
    "tool": "lib",
    "intents": [
        "予約の本が返ってきたので取り置きお願いします",
        "【取置】利用者 {x} の予約本",
        "{x} さんの予約資料、確保して連絡してください",
        "予約本の確保と連絡をお願いします（{x}）",
    ],
    "calls": [
        "予約照会 --利用者 {x}",
        "取置 登録 --利用者 {x} --棚 取置棚-B",
        "通知 送信 --利用者 {x} --テンプレート 取置のお知らせ",
    ],
    "values": ["U-3301", "U-4172", "U-5098", "U-6620"],
    "other": (
        "{x} の延滞督促を送ってください",
        ["貸出照会 --利用者 {x} --延滞のみ", "通知 送信 --利用者 {x} --テンプレート 延滞のお知らせ"],
        ["U-7001", "U-7002", "U-7003"],
    ),
    "note": ("procedures/予約本の取り置き.md", LIB_NOTE),
}


def _fill(value: Any, x: str) -> Any:
    if isinstance(value, dict):
        return {k: _fill(v, x) for k, v in value.items()}
    return value.replace("{x}", x)


@pytest.mark.parametrize("kind", [WIFI, LIB], ids=["en", "ja"])
def test_a_persons_procedure_repeated_in_other_words_gets_one_review_item_and_stays_unchanged(
    root: Path, kind: dict[str, Any]
) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    rel, text = kind["note"]
    (root / rel).write_text(text, encoding="utf-8")
    tool = kind["tool"]
    for i, (intent, x) in enumerate(zip(kind["intents"], kind["values"], strict=True)):
        calls = [_fill(c, x) for c in kind["calls"]]
        mem.activity.append_many(_task(f"k{i}", i, intent.replace("{x}", x), tool, calls))
    # one failed task of the kind (it stopped after the first step): its lesson must not edit the person's file
    fail = [_fill(kind["calls"][0], "Z-1"), _fill(kind["calls"][1], "Z-1")]
    mem.activity.append_many(_task("kf", 5, kind["intents"][0], tool, fail, ok=False))
    intent, calls, values = kind["other"]
    for i, x in enumerate(values):
        filled = [_fill(c, x) for c in calls]
        mem.activity.append_many(_task(f"o{i}", 8 + i, intent.replace("{x}", x), tool, filled))
    report = mem.consolidate_weekly(until=UNTIL)
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    assert [r.meta["target"] for r in reviews] == [rel]  # before: no review item, a new procedure
    assert sorted(reviews[0].meta["sources"]) == [f"k{i}" for i in range(4)]
    created = [p for p in report.created if p.startswith("procedures/")]
    assert len(created) == 1  # the other kind only
    assert all(s.startswith("o") for s in mem.store.read(created[0]).meta["sources"])
    assert (root / rel).read_text(encoding="utf-8") == text


def test_a_title_of_holes_gives_way_to_the_work_the_steps_do() -> None:
    from weekly_support import draft

    bs = ("512", "518", "521")
    d = draft(
        [
            "Publish pricing-page version 512 to live.",
            "roll pricing-page v518 to prod",
            "v521 is signed off, make it live",
        ],
        [
            [
                f"cdnctl build show --id {b}",
                f"cdnctl release create --build {b} --channel live",
                "cdnctl cache purge",
            ]
            for b in bs
        ],
        replies=[f"pricing-page {b} is live." for b in bs],
    )
    # round 12: "Create a release for a build" (the command's words); round 13: the words the requests share
    assert d.title == "Publish pricing-page to live"  # before: `{value} pricing-page {value2} to {target}`


def test_a_japanese_title_never_cuts_a_katakana_word() -> None:
    from memdir.consolidation.weekly.titles_ja import shared_phrase_ja

    asked = [
        "【点検】EV-2201 整備・点検",
        "EV-2202 のレポート届いたので確認しといてください",
        "EV-2203 整備をお願いします。",
        "EV-2204 点検サポートお願いします",
    ]
    title = shared_phrase_ja(asked, replies=["EV-2201 の整備と点検を完了しました。"] * 4)
    assert title == "点検の整備"  # before: 点検のポート (the tail of レポート and サポート)


def test_a_kind_asked_in_two_languages_takes_the_same_steps_whatever_locale_it_replies_in() -> None:
    from memdir.consolidation.weekly.agreement import StepAgreement

    def work(lang: str, n: int) -> list[tuple[str, str]]:
        return [
            ("crm:members.get", f"members.get member=id=M-{n}"),
            ("crm:credits.create", f"credits.create account=id=A-{n} reason=outage"),
            ("crm:message.send", f"message.send member=id=M-{n} template=outage_credit locale={lang}"),
        ]

    week = [work("en", 1), work("en", 2), work("en", 3), work("ja", 4), work("ja", 5), work("ja", 6)]
    agreement = StepAgreement(week)
    assert agreement.keys(week[0]) == agreement.keys(week[3])  # before: `… locale en` vs `… locale ja`
    assert float(agreement.agreement([week[0], week[1], week[3]]).min()) == 1.0


def test_an_apis_dotted_actions_make_a_title_not_a_list_of_calls() -> None:
    from memdir.consolidation.weekly.action_titles import action_title

    steps = [
        "crm: `members.get member=id=M-{number}`",
        "crm: `credits.create account=id=A-{number} reason=outage`",
        "crm: `message.send member=id=M-{number} template=outage_credit locale=en`",
    ]
    asked = [
        "Please credit Jo's account for the outage",
        "停電の分をクレジットしてください",
        "credit them 5 USD",
    ]
    assert action_title(steps, asked, asked) == "Credit an account"  # before: ""
    suspend = ["crm: `members.get member=id=M-{number}`", "crm: `member.suspend member=id=M-{number}`"]
    assert action_title(suspend, ["会員を停止して"], ["会員を停止して"]) == "Suspend a member"


def test_a_failure_whose_steps_a_success_ran_with_other_values_has_no_alternative() -> None:
    from datetime import datetime, timezone

    from memdir.consolidation.weekly.lesson_evidence import collect
    from memdir.consolidation.weekly.steps import Step
    from memdir.consolidation.weekly.tasks import Task

    def task(tid: str, day: int, alias: str, target: str, failed: bool) -> Task:
        add = f"mailctl alias add --domain corp.example --name {alias} --target {target}"
        sync = Step(
            "shell", "mailctl sync --apply", "shell:mailctl", failed=failed, error="conflict" * failed
        )
        when = datetime(2026, 11, day, 9, tzinfo=timezone.utc)
        steps = [Step("shell", add, "shell:mailctl"), sync]
        return Task(
            tid,
            "Add a mail alias",
            steps=steps,
            outcome="failure" if failed else "success",
            start=when,
            end=when,
        )

    found = collect(
        "Add a mail alias",
        None,
        [task("ok", 25, "press-inquiries-emea", "team-communications@agency.example.org", False)],
        [task("bad", 24, "q4", "kb@corp.example", True)],
    )
    # before: `ok` "ran `mailctl alias add …` before that same step" although `bad` ran it too
    assert [f.alternative for f in found.failures] == [""] and not found.adopted


def test_the_same_api_call_on_another_record_is_no_remedy_for_a_failure() -> None:
    from datetime import datetime, timezone

    from memdir.consolidation.weekly.lesson_evidence import collect
    from memdir.consolidation.weekly.steps import Step
    from memdir.consolidation.weekly.tasks import Task

    def task(tid: str, day: int, order: str, label: str, failed: bool) -> Task:
        get = Step("oms", f"orders.get order=id={order}", "oms:orders.get")
        ship = Step(
            "oms",
            f"shipments.create order=id={order} carrier=code=yamato label=format={label}",
            "oms:shipments.create",
            failed=failed,
            error="住所が不正です" if failed else "",
        )
        when = datetime(2026, 11, day, 9, tzinfo=timezone.utc)
        outcome = "failure" if failed else "success"
        return Task(tid, "出荷ラベルを作って", steps=[get, ship], outcome=outcome, start=when, end=when)

    ok = [task("ok1", 25, "SO-9f3Kq81-HOKKAIDO-RETURNS", "pdf-a6-landscape-duplex", False)]
    found = collect("出荷ラベル", None, ok, [task("bad", 24, "SO-2", "zpl", True)])
    # before: "ok1 took `shipments.create order=id=SO-9f3Kq81 …` and succeeded": the same call, another order
    assert [f.alternative for f in found.failures] == [""] and not found.adopted


def test_a_kind_asked_in_two_languages_is_titled_as_its_replies_report_it() -> None:
    from weekly_support import draft

    ids = [("RS-4410", "B-12"), ("RS-4433", "C-07"), ("RS-4458", "A-03")]
    d = draft(
        [
            "RS-4410 と RS-4398 は同じ予約なので、重複として取り消してください",
            "Booking RS-4433 was made twice by the guest - cancel the copy",
            "RS-4458 は二重予約です。キャンセルお願いします",
        ],
        [
            [f"resctl show {r}", f"resctl cancel {r} --reason duplicate --room {room}", f"resctl notify {r}"]
            for r, room in ids
        ],
        replies=[f"Cancelled {r} as a duplicate booking." for r, _ in ids],
    )
    assert d.title == "Cancel RS-{number} as a duplicate booking"  # before: a title of the steps' commands


def test_an_apis_dotted_calls_are_steps_of_their_own_not_one_call_with_holes() -> None:
    from weekly_support import draft

    runs = []
    for n, extra in (("40233", False), ("40291", True), ("40318", False)):
        calls = [f"booking.get booking=id=BK-{n}"]
        if extra:  # one task also read the booking's history
            calls.append(f"booking.history booking=id=BK-{n} limit=20")
        calls += [
            f"bookings.search guest=g{n}@mail.example status=confirmed",
            f"booking.link booking=id=BK-{n} type=same_stay",
            f"booking.update booking=id=BK-{n} status=merged",
        ]
        runs.append(calls)
    asked = [
        "BK-40233 と同じ滞在の予約をまとめてください",
        "Booking BK-40291 is the same stay as another one - merge them.",
        "BK-40318 の重複予約を統合して",
    ]
    d = draft(asked, runs, tool="pms")
    # before: `booking.{value} booking=id=BK-{bk}`; round 14: the key `id=` names it, not its type `{number}`;
    # round 28: an identifier is one value, its `BK-` the week's (`id_values`)
    assert d.steps[0] == "pms: `booking.get booking=id={id}`"
