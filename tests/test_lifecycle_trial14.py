"""Trial 14 (fix14b): a changed step merges as the whole newer list; nightly successes in the log
count as use; a procedure archived for failures leaves its corrections where an agent finds them."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from memdir.lifecycle.review import ReviewQueue

Run = Callable[..., subprocess.CompletedProcess[str]]

PH_METER = (
    "---\r\ndescription: Calibrate the bench pH meter before a titration run\r\norigin: human\r\n"
    "confidence: 0.8\r\n---\r\n\r\n# Calibrate the pH meter\r\n\r\n"
    "1. Rinse the electrode with deionised water.\r\n"
    "2. Dip it in the pH 7.00 buffer and press CAL.\r\n"
    "3. Dip it in the pH 4.01 buffer and press CAL.\r\n"
    "4. Check the slope reads between 95 and 105 %.\r\n"
    "5. Write the slope in the instrument log.\r\n"
)
CHANGED = (
    "# Calibrate the pH meter\n\n"
    "1. Rinse the electrode with deionised water.\n"
    "2. Dip it in the fresh pH 6.86 phosphate buffer (the 7.00 stock is discontinued) and press CAL.\n"
    "3. Dip it in the pH 4.01 buffer and press CAL.\n"
    "4. Check the slope reads between 95 and 105 %.\n"
    "5. Write the slope in the instrument log.\n"
)


def test_accepting_a_candidate_whose_step_changed_appends_the_whole_newer_list(ready: Run, root: Path) -> None:
    from memdir import Memory

    (root / "procedures" / "calibrate-ph-meter.md").write_bytes(PH_METER.encode("utf-8"))
    q = ReviewQueue(Memory(root).store)
    path = q.raise_item(
        "merge_candidate", "procedures/calibrate-ph-meter.md", "pH meter (new buffer)", CHANGED, 0.93, ["lab-7"], "ph"
    )
    assert path
    shown = ready("review", "show", Path(path).stem)
    assert "accepting appends it to that note as a dated section" in shown.stdout
    res = ready("review", "accept", Path(path).stem)
    assert res.returncode == 0, res.stderr
    raw = (root / "procedures" / "calibrate-ph-meter.md").read_bytes().decode("utf-8")
    body = PH_METER.split("---\r\n\r\n", 1)[1]
    assert body in raw and "\r\n" in raw  # nothing the person wrote changed, CRLF kept
    added = raw.split(body, 1)[1].replace("\r\n", "\n")
    assert "Seen again" not in added and "Not already in this note" not in added
    assert "step 2 differs" in added
    # the whole newer list, in order, not a lone "2." fragment
    assert re.findall(r"^(\d)\. ", added, re.M) == ["1", "2", "3", "4", "5"]
    assert "pH 6.86 phosphate buffer" in added


def test_a_changed_japanese_step_numbered_full_width_also_merges_whole(mem, root: Path) -> None:  # type: ignore[no-untyped-def]
    note = "# 試薬の発注\n\n１．在庫表を確認する。\n２．購買システムで見積を依頼する。\n３．検収印をもらう。\n"
    mem.store.create("procedures/試薬の発注.md", "---\ndescription: 試薬を発注する\n---\n\n" + note)
    cand = note.replace("２．購買システムで見積を依頼する。", "２．新しい購買ポータルで見積を依頼する。")
    q = ReviewQueue(mem.store)
    path = q.raise_item("merge_candidate", "procedures/試薬の発注.md", "試薬の発注", cand, 0.95, ["e-1"], "jp")
    assert path
    q.accept(path)
    text = (root / "procedures" / "試薬の発注.md").read_text(encoding="utf-8")
    added = text.split("merged from review", 1)[1]
    assert "１．在庫表を確認する。" in added and "３．検収印をもらう。" in added and "新しい購買ポータル" in added
    assert "step ２ differs" in added
