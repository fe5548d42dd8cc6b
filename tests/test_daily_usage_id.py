"""Trial 18 #3: a short usage report that names a thing's id and the work done on it credits that procedure.

A bakery's 「M-2 いつもの手順で洗浄した。問題なし。」 was skipped as "a procedure no note describes" (match score
0.44) although the only wash procedure is titled "Mixer bowl wash (M-1 / M-2)". Here a bus depot and a lab:
the id and the work name the procedure, in either language; an id alone names nothing
(route_usage_id.py, docs/daily.md "Usage reports").
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, e5_memory, run

from memdir.notes.frontmatter import render_note

META: dict[str, object] = {"confidence": 0.4, "success_count": 0, "failure_count": 0, "origin": "daily"}


def _write(root: Path, name: str, body: str) -> None:
    (root / "procedures" / name).write_text(render_note(dict(META), body), encoding="utf-8")


def _counts(root: Path, name: str) -> tuple[object, object]:
    note = e5_memory(root).store.read(f"procedures/{name}")
    return note.get("success_count"), note.get("failure_count")


def test_a_bus_depot_report_in_japanese_credits_the_english_inspection_of_its_bus(root: Path) -> None:
    mem = e5_memory(root)
    _write(
        root,
        "daily-inspection-of-buses-b-12-and-b-14.md",
        "# Daily inspection of buses B-12 and B-14\n\n1. Walk round the bus and check the tyre pressure\n"
        "2. Test the brakes at walking pace in the yard\n3. Check the lights and the indicators\n"
        "4. Sign the defect sheet\n",
    )
    _write(
        root,
        "bus-wash-b-12-b-14.md",
        "# Bus wash (B-12 / B-14)\n\n1. Drive the bus into the wash bay\n2. Run the brush programme twice\n"
        "3. Rinse the wheel arches by hand\n",
    )
    mem.add_episode("B-12 いつもの手順で点検した。異常なし。", title="車両点検", at=at(7))
    mem.add_episode("B-14 いつもの手順で給油した。問題なし。", title="給油", at=at(8))
    run(mem)
    assert _counts(root, "daily-inspection-of-buses-b-12-and-b-14.md") == (1, 0)
    assert _counts(root, "bus-wash-b-12-b-14.md") == (0, 0)  # an id alone (B-14, refuelled) names nothing
    wash = (root / "procedures" / "bus-wash-b-12-b-14.md").read_text(encoding="utf-8")
    assert "Outcome notes" not in wash


def test_a_lab_report_in_english_credits_the_japanese_calibration_of_its_centrifuge(root: Path) -> None:
    mem = e5_memory(root)
    _write(
        root,
        "遠心機c-3の校正.md",
        "# 遠心機 C-3 の校正\n\n1. 回転計で 3000 rpm を確認する\n2. 温度センサーを基準温度計と比べる\n"
        "3. 校正記録に記入する\n",
    )
    mem.add_episode("Calibrated C-3 the usual way, all within tolerance.", title="C-3", at=at(9))
    mem.add_episode("Serviced C-3 the usual way, all fine.", title="C-3 service", at=at(10))
    run(mem)
    assert _counts(root, "遠心機c-3の校正.md") == (1, 0)  # the calibration, not the service
    text = (root / "procedures" / "遠心機c-3の校正.md").read_text(encoding="utf-8")
    assert "Calibrated C-3" in text and "Serviced" not in text


def test_the_id_and_the_work_are_read_in_both_languages() -> None:
    from memdir.consolidation.daily.route_usage_id import ids, pick_by_id, work_words  # new in trial 18

    assert ids("車両B-12の点検、CT01 と 50ml と 2026-11-28") == {"B-12", "CT01"}
    assert work_words("車両B-12の点検をいつもの手順で実施した。異常なし。") == {"点検"}
    assert work_words("Did the C-3 calibration per the checklist, done.") == {"calibr"}
    texts = {
        "a.md": "Centrifuge calibration (C-1 to C-3)\n\n1. Check 3000 rpm with the tachometer",
        "b.md": "Centrifuge C-3 rotor cleaning\n\n1. Take the rotor out",
    }
    assert pick_by_id("C-3 をいつもの手順で校正した。", texts) == ("a.md", "C-3", "校正")
    assert pick_by_id("Cleaned C-3 the usual way.", texts) == ("b.md", "C-3", "clean")
    assert pick_by_id("Rebalanced C-3 the usual way.", texts) is None  # the id alone
    assert pick_by_id("Calibrated the centrifuge the usual way.", texts) is None  # the work alone
