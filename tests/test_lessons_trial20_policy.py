"""Trial 20 #5b: a decided rule with its reason is a knowledge note, not a lesson whose failure is the reason.

A staff meeting's Japanese policy (「今後は…とする。理由：先月、…悪化が2件…」) became a lesson whose `## What
failed` was the policy's reason. In other domains: a school club's summer practice rule (「理由：先月、…体調が悪化したケースが2件…」), its window
rule (「…湿気が悪化しているため。」), a rowing club's rule ("Reason: the river got worse …"); each stays the
knowledge note the day's run writes, and no lesson. An incident told as what happened, with its fix, and harm
to the work told as a rule's reason ("two boats were damaged", trial 8's rule) are still lessons. Real
files, one `memdir consolidate daily` subprocess.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day

DAY = """---
date: 2026-04-14
---

## 18:00 — 部室の鍵の管理（部会）

本日の部会で、夏の練習時間について決定した。今後は7月と8月の練習を朝7時から9時までとし、気温が31度を超える日は屋外練習を行わない。理由：先月、練習後に部員の体調が悪化したケースが2件あったこと、そして市の熱中症ガイドラインの改訂に合わせるため。顧問の承認済み。

## 18:30 — 備品の貸出（部会）

部会で決めた：今後は部室の窓を練習中も開けておく。梅雨に入って部室の湿気が悪化しているため。

## 19:00 — Boat rule (rowing club committee)

At tonight's committee meeting we agreed a rule: from now on no single scull goes out before 7 am unless a coach is on the landing. Reason: the river got worse after the spring storms and the coaches want eyes on the water.

## 19:30 — Trailer rule (rowing club committee)

Agreed at the committee: from now on every boat on the trailer is strapped at both ends. Reason: last month two boats were damaged when the trailer braked hard.

## 20:00 — 合宿バスの手配ミス

合宿のバスを4月10日で予約すべきところ、4月17日で予約してしまい、当日バスが来なかった。原因：申込書の日付欄を確認せずに送信した。今後は予約の確定メールを顧問と部長の2人で確認する。
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("policy20"), "2026-04-14", {"2026-04-14.md": DAY})


def _lessons(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in (root / "knowledge" / "lessons").glob("*.md")}


@pytest.mark.parametrize("word", ["屋外練習を行わない", "窓を練習中も", "single scull"])
def test_a_rule_with_its_reason_is_a_knowledge_note_and_no_lesson(root: Path, word: str) -> None:
    assert not [n for n, t in _lessons(root).items() if word in t], _lessons(root)
    notes = [p for p in (root / "knowledge").glob("*.md") if word in p.read_text(encoding="utf-8")]
    assert len(notes) == 1


@pytest.mark.parametrize(
    ("word", "failure"), [("確定メール", "申込書"), ("strapped at both ends", "damaged")]
)
def test_an_incident_or_harm_told_as_the_reason_is_still_a_lesson(
    root: Path, word: str, failure: str
) -> None:
    [text] = [t for t in _lessons(root).values() if word in t]
    failed = text.split("## What failed", 1)[1].split("## What worked instead", 1)[0]
    assert failure in failed, text
