"""Trial 19 #7: a story of a lock-out and its fix made a procedure beside its lesson; a review's written
rule (「…を止めること。」) was dropped from its lesson.

A restaurant's tills and a cold store, EN and JA, in one day file through one `memdir consolidate daily`
(a real subprocess). A lock-out ("got locked out", 「ロックされた」) is what went wrong, so a story of it
told for its lesson leaves one note, the lesson, whatever the router read it as; what was done about it
("We blocked …, then unlocked …") goes under "What worked instead", never under "What failed". A review's
rule written as a rule (「…まず商品を移すこと。」, "staff must always …") is taken as the lesson's rule and is
its description, ahead of an action item (a monitoring task) before it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import memdir_stdout as _memdir

DAY = """---
date: 2026-04-08
---

## 12:40 — Tills locked at lunch

Both till logins got locked out during the lunch rush after a new waiter mistyped his PIN five times. We blocked the waiter's temporary code in the back office, then unlocked the two tills with the manager key `MGR-RESET` on both counters. Lesson learned: from now on give new staff their own code before the shift starts, otherwise the tills lock again within minutes.

## 15:00 — 冷凍庫の温度異常の振り返り（4/2 発生分）

4月2日 02:10〜05:30、2号冷凍庫の温度が −5℃ まで上がり、アイスクリーム約 40 ケースを廃棄した。
原因：霜取りタイマーが故障し、霜取りが止まらなかった。
対応：タイマーを手動で切り、業者を呼んで部品を交換した。
再発防止：冷凍庫の温度を遠隔監視に追加する。温度が −15℃ を超えたら、まず商品を3号冷凍庫へ移すこと。

## 17:30 — Walk-in freezer alarm review

On Tuesday night the walk-in freezer warmed to -4 °C and we threw away twelve boxes of fish.
Cause: the door gasket was torn and the door did not seal.
Action items: add the walk-in freezer to the remote temperature monitor. When the freezer reads above -15 °C, staff must always move the stock to freezer 3 first.
"""


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    root = tmp_path_factory.mktemp("lessons19") / "root"
    _memdir(root, "init")
    (root / "episodes" / "2026-04-08.md").write_text(DAY, encoding="utf-8")
    report = json.loads(_memdir(root, "consolidate", "daily", "--date", "2026-04-08", "--json"))
    return root, report


def _lesson(root: Path, anchor: str) -> str:
    [text] = [
        t
        for f in sorted((root / "knowledge" / "lessons").glob("*.md"))
        if f"#{anchor}" in (t := f.read_text(encoding="utf-8"))
    ]
    return text


def _section(text: str, name: str) -> str:
    return text.split(f"## {name}\n", 1)[1].split("\n## ", 1)[0] if f"## {name}\n" in text else ""


def _description(text: str) -> str:
    return next(ln for ln in text.splitlines() if ln.startswith("description:"))


def test_a_lockout_story_told_for_its_lesson_is_one_note_and_its_fix_is_no_failure(
    run: tuple[Path, dict[str, object]],
) -> None:
    root, report = run
    anchor = "1240-tills-locked-at-lunch"
    lesson = _lesson(root, anchor)
    failed, worked = _section(lesson, "What failed"), _section(lesson, "What worked instead")
    assert "Both till logins got locked out during the lunch rush" in failed, lesson
    assert "We blocked" not in failed and "unlocked the two tills" not in failed, lesson
    assert (
        "- We blocked the waiter's temporary code in the back office, then unlocked the two tills" in worked
    )
    assert "give new staff their own code before the shift starts" in _description(lesson)
    # one note for the episode: no procedure (nor plain knowledge note) beside the lesson
    others = [
        p.relative_to(root).as_posix()
        for d in ("procedures", "knowledge")
        for p in (root / d).glob("*.md")
        if anchor in p.read_text(encoding="utf-8")
    ]
    assert others == [], others
    [row] = [e for e in report["episodes"] if anchor in e["episode"]]  # type: ignore[attr-defined]
    assert row["target"].startswith("knowledge/lessons/"), row


def test_a_reviews_written_rule_is_the_lessons_rule_in_japanese(run: tuple[Path, dict[str, object]]) -> None:
    root, _ = run
    lesson = _lesson(root, "1500-冷凍庫の温度異常の振り返り42-発生分")
    worked = _section(lesson, "What worked instead")
    rule = "温度が −15℃ を超えたら、まず商品を3号冷凍庫へ移すこと。"
    assert f"- {rule}" in worked, lesson
    assert _description(lesson) == f"description: {rule}"
    assert "冷凍庫の温度を遠隔監視に追加する" in worked  # the action item is kept, after the rule
    assert "廃棄した" in _section(lesson, "What failed")


def test_a_rule_after_an_action_item_is_the_description_in_english(
    run: tuple[Path, dict[str, object]],
) -> None:
    root, _ = run
    lesson = _lesson(root, "1730-walk-in-freezer-alarm-review")
    worked = _section(lesson, "What worked instead")
    assert "staff must always move the stock to freezer 3 first" in _description(lesson), lesson
    assert "remote temperature monitor" in worked
