"""Round 58: tool words with marks under requests in another script; a phrase naming the act and the thing
stays over a constant's head without the act; a verb in one form or another gives way to the service."""

from __future__ import annotations

from memdir.consolidation.weekly.own_values import over_own_words
from memdir.consolidation.weekly.request_language import request_words_title

# a Kumbakonam brass-lamp workshop's Tamil requests over Czech tools: the polishing
_LAMPS = [
    "பாட்டியின் பழைய பித்தளை விளக்கு கருத்துவிட்டது. மெருகேற்றி தர முடியுமா? 12-ஆம் தேதி கொண்டு வருகிறேன்.",
    "விளக்கின் பளபளப்பு போய்விட்டது, மெருகேற்ற கொண்டு வரலாமா? 15/3 அன்று வருவேன்.",
    "பழைய விளக்கு ஒன்றை மெருகேற்ற வேண்டும். வியாழன் (20) கொண்டு வருகிறேன்.",
]
_LAMP_STEPS = [
    "najít_zákazníka: `telefon={telefon}`",
    "vyleštit_lampu: `zákazník={zákazník} služba=kód=LMP-POL název=பழைய பித்தளை விளக்கு மெருகேற்றல் datum={datum}`",
    "poslat_zprávu: `kanál=sms telefon={telefon} šablona=lesk_ok_v1`",
]


def test_tool_words_with_marks_under_tamil_requests_give_way_to_the_requests_words() -> None:
    # `Vyleštit lampu` is Latin (its `š` too): no title over Tamil requests that write none of it
    title = request_words_title("Vyleštit lampu", _LAMP_STEPS, _LAMPS, _LAMPS)
    assert "விளக்கு" in title and not any("a" <= c.lower() <= "z" for c in title)


def test_a_verb_in_another_form_gives_way_to_the_service_the_calls_pass() -> None:
    assert over_own_words("மெருகேற்றி", _LAMP_STEPS, _LAMPS) == "பழைய பித்தளை விளக்கு மெருகேற்றல்"


# a Dhaka sweet shop's Bengali requests over Igbo tools: the wedding sweets orders
_SWEETS = [
    "বিয়ের মিষ্টির অর্ডার দিতে চাই, ৫ কেজি, ২০ তারিখে নেব।",
    "মেয়ের বিয়ের জন্য ৩ কেজি মিষ্টি বানাতে পারবেন? ২২ তারিখে আসব।",
    "বিয়ের মিষ্টি অর্ডার করতে চাই, ৪ কেজি, ২৫ তারিখে পাঠাবেন।",
]
_SWEET_STEPS = [
    "tinye_iwu: `onye={onye} ngwa=koodu=SW-BIYE aha=বিয়ের মিষ্টি (কেজি) ubochi={ubochi}`",
]


def test_a_phrase_naming_the_thing_and_its_act_stays_over_the_bare_thing() -> None:
    assert over_own_words("বিয়ের মিষ্টির অর্ডার", _SWEET_STEPS, _SWEETS) == "বিয়ের মিষ্টির অর্ডার"


def test_a_phrase_with_a_word_of_its_own_still_gives_way() -> None:
    # the head is not in the phrase whole (`মিষ্টি` missing): one request's verb gives way to the service
    assert over_own_words("বিয়ের বানাতে", _SWEET_STEPS, _SWEETS) == "বিয়ের মিষ্টি"
