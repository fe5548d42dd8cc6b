"""Issue 15, round 11: one kind written by two loggers in one week, as cases of other domains (EN, JA).

A hotel desk's room upgrades (EN) and a moving company's quotes (JA, 引越し見積もり), each logged by
two loggers in the same week: one tool per verb (`lookup`, `post`, `notify` with dict inputs) and one
tool for everything (`assistant` with the verb inside its input, `--option value`, a heredoc). The
tasks did the same work; they must read as the same actions and agree on their steps.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from test_weekly_shapes import events

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.agreement import StepAgreement
from memdir.consolidation.weekly.tasks import Task, group_tasks

HOTEL: dict[str, Any] = {
    "ids": ("BK-1041", "BK-1077", "BK-1102", "BK-1135"),
    "intent": "Upgrade booking {b} to a suite",
    "per_verb": [
        ("lookup", {"booking": "{b}", "fields": "room,guest"}),
        ("post", {"url": "https://pms.hotel.example/api/bookings/{b}/upgrade", "room": "suite"}),
        ("notify", {"template": "upgrade-done", "body": "Your booking {b} is now a suite."}),
    ],
    "one_tool": [
        "lookup --booking {b} --fields room,guest",
        "post https://pms.hotel.example/api/bookings/{b}/upgrade --room suite",
        "notify --template upgrade-done <<'EOF'\nYour booking {b} is now a suite.\nEOF",
    ],
}
MOVING: dict[str, Any] = {
    "ids": ("MV-2201", "MV-2230", "MV-2264", "MV-2291"),
    "intent": "{b} の引越し見積もりを作成して送ってください",
    "per_verb": [
        ("lookup", {"案件": "{b}", "項目": "住所,荷物"}),
        ("post", {"url": "https://quote.hikkoshi.example/api/quotes/{b}", "プラン": "単身"}),
        ("notify", {"template": "見積もり送付", "本文": "{b} のお見積もりをお送りします。"}),
    ],
    "one_tool": [
        "lookup --案件 {b} --項目 住所,荷物",
        "post https://quote.hikkoshi.example/api/quotes/{b} --プラン 単身",
        "notify --template 見積もり送付 <<'EOF'\n{b} のお見積もりをお送りします。\nEOF",
    ],
}


def _fill(value: Any, b: str) -> Any:
    return {k: v.format(b=b) for k, v in value.items()} if isinstance(value, dict) else value.format(b=b)


def _week(kind: dict[str, Any]) -> list[Task]:
    items: list[dict[str, Any]] = []
    for n, b in enumerate(kind["ids"]):
        calls: list[dict[str, Any]] = [{"type": "task_start", "summary": kind["intent"].format(b=b)}]
        if n % 2 == 0:  # the per-verb logger
            calls += [{"type": "tool_use", "tool": t, "input": _fill(x, b)} for t, x in kind["per_verb"]]
        else:  # the one-tool logger
            calls += [
                {"type": "tool_use", "tool": "assistant", "input": _fill(x, b)} for x in kind["one_tool"]
            ]
        calls.append({"type": "task_end", "outcome": "success"})
        items += events(f"t{n}", n, calls)
    for n in range(3):  # another kind of the week, logged by the one-tool logger
        calls = [{"type": "task_start", "summary": f"Print the night audit for desk {n}"}]
        calls += [{"type": "tool_use", "tool": "assistant", "input": f"report night-audit --desk D{n}"}]
        items += events(f"o{n}", 5 + n, [*calls, {"type": "task_end", "outcome": "success"}])
    return group_tasks(ActivityEvent(datetime.fromisoformat(e["ts"]), e["type"], e) for e in items)


@pytest.mark.parametrize("kind", [HOTEL, MOVING], ids=["en", "ja"])
def test_one_kind_written_by_two_loggers_reads_as_the_same_actions_and_agrees(kind: dict[str, Any]) -> None:
    tasks = _week(kind)
    members = [t for t in tasks if t.task_id.startswith("t")]
    assert {tuple(t.actions) for t in members} == {
        ("lookup", "post", "notify")
    }  # before: assistant:lookup, …
    agreement = StepAgreement([t.work for t in tasks], 3)
    assert agreement.agreement([t.work for t in members]).min() >= 0.5  # before: 0 across the loggers


def test_a_dispatcher_verb_no_tool_of_the_week_is_named_after_stays_its_own_action() -> None:
    tasks = _week(HOTEL)
    audit = [t for t in tasks if t.task_id.startswith("o")]
    assert all(t.actions == ["assistant"] or t.actions == ["assistant:report"] for t in audit)
    assert all(s.tool == "assistant" for t in audit for s in t.steps)


SCOOTER_STEPS = [
    "GET /v2/riders/{r}/trips?window=30d",
    "POST /v2/riders/{r}/restrictions body=kind=suspend days=30 reason_code=RC-{n}",
]


def test_a_kind_is_titled_by_the_verb_its_requests_and_the_call_value_share() -> None:
    from weekly_support import draft

    # EN: an e-scooter operator's rider suspensions; the API's noun is `restrictions`
    riders = ("4411", "5520", "7781")
    d = draft(
        [
            "Suspend rider 4411 for 30 days, repeated sidewalk riding (RC-17)",
            "suspend 5520 pls, parked across a wheelchair ramp again RC-18",
            "ライダー7781を30日間利用停止にしてください（RC-19）",
        ],
        [[s.format(r=r, n=17 + i) for s in SCOOTER_STEPS] for i, r in enumerate(riders)],
        tool="ops_api",
    )
    assert d.title == "Suspend a rider", d.title  # before: "Add a restriction to a rider"


def test_a_kind_is_titled_by_the_noun_its_requests_and_the_call_value_share() -> None:
    from weekly_support import draft

    # EN + JA: a rain credit for every rider after a storm; the API's nouns are `wallets`, `bulk-credit`
    d = draft(
        [
            "Issue the rain credit for yesterday's storm, 200 yen each",
            "昨日の大雨のお詫びで、全員に150円分配っておいて",
            "台風のため本日分の補償300円をお願いします",
        ],
        [
            [f"POST /v1/wallets/bulk-credit body=segment=active_riders template=rain_credit amount={a}"]
            for a in (200, 150, 300)
        ],
        tool="ops_api",
        replies=[f"Rain credit of {a} yen issued to active riders." for a in (200, 150, 300)],
    )
    assert d.title == "Issue the rain credit", d.title  # before: "Add a bulk-credit to a wallet"


def test_a_call_value_nobody_writes_leaves_the_title_to_the_call() -> None:
    from weekly_support import draft

    d = draft(
        ["Rider 4411: too many sidewalk trips", "ライダー5520の件、対応お願いします", "RC-19 see ticket"],
        [[s.format(r=r, n=17 + i) for s in SCOOTER_STEPS] for i, r in enumerate(("4411", "5520", "7781"))],
        tool="ops_api",
    )
    assert "suspend" not in d.title.lower(), d.title  # no request writes it: not the call's value


SCHOOL = {  # EN: a school office's three kinds, all done with the same generic `sheet` and `mail` tools
    "enrol": [
        ("sheet", "op=find book=pupils sheet=register where=family {n}"),
        ("sheet", "op=append book=pupils sheet=register values={n} enrolled"),
        ("mail", "to=parent{n}@example.org template=welcome-pack"),
    ],
    "absence": [
        ("sheet", "op=find book=attendance sheet=today where=pupil {n}"),
        ("sheet", "op=update book=attendance sheet=today row={n} status=absent-excused"),
    ],
    "supplies": [
        ("sheet", "op=find book=stores sheet=stock where=item {n}"),
        ("mail", "to=orders@supplier.example template=restock-request qty={n}"),
        ("sheet", "op=update book=stores sheet=orders row={n} status=ordered"),
    ],
}
GAKUDO = {  # JA: 学童保育の事務, the same generic tools
    "入所": [
        ("sheet", "操作=検索 ブック=児童台帳 シート=在籍 条件=世帯 {n}"),
        ("sheet", "操作=追記 ブック=児童台帳 シート=在籍 値={n} 入所"),
        ("mail", "宛先=hogosha{n}@example.jp テンプレート=入所のご案内"),
    ],
    "欠席": [
        ("sheet", "操作=検索 ブック=出欠 シート=本日 条件=児童 {n}"),
        ("sheet", "操作=更新 ブック=出欠 シート=本日 行={n} 状態=欠席連絡済"),
    ],
    "おやつ": [
        ("sheet", "操作=検索 ブック=備品 シート=在庫 条件=品目 {n}"),
        ("mail", "宛先=order@oyatsu.example.jp テンプレート=おやつ発注 数量={n}"),
        ("sheet", "操作=更新 ブック=備品 シート=発注 行={n} 状態=発注済"),
    ],
}


@pytest.mark.parametrize("kinds", [SCHOOL, GAKUDO], ids=["en", "ja"])
def test_a_cluster_far_above_the_margin_is_cut_where_its_steps_tell_kinds(kinds: dict[str, Any]) -> None:
    import numpy as np

    from memdir.consolidation.weekly.agreement import apart_tags
    from memdir.consolidation.weekly.clustering import FREE

    week = [
        [(a, x.format(n=100 + 7 * i + j)) for a, x in steps]
        for j, steps in enumerate(kinds.values())
        for i in range(5)
    ]
    agreement = StepAgreement(week, 3)
    tags = np.full(len(week), FREE, dtype=np.int64)
    assert apart_tags(
        agreement, [list(enumerate(week))], tags, 3, 12
    )  # 15 tasks: above 12 (before: left whole)
    assert len({int(t) for t in tags}) == 3
    assert all(len({int(tags[5 * j + i]) for i in range(5)}) == 1 for j in range(3))
