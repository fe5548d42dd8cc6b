"""Issue 15, round 27 (branch weekly27): a call's result read as a second call, one step on other values
set apart, a whole message as a title, a Japanese-led kind titled in English or by a fragment.

Domains and log shapes other than set 27's: a veterinary clinic logged with results that name their tool
(`tool_return`, `on_tool_end`, a message answering a call id, an `error` event), a pet hotel's bookings whose
notices go by SMS or e-mail, a piano school's phone requests, a Japanese pet-care desk and a Japanese
language school, in English and Japanese.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_weekly_run import WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.agreement import StepAgreement
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.message_titles import japanese_call_title
from memdir.consolidation.weekly.tasks import group_tasks

Work = list[tuple[str, str]]


def test_a_result_that_names_its_tool_is_no_second_call(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    vet: list[dict[str, Any]] = [
        {"type": "user_prompt", "content": "Can Biscuit get his rabies booster on Thursday?"},
        {"type": "tool_call", "tool_name": "find_pet", "args": {"name": "Biscuit"}, "tool_call_id": "c1"},
        # the framework names the tool on the result too
        {"type": "tool_return", "tool_name": "find_pet", "content": {"pet_id": "P-1"}, "tool_call_id": "c1"},
        {"type": "tool_call", "tool_name": "book_vaccine", "args": {"pet": "P-1", "vaccine": "rabies"},
         "tool_call_id": "c2"},
        # the tool asked for a retry (no `error` key, no outcome): the call failed, its text says why
        {"type": "retry_prompt", "tool_name": "book_vaccine", "content": "ledger busy, call again",
         "tool_call_id": "c2"},
        {"type": "tool_call", "tool_name": "book_vaccine", "args": {"pet": "P-1", "vaccine": "rabies"},
         "tool_call_id": "c3"},
        {"type": "on_tool_end", "tool": "book_vaccine", "output": "booked V-88"},
        {"type": "tool_call", "tool_name": "send_sms", "args": {"to": "555-0101", "template": "vax_v1"},
         "tool_call_id": "c4"},
        # a message that answers a call by its id, its type naming no result
        {"type": "tool_message", "tool_name": "send_sms", "content": "queued", "tool_call_id": "c4"},
        {"type": "task_end", "outcome": "success"},
    ]  # fmt: skip
    ja: list[dict[str, Any]] = [
        {"type": "user_prompt", "content": "うちの猫の混合ワクチン、土曜日にお願いできますか？"},
        {"type": "tool_call", "tool_name": "find_pet", "args": {"name": "ミケ"}, "call_id": "k1"},
        {"type": "error", "tool": "find_pet", "message": "台帳が応答しません"},
        {"type": "tool_call", "tool_name": "find_pet", "args": {"name": "ミケ"}, "call_id": "k2"},
        {"type": "ToolResult", "tool_name": "find_pet", "content": {"pet_id": "P-2"}, "call_id": "k2"},
        # a call and its result in one record stays a call
        {"type": "span", "tool": "book_vaccine", "input": {"pet": "P-2", "vaccine": "混合"}, "output": "ok"},
        {"type": "task_end", "outcome": "success"},
    ]  # fmt: skip
    mem.activity.append_many(events("v1", 0, vet) + events("v2", 1, ja))
    tasks = {t.task_id: t for t in group_tasks(mem.activity.read())}
    # the base: `2. find_pet` (the result, with no input), `4. book_vaccine` (the retry prompt), …
    assert [s.tool for s in tasks["v1"].folded] == ["find_pet", "book_vaccine", "send_sms"], tasks["v1"].steps
    assert all(s.input for s in tasks["v1"].steps)
    assert tasks["v1"].steps[1].failed and "ledger busy" in tasks["v1"].steps[1].error
    assert [s.tool for s in tasks["v2"].folded] == ["find_pet", "book_vaccine"], tasks["v2"].steps
    assert tasks["v2"].steps[0].failed and "台帳" in tasks["v2"].steps[0].error


def _stay(pet: str, channel: str, to: str, heated: bool, notes: str, photos: bool = False) -> Work:
    """A pet hotel's stay booked: rooms looked up, the stay booked, the owner told by SMS or e-mail."""
    out = [("search_rooms", f"size=medium heated={heated} from=2026-12-{len(pet)}")]
    if photos:
        out.append(("get_room_photos", f"room=R-{len(pet)}1"))  # one owner's own look
    return out + [
        ("book_stay", f"room=R-{len(pet)}1 pet={pet} notes={notes} plan=STAY-STD insurance=PetSafe-2"),
        ("notify_owner", f"channel={channel} to={to} template=stay_booked_v3"),
    ]


def test_one_step_on_other_values_is_the_same_step() -> None:
    week = [
        _stay("Biscuit", "sms", "555-0101", False, "anxious"),
        _stay("Mochi", "sms", "555-0144", False, ""),  # nothing to note: an empty value
        _stay("Pepper", "email", "pepper.owner@postbox.example", True, "diet", photos=True),
        _stay("Rex", "sms", "555-0199", False, "old"),
        # other tasks of the week write `sms` and `false`, so those values stay words of the steps
        [("search_rooms", "size=large heated=False from=2026-12-09")],
        [("notify_owner", "channel=sms to=555-0120 template=pickup_ready_v1")],
        [("notify_owner", "channel=sms to=555-0121 template=vaccine_due_v1")],
    ]
    agreement = StepAgreement(week, 3)
    # the base: the e-mailed, heated stay with its look at the photos agreed with no other member (`heated
    # true`, `channel *`, `notes pickup` without a value) and was set apart as a one-off
    assert agreement.one_off(week[:4]) == [[0, 1, 2, 3]]
    assert agreement.parts(week[:4]) == [[0, 1, 2, 3]]
    assert agreement.agreement(week[:4]).min() >= 0.5


PIANO = [
    "find_student: `phone={phone}`",
    "create_enrollment: `student={student} course=PIANO-30 teacher={teacher}`",
    "send_email: `to={email} template=welcome_v2`",
]


def test_a_whole_message_is_no_title() -> None:
    asked = [
        "Caller: Hi, my daughter is nine and wants to learn piano. Do you have a Tuesday slot?",
        "Caller: Good evening. I'd like lessons for myself, beginner, weekends if possible.",
        "Caller: My son wants to start piano after school, what do you have?",
    ]
    title = "Caller: Hi, my daughter is nine and wants to learn piano. Do you have a {value} slot?"
    # the base kept one caller's whole message (with holes) as the title
    assert fragment_title(title, PIANO, asked) == "Create an enrollment"
    # a short title of the work stays
    assert fragment_title("Enroll a piano student", PIANO, asked) == "Enroll a piano student"


PET_JA = [
    "find_slots: `service=ペットホテル宿泊 from={from} nights={nights}`",
    "book_stay: `service=ペットホテル宿泊 slot={slot} address=札幌市{value} plan=2026冬季料金表`",
    "send_line: `to={to} template=宿泊予約完了のお知らせ_v1`",
]
ASKED_JA = [
    "年末に3泊、うちの犬を預かってもらえますか？2匹です。",
    "出張で2泊家をあけるので、猫をお願いしたいです。大丈夫ですか？",
    "来週の金曜から1泊だけペットホテルをお願いできますか。",
]


def test_a_japanese_led_kind_is_named_by_its_japanese_thing_and_the_act() -> None:
    # the base: `ペットホテルの大丈夫` (a fragment of one request beside the thing the calls name) stayed
    assert fragment_title("ペットホテルの大丈夫", PET_JA, ASKED_JA) == "ペットホテル宿泊の予約"
    # an English title of the call for a Japanese desk
    assert fragment_title("Book a stay", PET_JA, ASKED_JA) == "ペットホテル宿泊の予約"
    # a title that names the work stays
    assert fragment_title("ペットホテル宿泊の相談", PET_JA, ASKED_JA) == "ペットホテル宿泊の相談"
    # an English-led kind keeps its English title
    assert fragment_title("Book a stay", PET_JA, ["Can you board my dog for 3 nights?"] * 3) == "Book a stay"


def test_a_fragment_constant_is_passed_over_and_a_notice_names_the_thing() -> None:
    # `札幌市` of an address: its 市 is no kind's name, however the requests write it (`市内`)
    asked = [
        "市内の教室で週1回、日本語を習いたいです。",
        "市内で子どものクラスはありますか？",
        "週2回通えますか。",
    ]
    steps = [
        "find_class: `level={level} weekday={weekday}`",
        "create_contract: `student={student} address=札幌市{value} plan=月謝-週1 billing=口座振替`",
        "send_line: `to={to} template=受講契約のご案内_v2`",
    ]
    assert japanese_call_title(steps, asked, lambda t: t == "札幌市") != "札幌市"
    # the base: `Create a contract` (no constant holds a kanji most requests write but the address)
    assert fragment_title("Create a contract", steps, asked) == "受講契約の申込"
    # a katakana word alone names no work: the call's words when nothing Japanese names the kind
    calls = ["find_slots: `date={date}`", "book_grooming: `dog={dog} course=full`", "send_line: `to={to}`"]
    assert fragment_title("トリミング", calls, ["トリミングをお願いしたいです"] * 3) == "Book a grooming"
