"""Round 30 (branch weekly30): a kind that shares two calls with a person's note is not the note's kind when it
makes no more than half of the calls the note names; a field's label is no title; a check or an imperative
search is no decisive call.

Domains and log shapes other than set 30's: a bicycle shop logged as plain `request` / `tool_call` events (a
person's note on warranty frame swaps, a kind that ships spare wheels through the same shipment and mail calls),
a station's bicycle parking desk (labels before ids), an Italian sports club (`cerca_socio` before the renewal).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.fragment_titles import tool_call
from memdir.consolidation.weekly.titles_ja import shared_phrase_ja

SWAP_NOTE = """---
description: A cracked frame under warranty
origin: human
confidence: 0.8
---

# Warranty frame swap

When a rider writes that a frame has cracked, first look the order up with `find_order`, then open the claim with
`open_claim` and `reason: frame-crack` (we do not need the old frame back).

Then the new frame is shipped, like any order, with `create_shipment`, `packing: foam-1`, `carrier: GLS` and `note: warranty-free`, and
at the end send the mail `send_email` with the template `warranty_swap_v1`.

If more than one frame of the same batch cracked, do not ship anything: pass it to me.
"""


def _swap(tid: str, at: int, asked: str, order: str, email: str) -> list[dict[str, Any]]:
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            {"type": "tool_call", "tool": "find_order", "args": {"order": order}},
            {"type": "tool_call", "tool": "open_claim",
             "args": {"order": order, "reason": "frame-crack", "return_part": "not-needed"}},
            {"type": "tool_call", "tool": "create_shipment",
             "args": {"order": order, "items": "frame x1", "packing": "foam-1", "carrier": "GLS",
                      "note": "warranty-free"}},
            {"type": "tool_call", "tool": "send_email", "args": {"to": email, "template": "warranty_swap_v1"}},
            {"type": "task_end", "outcome": "success"},
        ],
    )  # fmt: skip


def _wheels(tid: str, at: int, asked: str, email: str, wheel: str, qty: int) -> list[dict[str, Any]]:
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            {"type": "tool_call", "tool": "find_customer", "args": {"email": email}},
            {"type": "tool_call", "tool": "check_stock", "args": {"item": wheel, "qty": qty}},
            {"type": "tool_call", "tool": "create_shipment",
             "args": {"customer": f"CU-{at}0{at}7", "items": f"{wheel} x{qty}", "packing": "foam-6",
                      "carrier": "GLS"}},
            {"type": "tool_call", "tool": "send_email",
             "args": {"to": email, "template": "order_shipped_v3", "order": f"SO-{at}41{at}"}},
            {"type": "task_end", "outcome": "success"},
        ],
    )  # fmt: skip


def test_a_kind_sharing_two_calls_with_a_persons_note_is_its_own_procedure(root: Path) -> None:
    rel = "procedures/warranty-frame-swap.md"
    (root / rel).write_text(SWAP_NOTE, encoding="utf-8")
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _swap("s1", 0, "My frame cracked at the seat tube after two months, order B-4410.", "B-4410", "a@x.example")
        + _swap("s2", 1, "There is a crack near the bottom bracket of my bike (order B-4521).", "B-4521", "b@x.example")
        + _swap("s3", 2, "Order B-4630: the down tube has a hairline crack. What now?", "B-4630", "c@x.example")
        + _wheels("w1", 3, "Could you ship me a pair of 29er wheels? I bought from you before.", "d@x.example", "29er", 2)
        + _wheels("w2", 4, "I'd like one 650b rear wheel sent to my home, please.", "e@x.example", "650b", 1)
        + _wheels("w3", 5, "Please post two road wheels to me, same address as last time.", "f@x.example", "road", 2)
        + _wheels("w4", 6, "Can you send a 700c front wheel? I'm already a customer.", "g@x.example", "700c", 1)
    )  # fmt: skip
    report = mem.consolidate_weekly(until=UNTIL)
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    # main: the wheels' tasks were a second review item on the note (its shipment and its mail), no procedure
    assert all(not any(s.startswith("w") for s in r.meta["sources"]) for r in reviews), report.review
    created = [mem.store.read(p) for p in report.created if p.startswith("procedures/")]
    assert any(sorted(n.meta["sources"]) == ["w1", "w2", "w3", "w4"] for n in created), report.created
    assert (root / rel).read_text(encoding="utf-8") == SWAP_NOTE


def test_a_fields_label_before_an_id_is_no_title() -> None:
    asked = [
        "定期利用の駐輪シールが剥がれてしまいました。利用者の番号はU58-2201、契約カードの番号はPK-77120です",
        "【窓口メモ】佐藤様、利用者番号 U61-0932、契約カード PK-80211 を持参。シールを作り直してほしいとのこと",
        "Hi, my parking sticker fell off. User number U70-1182, contract card PK-91013. Can you make a new one?",
    ]
    # main: `番号の契約カード` (two labels of the ids the lookup takes, one read as the action)
    for alone in (False, True):
        phrase = shared_phrase_ja(asked, alone=alone)
        assert "契約カード" not in phrase and "番号" not in phrase, phrase


def test_a_check_and_an_imperative_search_are_no_decisive_call() -> None:
    steps = [
        "verify_permit: `user={user} card={card}`",
        "reissue_sticker: `permit={permit} color=yellow`",
    ]
    english = [
        "my permit card is PK-1, sticker gone",
        "permit PK-2, new sticker?",
        "lost sticker, permit PK-3",
    ]
    # main: `verify permit` (the requests write `permit`)
    assert tool_call(steps, english) == ("reissue", ["sticker"])
    steps = ["cerca_socio: `tessera={tessera}`", "rinnova_tessera: `tessera={tessera} durata=12-mesi`"]
    italian = [
        "Sono socio da tre anni, vorrei continuare anche quest'anno",
        "Buongiorno, socio n. 418: posso restare per un altro anno?",
        "Mio figlio è socio, come facciamo per l'anno prossimo?",
    ]
    # main: `cerca socio` (the requests write `socio`; `cerca` is Italian for `search`)
    assert tool_call(steps, italian) == ("rinnova", ["tessera"])
