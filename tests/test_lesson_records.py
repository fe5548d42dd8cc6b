"""The lesson step reads `daily-sections.json` once per version of the file, never a stale one.

`LessonRecords` keeps the parsed file between look-ups (the step asks for about 1,000 records in a
big run); these tests change the file behind its back, in every way a writer can, and check that
the next look-up answers from the file as it is on disk.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

from memdir.consolidation.daily.lesson_edits import CREATED, EVIDENCE, LESSON, LessonRecords
from memdir.consolidation.daily.route_sections import SectionState, record_key

REF = "episodes/2026-11-28.md#1030-fix-ci"


def _draft(ref: str = REF) -> SimpleNamespace:
    ep = SimpleNamespace(id=ref, ref=ref)
    return SimpleNamespace(ep=ep, title="Drain first", meta={"description": "drain first"}, failed=["x"])


def _put(root: Path, path: str, ref: str = REF) -> None:
    rec = {"path": path, "text": "t", "description": "", "episode": ref, "mode": CREATED}
    SectionState(root).put_all({record_key(ref, LESSON): rec})


def test_a_write_by_another_writer_is_seen(root: Path) -> None:
    records = LessonRecords(root)
    assert records.recorded(REF) is None  # no file yet
    _put(root, "knowledge/lessons/a.md")  # another SectionState: an atomic replace
    rec = records.recorded(REF)
    assert rec is not None and rec["path"] == "knowledge/lessons/a.md"
    _put(root, "knowledge/lessons/b.md")
    rec = records.recorded(REF)
    assert rec is not None and rec["path"] == "knowledge/lessons/b.md"


def test_an_edit_in_place_of_the_same_size_within_the_same_instant_is_seen(root: Path) -> None:
    """Same inode, same size, and (on a coarse clock) the same mtime: only the bytes tell."""
    _put(root, "knowledge/lessons/a.md")
    records = LessonRecords(root)
    assert (records.recorded(REF) or {})["path"] == "knowledge/lessons/a.md"
    file = root / ".memdir" / "state" / "daily-sections.json"
    before = file.stat()
    text = file.read_text(encoding="utf-8")
    with open(file, "r+", encoding="utf-8") as fh:  # rewritten where it is, not replaced
        fh.write(text.replace("lessons/a.md", "lessons/z.md"))
    os.utime(
        file, ns=(before.st_atime_ns, before.st_mtime_ns)
    )  # and its mtime put back, as a coarse clock would leave it
    assert file.stat().st_size == before.st_size and file.stat().st_ino == before.st_ino
    assert (records.recorded(REF) or {})["path"] == "knowledge/lessons/z.md"


def test_its_own_writes_are_seen_and_saved_as_a_fresh_reader_would(root: Path) -> None:
    _put(root, "knowledge/lessons/a.md", ref="episodes/2026-11-27.md#0900-other")
    records = LessonRecords(root)
    assert records.recorded(REF) is None  # parsed and kept
    records.record(_draft(), "knowledge/lessons/c.md", EVIDENCE, "- x (`e`)")  # type: ignore[arg-type]
    rec = records.recorded(REF)
    assert rec is not None and rec["path"] == "knowledge/lessons/c.md" and rec["mode"] == EVIDENCE
    # the file holds both records, as two fresh SectionStates (the code before the cache) would write
    data = json.loads((root / ".memdir" / "state" / "daily-sections.json").read_text(encoding="utf-8"))
    assert set(data["sections"]) == {
        record_key(REF, LESSON),
        record_key("episodes/2026-11-27.md#0900-other", LESSON),
    }
    other = root.parent / "other"
    (other / ".memdir" / "state").mkdir(parents=True)
    _put(other, "knowledge/lessons/a.md", ref="episodes/2026-11-27.md#0900-other")
    SectionState(other).put_all(
        {
            record_key(REF, LESSON): {
                "path": "knowledge/lessons/c.md",
                "text": "- x (`e`)",
                "description": "",
                "episode": REF,
                "mode": EVIDENCE,
            }
        }
    )
    assert (other / ".memdir" / "state" / "daily-sections.json").read_bytes() == (
        root / ".memdir" / "state" / "daily-sections.json"
    ).read_bytes()


def test_a_file_deleted_during_the_step_reads_as_no_record(root: Path) -> None:
    _put(root, "knowledge/lessons/a.md")
    records = LessonRecords(root)
    assert records.recorded(REF) is not None
    (root / ".memdir" / "state" / "daily-sections.json").unlink()
    assert records.recorded(REF) is None
