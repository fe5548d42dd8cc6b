"""Round 29 (branch weekly29): a Korean kind named in Korean from its calls' constant, placeholders named
once the title is final, file names without a hole's break between Japanese words.

Domains and log shapes other than set 29's: a Korean dog-grooming salon logged as plain `request` /
`tool_call` events (the service a constant under `service`), a bilingual (English and Japanese) watch-repair
shop whose case-back engravings are asked in whole sentences, logged the same plain way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from test_weekly_run import WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.distill import distil_builtin
from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.tasks import Task, group_tasks
from memdir.consolidation.weekly.titles import file_stem


def _distil(tasks: list[Task]) -> Draft:
    return distil_builtin(tasks, np.eye(len(tasks), dtype=np.float32))


def _grooming(tid: str, at: int, asked: str, name: str, dog: str) -> list[dict[str, Any]]:
    """A Korean dog-grooming salon: a slot found, the grooming reserved, the owner told by text."""
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            {"type": "tool_call", "tool": "find_slots", "args": {"date": f"2026-12-0{at + 1}"}},
            {"type": "tool_call", "tool": "create_reservation",
             "args": {"owner": name, "dog": dog, "slot": f"GR-{at}00{at}", "service": "전체미용-소형견",
                      "groomer": "오후반"}},
            {"type": "tool_call", "tool": "send_text",
             "args": {"to": f"010-55{at}1-20{at}3", "template": "GROOM_OK_02"}},
            {"type": "task_end", "outcome": "success"},
        ],
    )  # fmt: skip


def test_a_korean_kind_is_named_in_korean_by_its_constant(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _grooming("g1", 0, "안녕하세요, 말티즈 전체미용 예약하고 싶어요. 내일 오후 되나요?", "김하늘", "보리")
        + _grooming("g2", 1, "푸들 미용 좀 하려고요. 토요일에 자리 있을까요?", "박서준", "콩이")
        + _grooming("g3", 2, "우리 강아지 전체미용 이번 주에 가능한가요?", "이도윤", "두부")
    )
    draft = _distil(group_tasks(mem.activity.read()))
    # main: the decisive call's English words (`Create reservation`), for a desk whose requests are Korean
    assert draft.title == "전체미용 예약", draft.title
    assert "절차" in draft.description and "手順" not in draft.description, draft.description
    # a Korean title already written stays; an English week is not touched
    steps = ["create_reservation: `owner={owner} service=전체미용-소형견`"]
    asked = ["전체미용 예약 부탁해요", "전체미용 되나요?", "미용 예약이요"]
    assert fragment_title("전체미용 예약", steps, asked) == "전체미용 예약"
    english = ["Can I book a full groom?", "Full groom for my poodle please", "A groom on Friday?"]
    assert fragment_title("Create a reservation", steps, english) == "Create a reservation"


def _engraving(tid: str, at: int, asked: str, order: str, text: str, email: str) -> list[dict[str, Any]]:
    """A watch-repair shop: the order found, the case-back engraved, the customer mailed."""
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            {"type": "tool_call", "tool": "find_order", "args": {"order": order}},
            {"type": "tool_call", "tool": "add_engraving",
             "args": {"order": order, "text": text, "side": "caseback", "font": "script-2"}},
            {"type": "tool_call", "tool": "send_mail", "args": {"to": email, "template": "engraved_v1", "text": text}},
            {"type": "task_end", "outcome": "success"},
        ],
    )  # fmt: skip


def test_placeholders_are_named_once_the_title_is_final(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _engraving("w1", 0, "注文番号WR-3021の時計の裏に「ハナ」と刻印してもらえますか？", "WR-3021", "ハナ", "a@x.example")
        + _engraving("w2", 1, "注文番号WR-3058の時計の裏に「祝 還暦」と刻印をお願いできますか？", "WR-3058", "祝 還暦", "b@x.example")
        + _engraving("w3", 2, "注文番号WR-3090の時計の裏に「K.T. 2026」と刻印してもらえますか？", "WR-3090", "K.T. 2026", "c@x.example")
    )  # fmt: skip
    draft = _distil(group_tasks(mem.activity.read()))
    text = "\n".join(draft.steps)
    assert "{" not in draft.title, draft.title
    # main: the engraving was `{value2}`/`{value3}`: a dropped request title's holes had taken the names
    assert "text={text}" in text, (draft.title, text)


def test_a_hole_between_japanese_words_leaves_no_break_in_a_file_name() -> None:
    # main: `チェックポイント-の評価` (the hole's break kept as a hyphen)
    assert file_stem("学習 {value} の評価レポートを作成") == "学習の評価レポートを作成"
    assert file_stem("モデル{value}を評価して報告") == "モデルを評価して報告"
    # a named hole before a case particle keeps its name; an English hole its word break
    assert file_stem("{object}を冷やしてから{target}に置いて") == "object-を冷やしてから-target-に置いて"
    assert file_stem("Deploy {value} to staging") == "deploy-to-staging"


def _pharmacy(tid: str, at: int, fail: bool) -> list[dict[str, Any]]:
    """A pharmacy's refill desk logged by a .NET-style filter: calls and their ends paired by `callId`."""
    call = {"tool": "refill_order", "arguments": {"rx": f"RX-{at}41", "store": "Main St"}}
    items: list[dict[str, Any]] = [
        {"type": "request", "text": "Could you refill my blood pressure prescription?"}
    ]
    if fail:
        items += [
            {"type": "function.invoking", "callId": f"c-{tid}-1", **call},
            {"type": "function.failed", "callId": f"c-{tid}-1", "error": "PharmacyLedgerTimeout after 30 s"},
        ]
    items += [
        {"type": "function.invoking", "callId": f"c-{tid}-2", **call},
        {"type": "function.invoked", "callId": f"c-{tid}-2", "result": {"value": "ok"}},
        {"type": "task_end", "outcome": "success"},
    ]
    return events(tid, at, items)


def test_an_end_paired_by_a_camel_case_call_id_is_the_calls_result(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(_pharmacy("p1", 0, True) + _pharmacy("p2", 1, False))
    first, second = group_tasks(mem.activity.read())
    # main: `callId` paired nothing, so the retried call was two identical steps, neither failed
    assert [s.failed for s in first.steps] == [True, False], first.steps
    assert "PharmacyLedgerTimeout" in first.steps[0].error
    assert not any(s.failed for s in second.steps)
