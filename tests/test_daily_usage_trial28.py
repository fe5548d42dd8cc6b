"""Trial 28 #3: a use of the usual way told inside a longer text counts (or is asked about), never nothing.

"Sent December's vaccine reminders using the usual procedure: 51 owners, 4 postcards. Two bounced …; I called
them instead." was `read as nothing to keep` (the usage model read "because", "instead" and the colon as new
material: 0.06), and a story whose second sentence said "Mei did the nail trim and ear clean the usual way"
became a knowledge note only. Now the usual-way clause (route_usage_clause) names the procedure: the use is
counted, with the writer's words as its outcome note, and the story is still kept. Here a ferry office and a
print shop, in English and Japanese, through `memdir episode add` and `memdir consolidate daily` as a user runs
them; the usual way set aside ("instead of the usual way", 「いつもの手順ではなく」) counts nothing.
"""

from __future__ import annotations

from pathlib import Path

from usage_roots import daily_today, procedure_counts, procedure_root

from memdir.notes.store import NoteStore

FERRY = {
    "post-the-timetable-boards.md": "# Post the timetable boards at the terminal\n\n"
    "1. Print the new timetable on A1 from the office plotter.\n2. Take the old sheets off the three boards.\n"
    "3. Pin the new sheets and refill the leaflet stand.\n4. Tick the change on the notice log.\n",
    "refuel-the-ferry.md": "# Refuel the ferry at the pier\n\n1. Moor at pier 2 and shut the engines.\n"
    "2. Ground the bowser and open the tank.\n3. Fill, log the litres and close the tank.\n",
    "count-the-ticket-stock.md": "# Count the ticket stock\n\n1. Count the paper ticket rolls in the safe.\n"
    "2. Compare with the stock sheet.\n3. Order rolls when fewer than ten are left.\n",
    "時刻表の掲示.md": "# 時刻表の掲示\n\n1. 新しい時刻表をA1で印刷する。\n2. 待合室の掲示板から古い時刻表を外す。\n"
    "3. 新しい時刻表を貼り、チラシ立てを補充する。\n",
}
PRINT_SHOP = {
    "clean-the-print-heads.md": "# Clean the print heads\n\n1. Run the head cleaning cycle from the panel.\n"
    "2. Print the nozzle check page.\n3. Wipe the capping station with a swab if lines are missing.\n",
    "trim-and-pack-an-order.md": "# Trim and pack an order\n\n1. Trim the sheets on the guillotine.\n"
    "2. Count them into bundles of fifty.\n3. Wrap in kraft paper and label with the order number.\n",
    "用紙の発注.md": "# 用紙の発注\n\n1. 用紙庫の残りを数える。\n2. 発注表に書く。\n3. 紙問屋にファクスする。\n",
}


def test_a_report_with_a_deviation_counts_with_the_deviation_in_its_outcome_note(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, PRINT_SHOP)
    daily_today(
        root,
        [
            "Trimmed and packed the Hoffmann order using the usual procedure: 2000 flyers, 40 bundles. Two "
            "bundles came out short because the counter jammed; I recounted them by hand instead.",
            "Counted the paper stock by hand instead of the usual order sheet: the tablet was flat, so I wrote "
            "the reams on a note because the sheet was locked.",  # the usual way set aside: no use of it
        ],
    )
    assert procedure_counts(root) == {
        "trim-and-pack-an-order.md": (1, 0),
        "clean-the-print-heads.md": (0, 0),
        "用紙の発注.md": (0, 0),
    }
    text = (root / "procedures" / "trim-and-pack-an-order.md").read_text(encoding="utf-8")
    assert "## Outcome notes" in text and "I recounted them by hand instead" in text  # the writer's words


def test_a_story_that_tells_a_usual_way_use_counts_it_and_is_still_kept(tmp_path: Path) -> None:
    root = procedure_root(tmp_path, PRINT_SHOP)
    rows = daily_today(
        root,
        [
            "The cafe on Kaiser Street came back with smudged menus from Monday. Ken cleaned the print heads the "
            "usual way and reran the job; the owner picked the new menus up at noon and was happy with them.",
        ],
    )["episodes"]
    assert procedure_counts(root)["clean-the-print-heads.md"] == (1, 0)
    assert procedure_counts(root)["trim-and-pack-an-order.md"] == (0, 0)
    assert any(
        r["action"] == "outcome" and "Ken cleaned the print heads the usual way" in r["reason"] for r in rows
    )


def test_a_japanese_story_counts_the_use_by_what_it_tells_from_the_use_on(tmp_path: Path) -> None:
    """「…コピー機が一台止まり…。いつもの手順で用紙を発注したが、問屋が休みだったので別の店にファクスした。」: the
    copier that stopped before the order is the day's story, not how the order went (main counted a failure)."""
    root = procedure_root(tmp_path, PRINT_SHOP)
    daily_today(
        root,
        [
            "年末の繁忙期で、名刺と年賀状の注文が重なった。コピー機が一台止まり、修理を呼んだ。在庫が減ったので、"
            "いつもの手順で用紙を発注したが、問屋が休みだったので別の店にファクスした。残業は2時間。",
        ],
    )
    assert procedure_counts(root)["用紙の発注.md"] == (1, 0)


def test_an_unsure_use_in_a_longer_text_is_asked_and_the_usual_way_set_aside_is_no_use(
    tmp_path: Path,
) -> None:
    root = procedure_root(tmp_path, FERRY)
    daily_today(
        root,
        [
            "Posted the winter timetable using the usual procedure: 3 boards, 40 leaflets. One board had blown "
            "loose because the frame screws were gone; I taped it instead.",
            "Counted the ticket stock by hand instead of the usual procedure: the safe's scanner was down, so "
            "I wrote 14 rolls on paper because the sheet was locked.",
            "いつもの手順ではなく、今日は時刻表を手書きで掲示した。プリンターが壊れていたため。",
        ],
    )
    assert all(c == (0, 0) for c in procedure_counts(root).values())  # nothing counted: one asked, two no use
    store = NoteStore(root)
    items = [store.read(p) for p in store.iter_paths(("review",))]
    asked = [i for i in items if i.meta.get("kind") == "evidence"]
    assert [i.meta.get("target") for i in asked] == ["procedures/post-the-timetable-boards.md"]
    assert "memdir feedback procedures/post-the-timetable-boards.md --success" in str(
        asked[0].meta.get("usage")
    )
