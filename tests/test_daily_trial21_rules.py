"""Trial 21 #2, #3a, #3c: short rules, stories and routines a sailing club's desk writes, read by one daily run.

A sailing club's day (EN and JA) goes through one `memdir consolidate daily` (a real subprocess):
- a rule stated for the future (「以後、…」, "Henceforth …") is a knowledge note, never a skip;
- a short stated fact (where the spare is kept, which rope type is used) the router reads as nothing to keep
  is asked about: a `file_candidate` review item for `knowledge/`;
- a one-off story with its cause and its "from now on" rule is one lesson whose description is the rule, no
  procedure;
- a routine told in the passive keeps its preamble ("… the same way every time") out of its steps: the
  description says when, the steps start after it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_support import consolidated_day, memdir_stdout

DAY = """---
date: 2026-06-20
---

## 08:30 — 救命胴衣

以後、救命胴衣は使用後に真水で洗ってから干す。

## 09:00 — Mainsheet on Laser 3

Swapped the mainsheet on Laser 3; rope type D12 8mm, spare coil kept in the rigging shed.

## 09:30 — シャックル交換

3号艇のシャックルを交換した。予備は艇庫の青い箱に保管してある。

## 10:00 — Drip in boat 4

Member on boat 4 reported a drip from the fore hatch into the cabin. Found a loose hinge screw on the hatch; tightened it, no more drip. From now on we check the hatch screws at every launch.

## 11:00 — Winter lay-up

When the club closes for the winter, the boats are laid up the same way every time. The sails are taken off, rinsed in fresh water and dried. The hulls are washed and checked for cracks. The boats are turned over on the trestles in the boat shed. The list of damage is pinned on the clubhouse board.

## 11:30 — 冬季格納

冬季閉鎖のときは、毎回同じ手順で行う。セールを外して真水で洗い、乾かす。艇庫の架台に艇を伏せて置く。傷のリストをクラブハウスの掲示板に貼る。
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("rules21"), "2026-06-20", {"2026-06-20.md": DAY})


def _notes(root: Path, word: str, *kinds: str) -> list[tuple[str, str]]:
    """(path, text) of the notes of `kinds` (knowledge and procedures by default) that hold `word`."""
    return [
        (str(f.relative_to(root)), t)
        for kind in kinds or ("knowledge", "procedures")
        for f in sorted((root / kind).glob("**/*.md"))
        if word in (t := f.read_text(encoding="utf-8"))
    ]


def test_a_rule_stated_for_the_future_is_a_knowledge_note(root: Path) -> None:
    [(path, text)] = _notes(root, "救命胴衣は使用後に")
    assert path.startswith("knowledge/"), path
    assert "description: 以後、救命胴衣は使用後に真水で洗ってから干す。" in text


def test_a_short_fact_the_router_doubts_is_a_review_item_for_knowledge(root: Path) -> None:
    assert not _notes(root, "rigging shed", "knowledge") and not _notes(root, "rigging shed", "procedures")
    items = [t for t in (root / "review").glob("*.md") if "rigging shed" in t.read_text(encoding="utf-8")]
    assert len(items) == 1
    item = items[0].read_text(encoding="utf-8")
    assert "kind: file_candidate" in item and "target: knowledge/" in item
    listed = memdir_stdout(root, "review", "list")
    assert "file_candidate" in listed and "knowledge/" in listed


def test_a_japanese_fact_of_where_the_spare_is_kept_is_a_review_item(root: Path) -> None:
    items = [t.read_text(encoding="utf-8") for t in (root / "review").glob("*.md")]
    assert any("青い箱に保管" in t and "target: knowledge/" in t for t in items)


def test_a_story_with_its_cause_and_rule_is_one_lesson_not_a_procedure(root: Path) -> None:
    notes = _notes(root, "hinge screw")
    assert [p for p, _ in notes if p.startswith("knowledge/lessons/")], notes
    assert not [p for p, _ in notes if p.startswith("procedures/")]
    [(_, lesson)] = [(p, t) for p, t in notes if p.startswith("knowledge/lessons/")]
    assert "description: From now on we check the hatch screws at every launch." in lesson


def _steps(text: str) -> list[str]:
    return re.findall(r"^\d+\. (.*)$", text.split("---", 2)[2], re.M)


def test_a_routines_preamble_is_no_step_and_its_when_is_the_description(root: Path) -> None:
    [(path, text)] = _notes(root, "trestles", "procedures")
    steps = _steps(text)
    assert steps[0].startswith("The sails are taken off") and len(steps) == 4
    assert not any("same way" in s for s in steps)
    desc = re.search(r"^description: (.*)$", text, re.M)
    said = desc.group(1).strip("'\"") if desc else ""
    assert said.startswith("When the club closes for the winter: 4 steps"), said
    assert "same way" not in said


def test_a_japanese_routines_preamble_is_no_step(root: Path) -> None:
    [(path, text)] = _notes(root, "架台", "procedures")
    steps = _steps(text)
    assert steps[0].startswith("セールを外して") and not any("同じ手順" in s for s in steps)
