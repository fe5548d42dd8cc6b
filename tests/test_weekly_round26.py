"""Issue 15, round 26 (branch weekly26): a call that is the agent's answer (`final_answer`), a search argument
read as a verb, titles that are a tool list, a requester's words or a fragment of a language without a
function-word list, a Japanese-led kind named in English, values named by the wrong kind, a session's
structured id masked as a secret.

Domains and log shapes other than set 25's and 26's: a piano tuner's desk logged as plain `tool_use` events
whose answer is a `respond_to_user` / flagged call, a lending library's catalogue searches, a laundry in
Malaysia whose tools are named `Plugin-Function`, a Japanese piano tuner, a bike hire's phone numbers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_weekly_run import WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.naming import candidates, value_class
from memdir.consolidation.weekly.tasks import group_tasks
from memdir.secret_named import named_spans


def test_a_call_that_answers_the_requester_is_the_reply_not_a_step(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    tuning: list[dict[str, Any]] = [
        {"type": "task_start", "summary": "Can the tuner come to my upright piano next week?"},
        {"type": "tool_use", "tool": "book_tuning", "arguments": {"piano": "upright", "week": "2026-W49"}},
        {"type": "tool_use", "tool": "final_answer", "arguments": {"answer": "Booked for Tuesday at 10."}},
        {"type": "task_end", "outcome": "success"},
    ]
    flagged: list[dict[str, Any]] = [
        {"type": "task_start", "summary": "Please tune the grand in the hall before Friday"},
        {"type": "tool_use", "tool": "book_tuning", "arguments": {"piano": "grand", "week": "2026-W49"}},
        # a harness of its own: the answer's call flagged as the final answer
        {
            "type": "tool_use",
            "tool": "answer",
            "arguments": {"text": "Thursday, 2pm."},
            "is_final_answer": True,
        },
        {"type": "task_end", "outcome": "success"},
    ]
    mem.activity.append_many(events("p1", 0, tuning) + events("p2", 1, flagged))
    for task in group_tasks(mem.activity.read()):
        # the base: `final_answer: answer=Booked for Tuesday at 10.` as a tool step, with its holes
        assert [s.kind for s in task.steps] == ["tool", "response"], task.steps
        assert task.steps[-1].tool == "reply" and "answer=" not in task.steps[-1].input
        assert "final_answer" not in task.tools and "answer" not in task.tools


def test_a_search_argument_names_no_verb(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    for n, (tid, query) in enumerate([("l1", "Tolkien Hobbit"), ("l2", "Tolkien Silmarillion"), ("l3", "Austen Emma"),
                                      ("l4", "Austen Persuasion")]):  # fmt: skip
        items: list[dict[str, Any]] = [
            {"type": "task_start", "summary": f"Put a hold on {query} for me"},
            {"type": "tool_use", "tool": "search_catalogue", "arguments": {"query": query}},
            {"type": "tool_use", "tool": "place_hold", "arguments": {"item": f"B-{n}", "branch": "central"}},
            {"type": "task_end", "outcome": "success"},
        ]
        mem.activity.append_many(events(tid, n, items))
    actions = {task.steps[0].action for task in group_tasks(mem.activity.read())}
    # the base: `search_catalogue:tolkien` and `search_catalogue:austen`, two actions of one kind
    assert actions == {"search_catalogue"}, actions
    # a command's verb stays: `{"cmd": "make test"}` is `make`
    mem.activity.append_many(
        events("c1", 5, [{"type": "tool_use", "tool": "bash", "arguments": {"cmd": "make test"}}])
        + events("c2", 6, [{"type": "tool_use", "tool": "bash", "arguments": {"cmd": "make lint"}}])
    )
    made = {t.task_id: t.steps[0].action for t in group_tasks(mem.activity.read())}
    assert made["c1"] == made["c2"] == "bash:make"


TUNER = [
    "find_client: `phone={phone}`",
    "get_visit: `visit_id=V-{visit_id}`",
    "issue_report: `visit_id=V-{visit_id} form=PT-3`",
    "send_email: `to={email} template=report_issued_v1`",
]


def test_a_tool_list_or_a_requesters_words_give_way_to_the_decisive_call() -> None:
    asked = [
        "Could I have the tuning report for my piano?",
        "The school needs the tuning report for last week",
    ]
    # the base kept both: the tools, and a request's words around `my`
    assert fragment_title("find_client, get_visit, issue_report, send_email ({visit_id})", TUNER, asked) == (
        "Issue a report"
    )
    assert fragment_title("Tuning of my piano", TUNER, asked) == "Issue a report"
    # a title naming the call's work stays, `my` or not
    assert fragment_title("Issue my tuning report", TUNER, asked) == "Issue my tuning report"
    assert (
        fragment_title("Reorder my {part} part from {shop}", TUNER, asked)
        == "Reorder my {part} part from {shop}"
    )
    assert fragment_title("Send the tuning report", TUNER, asked) == "Send the tuning report"


def test_a_language_without_function_words_is_titled_by_its_call() -> None:
    # a Malaysian laundry, tools named as Semantic Kernel names them (`Plugin-Function`)
    dobi = [
        "Jadual-CekSlot: `tarikh={tarikh}`",
        "Kutipan-Buat: `pelanggan={pelanggan} alamat={alamat} pakej=DOBI-KG`",
        "Mesej-HantarWhatsApp: `nombor={nombor} templat=kutipan_v2`",
    ]
    ms = ["Boleh ambil baju kotor kami esok pagi?", "Tolong datang ambil cadar hotel hari Khamis"]
    # the base: `Ambil baju` (a request's words) stayed
    assert fragment_title("Ambil baju", dobi, ms) == "Buat kutipan"
    assert fragment_title("Buat kutipan cadar", dobi, ms) == "Buat kutipan cadar"  # names the call: it stays
    # an English week keeps its phrase, the same calls or not
    en = ["Can you pick up our laundry tomorrow?", "Please collect the hotel sheets on Thursday"]
    assert fragment_title("Pick up the laundry", dobi, en) == "Pick up the laundry"


def test_a_japanese_led_kind_is_named_by_its_japanese_constant() -> None:
    steps = [
        "list_slots: `date={date} area=市内`",
        "book_tuning: `slot_id=S-{slot_id} plan=定期調律-60 piano={piano}`",
        "send_line_message: `to={to} template=調律予約確認_v2`",
    ]
    ja = [
        "来週ピアノの調律をお願いできますか",
        "アップライトの調律を予約したいです",
        "年に一度の調律の時期です",
    ]
    # the base: `Book a tuning`, English from the call
    assert fragment_title("調律", steps, ja) == "調律予約"
    en = ["Can you tune our piano next week?", "We need a tuning before the recital", *ja[:1]]
    assert fragment_title("Tuning", steps, en) == "Book a tuning"  # English-led: the call's words


def test_a_phone_number_after_its_calling_code_and_an_order_numbers_digits() -> None:
    # the base: `mobile=+60 {object}`, the number named by the word alone before it
    assert (5.0, "mobile") in candidates(
        "hire_bike mobile=+60 ", "", ["12-334 5521", "17-880 2210"], in_title=False
    )
    # the base: `0711-01` read as a month (`SA-33-0711-01`, an order number's digits)
    assert value_class(["0711-01", "0713-03"]) != (2.5, "month")
    assert value_class(["2026-10", "2026-11"]) == (2.5, "month")


def test_a_sessions_structured_id_is_no_secret_and_a_random_one_is() -> None:
    # the base masked `KS-2032-0412`: the studio's record, named by a session key
    assert list(named_spans("create_print_order session_id=KS-2032-0412 frames=2")) == []
    assert list(named_spans("sessionId: BK-7781")) == []
    random_id = "8f3aC91bD0e27F4a6b5c9D1e"
    assert list(named_spans(f"session_id={random_id}")) != []
    assert list(named_spans("password=KS-2032-0412")) != []  # a password is one whatever its shape
