"""Round 55: English requests over tools of another language titled by the service their calls pass; words with their marks in step keys and alignment (a call whose
values are words the week writes often and rarely is one step); a thing's title given the act its requests
write (in any script with spaces, in English, in Japanese).

Written on other domains and languages than set 55 (a kite maker's English requests over Hausa tools, a
thangka studio's Nepali requests over Malagasy tools, a nameplate carver's Japanese requests over Fijian tools):
a bicycle shop's English requests over Swahili tools, a Hindi tailor's step keys, a Bengali tailor's notes, a
florist's English requests, a Tamil silk weaver's service, a Japanese flower shop.
"""

from __future__ import annotations

from memdir.consolidation.weekly.agreement import StepAgreement
from memdir.consolidation.weekly.align import atoms
from memdir.consolidation.weekly.ja_act import act_title
from memdir.consolidation.weekly.request_language import request_words_title
from memdir.consolidation.weekly.step_cover import covers

BIKE_STEPS = [
    "tafuta_mteja: `simu={simu}`",
    "pokea_matengenezo: `mteja_id={mteja_id} huduma.jina=Wheel truing and brake service tarehe={tarehe}`",
    "tuma_ujumbe: `simu={simu} kiolezo=matengenezo_v1`",
]
BIKE_ASKED = [
    "My back wheel wobbles and the brake rubs, can I bring the bike in on Tuesday for a service?",
    "Hi, the front wheel is buckled after a pothole and the brake squeals. Could you fit me in on Friday?",
    "Wheel out of true and the brake is weak, dropping it off Monday if that's ok",
]
BIKE_WEEK = [
    *BIKE_ASKED,
    "I'd like to buy one of your gravel bikes in green, size M, to pick up Saturday.",
    "Do you have a gravel bike in size L? I would collect it next week.",
    "Are you open on Sunday?",
]


def test_english_requests_over_swahili_tools_take_the_service_the_calls_pass() -> None:
    # main: the title in the tools' words stays (no reader for English requests under another language's title)
    title = request_words_title("Tafuta a mteja", BIKE_STEPS, BIKE_ASKED, BIKE_WEEK)
    assert title == "Wheel truing and brake service"


def test_step_keys_keep_a_word_with_its_marks() -> None:
    # a Hindi colour written by one order: one masked word, not letters cut at their vowel signs (`ल` of all three)
    week = [
        [("thedu", "kaipesi=#"), ("eduthu_order", f"kurippu={w} kadai=chennai"), ("anuppu", "vazhi=mail")]
        for w in ("पीला", "नीला", "लाल")
    ]
    keys = {k for w in week for k in StepAgreement(week).keys(w) if k.startswith("eduthu")}
    assert keys == {"eduthu_order kurippu * kadai chennai"}


def test_alignment_atoms_keep_marks_inside_a_word() -> None:
    assert atoms("নোট=লাল পাড় x") == ["নোট", "=", "লাল", " ", "পাড়", " ", "x"]


def test_a_call_on_values_the_week_writes_often_and_rarely_is_one_step() -> None:
    values = frozenset(["দোকান", "লাল"])  # written whole after an argument's name somewhere in the week
    # a value of two words, the first one rare (`* লাল`, "…, red"), under the pattern's one-word value place
    call = "sela_kanzu mteja id # kanzu aina pamba kitambaa dhahabu urefu # rangi"  # a call of many values
    assert covers(f"{call} * mahali দোকান", f"{call} * লাল mahali দোকান", values)
    # a pattern's value the week writes whole (`দোকান`, "at the shop") beside the key's rare one (`*`)
    assert covers(f"{call} * mahali দোকান", f"{call} * mahali *", values)
    # a word no value is never a value place
    assert not covers(f"{call} * mahali dukani", f"{call} * mahali *", values)
    # a click's one label is no call of many values: `reorder` stays another button than `*`
    assert not covers("tap x # y # element reorder", "tap x # y # element *", frozenset(["reorder"]))


FLOWER_STEPS = ["agiza_maua: `mteja={mteja} bidhaa.jina=Bridal bouquet, peonies and roses tarehe={tarehe}`"]


def test_an_english_thing_takes_the_infinitive_its_request_writes() -> None:
    from memdir.consolidation.weekly.thing_acts import thing_act  # new this round

    asked = [
        "Hello, I'd like to order two of your bridal bouquets for the 12th of June.",
        "Bridal bouquet please, white, for Saturday",
        "Could you do a bridal bouquet in blush pink? Wedding on 3 May.",
    ]
    assert thing_act("Bridal bouquet", FLOWER_STEPS, asked) == "Order a bridal bouquet"


def test_two_infinitives_leave_the_thing() -> None:
    from memdir.consolidation.weekly.thing_acts import thing_act

    asked = [
        "I'd like to order a bridal bouquet for June.",
        "I want to collect the bridal bouquet on Friday.",
        "Bridal bouquet, white",
    ]
    assert thing_act("Bridal bouquet", FLOWER_STEPS, asked) == "Bridal bouquet"


def test_a_thing_goes_on_as_the_service_a_request_writes() -> None:
    from memdir.consolidation.weekly.thing_acts import thing_act

    steps = ["ceyyu_velai: `vadikkaiyalar={id} sevai.peyar=பட்டு புடவை மடிப்பு தைத்தல் naal={naal}`"]
    asked = [
        "என் பட்டு புடவை மடிப்பு தைத்தல் வேண்டும், வெள்ளிக்கிழமை வருகிறேன்.",
        "பட்டு புடவை கிழிந்துவிட்டது, சரி செய்ய முடியுமா?",
        "பட்டு புடவை ஓரம் பிரிந்துள்ளது",
    ]
    assert thing_act("பட்டு புடவை", steps, asked) == "பட்டு புடவை மடிப்பு தைத்தல்"


def test_a_japanese_thing_takes_the_act_two_requests_write() -> None:
    steps = ["tala_ota: `id={id} yaca=花束 M (季節の花) siga={siga}`"]
    asked = [
        "母の誕生日に花束を注文したいです。ピンク系で。",
        "花束の注文をお願いします。5/10に受け取ります。",
        "花束 M 赤 5/12 受取",
    ]
    assert act_title("花束", steps, asked) == "花束の注文"


def test_one_requests_act_leaves_a_japanese_thing() -> None:
    steps = ["tala_ota: `id={id} yaca=花束 M (季節の花) siga={siga}`"]
    asked = ["花束を注文したいです。", "花束をお願いします。", "花束 M 赤 5/12 受取"]
    assert act_title("花束", steps, asked) == "花束"
