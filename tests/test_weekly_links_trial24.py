"""Trial 24 re-check N3, N5, N6, N7: weekly lessons and merge items across a rejected or accepted candidate.

N3: after a person rejected the weekly merge candidate on a note ("not this note"), the lesson the kind's
failure gave stayed linked to that note, and the procedure the next run wrote for the tasks had no link.
N5: a weekly lesson's description was its failed call, masked and cut mid-header.
N6: a cross-language merge listed a look-up the note's step already says, and its accept heading was
"## English version — merged from review … (date)" where every other merge is "## <date> — merged …".
N7: a merge candidate's legend named the title's placeholder, which nothing appended uses.

A gym's membership cancellations (English, curl) over a Japanese 退会受付 note; a lab's sample registrations.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from test_weekly_language_trial24 import GYM_NOTE, STOCK_NOTE, _cli, _gym_week
from test_weekly_review_trial24 import JA_NOTE, _item, _lab_week

DAILY_GYM = GYM_NOTE.replace("origin: human", "origin: daily")  # a note memdir wrote lists its lessons


def _meta(path: Path, key: str) -> object:
    return yaml.safe_load(path.read_text(encoding="utf-8").split("---\n", 2)[1]).get(key)


def test_a_rejected_candidates_lesson_goes_with_its_tasks_to_their_new_procedure(tmp_path: Path) -> None:
    _gym_week(tmp_path, {"退会受付の手順.md": DAILY_GYM, "タオルと洗剤を発注する.md": STOCK_NOTE})
    (lesson,) = (tmp_path / "knowledge" / "lessons").glob("*.md")
    (item,) = [p for p in (tmp_path / "review").glob("rv-*.md") if "退会受付の手順" in p.read_text("utf-8")]
    assert _meta(lesson, "applies_to") == "procedures/退会受付の手順.md"
    _cli(tmp_path, "review", "reject", item.stem)
    note = (tmp_path / "procedures" / "退会受付の手順.md").read_text(encoding="utf-8")
    assert "lessons:" not in note, note  # the person said "not this note": nor its lesson
    assert _meta(lesson, "applies_to") == "", lesson.read_text(encoding="utf-8")
    assert "退会受付の手順.md`" not in lesson.read_text(encoding="utf-8")
    out = _cli(tmp_path, "consolidate", "weekly", "--until", "2026-12-07").stdout
    (new,) = [
        p
        for p in (tmp_path / "procedures").glob("*.md")
        if p.name not in ("退会受付の手順.md", "タオルと洗剤を発注する.md")
    ]
    rel = f"procedures/{new.name}"
    assert _meta(lesson, "applies_to") == rel, out
    proc = new.read_text(encoding="utf-8")
    assert f"- knowledge/lessons/{lesson.name}" in proc.split("\n---\n", 1)[0], proc
    assert f"See `knowledge/lessons/{lesson.name}`." in proc, proc  # its Known failures name the lesson
    assert f"(the task type of `{rel}`)" in lesson.read_text(encoding="utf-8")


def test_a_cross_language_candidate_leaves_out_a_step_the_note_says(
    tmp_path: Path,
) -> None:
    """N6: the look-up `curl …/members/M-{member}` is 「会員情報を開き、未払いの会費を確認する。」 (会員 in 会員情報)."""
    _gym_week(tmp_path, {"退会受付の手順.md": GYM_NOTE})
    (item,) = (tmp_path / "review").glob("rv-*.md")
    candidate = item.read_text(encoding="utf-8").split("## Candidate", 1)[1]
    assert "members/M-{member}`" not in candidate, candidate


def test_a_weekly_items_steps_on_a_japanese_note_merge_under_the_dated_heading(tmp_path: Path) -> None:
    """N6: a weekly item's steps in code are no English version of the Japanese note."""
    _cli(tmp_path, "init")
    (tmp_path / "procedures" / "試薬を補充する.md").write_text(JA_NOTE, encoding="utf-8")
    steps = "Steps the new tasks took that this note does not list:\n\n- http: `curl -sS https://lab.example/api/lots/{lot}` (after step 2)\n"
    _item(tmp_path, "rv-0000ab01", "procedures/試薬を補充する.md", ["rg-1", "rg-2"], steps, "weekly:x:2")
    _cli(tmp_path, "review", "accept", "rv-0000ab01")
    body = (tmp_path / "procedures" / "試薬を補充する.md").read_text(encoding="utf-8")
    assert "English version" not in body, body
    assert "— merged from review rv-0000ab01\n\nSteps the new tasks took" in body, body


def test_a_candidates_legend_names_only_the_placeholders_of_its_steps(tmp_path: Path) -> None:
    """N7: the title's `{name}` is not appended with the steps, so the legend does not name it."""
    _lab_week(tmp_path)
    (tmp_path / "procedures" / "register-a-sample.md").write_text(
        "---\ndescription: How we register a sample\nconfidence: 0.8\norigin: human\n---\n\n"
        "# Register a sample for an assay\n\n1. Open the sample in the LIMS (`lims.get_sample`).\n"
        "2. Create an ELISA batch for it (`lims.create_batch`).\n3. Print the tube label (`printer.print_label`).\n"
        "4. Email the site desk (`mail.send`, template received).\n",
        encoding="utf-8",
    )
    _cli(tmp_path, "consolidate", "weekly", "--until", "2026-12-07")
    (item,) = (tmp_path / "review").glob("rv-*.md")
    text = item.read_text(encoding="utf-8")
    assert "{name}" in text.split("## Candidate", 1)[0], text  # the item's title has it
    candidate = text.split("## Candidate", 1)[1]
    assert "`{name}`" not in candidate, candidate
    assert "- `{barcode}`:" in candidate, candidate  # a placeholder of a step it lists


def test_a_weekly_lessons_description_says_what_to_do_differently() -> None:
    """N5: the place the failed call and the one that worked differ, never the masked call cut mid-header."""
    from memdir.consolidation.weekly.lesson_desc import lesson_description
    from memdir.consolidation.weekly.lesson_evidence import Failure, TypeLessons

    failed = (
        "http: curl -sS -X POST https://api.library.example/loans/L-88/renew -H 'Authorization: [REDACTED]'"
    )
    worked = "http: curl -sS -X POST https://api.library.example/loans/L-88/renewals -H 'Authorization: [REDACTED]'"
    found = TypeLessons(
        "Renew loan {loan} for a reader",
        None,
        [Failure("lib-1", "", failed, "404 Not Found", worked, "lib-1")],
    )
    assert lesson_description(found) == (
        "Renew loan {loan} for a reader: use `/renewals`, not `/renew` (it failed: 404 Not Found)"
    )
    found.title = "貸出 {loan} を延長する"
    assert (
        lesson_description(found)
        == "貸出 {loan} を延長する：`/renew` ではなく `/renewals` を使う（失敗：404 Not Found）"
    )
    two = [Failure(f"pr-{k}", "", "printer.queue: job=poster size=A0", "paper jam in tray 2") for k in (1, 2)]
    desc = lesson_description(TypeLessons("Print a poster", None, two))
    assert desc == "Print a poster: `printer.queue` failed in 2 tasks (it failed: paper jam in tray 2)", desc
    assert "[REDACTED]" not in lesson_description(found)
    slot = (
        "microscope.book: scope=confocal-1 start=2026-12-03T{}:00+01:00"  # one task's day is not the kind's
    )
    late = Failure("mc-1", "", slot.format("08:30"), "409 Conflict: scope busy", slot.format("14:30"), "mc-2")
    desc = lesson_description(TypeLessons("Book the confocal for {project}", None, [late]))
    assert desc == "Book the confocal for {project}: use `14:30`, not `08:30` (it failed: scope busy)", desc
