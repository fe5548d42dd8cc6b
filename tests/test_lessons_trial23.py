"""Trial 23 #8 and #3: a daily lesson's "What failed" held plain narration ("Sent the invoice at 23:59."), a day
file's heading ("Evening") and the repair itself ("…; re-exported with the v2 template"); its description began
in lower case ("always open the PDF …" after "Lesson learned:").

A bike repair shop and a choir (English, Japanese and a German-English day), through one `memdir consolidate
daily` (a real subprocess): the narrator's plain act and a heading are never a failed step; a repair ("re-trued",
「再調整した」, "erneut bestellt") goes under "What worked instead", what it was done for under "What failed"; the
description starts with a capital.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day, memdir_stdout

DAY = """---
date: 2026-05-12
---

## 09:10 — wheel for Ms Ortiz
Picked up the rear wheel from Ms Ortiz at nine. The spoke tension app showed the rim out of true again; re-trued it on the stand. Lesson learned: always check the spoke tension with the gauge before handing a wheel back.

## 11:00 — 合唱団の楽譜
10時に楽譜を配った。アルトのパート譜でページがまた抜けていたので、原本から再印刷した。教訓：配る前に必ず全ページをめくって確認する。

## 15:30 — Chorprobe
Die Noten für Samstag an alle Sänger verteilt. The copier left the last page out again; re-printed it from the master. Lesson learned: always count the pages before handing out scores.
"""

DAYFILE = """# 2026-05-13

### Morning
- Met the new bass singer: he joins the choir in June and sings from the second row.

### Evening
- Tuned the piano: the A string must be tuned before the others, otherwise the whole octave drifts. Lesson learned: tune the A first.
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = consolidated_day(tmp_path_factory.mktemp("lessons23"), "2026-05-12", {"2026-05-12.md": DAY})
    (root / "episodes" / "2026-05-13.md").write_text(DAYFILE, encoding="utf-8")
    memdir_stdout(root, "consolidate", "daily", "--date", "2026-05-13")
    return root


def _lesson(root: Path, word: str) -> str:
    [text] = [
        t
        for f in (root / "knowledge" / "lessons").glob("*.md")
        if word in (t := f.read_text(encoding="utf-8"))
    ]
    return text


def _section(text: str, heading: str) -> str:
    return text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize(
    ("word", "act", "failure", "repair"),
    [
        ("spoke", "Picked up the rear wheel", "showed the rim out of true again", "re-trued it on the stand"),
        ("楽譜", "10時に楽譜を配った", "ページがまた抜けていた", "原本から再印刷した"),
        (
            "copier",
            "Die Noten für Samstag",
            "The copier left the last page out again",
            "re-printed it from the master",
        ),
    ],
)
def test_narration_is_no_failure_and_the_repair_is_what_worked(
    root: Path, word: str, act: str, failure: str, repair: str
) -> None:
    text = _lesson(root, word)
    failed, worked = _section(text, "What failed"), _section(text, "What worked instead")
    assert act not in failed, text
    assert failure in failed, text
    assert repair not in failed, text
    assert repair in worked, text


def test_a_heading_and_a_plain_fact_of_a_day_file_are_no_failed_step(root: Path) -> None:
    text = _lesson(root, "Tune the A first")
    failed = _section(text, "What failed")
    assert "Evening" not in failed and "Morning" not in failed, text
    assert "bass singer" not in failed, text


@pytest.mark.parametrize("word", ["spoke", "copier", "Tune the A first"])
def test_a_lessons_description_starts_with_a_capital(root: Path, word: str) -> None:
    desc = next(line for line in _lesson(root, word).splitlines() if line.startswith("description:"))
    first = desc.removeprefix("description:").strip().strip("'\"")[:1]
    assert first.isupper(), desc


def _procedure_descriptions(root: Path) -> list[str]:
    return [
        line
        for f in sorted((root / "procedures").glob("*.md"))
        for line in f.read_text(encoding="utf-8").splitlines()
        if line.startswith("description:")
    ]


def test_an_english_day_files_procedure_is_described_in_english(tmp_path: Path) -> None:
    steps = (
        "## 09:00 Stage setup\n"
        "1. Phone 佐藤さん at the hall to confirm that the stage door opens at 17:00.\n"
        "2. Set out the music stands in four rows.\n"
        "3. Put the soprano folders on the left chairs.\n"
        "4. Check that the piano was tuned after 16:30.\n"
    )
    root = consolidated_day(tmp_path, "2026-05-20", {"2026-05-20.md": steps})
    descs = _procedure_descriptions(root)
    assert descs, list((root / "procedures").glob("*"))
    assert not any("つの手順" in d for d in descs), descs
    assert any(" steps, from " in d for d in descs), descs


def test_a_japanese_procedure_with_commands_is_described_in_japanese(tmp_path: Path) -> None:
    steps = (
        "## 09:00 練習前\n"
        "1. `scp scores/*.pdf choir@nas:/share` で楽譜をアップロードする。\n"
        "2. 団員全員に楽譜の場所をメールで知らせる。\n"
        "3. 練習の最後に出欠を記録する。\n"
    )
    root = consolidated_day(tmp_path, "2026-05-21", {"2026-05-21.md": steps})
    descs = _procedure_descriptions(root)
    assert descs, list((root / "procedures").glob("*"))
    assert not any(" steps, from " in d for d in descs), descs
    assert any("つの手順" in d for d in descs), descs
