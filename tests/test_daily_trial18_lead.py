"""Trial 18 re-check N4: the lead line that says what a numbered list is for is never lost.

A bike shop's chain replacement (EN) and a school kitchen's 食器洗浄機の点検手順 (JA), each a file of its own
whose heading opens with a clock time and whose steps follow a lead ending in a colon ("Chain replacement
procedure for the rental fleet:", 「給食室の食器洗浄機の点検手順：」), and the same JA text as a day file's
section, go through one `memdir consolidate daily` (a real subprocess). The lead is in the body and is the
description (it was dropped as an announcement of the steps); the body holds no second heading
(`## 09:30 — Chain` under `# Chain`). A lead that only announces ("Steps I ran:") still says nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day
from cli_support import memdir_stdout as _memdir

CHAIN = """## 09:30 — Chain

Chain replacement procedure for the rental fleet:
1. Shift the bike onto the smallest rear cog.
2. Break the old chain with the chain tool.
3. Size the new chain against the old one on the bench.
4. Join it with a new quick link and check it runs quietly.
"""
WASHER = """## 7:45 — 洗浄機

給食室の食器洗浄機の点検手順：
1. 電源を切ってタンクの湯を抜く
2. 洗浄ノズルの詰まりを確認する
3. フィルターを外して洗う
4. 洗剤の残量を点検表に書く
"""
DAY = """---
date: 2026-04-02
---

## 14:00 — 洗浄機

給食室の食器洗浄機の点検手順：
1. 電源を切ってタンクの湯を抜く
2. 洗浄ノズルの詰まりを確認する
3. フィルターを外して洗う
4. 洗剤の残量を点検表に書く
"""
BRAKES = """## 11:00 — Brake pads

Steps I ran:
1. Take the wheel off the bike.
2. Pull the worn pads out with pliers.
3. Push the pistons back with a tyre lever.
4. Fit the new pads and bed them in on the street.
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    files = {"2026-04-01-chain.md": CHAIN, "2026-04-01-washer.md": WASHER, "2026-04-01-brakes.md": BRAKES}
    return consolidated_day(tmp_path_factory.mktemp("lead18"), "2026-04-01", files)


def _note(root: Path, name: str) -> tuple[str, str]:
    text = (root / "procedures" / name).read_text(encoding="utf-8")
    desc = next(ln for ln in text.splitlines() if ln.startswith("description:"))
    return desc, text.split("\n---\n", 1)[1]


def test_an_english_colon_lead_is_the_description_and_stays_in_the_body(root: Path) -> None:
    desc, body = _note(root, "chain.md")
    assert "Chain replacement procedure for the rental fleet" in desc, desc
    assert "Chain replacement procedure for the rental fleet:" in body, body
    assert "09:30" not in body, body  # no second heading under `# Chain`


def test_a_japanese_colon_lead_is_the_description_and_stays_in_the_body(root: Path) -> None:
    desc, body = _note(root, "洗浄機.md")
    assert "給食室の食器洗浄機の点検手順" in desc, desc
    assert "給食室の食器洗浄機の点検手順：" in body, body
    assert "7:45" not in body, body


def test_a_day_files_section_keeps_its_lead_in_the_body(tmp_path: Path) -> None:
    root = tmp_path / "root"
    _memdir(root, "init")
    (root / "episodes" / "2026-04-02.md").write_text(DAY, encoding="utf-8")
    _memdir(root, "consolidate", "daily", "--date", "2026-04-02")
    desc, body = _note(root, "洗浄機.md")
    assert "給食室の食器洗浄機の点検手順" in desc, desc
    assert "給食室の食器洗浄機の点検手順：" in body, body


def test_a_lead_that_only_announces_the_steps_still_says_nothing(root: Path) -> None:
    desc, body = _note(root, "brake-pads.md")
    assert "Steps I ran" not in desc and "Steps I ran" not in body, (desc, body)
    assert desc.startswith("description: 4 steps"), desc
