"""Trial 25 #9: "did it the usual way" reports skipped silently or refused as "another scope" with a garbled reason.

"Delivered KT-2230 to Kobayashi's portal the usual way" was refused as `another scope: title "client portal",
report "s portal"` (the possessive's `s` read as a word); 「ネクサの請求書をいつもの手順で発行した」 of the procedure
「{client} 様の {month} 分の請求書を発行して送付する」 as another scope (the client's name in the place of the title's
placeholder); "Delivered NX-0470 the usual way, fine." was skipped with no review item although the procedure's
title names its act. Here: a farm's tractor servicing (English) and a clinic's vaccination (Japanese);
docs/daily.md "Usage reports" 5.
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, e5_memory, run

from memdir.consolidation.daily.route_usage_near import scope_differs
from memdir.notes.frontmatter import render_note

META: dict[str, object] = {"confidence": 0.8, "success_count": 0, "failure_count": 0, "origin": "human"}
SERVICE = (
    "# Service the tractor at the member farm\n\n1. Drain the engine oil and replace the filter.\n"
    "2. Grease the front axle and the three-point hitch.\n3. Check the tyre pressure and write it in the log.\n"
)


def test_a_possessive_is_one_word_and_names_whose_not_another_scope() -> None:
    title = "Service the tractor of the member farm's yard"
    assert scope_differs("Serviced Hillside's yard tractor the usual way, fine.", title) == ""
    why = scope_differs("Serviced the neighbour's yard the usual way", "Service the member farm yard")
    assert 'report "s ' not in why, why
    # a real other scope is still one, read from whole words
    assert scope_differs("Serviced the diesel tractor the usual way", "Service the electric tractor") != ""


def test_a_name_in_the_place_of_a_title_placeholder_is_the_same_scope() -> None:
    ja = "{clinic} 様の {month} 分のワクチン接種記録を作成して提出する"
    assert scope_differs("ミナミのワクチン接種記録をいつもの手順で作成した。問題なし。", ja) == ""
    en = "Service the {farm} tractor"
    assert scope_differs("Serviced the Hillside tractor the usual way, fine.", en) == ""
    # without a placeholder in its place, another qualifier is another scope, as before
    assert scope_differs("国内注文をいつもの手順で梱包した。", "海外注文の梱包手順") != ""


def test_a_report_of_the_procedures_act_is_never_skipped_silently(root: Path) -> None:
    mem = e5_memory(root)
    (root / "procedures" / "service-the-tractor.md").write_text(
        render_note(dict(META), SERVICE), encoding="utf-8"
    )
    mem.add_episode("Serviced T-0470 the usual way, fine.", title="T-0470", at=at(9))
    report = run(mem)
    items = [p.read_text(encoding="utf-8") for p in (root / "review").glob("*.md")]
    counted = [d for d in report.episodes if d.get("action") == "outcome"]
    assert counted or items, f"skipped silently: {report.episodes}"
    if items:
        assert "procedures/service-the-tractor.md" in items[0]
        assert "memdir feedback procedures/service-the-tractor.md --success" in items[0]
