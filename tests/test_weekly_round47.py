"""Round 47: a phone dialled without its `+`, a time in two forms, words of spaced scripts read whole, a one-off
that makes its kind's own call, a Japanese title of a bare thing.

Written on other domains and scripts than set 47 (an archery range, a pen clinic, a tabla repairer and a
Persian calligraphy studio): a Bangladeshi tailor whose requests are Bengali and whose notices go to WhatsApp
ids, an Urdu tailor, a Tamil word, a bike shop's times, a Japanese umbrella repairer and bicycle shop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from memdir import Memory
from memdir.consolidation.weekly.agreement import StepAgreement
from memdir.consolidation.weekly.ja_act import act_title
from memdir.consolidation.weekly.kinds_by_steps import StepKinds, join_one_offs
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.script_words import spaced_phrase, words
from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.steps import Step
from memdir.consolidation.weekly.tasks import Task
from memdir.consolidation.weekly.value_forms import clock_minutes
from memdir.consolidation.weekly.written_alike import written_alike

UNTIL = date(2026, 12, 7)
TASKS = ["t1", "t2", "t3", "t4"]


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 12, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


def _span(values: Sequence[str]) -> Span:
    return Span(dict(zip(TASKS, values, strict=True)))


def test_a_phone_dialled_with_its_country_code_and_no_plus_is_the_customers_phone() -> None:
    # a Berlin shop: the customer gives the number as people write it, the WhatsApp id is E.164 without `+`
    given = _span(["+49 30 12345678", "030 2345678", "0151 2345678", "089 1234567"])
    sent = _span(["493012345678", "49302345678", "491512345678", "49891234567"])
    assert written_alike(given, sent, TASKS)
    other = _span(["493012345678", "49302345678", "491512345678", "49891234999"])
    assert not written_alike(given, other, TASKS)  # one task's numbers differ: two values


def test_a_clock_time_is_one_value_however_it_is_written() -> None:
    assert [clock_minutes(v) for v in ("13:00", "1 pm", "1:30 PM", "09:15:00", "12 am", "7", "2051")] == [
        780,
        780,
        810,
        555,
        0,
        None,
        None,
    ]
    booked = _span(["13:00", "09:30", "17:00", "11:00"])
    said = _span(["1 pm", "9:30 am", "5 PM", "11 am"])
    assert written_alike(booked, said, TASKS)
    assert not written_alike(booked, _span(["1 pm", "9:30 am", "5 PM", "10 am"]), TASKS)


def test_words_of_any_script_keep_their_marks_and_joiners() -> None:
    # Tamil vowel signs, a Persian ZWNJ, Bengali: one word each, never cut at a mark
    assert words("கடிகாரம் பழுது பார்க்க") == ["கடிகாரம்", "பழுது", "பார்க்க"]
    assert words("می‌خواهم ثبت‌نام کنم") == ["می\u200cخواهم", "ثبت\u200cنام", "کنم"]
    assert words("শাড়িতে ফলস") == ["শাড়িতে", "ফলস"]


def test_bengali_requests_title_the_kind_in_their_words() -> None:
    asked = [
        "আমার শাড়িতে ফলস লাগাতে হবে, কাল বিকেলে দিয়ে যাব।",
        "শাড়িতে ফলস লাগানো কত দিনে হবে? শনিবার নিতে চাই।",
        "দুটো শাড়িতে ফলস লাগাতে চাই, সোমবার আসব।",
        "শাড়িতে ফলস আর পিকো করাতে হবে।",
    ]
    steps = ["grahok_khoj: `mobile={mobile}`", "sari_fall_lagao: `grahok={id} code=FALL-1`"]
    # the words most of them write, `লাগানো` as a form of `লাগাতে`; `হবে` ("will be") every request of the
    # week writes, so the title does not end with it: "attach falls to the saree"
    week = [*asked, "ব্লাউজ কবে তৈরি হবে?", "দোকান রবিবার খোলা হবে?"]
    assert request_words_title("Sari fall lagao", steps, asked, week) == "শাড়িতে ফলস লাগাতে"


def test_a_word_every_kind_of_the_week_writes_is_no_edge_of_a_title() -> None:
    # Urdu: `کے لیے` ("for") is written by the week's other requests too; the kind's words are its own
    asked = [
        "شلوار قمیض کی سلائی کروانی ہے، جمعہ کو آؤں گی",
        "دو شلوار قمیض کی سلائی کے لیے ناپ دینا ہے",
        "بیٹے کے لیے شلوار قمیض کی سلائی چاہیے",
    ]
    week = [*asked, "عید کے لیے دکان کب کھلی ہے؟", "بچوں کے لیے کپڑا ہے؟", "کل کے لیے وقت ملے گا؟"]
    assert spaced_phrase(asked, week) == "شلوار قمیض کی سلائی"


def _task(task_id: str, calls: Sequence[str]) -> Task:
    steps = [
        Step(tool=c.split(" ", 1)[0], input=c.split(" ", 1)[1], action=c.split(" ", 1)[0]) for c in calls
    ]
    return Task(task_id=task_id, tools=[s.tool for s in steps], steps=steps, outcome="success")


def test_a_one_off_that_makes_its_kinds_own_call_joins_it() -> None:
    # a bike shop: three tune-up bookings, a fourth asked in a long story (its text read alike to none) that
    # looked at the free slots first and wrote a note; a price question. A cancel through the booking tool stays
    find, sms = "find_rider phone=+4930555010", "send_sms to=+4930555010 template=tuneup_v1"
    book = "book_tuneup rider=R-1 date=2026-12-0{k} time=10:00 bike=road"
    kind = [_task(f"b{k}", [find, book.format(k=k), sms]) for k in (1, 2, 3)]
    price = _task("p1", ["get_price item=chain", sms])
    story = _task("b4", [find, "free_slots date=2026-12-04", book.format(k=4) + " note=brakes squeal", sms])
    week = [*kind, story, price]
    groups = {0: [0, 1, 2], 1: [3], 2: [4]}
    assert join_one_offs(StepKinds(StepAgreement([t.work for t in week]), week, week), groups) == 1
    assert groups == {0: [0, 1, 2, 3], 2: [4]}
    cancel = _task("c1", [find, "book_tuneup cancel_ref=TU-88", sms])  # the call with other arguments
    week = [*kind, cancel, price]
    groups = {0: [0, 1, 2], 1: [3], 2: [4]}
    assert join_one_offs(StepKinds(StepAgreement([t.work for t in week]), week, week), groups) == 0


def test_a_japanese_title_of_a_bare_thing_gets_the_work_done_to_it() -> None:
    # an umbrella repairer: one request writes the work after the thing; no call constant names it: it stays
    asked = [
        "傘の修理をお願いしたいです",
        "この傘、骨が折れてしまいました",
        "傘に修理が必要です。来週伺います",
    ]
    steps = ["customers.lookup: `tel={tel}`", "repair.order: `code=KASA-1 note=骨の交換`"]
    assert act_title("傘", steps, asked) == "傘"
    # a bicycle shop: a constant of the calls starts with the thing, and a request writes it
    asked = ["自転車点検をお願いします", "自転車のブレーキが効きにくいです", "子どもの自転車を見てほしい"]
    steps = ["menu.reserve: `name=自転車点検（基本） date={date}`"]
    assert act_title("自転車", steps, asked) == "自転車点検"
    # a title that already says its work, or has kana in it, stays
    assert act_title("紅白薯蕷まんじゅうの注文", steps, asked) == "紅白薯蕷まんじゅうの注文"


def test_a_bengali_week_with_whatsapp_ids_writes_its_kind(tmp_path: Path) -> None:
    # each request in its own words (no intent agrees), the notice to the WhatsApp id: the phone threads the
    # look-up and the notice, so the kind is written, titled in Bengali
    mem = Memory(tmp_path / "root")
    mem.init()
    asked = [
        "আমার শাড়িতে ফলস লাগাতে হবে, কাল বিকেলে দিয়ে যাব।",
        "শাড়িতে ফলস লাগানো কত দিনে হবে? শনিবার নিতে চাই।",
        "দুটো শাড়িতে ফলস লাগাতে চাই, সোমবার আসব।",
        "শাড়িতে ফলস আর পিকো করাতে হবে, ধন্যবাদ।",
    ]
    phones = ["01711234567", "01812345678", "01913456789", "01614567890"]
    for k, (text, phone) in enumerate(zip(asked, phones, strict=True)):
        with mem.task(text, clock=_clock(1 + k, 9), agent="desk") as t:
            t.tool_use("grahok_khoj", f"mobile={phone}")
            t.tool_use("sari_fall_lagao", f"grahok_id=G-{4100 + 37 * k} code=FALL-1 din=2026-12-1{k}")
            t.tool_use("barta_pathao", f"to=88{phone} template=fall_booked_v1 din=1{k} December")
            t.success()
    for k, text in enumerate(["দোকান রবিবার খোলা থাকে?", "ব্লাউজ সেলাই কত টাকা?"]):
        with mem.task(text, clock=_clock(1 + k, 15), agent="desk") as t:
            t.tool_use("barta_pathao", f"to=88017000000{k} template=info_v1")
            t.success()
    report = mem.consolidate_weekly(until=UNTIL)
    procs = [p for p in report.created if p.startswith("procedures/")]
    assert len(procs) == 1, report.created
    text = (mem.root / procs[0]).read_text(encoding="utf-8")
    assert "# শাড়িতে ফলস" in text
