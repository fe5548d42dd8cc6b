"""Trial 20 #5b: a decided rule with its reason is a knowledge note, not a lesson whose failure is the reason.

A staff meeting's Japanese policy (「今後は…とする。理由：先月、…悪化が2件…」) became a lesson whose `## What
failed` was the policy's reason. In other domains: a school club's key rule (「…記入する。先月、鍵の紛失が2回
あったため。」), a rowing club's rule with "Reason: …" and "This is because …"; each stays the knowledge note the
day's run writes, and no lesson. An incident told as what happened, with its fix, is still a lesson. Real
files, one `memdir consolidate daily` subprocess.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import memdir_stdout as _memdir

DAY = """---
date: 2026-04-14
---

## 18:00 — 部室の鍵の管理（部会）

本日の部会で、部室の鍵の扱いについて決定した。今後は鍵を職員室で管理し、借りるときは名簿に名前と時刻を記入する。理由：先月、鍵の紛失が2回あり、合鍵の作成が必要になったこと。部長の承認済み。

## 18:30 — 備品の貸出（部会）

部会で決めた：今後はストップウォッチの貸出は顧問の許可制とする。先月、ストップウォッチが3個壊れたため。

## 19:00 — Boat rule (rowing club committee)

At tonight's committee meeting we agreed a rule: from now on no single scull goes out before 7 am unless a coach is on the landing. Reason: last month two boats were damaged on the river wall in the dark.

## 20:00 — 合宿バスの手配ミス

合宿のバスを4月10日で予約すべきところ、4月17日で予約してしまい、当日バスが来なかった。原因：申込書の日付欄を確認せずに送信した。今後は予約の確定メールを顧問と部長の2人で確認する。
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("policy20") / "root"
    _memdir(root, "init")
    (root / "episodes" / "2026-04-14.md").write_text(DAY, encoding="utf-8")
    _memdir(root, "consolidate", "daily", "--date", "2026-04-14")
    return root


def _lessons(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in (root / "knowledge" / "lessons").glob("*.md")}


@pytest.mark.parametrize("word", ["名簿に名前と時刻", "顧問の許可制", "single scull"])
def test_a_rule_with_its_reason_is_a_knowledge_note_and_no_lesson(root: Path, word: str) -> None:
    assert not [n for n, t in _lessons(root).items() if word in t], _lessons(root)
    notes = [p for p in (root / "knowledge").glob("*.md") if word in p.read_text(encoding="utf-8")]
    assert len(notes) == 1


def test_an_incident_with_its_fix_is_still_a_lesson(root: Path) -> None:
    [text] = [t for t in _lessons(root).values() if "確定メール" in t]
    failed = text.split("## What failed", 1)[1].split("## What worked instead", 1)[0]
    assert "4月17日" in failed or "申込書" in failed
