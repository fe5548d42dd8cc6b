"""Round 57: titles of one request's own words, tool words under requests in another language, a desk's name.

Each case is another domain and language than set 57's (docs/weekly.md, "Round 57").
"""

from __future__ import annotations

from memdir.consolidation.weekly.constant_acts import constant_act
from memdir.consolidation.weekly.own_values import over_own_words, written_head
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.week_names import without_week_name

# a bicycle workshop's English requests over Swahili tools: the wheel repairs
_WHEELS = [
    "My back wheel went wobbly after a pothole and rubs the brake. Could you fix it? I can bring it Monday. Ann",
    "Please true and tension the wheel on my road bike, it went wobbly last week. Drop-off Tuesday. Raj",
    "The front wheel of my commuter bike has a buckle and a loose spoke. Can you sort it? Thursday. Lena",
]
_WHEEL_STEPS = [
    "tafuta_mteja: `simu={simu}`",
    "rekebisha_baiskeli: `mteja_id={mteja_id} huduma=nambari=WHEEL-TRUE jina=True, tension and check hub "
    "tarehe={tarehe} tatizo={tatizo}`",
]


def test_a_title_of_one_requests_complaint_gives_way_to_the_act_and_thing_of_the_calls_constant() -> None:
    # `tatizo` (the problem) carries each request's own words: `went wobbly` is no kind's title
    own = {"went", "wobbly", "rubs", "brake", "buckle", "loose", "spoke"}
    assert constant_act("Went wobbly", _WHEEL_STEPS, _WHEELS, own) == "True and tension a wheel"


def test_a_title_without_a_value_word_stays() -> None:
    own = {"wobbly", "buckle"}
    assert constant_act("Repair a wheel", _WHEEL_STEPS, _WHEELS, own) == "Repair a wheel"


def test_no_constant_run_written_leaves_the_title() -> None:
    steps = ["rekebisha_baiskeli: `mteja_id={mteja_id} huduma=nambari=W-1 jina=Hub service tatizo={tatizo}`"]
    assert constant_act("Went wobbly", steps, _WHEELS, {"went", "wobbly"}) == "Went wobbly"


# a Thai silk weaver's requests over Tagalog tools: the order tool's words are no title
_SILK = [
    "สวัสดีค่ะ อยากสั่งผ้าไหมมัดหมี่ ให้แม่ สีแดง จะมารับวันที่ 5 ธันวา นิด 081 234 5678",
    "ขอผ้าไหมมัดหมี่ หนึ่งผืน ส่งไปรษณีย์ ภายใน 9/12 ครับ สมชาย +66 81 987 6543",
    "ผ้าไหมมัดหมี่ สีฟ้า 12/12 มารับเอง แก้ว 0891112222",
    "สวัสดีครับ โรงเรียนอยากได้ผ้าไหมมัดหมี่ลายนาค สำหรับงานปีใหม่ รับ 20 ธันวา ครูวิทย์ 081 000 1111",
]
_SILK_STEPS = [
    "hanapin_kustomer: `telepono={telepono}`",
    "gawin_order: `kustomer_id={kustomer_id} bagay=kodigo=SILK-MMH pangalan=ผ้าไหมมัดหมี่ 2 เมตร kulay={kulay}`",
    "ipadala_mensahe: `ngadto={telepono} plantilya=order_v1`",
]


def test_a_constant_head_the_requests_write_is_the_thing_over_foreign_tool_words() -> None:
    assert written_head(_SILK_STEPS, _SILK) == "ผ้าไหมมัดหมี่"


def test_thai_requests_over_a_tagalog_order_tool_are_titled_in_thai() -> None:
    title = request_words_title("Gawin order", _SILK_STEPS, _SILK, _SILK)
    assert "ผ้าไหมมัดหมี่" in title and "order" not in title.lower()


# a Marathi tailor's requests over Yoruba tools: one request's verb is no title, the service is
_TAILOR = [
    "माझ्याकडे कापड आहे, त्यावर पैठणी काठ शिवून द्या. १२ तारखेला आणेन. सुनीता ९८२२० ११२२३",
    "कापड आणेन, त्यावर काठ आणि फॉल लावून द्या. १५ तारखेला येईन. माधुरी 9822011224",
    "जुन्या साडीला नवीन काठ लावायचा आहे. कापड सोबत आणेन. १८ तारखेला. रेखा ९८२२० ११२२५",
]
_TAILOR_STEPS = [
    "wa_onibara: `foonu={foonu}`",
    "gba_ise: `onibara_id={onibara_id} ise=koodu=TL-KATH oruko=ग्राहकाचे कापड काठ आणि फॉल ojo={ojo}`",
]


def test_a_phrase_with_a_word_no_constant_holds_gives_way_to_the_service() -> None:
    assert over_own_words("कापड आणेन", _TAILOR_STEPS, _TAILOR) == "ग्राहकाचे कापड काठ आणि फॉल"


def test_a_phrase_the_constant_holds_stays() -> None:
    steps = ["gba_ise: `ise=koodu=TL-KATH oruko=कापड आणेन सेवा ojo={ojo}`"]
    assert over_own_words("कापड आणेन", steps, _TAILOR) == "कापड आणेन"


# a Kyoto flower shop's chat desk: every request of the week opens with the desk's mention
_FLOWERS_WEEK = [
    "@花屋デスク 母の日の花束をお願いします。5月10日に受け取ります。",
    "@花屋デスク 花束を一つ、赤いバラで。配送で。",
    "@花屋デスク 開店祝いのスタンド花はいくらですか。",
    "@花屋デスク 先日の花束、届きましたか。",
    "@花屋デスク 日曜日は営業していますか。",
]


def test_a_japanese_title_drops_a_name_every_request_of_the_week_writes() -> None:
    assert without_week_name("花屋デスクの花束", _FLOWERS_WEEK) == "花束"


def test_a_name_only_some_requests_write_stays() -> None:
    week = [*_FLOWERS_WEEK, "母の日に何を贈ればいいですか。"]
    assert without_week_name("花屋デスクの花束", week) == "花屋デスクの花束"
