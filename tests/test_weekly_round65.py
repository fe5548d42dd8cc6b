"""Round 65: one argument's value written in several words, or two choices of it, is one step on other values.

A step key keeps the words of a value three tasks of the week write and masks the rest. A thing booked in
for service (`Acadian 1-row, C`, `Bon Cajun 1-row, D`, set 65's accordions) is a value of a few words, some
written often (`row`, `c`), some rare: one call kept them (`tauihaa * # row c`), the next, most of its words
rare, was free text and one mask (`tauihaa *`), and `step_cover` let a mask stand for two words at most. A
rental's key of the instrument (`ʻaʻai=C`, `ʻaʻai=D`), each written by three tasks, was two keys. The tune-ups
had no step most of them took ("no kind of task") and the rental in D was set apart from its kind: the week
wrote nothing. `one_value.one_value` and `one_value.other_choice` read both as one call (`step_cover.settled`),
for the kind's own steps (`distinctive`) and for how members agree (`agreement`).

Written on other domains and languages than set 65 (accordions over Tahitian tools): a ski shop's English
requests over Finnish tools, and a Japanese bicycle shop's requests over Indonesian tools.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from week_log import run_weekly, task_events, write_log

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    return root


def _procedures(root: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((root / "procedures").glob("*.md"))]


def _week(root: Path, lang: dict[str, Any]) -> None:
    """Five services of a thing described in a few words, four rentals of one size or another, one look-up."""
    tools = lang["tools"]
    tasks = []
    for n, (request, thing, note) in enumerate(lang["services"]):
        given: dict[str, Any] = {
            tools["customer_key"]: f"AS-{4100 + n}",
            tools["service_key"]: lang["service"],
            tools["thing_key"]: thing,
            tools["when_key"]: {tools["day_key"]: f"2027-01-{10 + n:02d}"},
        }
        if note:
            given[tools["note_key"]] = note
        calls = [
            (tools["find"], {tools["phone_key"]: f"+35840{n:07d}"}, f"AS-{4100 + n}"),
            (tools["book"], given, f"HU-{300 + n}"),
            (
                tools["send"],
                {
                    tools["channel_key"]: "sms",
                    tools["template_key"]: "svc_ok_v2",
                    "arvot": {"nimi": NAMES[n]},
                },
                "ok",
            ),
        ]
        when = datetime(2027, 1, 4 + n, 9, 0, tzinfo=timezone.utc)
        tasks.append(task_events(when, f"svc-{n}", request, calls, lang["reply"]))
    for k, (request, size, months) in enumerate(lang["rentals"]):
        n = 5 + k
        given = {
            tools["customer_key"]: f"AS-{4100 + n}",
            tools["rent_item_key"]: lang["rent_item"],
            tools["size_key"]: size,
            tools["months_key"]: months,
            tools["start_key"]: f"2027-01-{12 + k:02d}",
        }
        calls = [
            (tools["find"], {tools["phone_key"]: f"+35840{n:07d}"}, f"AS-{4100 + n}"),
            (tools["rent"], given, f"VU-{500 + k}"),
            (
                tools["send"],
                {
                    tools["channel_key"]: "sms",
                    tools["template_key"]: "rent_ok_v1",
                    "arvot": {"nimi": NAMES[n]},
                },
                "ok",
            ),
        ]
        when = datetime(2027, 1, 4 + k, 14, 0, tzinfo=timezone.utc)
        tasks.append(task_events(when, f"rent-{k}", request, calls, lang["reply"]))
    calls = [(tools["status"], {tools["order_key"]: "HU-300"}, "ready")]
    tasks.append(
        task_events(datetime(2027, 1, 9, 11, 0, tzinfo=timezone.utc), "ask-0", lang["ask"], calls, "ok")
    )
    write_log(root, tasks)


SKI = {
    "tools": {
        "find": "etsi_asiakas",
        "book": "varaa_huolto",
        "rent": "vuokraa",
        "send": "laheta_viesti",
        "status": "katso_huolto",
        "customer_key": "asiakas",
        "phone_key": "puhelin",
        "service_key": "palvelu",
        "thing_key": "sukset",
        "when_key": "tuonti",
        "day_key": "paiva",
        "note_key": "huomio",
        "rent_item_key": "tuote",
        "size_key": "koko",
        "months_key": "kuukaudet",
        "start_key": "alku",
        "channel_key": "kanava",
        "template_key": "pohja",
        "order_key": "tilaus",
    },
    "service": {"koodi": "SKI-TUNE-FULL", "nimi": "Full ski tune: base grind, edge sharpening, hot wax"},
    "services": [
        (
            "Hi, my Atomic skis have a scratched base and dull edges. Can I bring them Tuesday for a full tune?",
            "Atomic Redster 170, M",
            "scratched base near the tip",
        ),
        (
            "Could you fit my old Rossignol Experience in for a tune before the holidays? Any day works.",
            "Rossignol Experience, L",
            "rusty edges after summer in the garage",
        ),
        (
            "Need my Fischer skis tuned, they feel grabby on ice. Dropping them off Friday if ok.",
            "Fischer RC4 165, M",
            "grabby on hard snow",
        ),
        (
            "Good morning, I'd like to book the full tune for my Head skis, the pair with the chipped topsheet.",
            "Head Supershape 163, S",
            "chipped topsheet",
        ),
        ("tune, skis, sat ok?", "Elan 160, M", ""),
    ],
    "rent_item": {
        "koodi": "SKI-RENT-JUNIOR",
        "nimi": "Junior ski set, skis boots and poles - monthly rental",
    },
    "rentals": [
        (
            "Hi, my daughter (9) starts ski school this winter. Could we rent a junior set in size M for 3 months?",
            "M",
            3,
        ),
        ("Looking to rent one of your junior sets, size L, for two months from the 12th.", "L", 2),
        ("Do you still have junior rental sets? Size M for my grandson, 4 months please.", "M", 4),
        ("I'd like the junior ski rental, size M, for the season, starting next week.", "M", 5),
    ],
    "ask": "Hey, it's Ann again. Are my skis ready yet? Order HU-300 I think.",
    "reply": "Booked, see you then.",
}


def test_services_of_things_in_a_few_words_and_rentals_of_two_sizes_are_two_kinds(
    tmp_path: Path, e5: object
) -> None:
    root = _root(tmp_path)
    _week(root, SKI)
    run_weekly(root, e5, date(2027, 1, 11))
    texts = _procedures(root)
    tunes = [t for t in texts if "varaa_huolto" in t]
    rents = [t for t in texts if "vuokraa" in t]
    # main: no procedure at all (the tunes no kind of task, the rental in L set apart from the others)
    assert len(tunes) == 1 and all(f"svc-{n}" in tunes[0] for n in range(5)), [t[:300] for t in texts]
    assert len(rents) == 1 and all(f"rent-{k}" in rents[0] for k in range(4)), [t[:300] for t in texts]
    assert "SKI-TUNE-FULL" in tunes[0] and "SKI-RENT-JUNIOR" in rents[0]
    assert "Redster" not in tunes[0] and "grabby" not in tunes[0]  # no one task's skis or note


BIKE = {
    "tools": {
        "find": "cari_pelanggan",
        "book": "pesan_servis",
        "rent": "sewakan",
        "send": "kirim_pesan",
        "status": "cek_servis",
        "customer_key": "pelanggan",
        "phone_key": "telepon",
        "service_key": "layanan",
        "thing_key": "sepeda",
        "when_key": "antar",
        "day_key": "tanggal",
        "note_key": "catatan",
        "rent_item_key": "barang",
        "size_key": "ukuran",
        "months_key": "bulan",
        "start_key": "mulai",
        "channel_key": "saluran",
        "template_key": "templat",
        "order_key": "pesanan",
    },
    "service": {"kode": "BK-OH-FULL", "nama": "Full overhaul: gears indexed, brakes bled, bearings greased"},
    "services": [
        (
            "自転車のオーバーホールをお願いしたいです。変速がうまく入らなくて、火曜日に持っていけますか。",
            "Bridgestone 27, M",
            "変速が二段目に入らない",
        ),
        (
            "年末までに古いロードバイクを全部点検してほしいです。いつでも持っていけます。",
            "Peugeot Randonneur Classic, L",
            "夏の間ずっと外に置いていた",
        ),
        (
            "ブレーキの効きが悪いのでオーバーホールを予約したい。金曜日に持ち込みます。",
            "Giant 26, L",
            "雨の日にブレーキが鳴く",
        ),
        (
            "おはようございます。ギアが錆びた自転車の整備をお願いします。",
            "Panasonic 24, M",
            "チェーンが錆びている",
        ),
        ("OH 土曜 可?", "Yamaha 26, M", "前回と同じ"),
    ],
    "rent_item": {"kode": "BK-RENT-KIDS", "nama": "Kids bicycle with helmet - monthly rental"},
    "rentals": [
        ("娘が自転車の練習を始めるので、Mサイズの子ども用自転車を3か月借りたいです。", "M", 3),
        ("子ども用の自転車をLサイズで2か月レンタルできますか。12日からです。", "L", 2),
        ("孫用にLサイズの子ども自転車をレンタルしたい。4か月お願いします。", "L", 4),
        ("キッズ自転車のレンタル、Mサイズ、来週から5か月で。", "M", 5),
    ],
    "ask": "先日お願いした自転車はもう直りましたか。受付番号は HU-300 です。",
    "reply": "承りました。",
}


def test_japanese_requests_services_of_bicycles_and_rentals_of_two_sizes(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path)
    _week(root, BIKE)
    run_weekly(root, e5, date(2027, 1, 11))
    texts = _procedures(root)
    services = [t for t in texts if "pesan_servis" in t]
    rents = [t for t in texts if "sewakan" in t]
    assert len(services) == 1 and all(f"svc-{n}" in services[0] for n in range(5)), [t[:300] for t in texts]
    assert len(rents) == 1 and all(f"rent-{k}" in rents[0] for k in range(4)), [t[:300] for t in texts]
    assert "BK-OH-FULL" in services[0] and "BK-RENT-KIDS" in rents[0]
    assert "Bridgestone" not in services[0] and "錆び" not in services[0].split("## Steps", 1)[1]


def test_one_value_and_other_choice_join_one_argument_only() -> None:
    from memdir.consolidation.weekly.one_value import one_value, other_choice

    head = "book_service customer cu # service code tune name full tune base grind edge sharpening hot wax"
    rare = f"{head} skis * bring day # note *"
    kept = f"{head} skis * # m bring day # note *"
    keys = {rare, kept}
    assert one_value(rare, kept, keys) and one_value(kept, rare, keys)
    # two arguments' values apart (the skis and the day): another call's values, not one value's words
    other = f"{head} skis * # m bring * note *"
    assert not one_value(rare, other, {rare, other})
    # a short call (a click's label) is no call of arguments
    assert not one_value("click *", "click * # m", {"click *", "click * # m"})
    m, l_ = f"{head} size m months #", f"{head} size l months #"
    assert other_choice(m, l_, {m, l_}, {"m", "l"})
    # a word the week never writes as a whole value (`l` only inside `L-shaped`): no choice of an argument
    assert not other_choice(m, l_, {m, l_}, {"m"})
