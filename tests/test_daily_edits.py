"""Edited episodes replace the text they left in a note; what a person wrote is never changed."""

from __future__ import annotations

from pathlib import Path

from test_daily_support import YESTERDAY, at, memory, notes, run

from memdir.consolidation.daily.route_sections import SectionState, replace_section

FIRST = "To restart the queue:\n\n1. Stop the workers\n2. Run `queuectl drian`\n3. Start the workers"
SECOND = (
    "To restart the queue safely:\n\n1. Pause the producers\n2. Stop the workers\n3. Run `queuectl drain`"
)


def _fix(root: Path, ref_file: str, old: str, new: str) -> None:
    day = root / ref_file
    day.write_text(day.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_replace_section_needs_exactly_one_occurrence_of_whole_lines() -> None:
    assert replace_section("a\nX\nb\n", "X", "Y") == "a\nY\nb\n"
    assert replace_section("X\nX", "X", "Y") is None and replace_section("abc", "X", "Y") is None
    assert replace_section("a\nX (edited by hand)\n", "X", "Y") is None  # a person extended that line


def test_an_edited_update_section_is_replaced_in_place_and_the_rest_kept(root: Path) -> None:
    mem = memory(root)
    mem.add_episode(SECOND, title="Restart the queue", at=at(9, day=YESTERDAY))
    ep = mem.add_episode(FIRST, title="Restart the queue", at=at(16, day=YESTERDAY))
    report = run(mem)
    [path] = notes(root, "procedures")
    assert report.created == [path]  # the second episode joined the note as a dated section
    before = (root / path).read_text(encoding="utf-8")
    assert "queuectl drian" in before and before.count("## ") == 1
    _fix(root, ep.file, "drian", "drain")
    report = run(mem)
    after = (root / path).read_text(encoding="utf-8")
    assert report.updated == [path] and "drian" not in after and before.count("## ") == after.count("## ")
    assert after == before.replace("drian", "drain").replace(
        _updated_at(before), _updated_at(after)
    )  # exactly the typo (and updated_at) changed


def _updated_at(text: str) -> str:
    return next(ln for ln in text.splitlines() if ln.startswith("updated_at:"))


def test_a_section_a_person_rewrote_is_left_alone_and_the_new_version_goes_to_review(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(FIRST, title="Restart the queue", at=at(9))
    run(mem)
    [path] = notes(root, "procedures")
    note = root / path
    note.write_text(
        note.read_text(encoding="utf-8").replace("3. Start the workers", "3. Start the workers (one by one!)")
    )
    by_hand = note.read_text(encoding="utf-8")
    _fix(root, ep.file, "drian", "drain")
    report = run(mem)
    assert report.updated == [] and note.read_text(encoding="utf-8") == by_hand
    [item] = report.review
    review = mem.store.read(item)
    assert review.get("kind") == "merge_candidate" and review.get("target") == path
    assert "queuectl drain" in review.body


def test_the_record_names_the_episode_and_the_text_it_left(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(FIRST, title="Restart the queue", at=at(9))
    run(mem)
    rec = SectionState(root).get(ep.ref, "procedures")
    assert rec is not None and rec.path == notes(root, "procedures")[0]
    assert rec.text in (root / rec.path).read_text(encoding="utf-8")


KNOW = (
    "The loading dock door sticks in frost; it has done so every winter since the re-hang. "
    "The spare key is in the blue box above the fire panel. "
    "Facilities said the new door arrives in March."
)
KNOW_JA = "冷凍庫のアラームは扉が30秒以上開くと鳴る。止めるには扉を閉めてからリセットを押す。業者の話では来月部品を替えるとのこと。"


def test_an_episode_whose_last_sentence_was_deleted_replaces_its_section(root: Path) -> None:
    """fix36e's note: deleting a sentence left the old text, read as a replay ("episode already filed there")
    because the shorter text is inside the old section."""
    mem = memory(root)
    ep = mem.add_episode(KNOW, title="Loading dock door", at=at(9, day=YESTERDAY))
    ep_ja = mem.add_episode(KNOW_JA, title="冷凍庫のアラーム", at=at(10, day=YESTERDAY))
    run(mem)
    paths = notes(root, "knowledge") + notes(root, "procedures")
    texts = {p: (root / p).read_text(encoding="utf-8") for p in paths}
    assert any("new door arrives in March" in t for t in texts.values())
    assert any("来月部品を替える" in t for t in texts.values())
    _fix(root, ep.file, " Facilities said the new door arrives in March.", "")
    _fix(root, ep_ja.file, "業者の話では来月部品を替えるとのこと。", "")
    report = run(mem)
    after = {
        p: (root / p).read_text(encoding="utf-8")
        for p in notes(root, "knowledge") + notes(root, "procedures")
    }
    assert sorted(after) == sorted(paths)  # no new note
    joined = "\n".join(after.values())
    assert "new door arrives in March" not in joined and "来月部品を替える" not in joined, joined
    assert "spare key is in the blue box" in joined and "リセットを押す" in joined
    assert sorted(report.updated) == sorted(paths)
    again = run(mem)  # the edited text is filed now: a rerun changes nothing
    assert again.updated == [] and {p: (root / p).read_text(encoding="utf-8") for p in paths} == after
