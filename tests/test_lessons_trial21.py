"""Trial 21 #3d: an incident told in bullets (symptom, cause, fix, lesson) gave a lesson whose "When it applies"
was a bare date (`before Dec`), whose "What worked instead" held the symptom, and which lost the fix.

A bicycle co-op's brake fault and flooded workshop (EN bullets, EN prose) and a language school's projector and blocked sink (JA
bullets, JA prose), in one day file through one `memdir consolidate daily` (a real subprocess). Each part goes where
what it is says: the symptom ("no rear brake since Tuesday", 「朝から…映らない」) and the cause under "What failed", the
fix ("replaced the cable + trued the wheel…", "We unclogged the drain…") under "What worked instead", and a time
alone ("before Saturday", 「12月前に」) is no condition a reader can check.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day

DAY = """---
date: 2026-04-08
---

## 09:10 — rental bike R-7 brakes failing
- customer returned R-7, no rear brake since Tuesday
- mechanic Jonas checked it 11:00
- cause: cable broke at the lever → pads not reaching the rim
- replaced the cable + trued the wheel, adjusted pads, back in the rental fleet 14:30
- lesson: check rental brake cables at every weekly service before Saturday

## 10:30 — 教室Bのプロジェクター
- 朝から教室Bのプロジェクターが映らない
- 原因：HDMIケーブルの断線
- ケーブルを交換して再起動、10時に映るようになった
- 教訓：12月前に各教室へ予備のケーブルを置く

## 13:00 — 手洗い場の詰まり

今朝から2階の手洗い場の水が流れない。原因は排水管の詰まりだった。業者が高圧洗浄して、昼には流れるようになった。教訓：学期ごとに排水管を点検する。

## 15:00 — Shop flooded overnight
The workshop floor was under water this morning and two customer bikes got wet. The cause was the back door drain, blocked with leaves. We unclogged the drain and mopped the floor; the shop was back open by 10. Lesson learned: clear the drain every Friday before closing.
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("lessons21"), "2026-04-08", {"2026-04-08.md": DAY})


def _lesson(root: Path, word: str) -> str:
    [text] = [
        t
        for f in (root / "knowledge" / "lessons").glob("*.md")
        if word in (t := f.read_text(encoding="utf-8"))
    ]
    return text


@pytest.mark.parametrize(
    ("word", "symptom", "fix"),
    [
        ("R-7", "no rear brake since Tuesday", "Replaced the cable + trued the wheel"),
        ("プロジェクター", "朝から教室Bのプロジェクターが映らない", "ケーブルを交換して再起動"),
        ("drain", "The workshop floor was under water", "We unclogged the drain and mopped the floor"),
        (
            "手洗い場",
            "今朝から2階の手洗い場の水が流れない。",
            "業者が高圧洗浄して、昼には流れるようになった。",
        ),
    ],
)
def test_each_part_of_an_incident_goes_where_what_it_is_says(
    root: Path, word: str, symptom: str, fix: str
) -> None:
    text = _lesson(root, word)
    failed = text.split("## What failed", 1)[1].split("## What worked instead", 1)[0]
    worked = text.split("## What worked instead", 1)[1].split("\n## ", 1)[0]
    assert symptom in failed and symptom not in worked, text
    assert fix in worked, text  # the fix line is never lost (nor left under ## Notes)


@pytest.mark.parametrize(("word", "when"), [("R-7", "- before Saturday"), ("プロジェクター", "- 12月前に")])
def test_a_time_alone_is_no_condition(root: Path, word: str, when: str) -> None:
    text = _lesson(root, word)
    assert when not in text.split("## What failed", 1)[0], text
