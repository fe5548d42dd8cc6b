"""Round 62: a title names the work, read by the forms of the requests and calls.

- a preposition of place (`near`, `behind`) is no word of the work: a run opening with it says where a request's
  thing is (`recurring`);
- requests sharing no phrase of the work, over tools in another language, are titled by the service the calls
  pass when every word of its head is written by a request (`service_heads.service_head`);
- one word of the requests no call writes (the first half of a compound verb, a postposition) gives way to the
  service the calls pass in the requests' script (`own_values.over_own_words`);
- a constant the calls write only in brackets after another is the thing's options (`message_titles`);
- two words no request writes as an act are joined as a request joins them, and requests with no kana take no
  `の` (`titles_ja.shared_phrase_ja`);
- a tool's verb no request writes gives way to the verb the requests open with (`asked_verbs.asked_verb`);
- a call's snake-case value the requests write as words is one placeholder with it, and a title's last hole that
  only says when is left out (`placeholders`, `when_holes`).

Written on other domains and languages than set 62 (surfboards, bent-cedar boxes, mahjong tiles, veenas) and
trial 28 (a pet clinic): a bicycle workshop over Finnish tools, a harmonium repairer's Bengali requests over
Spanish tools, a lacquer box maker in Japanese, a teapot repairer in Mandarin, a garage in English and
Japanese, a spa's bookings.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

from week_log import run_weekly, task_events, write_log

from memdir.consolidation.weekly.fragment_titles import call_work_title
from memdir.consolidation.weekly.message_titles import japanese_call_title
from memdir.consolidation.weekly.own_values import over_own_words
from memdir.consolidation.weekly.purpose import describe
from memdir.consolidation.weekly.recurring import recurring_title
from memdir.consolidation.weekly.titles_ja import shared_phrase_ja

BIKE = [
    "Hi, I scraped the hull of my kayak on the rocks at the river mouth. Could I drop it in on Tuesday?",
    "Morning! Gouged the keel near the stern on a sandbar, water seeping in. Can I bring it round Friday?",
    "Hello, my canoe has a soft spot and the gelcoat is flaking near the stern. Any chance of patching it?",
    "Our club's sea kayak fell off the trailer and the stern is cracked. Can you repair it? We can drop it off Monday.",
]
BIKE_STEPS = [
    "etsi_asiakas: `puhelin={puhelin}`",
    "kirjaa_korjaus: `palvelu=koodi=SRV-TUNE nimi=Hull repair, gelcoat and fibreglass tuonti=pvm={date} vika={value}`",
    "laheta_viesti: `pohja=korjaus_ok_v1 nimi={name}`",
]


def test_a_place_phrase_is_no_title() -> None:
    title = recurring_title([(a, "") for a in BIKE], BIKE_STEPS)
    assert "near" not in title.lower(), title  # main: `Near the stern`


def test_requests_sharing_no_phrase_take_the_service_the_calls_pass(tmp_path: Path, e5: object) -> None:
    root = tmp_path / "mem"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    tasks = []
    for n, (request, phone) in enumerate(zip(BIKE, ["0401", "0402", "0403", "0404"], strict=True)):
        calls = [
            ("etsi_asiakas", {"puhelin": f"+35840{phone}111"}, "ok"),
            (
                "kirjaa_korjaus",
                {
                    "asiakas": f"AS-{410 + n}",
                    "palvelu": {"koodi": "SRV-TUNE", "nimi": "Hull repair, gelcoat and fibreglass"},
                    "tuonti": {"pvm": f"2026-11-{24 + n}"},
                    "vika": ["scraped hull", "gouged keel", "soft spot", "cracked stern"][n],
                },
                "ok",
            ),
            (
                "laheta_viesti",
                {
                    "puhelin": f"35840{phone}111",
                    "pohja": "korjaus_ok_v1",
                    "nimi": ["Aino", "Eero", "Liisa", "Matti"][n],
                },
                "ok",
            ),
        ]
        when = datetime(2026, 11, 23 + n, 8, 0, tzinfo=timezone.utc)
        tasks.append(task_events(when, f"bk-{n}", request, calls, "Booked in."))
    for n, request in enumerate(["Do you have spray decks in stock?", "Any paddle leashes left?"]):
        calls = [("tarkista_varasto", {"tuote": ["spray deck", "leash"][n]}, "3 left")]
        when = datetime(2026, 11, 27 + n, 9, 0, tzinfo=timezone.utc)
        tasks.append(task_events(when, f"st-{n}", request, calls, "Yes, in stock."))
    write_log(root, tasks)
    run_weekly(root, e5, date(2026, 11, 30))
    titles = [
        line[2:]
        for p in (root / "procedures").glob("*.md")
        for line in p.read_text(encoding="utf-8").splitlines()
        if line.startswith("# ")
    ]
    assert titles == ["Hull repair"], titles  # main: `Near the stern`


HARMONIUM = [
    "আমাদের পুরনো হারমোনিয়ামের রিড নষ্ট হয়ে গেছে। শনিবার দোকানে নিয়ে আসব। রুমা",
    "হারমোনিয়ামের দুটো রিড বাজছে না, সুর ঠিক নেই। ১২ তারিখে নিয়ে আসতে পারি? সুব্রত",
    "মায়ের পুরনো হারমোনিয়াম, রিড আবার বসাতে হবে। রবিবার নিয়ে আসব। দীপা",
]
HARMONIUM_STEPS = [
    "busca_cliente: `telefono={telefono}`",
    "registra_arreglo: `servicio=codigo=HRM-REED nombre=হারমোনিয়াম রিড মেরামত (মোম, ৩৯ রিড) dia={dia}`",
    "manda_mensaje: `plantilla=arreglo_ok_v1`",
]


def test_a_word_no_call_writes_gives_way_to_the_service_in_the_requests_script() -> None:
    # `নিয়ে`, "having taken" (of "bring"), three times: main keeps it as the title
    assert over_own_words("নিয়ে", HARMONIUM_STEPS, HARMONIUM) == "হারমোনিয়াম রিড মেরামত"


def test_a_word_a_call_writes_stays() -> None:
    # a guard: the requests' own word for the thing the calls name
    assert over_own_words("রিড", HARMONIUM_STEPS, HARMONIUM) == "রিড"


def test_a_bracketed_option_list_is_no_thing() -> None:
    asked = [
        "三段の朱塗りでお願いします。お正月用です。",
        "三段で、朱塗りの重箱を作っていただけますか。",
        "三段・朱塗りを2つ。母への贈り物です。",
        "三段 朱塗り 1つ 木下",
    ]
    steps = [
        "kirjaa_tilaus: `tuote=nimi=輪島塗 重箱（三段・朱塗り） kuvaus=天然漆、約2か月 maara={maara}`",
        "laheta: `pohja=tilaus_v1`",
    ]
    assert japanese_call_title(steps, asked) != "三段・朱塗り"  # main: the options, "three tiers, vermilion"


def test_two_things_no_act_are_joined_as_a_request_joins_them() -> None:
    asked = [
        "お重箱、三段のものを1つお願いします。",
        "三段のお重箱を2つ作っていただけますか。",
        "重箱は三段で、朱塗りが希望です。",
    ]
    assert shared_phrase_ja(asked, alone=True) == "三段の重箱"  # main: `重箱の三段`


def test_requests_with_no_kana_take_no_japanese_particle() -> None:
    asked = [
        "你好，我的茶壶盖子摔破了，可以帮我修吗？下周三拿过来。王",
        "家里茶壶盖子摔破了一个角，可以修补吗？周五送来。李太太",
        "茶壶的把手断了，可以修吗？我明天拿过来。陈",
        "我们的茶壶盖子裂了，可以修补吗？周日拿来。刘",
    ]
    phrase = shared_phrase_ja(asked, alone=True)
    assert "の" not in phrase and phrase, phrase  # main: `茶壶盖子摔破了の可以`


def test_the_verb_the_requests_open_with_over_the_tools() -> None:
    steps = [
        "dms_find_vehicle: `reg={reg}`",
        "dms_create_job: `site=LEEDS-2 vehicle={reg} job={job}`",
        "sms_send: `template=job_booked`",
    ]
    asked = [
        "Schedule an MOT for my Golf on Friday morning",
        "Can you schedule a full service for the Fiesta next week?",
        "車検の予約をお願いします。来週の火曜日で。",
    ]
    assert call_work_title(steps, asked) == "Schedule a job"  # main: `Create a job`
    # a guard: a request that writes the tool's verb keeps it
    assert call_work_title(steps, [*asked[:2], "Create a job card for the Polo"]) == "Create a job"


def test_a_snake_case_value_and_a_day_leave_the_title_no_stray_hole(tmp_path: Path, e5: object) -> None:
    root = tmp_path / "mem"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    spa = [
        ("Reserve Lena for a hot stone with Yuki on Tuesday", "C-311", "hot_stone", "yuki"),
        ("Reserve Omar for a deep tissue with Yuki on Wednesday", "C-128", "deep_tissue", "yuki"),
        ("Reserve Priya for a foot ritual with Marta next Friday", "C-540", "foot_ritual", "marta"),
    ]
    tasks = []
    for n, (request, client, treatment, therapist) in enumerate(spa):
        calls = [
            ("room_find_slot", {"room": "treatment", "treatment": treatment, "therapist": therapist}, "ok"),
            ("spa_create_booking", {"site": "KYOTO-1", "client_id": client, "treatment": treatment}, "ok"),
            ("sms_send", {"template": "booking_ok", "client_id": client}, "ok"),
        ]
        when = datetime(2026, 11, 23 + n, 8, 0, tzinfo=timezone.utc)
        tasks.append(task_events(when, f"spa-{n}", request, calls, "Reserved."))
    write_log(root, tasks)
    run_weekly(root, e5, date(2026, 11, 30))
    [proc] = list((root / "procedures").glob("*.md"))
    text = proc.read_text(encoding="utf-8")
    title = next(line[2:] for line in text.splitlines() if line.startswith("# "))
    # main: `Reserve {name} for a {object} with {therapist} {value}`, `{object}` and `{value}` "a value"
    assert "{object}" not in title and "{value}" not in title, title
    assert "{treatment}" in title, title


def test_a_chinese_title_is_described_without_a_japanese_particle() -> None:
    asked = ["我想订一把紫砂茶壶，送给爸爸。", "请帮我做一把紫砂茶壶，下个月取。", "紫砂茶壶 一把 自取 张"]
    assert describe("紫砂茶壶", asked) == "Steps for: 紫砂茶壶"  # main: `紫砂茶壶の手順`
    # a guard: Japanese requests keep theirs
    assert describe("急須", ["急須をひとつ注文したいです。", "急須の注文をお願いします。"]) == "急須の手順"
