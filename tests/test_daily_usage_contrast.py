"""A usage report whose work is followed by a contrast and a bad result is a failure (trial 18).

"Did it the usual way, but the reading was still off" / 「いつもの手順でやったが、合わなかった」 raised
`success_count` until only a literal "failed" / 失敗 counted; "but it went fine" / 「が、問題なかった」
stays a success, and "no errors" / 「エラーなし」 is good news, not a failure.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir.consolidation.daily.route_usage import usage_outcome
from memdir.notes.store import NoteStore

Cli = Callable[..., CompletedProcess[str]]


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        # a lab's centrifuge calibration
        ("Calibrated centrifuge C-3 per the checklist, but the speed was still off by 200 rpm.", "failure"),
        ("Calibrated centrifuge C-3 the usual way, however the imbalance alarm came back again.", "failure"),
        ("Calibrated centrifuge C-3 the usual way but had to redo the tachometer reading.", "failure"),
        ("Calibrated centrifuge C-3 the usual way, but it went fine.", "success"),
        ("Calibrated centrifuge C-3 per the checklist, but no errors this time.", "success"),
        ("遠心機C-3をいつもの手順で校正したけど、回転数が合わなかった。", "failure"),
        ("遠心機C-3をいつもの手順で校正したが、アラームが再発した。やり直し。", "failure"),
        ("遠心機C-3をいつもの手順で校正したが、問題なかった。", "success"),
        ("遠心機C-3をいつもの手順で校正した。エラーなし。", "success"),
        ("遠心機C-3をいつもの手順で校正したが、まだ終わっていない。", "unknown"),
        # a bus depot's brake check
        ("Did the brake check on bus 14 the usual way, but the pads were not within spec.", "failure"),
        ("バス14号車のブレーキ点検をいつも通りやったが、異音が残った。", "failure"),
        ("バス14号車のブレーキ点検をいつも通りやったが、異音は残っていなかった。", "success"),
        ("Did the brake check on bus 14 the usual way, though it took longer than usual.", "success"),
    ],
)
def test_a_contrast_then_a_bad_result_is_a_failure(text: str, outcome: str) -> None:
    assert usage_outcome(text) == outcome


BRAKE_STEPS = """1. Park the bus over the pit and chock the wheels.
2. Measure the pad thickness on every wheel.
3. Check the brake lines for leaks.
4. Run the air pressure test and log the reading.
"""
BRAKE_STEPS_JA = """1. バスをピットの上に停めて車輪止めをかける。
2. 全輪のブレーキパッドの厚みを測る。
3. ブレーキ配管の漏れを確認する。
4. エア圧テストをして記録する。
"""

EPISODES = """---
date: 2027-03-04
---

## 07:00 — brake check bus 14

Did the brake check on bus 14 the usual way, but the pads were not within spec and the air pressure was still low.

## 08:00 — ブレーキ点検 21号車

バスのブレーキ点検（21号車）をいつもの手順でやったが、うまくいかなかった。異音が残った。

## 09:00 — brake check bus 30

Did the brake check on bus 30 the usual way, but it went fine.

## 10:00 — ブレーキ点検 32号車

バスのブレーキ点検（32号車）をいつもの手順でやったが、問題なかった。
"""


@pytest.mark.slow
def test_the_daily_run_counts_failed_brake_checks_as_failures(root: Path, run_cli: Cli) -> None:
    res = run_cli(
        "note", "add", "procedures", "Bus brake check", "-", "-d", "How to check the brakes of a bus",
        input=BRAKE_STEPS,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    res = run_cli(
        "note", "add", "procedures", "バスのブレーキ点検", "-", "-d", "バスのブレーキを点検する手順",
        input=BRAKE_STEPS_JA,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    (root / "episodes" / "2027-03-04.md").write_text(EPISODES, encoding="utf-8")
    res = run_cli("consolidate", "daily", "--date", "2027-03-04", "--json", timeout=600)
    assert res.returncode == 0, res.stderr
    outcomes = {e["episode"].split("#")[1][:4]: e for e in json.loads(res.stdout)["episodes"]}
    assert {k: e["action"] for k, e in outcomes.items()} == dict.fromkeys(
        ("0700", "0800", "0900", "1000"), "outcome"
    )
    assert ": failure (" in outcomes["0700"]["reason"] and ": failure (" in outcomes["0800"]["reason"]
    assert ": success (" in outcomes["0900"]["reason"] and ": success (" in outcomes["1000"]["reason"]
    counts = {
        n.path: (n.get("success_count"), n.get("failure_count"))
        for n in NoteStore(root).iter_notes(("procedures",))
    }
    assert counts == {"procedures/bus-brake-check.md": (1, 1), "procedures/バスのブレーキ点検.md": (1, 1)}
