"""Trial 20 #9: a pasted mail described by its header line; an English sentence glued to the Japanese one after it.

A community hall's booking mail (EN) and a neighbourhood association's mail (JA, shaped as a note), pasted with
their headers, and a kindergarten teacher's morning routine told in Japanese with one English sentence in the middle. One real
`memdir consolidate daily`: no description is a header line (`From:`, `件名：`), the body keeps the header, and
the English sentence is a step of its own, not glued to the Japanese one after it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_support import consolidated_day

from memdir.consolidation.daily.shape import shape

DAY = """---
date: 2026-06-02
---

## 09:00 — Hall booking mail

From: bookings@riverside-hall.example
To: choir@example.org
Subject: Your Thursday rehearsals

Dear choir, your booking account for the Riverside Hall is ready.
Rooms booked before noon are confirmed the same day. The main hall seats 120 and has a piano tuned every spring.

## 11:00 — 朝の受け入れ（保育士メモ）

朝の受け入れでは、まず保護者から連絡帳を受け取る。次に子どもの検温をして記録する。そのあと持ち物を棚に片付けさせる。We also now ask every parent about allergies when a new snack is on the menu. 最後に出席簿に印をつけて事務室に伝える。
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("mail20"), "2026-06-02", {"2026-06-02.md": DAY})


def _note(root: Path, word: str) -> str:
    [text] = [
        t for p in root.rglob("*.md") if "episodes" not in p.parts and word in (t := p.read_text("utf-8"))
    ]
    return text


def test_a_pasted_mails_description_is_no_header_line(root: Path) -> None:
    word = "bookings@riverside-hall.example"
    text = _note(root, word)
    [desc] = re.findall(r"^description: (.*)$", text, re.M)
    assert not re.match(r"'?(?:from|to|subject|差出人|宛先|件名)\s*[:：]", desc, re.I), desc
    assert word not in desc and "@" not in desc, desc
    assert word in text.split("---", 2)[2]  # the body keeps the header


def test_an_english_sentence_among_japanese_steps_is_a_step_of_its_own(root: Path) -> None:
    steps = re.findall(r"^\d+\. (.*)$", _note(root, "連絡帳"), re.M)
    english = [s for s in steps if "allergies" in s]
    assert english == ["We also now ask every parent about allergies when a new snack is on the menu."], steps
    assert any(s.startswith("出席簿") for s in steps), steps  # 「最後に」: the number says it


JA_MAIL = """差出人: jimu@chonaikai.example
宛先: choir@example.org
件名: 夏祭りのステージについて

いつもお世話になっております。今年の夏祭りは8月3日に中央公園で開催されます。合唱団の出演は午後4時からの30分です。音響機材は町内会が用意します。"""


def test_a_japanese_mails_description_is_its_first_sentence_not_its_header() -> None:
    # the day's run skips this mail (a notice routed as skip); the note a person files from it reads the same way
    shaped = shape("knowledge", "町内会からのメール", JA_MAIL)
    assert shaped.description.startswith("今年の夏祭りは8月3日"), shaped.description
    assert "件名" in shaped.text and "jimu@chonaikai.example" in shaped.text
