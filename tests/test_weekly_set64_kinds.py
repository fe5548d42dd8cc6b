"""Set 64: a kind set aside because one reply was keyed apart by the word its value opens with.

A date value written `Mon 14 Dec` by some tasks and `Fri 18 Dec` by others: `mon`, written by three tasks of the
week, stays a word of the step's key, `fri` is masked, so the one reply was two keys, no step most of the kind
took, and the kind was "no kind of task" (`step_cover.one_word` reads the two keys as one call).

Written on other domains and languages than set 64 (felt hats over Papiamento tools): a piano tuner's English
requests over Finnish tools, and a Japanese kimono cleaner's requests over Estonian tools.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from week_log import run_weekly, task_events, write_log

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def _calls(n: int, tool: str, given: dict[str, Any], template: str, day: str) -> list[tuple[str, Any, str]]:
    return [
        ("etsi_asiakas", {"puhelin": f"+35840012{n:04d}"}, f"AS-{300 + n}"),
        (tool, {"asiakas": f"AS-{300 + n}", **given}, f"TK-{500 + n}"),
        (
            "laheta_viesti",
            {
                "kanava": "web-chat",
                "keskustelu": {"tunnus": f"k-{n}x{n}"},
                "pohja": template,
                "arvot": {"nimi": NAMES[n], "paiva": day},
            },
            "sent",
        ),
    ]


TUNINGS = [
    ("Our upright piano sounds sour since the move, could someone come and tune it?", "Mon 14 Dec"),
    ("The middle C on my grand sticks and the whole thing is out of pitch. Visit please?", "Fri 18 Dec"),
    ("Hi, time for the yearly tuning of the school's old Steinway in the hall.", "Mon 21 Dec"),
    ("my piano needs tuning, two keys buzz too. any slot next week?", "Tue 15 Dec"),
]
ORDERS = [
    "I'd like to buy a padded piano bench in black walnut, adjustable height.",
    "Could you sell me an adjustable piano stool, the leather one from your window?",
    "Please order one adjustable bench for my daughter's digital piano, in white.",
]
ONE_OFFS = ["Are you open on Sunday?", "How much is moving a piano up two floors?", "Is my bench ready?"]


def _week(root: Path, tunings: list[tuple[str, str]], orders: list[str], one_offs: list[str]) -> None:
    tasks = []
    service = {"koodi": "PT-TUNE", "nimi": "Piano tuning visit, pitch raise included"}
    for n, (request, day) in enumerate(tunings):
        given = {"palvelu": service, "kaynti": {"paiva": f"2026-12-{14 + n}"}}
        when = datetime(2026, 11, 23 + n, 10, 0, tzinfo=timezone.utc)
        calls = _calls(n, "varaa_viritys", given, "viritys_ok_v1", day)
        tasks.append(task_events(when, f"tune-{n}", request, calls, "Booked."))
    for k, request in enumerate(orders):
        n = 4 + k
        given = {"tuote": {"koodi": "PB-ADJ", "nimi": "Adjustable piano bench"}, "vari": f"colour {n}"}
        when = datetime(2026, 11, 23 + k, 15, 0, tzinfo=timezone.utc)
        calls = _calls(n, "kirjaa_tilaus", given, "tilaus_ok_v2", f"Mon {7 + k} Dec")
        tasks.append(task_events(when, f"ord-{k}", request, calls, "Ordered."))
    for k, request in enumerate(one_offs):
        calls = [(["aukiolo", "hinta", "tilan_tila"][k], {"kysymys": k}, "ok")]
        when = datetime(2026, 11, 27, 9 + k, 0, tzinfo=timezone.utc)
        tasks.append(task_events(when, f"q-{k}", request, calls, "Answered."))
    write_log(root, tasks)


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    (root / "procedures").mkdir(parents=True)
    (root / "activity").mkdir()
    return root


def test_a_kind_whose_reply_dates_open_with_a_frequent_word_is_written(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path)
    _week(root, TUNINGS, ORDERS, ONE_OFFS)
    run_weekly(root, e5, date(2026, 11, 30))
    sources = [p.read_text(encoding="utf-8") for p in (root / "procedures").glob("*.md")]
    assert any("tune-0" in s and "tune-3" in s and "varaa_viritys" in s for s in sources), [
        s[:300] for s in sources
    ]  # int26: `paiva mon #` and `paiva * #` were two replies, and the tunings no kind of task


KIMONO = [
    ("着物のクリーニングをお願いします。袖に染みがあります。", "Mon 14 Dec"),
    ("母の訪問着を丸洗いしてほしいです。", "Fri 18 Dec"),
    ("振袖のしみ抜きと丸洗いをお願いできますか", "Mon 21 Dec"),
    ("浴衣 洗い 一枚", "Tue 15 Dec"),
]


def test_japanese_requests_with_such_dates_are_one_kind_too(tmp_path: Path, e5: object) -> None:
    root = _root(tmp_path)
    orders = ["帯を一本注文したいです。黒でお願いします。", "帯締めを買いたいです", "半幅帯をひとつください"]
    _week(
        root, KIMONO, orders, ["日曜日は営業していますか", "配送料はいくらですか", "注文した帯はまだですか"]
    )
    run_weekly(root, e5, date(2026, 11, 30))
    sources = [p.read_text(encoding="utf-8") for p in (root / "procedures").glob("*.md")]
    assert any("tune-0" in s and "tune-3" in s for s in sources), [s[:300] for s in sources]


def test_one_word_joins_a_masked_word_and_a_frequent_one_only() -> None:
    from memdir.consolidation.weekly.step_cover import one_word

    base = "send kanava web chat keskustelu tunnus k # pohja viritys ok # arvot nimi * paiva {} # dec"
    args = {base.format(w) for w in ("mon", "*", "#")} | {base.format("mon") + " extra"}
    assert one_word(base.format("*"), base.format("mon"), args)
    assert not one_word(base.format("#"), base.format("mon"), args)  # a number is no word
    assert not one_word(base.format("*"), base.format("mon") + " extra", args)  # another argument
    assert not one_word("send a * b", "send a mon b", {"send a * b", "send a mon b"})  # too short
