"""Issue 15, round 20 (branch weekly20d): a person's procedure in prose is found by its sentences.

A person writes a procedure as paragraphs, no list and no code, naming the system's calls in words
("look the member up by card number", "会籍変更で区分を「休会」にします"). Three tasks of the week that do
that work, asked in other words, give one review item on the person's file (the file byte for byte
unchanged), never a second procedure. Another kind of the same tool that shares a call or two with it
(the same lookup, the same letter by post) but is other work gets its own procedure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory

CARD_NOTE = """---
description: Extend a member's library card for another year
origin: human
confidence: 0.8
---

# Renewing a library card

When a member asks to keep their card going, look the member up by card number and check that the
address on file is still current. Then update the card with the kind set to "renewal" and a term of
twelve months; the term is never shorter.
Once that is saved, post the card letter to the member. We never email it, since the letter carries
the barcode. Members under 16 need a parent's signature on file before any change.
"""

CLUB_NOTE = """---
description: 会員の休会の申し出を受けるときの手順
origin: human
confidence: 0.8
---

# 休会の受付

会員から休会の申し出があったら、まず会員番号で会員を照会して、未払いがないか確かめます。
問題がなければ、会籍変更で区分を「休会」にします。期間は特にご希望がなければ1か月にしてください。
手続きが済んだら、会籍変更通知を会員に郵送します。メールでは送りません。
休会中もロッカーを使いたい方は別料金なので、受付で案内してください。
"""

CARD: dict[str, Any] = {
    "tool": "circ",
    "note": ("procedures/renewing-a-library-card.md", CARD_NOTE),
    "asks": [
        "My card runs out next week, can I keep it for another year? ({x})",
        "please extend membership {x}",
        "Card {x} expired yesterday, I'd like to continue borrowing",
    ],
    "calls": [
        'circ.member_lookup(card="{x}")',
        'circ.card_update(card="{x}", kind="renewal", term="12 months")',
        'circ.letter_send(card="{x}", letter="card letter", via="post")',
    ],
    "values": ["C-20417", "C-33108", "C-41952"],
    # other work through the same lookup and the same letter by post
    "other_asks": [
        "I lost my card {x}, please issue a new one",
        "Card {x} was stolen, I need a replacement",
        "My dog chewed card {x}, can you replace it?",
    ],
    "other_calls": [
        'circ.member_lookup(card="{x}")',
        'circ.card_update(card="{x}", kind="replacement", fee="5 dollars")',
        'circ.letter_send(card="{x}", letter="card letter", via="post")',
    ],
    "other_values": ["C-51230", "C-62291", "C-70345"],
}
CLUB: dict[str, Any] = {
    "tool": "club",
    "note": ("procedures/休会の受付.md", CLUB_NOTE),
    "asks": [
        "来月は出張続きなので、しばらくお休みさせてください（{x}）",
        "ケガで通えないので止めておいてほしいです {x}",
        "{x} です。子どもが生まれるので少しの間お休みします",
    ],
    "calls": [
        'club.会員照会(会員番号="{x}")',
        'club.会籍変更(会員番号="{x}", 区分="休会", 期間="1か月")',
        'club.書面送付(会員番号="{x}", 書面="会籍変更通知", 方法="郵送")',
    ],
    "values": ["M-1042", "M-2210", "M-3391"],
    "other_asks": [
        "平日昼だけのプランに変えたいです（{x}）",
        "{x} 土日コースに移りたいのですが",
        "プランを夜間会員に切り替えてください {x}",
    ],
    "other_calls": [
        'club.会員照会(会員番号="{x}")',
        'club.会籍変更(会員番号="{x}", 区分="コース変更", 新コース="デイタイム")',
        'club.書面送付(会員番号="{x}", 書面="会籍変更通知", 方法="郵送")',
    ],
    "other_values": ["M-4410", "M-5521", "M-6632"],
}


def _task(tid: str, at: int, ask: str, tool: str, calls: list[str]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"type": "task_start", "summary": ask}]
    items += [{"type": "tool_use", "tool": tool, "input": c} for c in calls]
    items.append({"type": "task_end", "outcome": "success"})
    return events(tid, at, items)


def _week(mem: Memory, kind: dict[str, Any]) -> None:
    for i, (ask, x) in enumerate(zip(kind["asks"], kind["values"], strict=True)):
        calls = [c.replace("{x}", x) for c in kind["calls"]]
        mem.activity.append_many(_task(f"k{i}", i, ask.replace("{x}", x), kind["tool"], calls))
    for i, (ask, x) in enumerate(zip(kind["other_asks"], kind["other_values"], strict=True)):
        calls = [c.replace("{x}", x) for c in kind["other_calls"]]
        mem.activity.append_many(_task(f"o{i}", 8 + i, ask.replace("{x}", x), kind["tool"], calls))


@pytest.mark.parametrize("kind", [CARD, CLUB], ids=["en", "ja"])
def test_a_persons_prose_procedure_repeated_in_other_words_is_one_review_item_and_stays_unchanged(
    root: Path, kind: dict[str, Any]
) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    rel, text = kind["note"]
    (root / rel).write_text(text, encoding="utf-8")
    _week(mem, kind)
    report = mem.consolidate_weekly(until=UNTIL)
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    assert [r.meta["target"] for r in reviews] == [rel]  # before: none, a second procedure
    assert sorted(reviews[0].meta["sources"]) == ["k0", "k1", "k2"]
    assert (root / rel).read_text(encoding="utf-8") == text


@pytest.mark.parametrize("kind", [CARD, CLUB], ids=["en", "ja"])
def test_a_kind_that_shares_calls_with_a_prose_procedure_but_is_other_work_gets_its_own_procedure(
    root: Path, kind: dict[str, Any]
) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    rel, text = kind["note"]
    (root / rel).write_text(text, encoding="utf-8")
    _week(mem, kind)
    report = mem.consolidate_weekly(until=UNTIL)
    created = [p for p in report.created if p.startswith("procedures/")]
    assert len(created) == 1  # the other kind, and only it (before: the prose's kind too)
    assert sorted(mem.store.read(created[0]).meta["sources"]) == ["o0", "o1", "o2"]
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    assert all(not any(s.startswith("o") for s in r.meta["sources"]) for r in reviews)


def test_a_call_is_read_for_its_name_and_values_and_found_in_prose_words() -> None:
    from memdir.consolidation.weekly.prose import note_sentences, step_terms, written

    step = '`club.会籍変更(会員番号="{value}", 区分="休会", 期間="1か月")`'
    assert step_terms(step, ["club"]) == ["会籍変更", "休会", "か月"]  # not the tool, not the keys
    assert written("会員照会", "会員番号で会員を照会して")  # a call's name bent by particles
    assert not written("コース変更", "会籍変更で区分を「休会」にします")
    assert written("renew", "Renewals are for twelve months.")
    assert step_terms("`circ.card_update(card={card}, kind=renewal)`", ["circ"]) == [
        "card",
        "update",
        "renewal",
    ]
    assert note_sentences("# T\n\nLook it up. Then post it!\n- [ ] 照会する。郵送します。") == [
        "Look it up.",
        "Then post it!",
        "照会する。",
        "郵送します。",
    ]
