"""Lesson cues 「次からは…」 and "From now on, …" (trial 14 #6), in other domains: a veterinary clinic, a
makerspace, a greenhouse, a school office. Real day files, the real CLI."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir.consolidation.daily.lesson_text import failure_told

Cli = Callable[..., CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}
DAY = (date.today() - timedelta(days=2)).isoformat()

EPISODES = """## 08:40 — 超音波診断装置が起動しない

朝の診療前に超音波診断装置が起動しなくなった。UPSのバッテリーが劣化していた。メーカーに電話して指示どおりUPSを交換したら復旧した。次からは、停電のあとは電源を入れる前にUPSの表示を確認する。

## 11:15 — 3Dプリンタのノズル

3Dプリンタのノズルが詰まって、造形が最後まで進まなかった。古いフィラメントが湿気を吸っていた。ノズルを分解して掃除した。次からは、開封したフィラメントは乾燥剤と一緒に保管する。

## 14:30 — Greenhouse zone 3

The irrigation controller stopped watering zone 3 overnight. We replaced the solenoid valve and reset the schedule to 6 am. Lesson learned: we should have had a soil moisture alarm on every zone.

## 16:00 — School office printer toner

The office laser printer ran its toner down to 5% during report card week. We ordered two cartridges from the usual supplier. From now on, keep one spare toner cartridge in the supply cupboard at all times.
"""


@pytest.mark.slow
def test_rules_for_next_time_make_lessons_and_no_rule_is_skipped(root: Path, run_cli: Cli) -> None:
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{EPISODES}", encoding="utf-8")
    res = run_cli("consolidate", "daily", "--date", DAY, "--json", env=ENV, timeout=600)
    assert res.returncode == 0, res.stderr
    rows = {e["episode"].split("#")[1]: e for e in json.loads(res.stdout)["episodes"]}
    notes = {p.name: p.read_text(encoding="utf-8") for p in (root / "knowledge/lessons").glob("*.md")}
    wrong = []
    # 「次からは、…」 after something went wrong (起動しなくなった, 詰まって): a lesson with the rule as its fix
    for anchor, rule in (
        ("0840-超音波診断装置が起動しない", "UPSの表示を確認する"),
        ("1115-3dプリンタのノズル", "乾燥剤と一緒に保管する"),
    ):
        lesson = notes.get(Path(str(rows[anchor]["target"])).name, "")
        if rule not in lesson.split("## What worked instead", 1)[-1]:
            wrong.append(f"{anchor}: no lesson with its rule ({rows[anchor]['target']})")
    # what was done about it is never listed as what failed
    for words, done in (("超音波", "復旧した"), ("solenoid", "replaced the solenoid valve")):
        lesson = next((t for t in notes.values() if words in t), "")
        failed = lesson.split("## What failed", 1)[-1].split("##", 1)[0]
        if not lesson or done in failed:
            wrong.append(f"{words}: {done!r} under What failed (or no lesson)")
    # a rule adopted "from now on" is kept in a note, never skipped
    office = rows["1600-school-office-printer-toner"]
    if office["action"] == "skip" or "spare toner" not in (root / office["target"]).read_text(
        encoding="utf-8"
    ):
        wrong.append(f"the toner rule: {office['action']} ({office['reason']})")
    assert not wrong, wrong


def test_failure_words_and_stated_rules_in_both_languages() -> None:
    from memdir.consolidation.daily.route_fix_note import states_a_rule  # new in trial 14

    for said in (
        "The walk-in freezer stopped cooling overnight.",
        "The mailbox hit its quota.",
        "The kiosk wouldn't boot after the update.",
        "券売機が動かなくなった。",
        "排水管が詰まりかけていた。",
    ):
        assert failure_told(said), said
    assert states_a_rule("Ran out of flour twice.\nFrom now on, order flour on Mondays.")
    assert states_a_rule("小麦粉が二回足りなくなった。今後は、月曜に発注する。")
    assert not states_a_rule("今後ともよろしくお願いいたします。")  # a letter's closing
    assert not states_a_rule("Next time is Tuesday at 10.")
    assert not states_a_rule("From now on, who orders the flour?")
