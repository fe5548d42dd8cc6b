"""Round 28, second part (branch weekly28): a request sentence with holes and a tool list are no titles,
camelCase tools split like snake_case ones; Hangul is free text and DSPy ReAct's `finish` is the reply.

Domains and log shapes other than set 29's: a bilingual (English and Japanese) bakery whose tools are
camelCase (`quoteCake`, `createCakeOrder`, `addCakeLettering`), and a Korean dental clinic logged as DSPy-like
module and tool callbacks (`on_module_start` with the patient's message in `inputs`, `on_tool_start` /
`on_tool_end`, the ReAct reply tool `finish` with no arguments).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_weekly_run import WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.tasks import group_tasks

_BAKERY = [
    "quoteCake: `size=6 flavour=strawberry`",
    "createCakeOrder: `customer=name={name} size=6 flavour=strawberry pickup=2026-12-24`",
    "sendEmail: `to={email} template=cake_order_v1`",
]
_MESSAGE = [
    "findOrder: `orderNo={order_no}`",
    "addCakeLettering: `orderNo={order_no} text={text} colour=white`",
    "sendEmail: `to={email} template=cake_message_v1`",
]


def test_a_request_sentence_with_holes_is_no_title() -> None:
    asked = [
        "注文番号 CK-1021 のケーキに「おめでとう」とメッセージを入れてもらえますか？",
        "Could you add 'Happy birthday Mia' on the cake of order CK-1044?",
        "注文番号 CK-1090 に「祝 還暦」と書いてください。",
    ]
    # main kept the requests' words around five holes: a sentence, no name of the kind's work
    title = "注文番号CK-{target}のケーキに{value}とメッセージを入れ{value2}ますか"
    assert fragment_title(title, _MESSAGE, asked) in ("Add a cake lettering", "ケーキレタリングの追加")
    # one hole, a polite ending: still a request
    assert (
        fragment_title("ケーキに{value}と書いてください", _MESSAGE, asked)
        != "ケーキに{value}と書いてください"
    )
    # a name of the work with two holes and no sentence stays
    assert fragment_title("Add a cake lettering", _MESSAGE, asked) == "Add a cake lettering"


def test_a_camel_case_tool_list_is_no_title_and_a_quote_is_no_work() -> None:
    asked = [
        "Hi, could I order a strawberry cake for Christmas Eve? Six inches please.",
        "クリスマスケーキを予約したいです。6号のいちごでお願いします。",
        "Can I get a quote and order a chocolate cake, size 8?",
    ]
    title = "quoteCake, createCakeOrder, sendEmail ({size}, {flavour})"
    # the call that does the work, not the one that prices it (`quoteCake` is a read of the price)
    assert fragment_title(title, _BAKERY, asked) in ("Create a cake order", "ケーキ注文の作成")


def _clinic(tid: str, at: int, asked: str, name: str, ok: bool = True) -> list[dict[str, Any]]:
    """A Korean dental clinic logged as DSPy-like callbacks: a slot found, booked, the patient told."""
    book = {"patient": name, "slot_id": f"SL-{at}", "treatment": "스케일링"}
    return events(
        tid,
        at,
        [
            {"type": "on_module_start", "module": "desk", "inputs": {"patient_message": asked, "channel": "kakao"}},
            {"type": "on_tool_start", "call_id": f"{tid}-a", "tool": "find_slots", "args": {"date": f"2026-12-0{at + 1}"}},
            {"type": "on_tool_end", "call_id": f"{tid}-a", "outputs": {"slots": [f"SL-{at}"]}},
            {"type": "on_tool_start", "call_id": f"{tid}-b", "tool": "book_scaling", "args": book},
            {"type": "on_tool_end", "call_id": f"{tid}-b", "outputs": {"ok": ok}},
            {"type": "on_tool_start", "call_id": f"{tid}-c", "tool": "finish", "args": {}},
            {"type": "on_tool_end", "call_id": f"{tid}-c", "outputs": "Completed."},
            {"type": "task_end", "outcome": "success" if ok else "failure"},
        ],
    )  # fmt: skip


def test_a_korean_request_is_read_and_finish_is_the_reply(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _clinic("k1", 0, "안녕하세요, 이번 주에 스케일링 예약하고 싶어요. 오후 시간 가능할까요?", "김하늘")
        + _clinic("k2", 1, "스케일링 받으려고 하는데 내일 오전에 예약 되나요?", "박서준")
        + _clinic("k3", 2, "치석 제거 스케일링 예약 부탁드립니다. 금요일 가능해요?", "이도윤", ok=False)
    )
    tasks = group_tasks(mem.activity.read())
    # main: Hangul was no free text, so no request was read (the intent was empty)
    assert all("스케일링" in t.intent for t in tasks)
    # main: `finish` was a step of every task, and the failed task's last step, `finish failed`
    for t in tasks:
        assert [s.tool for s in t.steps if s.kind != "response"] == ["find_slots", "book_scaling"]
        assert "finish" not in t.tools
