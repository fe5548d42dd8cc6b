"""Trial 20 #6: numbered steps typed on one line became steps like "2. 2. … 3. … 4. …".

A school library's procedures, typed into a form on one line each (EN and JA, `1)`, `1.`, `①`, `(1)`), go
through one `memdir consolidate daily` (a real subprocess). Each number starts a step of its own; what comes
before the first number is the procedure's lead, never step 1; a decimal ("1.5 kg") splits nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_support import consolidated_day

DAY = """---
date: 2026-05-12
---

## 09:10 — 返却本の処理

返却本の処理手順：1. 返却ポストから本を出す。2. バーコードを読み取って返却処理をする。3. 予約が入っている本は予約棚へ置く。4. それ以外はブックトラックに載せる。

## 11:30 — Repairing a torn spine

To repair a torn spine: 1) Open the book flat on the press board. 2) Brush 1.5 g of wheat-starch paste along the tear. 3) Lay the Japanese tissue over it and press for 12 hours. 4) Write the repair date on the slip inside the back cover.

## 14:00 — 新着図書の登録

新着図書の登録 ①ISBNで書誌データを取り込む ②請求記号ラベルを背に貼る ③ブッカーをかける ④新着コーナーに並べる
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("steps20"), "2026-05-12", {"2026-05-12.md": DAY})


def _steps(root: Path, word: str) -> tuple[str, list[str]]:
    [text] = [t for f in (root / "procedures").glob("*.md") if word in (t := f.read_text(encoding="utf-8"))]
    body = text.split("---", 2)[2]
    return body, re.findall(r"^\d+\. (.*)$", body, re.M)


@pytest.mark.parametrize(
    ("word", "lead", "first", "last"),
    [
        (
            "返却ポスト",
            "返却本の処理手順：",
            "返却ポストから本を出す。",
            "それ以外はブックトラックに載せる。",
        ),
        (
            "press board",
            "To repair a torn spine:",
            "Open the book flat on the press board.",
            "Write the repair date",
        ),
        ("ISBN", "新着図書の登録", "ISBNで書誌データを取り込む", "新着コーナーに並べる"),
    ],
)
def test_each_number_typed_on_one_line_is_a_step_and_the_lead_is_no_step(
    root: Path, word: str, lead: str, first: str, last: str
) -> None:
    body, steps = _steps(root, word)
    assert len(steps) == 4, steps
    assert steps[0] == first and steps[-1].startswith(last)
    assert not any(re.match(r"\(?[\d①-⑳]", s) for s in steps), steps  # no "2. 2. …"
    assert not any(lead in s for s in steps) and lead in body


def test_a_decimal_inside_a_step_splits_nothing(root: Path) -> None:
    _, steps = _steps(root, "press board")
    assert steps[1] == "Brush 1.5 g of wheat-starch paste along the tear."
