"""Trial 26 (fix33b): a ticked run of a person's checklist, and accepting an `evidence` item.

- #1: a day-file section ticking (`- [x]`) the same steps as a person's `- [ ]` checklist, with one run's values in
  the place of its `<placeholders>` and a status table beside it, became a second procedure titled by the run.
  Now it is a use of the person's procedure: an `evidence` item on it naming the values, no new note.
- #8: accepting an `evidence` item (a usage report "just under the cut-off") wrote the report into the note as
  "Changed since the steps above …: step 1 differs. The whole newer version: …". Now it writes what the item
  says: a dated "Seen again in <source>" section, no steps.
Here: a lab shipping samples (English), a library lending to a branch (Japanese).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml
from test_daily_support import at, e5_memory, notes, run

from memdir.lifecycle.review import ReviewQueue
from memdir.notes.frontmatter import render_note
from memdir.notes.store import NoteStore

HUMAN = {"description": "", "origin": "human"}

SHIP = """# Ship samples to the partner lab

- [ ] Print the label: `./bin/label --sample <sample-id> --courier <courier>`
- [ ] Pack the box with dry ice and the data logger
- [ ] Upload the manifest: `scp manifest-<sample-id>.csv lims:/inbox/`
- [ ] Book the pickup with the courier
- [ ] Post the tracking number in #samples
"""
SHIP_RUN = """Shipped today:

- [x] Print the label: `./bin/label --sample S-204 --courier dhl`
- [x] Pack the box with dry ice and the data logger
- [x] Upload the manifest: `scp manifest-S-204.csv lims:/inbox/`
- [x] Book the pickup with the courier
- [x] Post the tracking number in #samples

| sample | courier | shipped | tracking |
|---|---|---|---|
| S-204 | DHL | 11-17 | 1Z-99812 |
| S-205 | DHL | pending | – |
"""

LEND = """# 分館への貸出手順

- [ ] 貸出票を作る: `./lend --branch <branch> --box <box-id>`
- [ ] 箱に資料を詰めて封をする
- [ ] 目録を送る: `scp list-<box-id>.csv opac:/lend/`
- [ ] 配送便を予約する
- [ ] #貸出 に箱番号を書く
"""
LEND_RUN = """今日の分:

- [x] 貸出票を作る: `./lend --branch kita --box B-31`
- [x] 箱に資料を詰めて封をする
- [x] 目録を送る: `scp list-B-31.csv opac:/lend/`
- [x] 配送便を予約する
- [x] #貸出 に箱番号を書く

| 分館 | 箱 | 発送 |
|---|---|---|
| 北 | B-31 | 11-17 |
| 南 | B-32 | 未 |
"""


def _run_of_checklist(root: Path, path: str, body: str, run_text: str, title: str) -> None:
    mem = e5_memory(root)
    (root / path).write_text(render_note(dict(HUMAN), body), encoding="utf-8")
    mem.add_episode(run_text, title=title, at=at(9))
    before = notes(root, "procedures")
    run(mem)
    assert notes(root, "procedures") == before, "a run of the checklist became a second procedure"
    items = ReviewQueue(NoteStore(root)).list_items()
    assert [(i.kind, i.target) for i in items] == [("evidence", path)], items
    assert "placeholders filled" in str(items[0].extra.get("usage")), items[0].extra


def test_a_ticked_run_of_a_checklist_is_a_use_of_it_never_a_second_procedure(root: Path) -> None:
    path = "procedures/ship-samples-to-the-partner-lab.md"
    _run_of_checklist(root, path, SHIP, SHIP_RUN, "Sample shipment S-204")
    usage = str(ReviewQueue(NoteStore(root)).list_items()[0].extra["usage"])
    assert "<sample-id> = s-204" in usage and "<courier> = dhl" in usage and usage.startswith("success"), (
        usage
    )


def test_a_ticked_run_of_a_japanese_checklist_is_a_use_of_it(root: Path) -> None:
    _run_of_checklist(root, "procedures/分館への貸出手順.md", LEND, LEND_RUN, "北分館への貸出 B-31")


def test_accepting_an_evidence_item_adds_a_seen_again_section_never_the_report_as_steps(root: Path) -> None:
    path = "procedures/ship-samples-to-the-partner-lab.md"
    (root / path).write_text(render_note(dict(HUMAN), SHIP), encoding="utf-8")
    report = "1. いつも通りの手順で S-207 を発送。 2. 問題なし。"
    src = "episodes/2026-11-25.md#s-207-発送"
    queue = ReviewQueue(NoteStore(root))
    rel = queue.raise_item(
        "evidence", path, "Ship samples", report, 0.5, [src], "test-evidence",
        extra={"usage": "success, not counted: match score 0.67, just under the cut-off"},
    )  # fmt: skip
    assert rel is not None
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    item_id = Path(rel).stem
    done = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), "review", "accept", item_id],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = (root / path).read_text(encoding="utf-8")
    assert f"Seen again in `{src}`." in text
    assert "いつも通り" not in text and "newer version" not in text and "differs" not in text
    meta = yaml.safe_load(text.split("---", 2)[1])
    assert src in meta["sources"]


def test_a_usage_report_counts_on_the_general_procedure_not_on_a_copy_bound_to_one_runs_values(
    root: Path,
) -> None:
    """#2: "usual way" reports for other values counted on a copy bound to one run's values (an older root's
    daily copy); now the procedure whose placeholders the copy's values fill is the one named."""
    mem = e5_memory(root)
    general = "procedures/ship-samples-to-the-partner-lab.md"
    (root / general).write_text(render_note(dict(HUMAN), SHIP), encoding="utf-8")
    copy = "procedures/sample-shipment-s-204.md"
    meta = {
        "description": "How I ship samples now",
        "confidence": 0.4,
        "success_count": 0,
        "failure_count": 0,
    }
    (root / copy).write_text(
        render_note({**meta, "origin": "daily"}, "# Sample shipment S-204\n\n" + SHIP_RUN), encoding="utf-8"
    )
    mem.add_episode("Did the sample shipment the usual way for S-311, went fine.", title="S-311", at=at(9))
    run(mem)
    store = NoteStore(root)
    assert store.read(general).meta.get("success_count") == 1, store.read(general).meta
    assert store.read(copy).meta.get("success_count") == 0


def test_a_word_cut_short_is_the_same_scope_another_word_is_not() -> None:
    from memdir.consolidation.daily.route_usage_near import scope_differs

    title = "Monthly configuration backup"
    assert scope_differs("Did the config backup the usual way, fine.", title) == ""
    assert scope_differs("Did the database backup the usual way, fine.", title) != ""
