"""Trial 17 #1 (routing) and #5: a letter or a handover asks its reader things once; that is no procedure.

A language school's pasted e-mail from a parent ("From: … / Subject: …", "you can log in with user … if you
need his old certificates") and a veterinary clinic's pasted e-mail from a pet owner (「お世話になっております」 …
「準備ができたらメールで連絡してください。」 … 「よろしくお願いいたします」) became procedures: their requests read as
instructions. A handover between colleagues with a request for one case (「許可番号が来たら学籍システムの登録を
お願いしてください。」) counted as a step. A letter or handover that says how to do something again (a sequence,
"every month", 「手順」) keeps its steps (route_message.py, docs/daily.md "Rule layer").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir.consolidation.daily.blocks import split_blocks
from memdir.consolidation.daily.route_no_steps import has_step

Cli = Callable[..., CompletedProcess[str]]
DAY = (date.today() - timedelta(days=2)).isoformat()

MAILS = """## 09:10 — Mail from Mrs. Okafor (pasted)

From: Ngozi Okafor <n.okafor@example.org>
Subject: Tobi's enrolment forms

Hello, here are the details for Tobi's enrolment in the spring course. His student number from last year is 2231 9087 and his passport number is P4451882.
For the school portal you can log in with user tobi.okafor if you need his old certificates.
We will be in Lagos until 12 January.
Thanks, Ngozi

## 11:31 ー 飼い主さんからのメール（貼り付け）

件名：ポチの薬について
差出人：高橋 美咲 <m.takahashi@example.jp>

お世話になっております。ポチの飼い主の高橋です。
薬が残り3日分になりました。追加の薬は受付に取りに行きますので、準備ができたらメールで連絡してください。
保険証の番号は 1234-5678 です。必要でしたら使ってください。
よろしくお願いいたします。

## 15:00 — Placement test for a new student

Here's how we place a new student: first send the online placement test link, then book a 10-minute speaking check with a teacher. Compare the written score with the speaking level and pick the lower class if they disagree. Finally enter the class in the student list and send the timetable.
"""


@pytest.mark.slow
def test_pasted_letters_are_no_procedures(root: Path, run_cli: Cli) -> None:
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{MAILS}", encoding="utf-8")
    done = run_cli("consolidate", "daily", "--date", DAY, "--json")
    assert done.returncode == 0, done.stderr
    rows = {r["episode"].split("#", 1)[1]: r for r in json.loads(done.stdout)["episodes"]}
    for key in ("0910-mail-from-mrs-okafor-pasted", "1131-飼い主さんからのメール貼り付け"):
        row = rows[key]
        assert not (row["action"] == "create" and str(row["target"]).startswith("procedures/")), row
    procs = {p.name: p.read_text(encoding="utf-8") for p in (root / "procedures").glob("*.md")}
    assert len(procs) == 1, sorted(procs)  # the placement test, and only it
    (placement,) = procs.values()
    assert "speaking check" in placement
    for text in procs.values():
        assert "2231 9087" not in text and "1234-5678" not in text


def _steps(title: str, body: str) -> bool:
    return has_step(body, split_blocks(body), title)


def test_a_handovers_request_for_one_case_is_no_step() -> None:
    ja = "Leeさんの在留資格の変更申請、明日オンラインで出します。許可番号が来たら学籍システムの登録をお願いしてください。\nNguyenさん11月分の出欠、半分まで入力済み。"
    assert not _steps("申し送り（木村→Emma）", ja)
    en = "Mr. Ruiz's visa letter goes out tomorrow. Once the embassy confirms, please update his record in the student list."
    assert not _steps("Handover Ana → Ken", en)


def test_a_handover_or_letter_that_says_how_keeps_its_steps() -> None:
    ja = "毎月、月謝の入金を確認したら学籍システムの登録をお願いしてください。"
    assert _steps("申し送り（木村→Emma）", ja)
    letter = (
        "Dear teachers,\n\nHere's how to record an absence from now on: first open the register, "
        "then pick the student and enter the reason.\n\nKind regards,\nMaria"
    )
    assert _steps("Absences", letter)
    # a text that names a handover as its subject is no handover note: its habits are steps as before
    assert _steps(
        "Toboggan handover at the clinic",
        "When a patroller brings a casualty down, the patroller then gives the handover in the fixed order.",
    )
