"""Trial 31 #14: a usage report that did one of the procedure's steps otherwise still counts, and an `evidence`
item names the step, so the person can change it (route_usage_otherwise).

"Rinsed the suits the usual way but the blue tub has a crack, we used the spare grey bucket." was a plain
success; step 2 still said "Soak in the blue tub". Here a bakery in English and a clinic in Japanese, through
`memdir episode add` and `memdir consolidate daily`; a plain report of the same work raises nothing.
"""

from __future__ import annotations

from pathlib import Path

from usage_roots import daily_today, procedure_counts, procedure_root

from memdir.notes.store import NoteStore

BAKERY = {
    "proof-the-sourdough.md": "# Proof the sourdough loaves\n\n1. Shape the loaves and set them seam up in the "
    "linen bannetons.\n2. Cover with the green proofing cloths.\n3. Leave in the walk-in cooler overnight at 4C.\n"
    "4. Score and bake at 250C for 40 minutes.\n",
    "close-the-till.md": "# Close the till\n\n1. Print the Z report.\n2. Count the cash drawer.\n"
    "3. Put the float in the safe.\n",
}
CLINIC = {
    "器具の滅菌手順.md": "# 器具の滅菌手順\n\n1. 使用済みの器具を超音波洗浄機で洗う。\n2. 青い滅菌パックに入れて封をする。\n"
    "3. オートクレーブで121℃、20分かける。\n4. 滅菌日を台帳に書く。\n",
    "受付の締め作業.md": "# 受付の締め作業\n\n1. レジの現金を数える。\n2. 予約表を印刷する。\n3. 入口の鍵をかける。\n",
}


def _evidence(root: Path) -> list[tuple[str, str]]:
    items = NoteStore(root).iter_notes(("review",))
    return [(str(n.get("target")), str(n.get("description"))) for n in items if n.get("kind") == "evidence"]


def test_a_step_done_otherwise_counts_and_asks_about_the_step(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, BAKERY)
    daily_today(
        root,
        [
            "Proofed the sourdough loaves the usual way, but the linen bannetons were all in the laundry, "
            "so we used the old plastic bowls instead. Bake went fine."
        ],
    )
    assert procedure_counts(root)["proof-the-sourdough.md"] == (1, 0)  # the work went fine: still counted
    items = _evidence(root)
    assert [t for t, _ in items] == ["procedures/proof-the-sourdough.md"]
    assert "step 1 was done otherwise" in items[0][1]


def test_japanese_a_step_done_otherwise_counts_and_asks(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, CLINIC)
    daily_today(
        root,
        [
            "いつもの手順で器具を滅菌した。青い滅菌パックが切れていたので、代わりに白い滅菌パックを使った。問題なし。"
        ],
    )
    assert procedure_counts(root)["器具の滅菌手順.md"] == (1, 0)
    items = _evidence(root)
    assert [t for t, _ in items] == ["procedures/器具の滅菌手順.md"]
    assert "step 2 was done otherwise" in items[0][1]


def test_a_plain_report_raises_nothing(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, BAKERY)
    daily_today(root, ["Proofed the sourdough loaves the usual way. All good."])
    assert procedure_counts(root)["proof-the-sourdough.md"] == (1, 0)
    assert _evidence(root) == []
