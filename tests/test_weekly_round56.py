"""Round 56: a form's label beside a request in a script without spaces; English kinds' words of three letters; a call that leaves optional arguments out is the kind's call.

Written on other domains and languages than set 56 (a Kampot pepper farm's Khmer requests from Paperform, a
cricket-bat maker's English requests over Somali tools, a batik studio's Sinhala requests over Tongan tools): a
Thai cooking school's form, a Lao weaver's requests, a rug maker's English requests over Swahili tools, a Tamil potter's order call.
"""

from __future__ import annotations

from datetime import datetime, timezone

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.purpose import describe
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.request_text import request_text
from memdir.consolidation.weekly.step_cover import covers

WHEN = datetime(2026, 11, 2, 2, tzinfo=timezone.utc)


def _form(message: str) -> ActivityEvent:
    """A form submission: a name, a phone and the message field, whose description is the form's label."""
    fields = [
        {"title": "ชื่อ", "description": None, "value": "สมชาย ใจดี"},
        {"title": "โทร", "description": None, "value": "081 234 5678"},
        {"title": "ข้อความ", "description": "กรุณาเขียนรายละเอียดที่ต้องการที่นี่", "value": message},
    ]
    return ActivityEvent(WHEN, "form.submission", {"task_id": "t1", "fields": fields})


def test_a_thai_message_with_spaces_between_its_phrases_is_read_over_the_forms_label() -> None:
    # main: the message counts its 4 spaced phrases, the label its letters / 2: the label was the request
    message = "สวัสดีค่ะ อยากจองคลาสทำอาหารไทยสำหรับสองคน วันเสาร์หน้าตอนเช้า ขอบคุณค่ะ"
    assert request_text([_form(message)]) == message


def test_a_thai_label_alone_is_still_read_when_there_is_no_message() -> None:
    label = "กรุณาเขียนรายละเอียดที่ต้องการที่นี่"
    fields = [{"title": "ข้อความ", "description": label, "value": ""}]
    event = ActivityEvent(WHEN, "form.submission", {"task_id": "t1", "fields": fields})
    assert request_text([event]) == label


LAO_LABEL = "ຂຽນສິ່ງທີ່ທ່ານຕ້ອງການ"  # "write what you want": every request of the week carries it
LAO_SCARVES = [
    f"{LAO_LABEL} ຢາກສັ່ງຜ້າພັນຄໍໄໝສອງຜືນ",
    f"{LAO_LABEL} ຂ້ອຍຢາກສັ່ງຜ້າພັນຄໍໄໝສີແດງ",
    f"{LAO_LABEL} ສັ່ງຜ້າພັນຄໍໄໝໜຶ່ງຜືນໄປວຽງຈັນ",
]
LAO_CLASSES = [
    f"{LAO_LABEL} ຢາກຮຽນຕໍ່າແຜ່ນໄໝມື້ເສົາ",
    f"{LAO_LABEL} ສອງຄົນຢາກຮຽນຕໍ່າແຜ່ນ",
    f"{LAO_LABEL} ຮຽນຕໍ່າແຜ່ນໄດ້ບໍ່",
]


def test_a_run_every_request_of_the_week_writes_never_titles_a_kind() -> None:
    # main: the label, the longest run the scarf orders share, titled both kinds
    week = [*LAO_SCARVES, *LAO_CLASSES]
    scarves = request_words_title("Oda mpya", ["oda_mpya: `bidhaa={bidhaa}`"], LAO_SCARVES, week)
    classes = request_words_title("Weka darasa", ["weka_darasa: `siku={siku}`"], LAO_CLASSES, week)
    assert LAO_LABEL not in scarves and "ຜ້າພັນຄໍ" in scarves
    assert LAO_LABEL not in classes and "ຕໍ່າແຜ່ນ" in classes


RUG_STEPS = [
    "tafuta_mteja: `simu={simu}`",
    "agizo_jipya: `mteja_id={mteja_id} bidhaa.nambari=RG-WOOL-01 bidhaa.jina=Hand-tufted wool rug, 2 x 3 m "
    "tarehe={tarehe}`",
    "tuma_ujumbe: `simu={simu} kiolezo=agizo_v2`",
]
RUG_ASKED = [
    "Hello, I'd like a hand-tufted rug for our hallway, in rust and cream, ready by 4 May please.",
    "Could you make us a wool rug for the nursery? Soft colours, nothing too busy. Thanks, Ana",
    "Looking for a tufted wool rug, about 2 by 3 metres, deep green. I can collect on the 12th.",
    "rug green 2x3 collect fri. tom",
]
RUG_WEEK = [
    *RUG_ASKED,
    "Your weaving workshop on Saturday: are there two places left?",
    "Is the shop open on the bank holiday?",
    "How much is a runner for the stairs?",
]


def test_an_english_kinds_word_of_three_letters_holds_its_service() -> None:
    # main: `rug` (three letters) is no kind's word: no constant holds two, the look-up's words stay
    title = request_words_title("Tafuta a mteja", RUG_STEPS, RUG_ASKED, RUG_WEEK)
    assert title == "Hand-tufted wool rug"


POT_CALL = (
    "pudhiya_order vaadikkaiyalar * porul kuriyeedu pt # peyar mann paanai vannam mudhal * vannam irandu * "
    "anuppu naal # vazhi * kurippu *"
)


def test_a_call_that_leaves_optional_arguments_out_is_the_kinds_call() -> None:
    # main: a terse order's call without its second colour and its note was another step
    terse = "pudhiya_order vaadikkaiyalar * porul kuriyeedu pt # peyar mann paanai vannam mudhal * anuppu naal # vazhi *"
    assert covers(POT_CALL, terse, frozenset(), True)


def test_a_call_that_leaves_out_a_constant_is_not_the_kinds_call() -> None:
    other = "pudhiya_order vaadikkaiyalar * porul kuriyeedu pt # vannam mudhal * vannam irandu * anuppu naal # vazhi *"
    assert not covers(POT_CALL, other, frozenset(), True)


def test_a_title_that_is_a_constants_head_is_described_as_a_thing() -> None:
    # main: "How to hand-tufted …" / "How to bespoke English …": a thing's adjective read as the verb
    steps = ["agizo_jipya: `bidhaa.jina=Bespoke Persian wool rug, 2 x 3 m tarehe={tarehe}`"]
    assert (
        describe("Bespoke Persian wool rug", RUG_ASKED, True, steps) == "Steps for: Bespoke Persian wool rug"
    )


def test_a_request_title_is_still_described_as_its_act() -> None:
    assert describe("Deploy the api to staging", ["Deploy the api to staging"], True, []).startswith(
        "How to deploy"
    )
