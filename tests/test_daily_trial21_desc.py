"""Trial 21 #3e: descriptions a keeper had to edit. A FAQ of several questions was described by its first question,
and a pasted mail filed through an unsure skip's review item (`file_candidate` -> `memdir review accept`) by its
`From:` header line.

A language school's FAQ (JA) and a bicycle co-op's FAQ (EN, each answer on its question's line) go through
`memdir consolidate daily`: each is described as a FAQ with the questions it answers. A parts supplier's reply (EN)
and a publisher's reply (JA) as review items the daily run writes, accepted with `memdir review accept`: each note
is described by the mail's subject, and `memdir note add` with a pasted mail the same way (notes/mail_lines.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day, memdir_stdout

from memdir.notes.store import NoteStore

DAY = """---
date: 2026-04-10
---

## 09:00 — Member FAQ (workshop)

Q: Can I use the truing stand without a mechanic? A: Yes, after the Saturday induction.
Q: How long can I leave my bike in the repair rack? A: Three days, then it goes to the back store.
Q: Do members pay for brake pads? A: Pads are at cost, labour is free.

## 10:00 — 受講生からのよくある質問

Q：レッスンの振替はいつまでに申し込めばいいですか？
A：前日の18時までに受付へ連絡してください。
Q：教科書は貸してもらえますか？
A：初回のみ貸し出します。2回目からは購入してください。
"""

ITEM = """---
id: {id}
kind: file_candidate
target: knowledge/{name}.md
similarity:
created_at: '2026-04-10T09:00:00+00:00'
sources:
- episodes/2026-04-10.md#{name}
key: daily-file:episodes/2026-04-10.md#{name}:0123456789ab
description: routed skip at p=0.31, knowledge at p=0.09 (episodes/2026-04-10.md#{name})
---

# Kept as nothing; file it?: {title}

The daily run read this episode as nothing to keep, but the router was unsure.

## Candidate

{mail}
"""
MAIL_EN = """From: Velo Parts Ltd <orders@veloparts.example.com>
Subject: Re: brake cable order 5512

Dear Sam,
Thank you for your order. We will ship the 40 brake cables on Thursday.
Best regards, Priya"""
MAIL_JA = """差出人: 青葉出版 <info@aoba-pub.example.jp>
日時: 2026年4月9日 14:02

山田様
いつもお世話になっております。
中級テキスト30冊は来週火曜日に発送いたします。請求書は同封いたします。"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("desc21"), "2026-04-10", {"2026-04-10.md": DAY})


def _description(root: Path, word: str) -> str:
    [desc] = [
        n.description for n in NoteStore(root).iter_notes(("knowledge", "procedures")) if word in n.text
    ]
    return desc


@pytest.mark.parametrize(
    ("word", "opens", "names"),
    [
        ("truing stand", "FAQ, 3 questions: ", "How long can I leave my bike in the repair rack?"),
        ("振替", "よくある質問（2問）：", "教科書は貸してもらえますか？"),
    ],
)
def test_a_faq_is_described_as_a_faq_with_its_questions(
    root: Path, word: str, opens: str, names: str
) -> None:
    desc = _description(root, word)
    assert desc.startswith(opens), desc
    assert names in desc, desc


@pytest.mark.parametrize(
    ("name", "mail", "want"),
    [
        ("reply-from-velo-parts", MAIL_EN, "brake cable order 5512"),
        ("青葉出版からの返信", MAIL_JA, "中級テキスト30冊は来週火曜日に発送いたします。"),
    ],
)
def test_an_accepted_mail_is_described_by_its_subject_or_content(
    root: Path, name: str, mail: str, want: str
) -> None:
    item = f"rv-{abs(hash(name)) % 10**8:08d}"
    (root / "review" / f"{item}.md").write_text(
        ITEM.format(id=item, name=name, title=name, mail=mail), encoding="utf-8"
    )
    memdir_stdout(root, "review", "accept", item)
    note = NoteStore(root).read(f"knowledge/{name}.md")
    assert note.description == want, note.description
    assert "From" not in note.description and "差出人" not in note.description


def test_a_note_added_with_a_pasted_mail_is_described_by_its_subject(root: Path) -> None:
    memdir_stdout(root, "note", "add", "knowledge", "Velo Parts order", MAIL_EN)
    assert NoteStore(root).read("knowledge/velo-parts-order.md").description == "brake cable order 5512"
