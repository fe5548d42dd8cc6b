"""Round 65: words of scripts whose vowel signs `\\w` does not hold, in argument names and in titles.

Python's `\\w` holds no combining mark, so `[\\w.-]*=` read no argument named in Odia, Thaana, Tibetan (whose
tsheg `་` joins syllables), Devanagari or Tamil: such a call was no call of arguments, its free-text note no
value (`free_text.py`), its keys never one step on other values (set 65's filigree orders over Tibetan tools:
`ཉོ་མཁན=…`). `script_words.KEY_NAME` reads them. And a word written next to a number in every request is a
date's word to `dated_words` (`ޑިސެމްބަރު 18`), so the thing counted (`ޖޯލި 4`, "4 joalis") was never a
title and the tools' words titled the kind (`Skrifi oda`); a call's value that opens with that word makes it
the thing (`script_words.value_heads`). A title that is one requester's whole message in such a script gives
way to the kind's words (`spaced_message.py`).

Written on other domains and languages than set 65 (joalis in Dhivehi, filigree in Odia): Bengali kite orders
over Estonian tools, and Japanese requests for a tea shop over tools whose argument names are Tamil.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

from week_log import run_weekly, task_events, write_log

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    return root


def _titles(root: Path) -> dict[str, str]:
    out = {}
    for p in sorted((root / "procedures").glob("*.md")):
        text = p.read_text(encoding="utf-8")
        out[text.split("\n# ", 1)[1].split("\n", 1)[0]] = text
    return out


KITE_ORDERS = [
    "নমস্কার, ছাদে ওড়ানোর জন্য ঘুড়ি 4 বানিয়ে দেবেন? রং লাল। ১৫ তারিখের মধ্যে চাই।",
    "আমার ছেলের জন্মদিনে ঘুড়ি 2 লাগবে, নীল আর সাদা।",
    "পাড়ার মেলায় ঘুড়ি 10 দরকার, সবুজ রঙের।",
    "ঘুড়ি 3 হলুদ, শনিবার নেব।",
]
KITE_REPAIRS = [
    "আমার লাটাই ভেঙে গেছে, সারিয়ে দিতে পারবেন?",
    "পুরনো লাটাইয়ের হাতল ঢিলে হয়ে গেছে, মেরামত চাই।",
    "লাটাইয়ের সুতো জড়িয়ে গেছে আর কাঠ ফেটেছে, ঠিক করে দিন।",
    "দাদুর লাটাই সারাতে চাই, মঙ্গলবার আনব।",
]


def test_bengali_orders_of_a_counted_thing_are_titled_by_it(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path)
    tasks = []
    for n, request in enumerate(KITE_ORDERS):
        given = {
            "klient": f"KL-{600 + n}",
            "toode": {"kood": "KT-PATANG", "nimi": "ঘুড়ি (কাগজ ও বাঁশ, হাতে তৈরি)"},
            "arv": [4, 2, 10, 3][n],
            "varv": ["লাল", "নীল", "সবুজ", "হলুদ"][n],
            "kuupaev": f"2027-02-{10 + n}",
        }
        calls = [
            ("otsi_klient", {"telefon": f"+88017{n:08d}"}, f"KL-{600 + n}"),
            ("loo_tellimus", given, f"TL-{70 + n}"),
            ("saada_sonum", {"kanal": "sms", "mall": "tellimus_ok_v1", "nimi": NAMES[n]}, "ok"),
        ]
        tasks.append(
            task_events(datetime(2027, 2, 1 + n, 10, tzinfo=timezone.utc), f"kite-{n}", request, calls, "ok")
        )
    for k, request in enumerate(KITE_REPAIRS):
        given = {"klient": f"KL-{700 + k}", "teenus": {"kood": "KT-LATAI-FIX", "nimi": "লাটাই মেরামত"}}
        calls = [
            ("otsi_klient", {"telefon": f"+88018{k:08d}"}, f"KL-{700 + k}"),
            ("loo_remont", given, f"RM-{80 + k}"),
            ("saada_sonum", {"kanal": "sms", "mall": "remont_ok_v1", "nimi": NAMES[4 + k]}, "ok"),
        ]
        tasks.append(
            task_events(datetime(2027, 2, 1 + k, 15, tzinfo=timezone.utc), f"fix-{k}", request, calls, "ok")
        )
    write_log(root, tasks)
    run_weekly(root, e5, date(2027, 2, 8))
    titles = _titles(root)
    orders = [t for t, text in titles.items() if "loo_tellimus" in text]
    # main: the tools' words (`ঘুড়ি` is written next to its count in every order: a date's word)
    assert len(orders) == 1 and "ঘুড়ি" in orders[0], titles.keys()


TEA_ORDERS = [
    (
        "नमस्ते, मेरी बहन की शादी के लिए मसाला चाय का डिब्बा चाहिए, लगभग 500 ग्राम। क्या 20 तारीख तक घर भेज देंगे? धन्यवाद, रीना",
        "अदरक ज़्यादा, इलायची कम, शादी के मेहमानों के लिए",
    ),
    ("मसाला चाय का डिब्बा चाहिए, 250 ग्राम, दफ़्तर में उपहार देना है। कूरियर से भेजिए।", "उपहार के काग़ज़ में लपेटकर"),
    ("हमें दिवाली पर मसाला चाय के दो डिब्बे चाहिए, 1 किलो, घर पर पहुँचा दीजिए।", "दालचीनी डालें, बच्चों के लिए हल्की"),
    ("मसाला चाय 200 ग्राम, शनिवार को दुकान से लूँगी।", "तुलसी वाली"),
]
TEA_TASTINGS = [
    "क्या रविवार को चाय चखने का सत्र बुक हो सकता है? हम तीन लोग हैं।",
    "चाय चखने के सत्र में दो सीटें चाहिए, अगले हफ़्ते।",
    "मैं चाय चखने का सत्र बुक करना चाहती हूँ, शाम पाँच बजे।",
    "दोस्तों के साथ चाय चखने आना है, चार लोग, शुक्रवार।",
]


def test_hindi_requests_over_tamil_argument_names_with_free_notes(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path)
    tasks = []
    for n, (request, note) in enumerate(TEA_ORDERS):
        given = {
            "வாடிக்கையாளர்": f"VK-{300 + n}",
            "பொருள்": {"குறியீடு": "CHAI-MASALA-BOX", "பெயர்": "मसाला चाय का डिब्बा (हाथ से मिलाया)"},
            "எடை_கிராம்": [500, 250, 1000, 200][n],
            "அனுப்புதல்": {"தேதி": f"2027-03-{10 + n}", "வழி": ["घर", "कूरियर", "घर", "दुकान"][n]},
            "குறிப்பு": note,
        }
        calls = [
            ("தேடு_வாடிக்கையாளர்", {"தொலைபேசி": f"+9198{n:08d}"}, f"VK-{300 + n}"),
            ("ஆர்டர்_பதிவு", given, f"OR-{40 + n}"),
            ("செய்தி_அனுப்பு", {"வழி": "whatsapp", "மாதிரி": "order_ok_v2", "பெயர்": NAMES[n]}, "ok"),
        ]
        tasks.append(
            task_events(datetime(2027, 3, 1 + n, 10, tzinfo=timezone.utc), f"tea-{n}", request, calls, "ok")
        )
    for k, request in enumerate(TEA_TASTINGS):
        given = {"வாடிக்கையாளர்": f"VK-{400 + k}", "சேவை": {"குறியீடு": "CHAI-TASTING", "பெயர்": "चाय चखने का सत्र"}}
        calls = [
            ("தேடு_வாடிக்கையாளர்", {"தொலைபேசி": f"+9197{k:08d}"}, f"VK-{400 + k}"),
            ("சுவை_பதிவு", given, f"SV-{50 + k}"),
            ("செய்தி_அனுப்பு", {"வழி": "whatsapp", "மாதிரி": "tasting_ok_v1", "பெயர்": NAMES[4 + k]}, "ok"),
        ]
        tasks.append(
            task_events(datetime(2027, 3, 1 + k, 15, tzinfo=timezone.utc), f"taste-{k}", request, calls, "ok")
        )
    write_log(root, tasks)
    run_weekly(root, e5, date(2027, 3, 8))
    titles = _titles(root)
    orders = {t: text for t, text in titles.items() if "ஆர்டர்_பதிவு" in text}
    # main: no procedure for the orders (`வாடிக்கையாளர்=…` was no argument, each note its own key)
    assert len(orders) == 1, titles.keys()
    ((title, text),) = orders.items()
    assert all(f"tea-{n}" in text for n in range(4))
    # no one requester's whole message (`नमस्ते, मेरी बहन की शादी के लिए …`), no hole in the title
    assert "{" not in title and "शादी" not in title and len(title.split()) <= 6, title
    steps = text.split("## Steps", 1)[1].split("## ", 1)[0]
    assert "इलायची" not in steps and "तुलसी" not in steps  # each order's note is its own value


def test_a_whole_message_in_a_spaced_script_gives_way_to_the_kinds_words() -> None:
    from memdir.consolidation.weekly.spaced_message import spaced_message_title

    asked = [
        "नमस्ते, मुझे पीतल का दीया चाहिए, बड़ा वाला। क्या शुक्रवार तक भेज देंगे? मेरा नंबर 98100",
        "पीतल का दीया दो चाहिए, पूजा के लिए।",
        "क्या आपके पास पीतल का दीया है? एक चाहिए।",
    ]
    week = [*asked, "पुराने बर्तन की पॉलिश करवानी है", "कांसे की थाली चाहिए", "मुझे तांबे का लोटा चाहिए"]
    message = "नमस्ते, मुझे पीतल का दीया चाहिए, {value}। क्या {day} तक भेज देंगे? मेरा नंबर {number}"
    assert spaced_message_title(message, [], asked, week) == "पीतल का दीया"
    # a short title of the kind's words stays; so does a Latin title (not the requests' script)
    assert spaced_message_title("पीतल का दीया", [], asked, week) == "पीतल का दीया"
    assert spaced_message_title("Order a lamp. Then ship it", [], asked, week) == "Order a lamp. Then ship it"
