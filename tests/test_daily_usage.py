"""Usage reports: an outcome for the procedure that was followed, never a new note; near-misses are new material."""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, e5_memory, notes, run, snapshot

from memdir.consolidation.daily.route_usage import title_overlap, usage_outcome
from memdir.notes.frontmatter import render_note

STEPS = (
    "1. Put the NAS in maintenance mode\n2. Pull the failed drive and insert the new one in the same bay\n"
    "3. Start the repair from Storage Pool > Repair\n4. Leave the rebuild running overnight"
)


def _nas(root: Path, origin: str = "daily", **extra: object) -> str:
    meta: dict[str, object] = {"description": "Replace a failed NAS drive", "confidence": 0.4}
    meta.update(success_count=0, failure_count=0, origin=origin, **extra)
    text = render_note(meta, "# Replace a failed drive in the NAS\n\n" + STEPS)
    (root / "procedures" / "replace-a-failed-drive-in-the-nas.md").write_text(text, encoding="utf-8")
    return text


def test_outcome_words() -> None:
    assert (
        usage_outcome("Did the rolling restart the usual way. Node 3 never came back, so I stopped there.")
        == "failure"
    )
    assert usage_outcome("Replaced a NAS drive again, same as last time. Rebuild is running.") == "unknown"
    assert usage_outcome("Followed the runbook for the cert renewal, went fine.") == "success"
    assert (
        usage_outcome("支払処理、チェックリストどおりに進めたけど、アップロードで弾かれて止まってます。")
        == "failure"
    )
    assert title_overlap("Rotated the DB password", "Rotate the DB password") == 1.0


def test_a_failed_run_counts_a_failure_and_an_unknown_one_only_its_use(root: Path) -> None:
    mem = e5_memory(root)
    _nas(root)
    e1 = mem.add_episode(
        "Replaced a NAS drive the usual way, but the repair failed at 40% and I had to stop.", at=at(9)
    )
    e2 = mem.add_episode(
        "Replaced another NAS drive, same steps as last time. The rebuild is still running.", at=at(15)
    )
    report = run(mem)
    assert report.created == [] and report.updated == ["procedures/replace-a-failed-drive-in-the-nas.md"]
    note = mem.store.read("procedures/replace-a-failed-drive-in-the-nas.md")
    assert (note.get("success_count"), note.get("failure_count")) == (0, 1)
    assert note.get("confidence") == round((0 + 2 * 0.4) / (0 + 1 + 2), 4)  # the design's smoothing
    assert "failure: " in note.body and "unknown: " in note.body
    assert f"({e1.ref})" in note.body and f"({e2.ref})" in note.body
    assert note.get("sources") is None  # evidence of use, not of content


def test_a_near_miss_that_adds_a_step_is_new_material_not_an_outcome(root: Path) -> None:
    mem = e5_memory(root)
    _nas(root)
    mem.add_episode(
        "Replacing a NAS drive: the runbook misses one thing. You also have to disable the nightly snapshot task "
        "before the repair, otherwise the rebuild restarts at 2 am. Added it as step 0 and it went through.",
        at=at(9),
    )
    report = run(mem)
    note = mem.store.read("procedures/replace-a-failed-drive-in-the-nas.md")
    assert report.stats["outcomes"] == 0 and note.get("success_count") == 0


def test_a_usage_report_without_a_matching_procedure_is_routed_as_usual(root: Path) -> None:
    mem = e5_memory(root)
    mem.add_episode("Rotated the database password again today, the usual steps.", at=at(9))
    report = run(mem)
    assert (
        report.stats["outcomes"] == 0 and notes(root, "knowledge") == [] and notes(root, "procedures") == []
    )


def test_a_report_about_a_skill_becomes_evidence_in_review_and_leaves_the_skill_alone(root: Path) -> None:
    mem = e5_memory(root)
    (root / "skills").mkdir(exist_ok=True)
    skill = render_note(
        {"description": "Replace a failed NAS drive"}, "# Replace a failed drive in the NAS\n\n" + STEPS
    )
    (root / "skills" / "nas-drive.md").write_text(skill, encoding="utf-8")
    before = snapshot(root / "skills")
    mem.add_episode("Replaced a failed drive in the NAS today, standard procedure. Went fine.", at=at(9))
    report = run(mem)
    [item] = report.review
    review = mem.store.read(item)
    assert review.get("kind") == "evidence" and review.get("target") == "skills/nas-drive.md"
    assert snapshot(root / "skills") == before and report.created == []


def test_the_dry_run_shows_the_outcome_and_writes_nothing(root: Path) -> None:
    mem = e5_memory(root)
    text = _nas(root, origin="human", confidence=0.9)
    mem.add_episode("NAS drive swap done per the runbook, all good.", at=at(9))
    preview = run(mem, dry_run=True)
    assert "+success_count: 1" in preview.diff.replace("-success_count: 0\n", "")
    assert (root / "procedures" / "replace-a-failed-drive-in-the-nas.md").read_text(encoding="utf-8") == text
    run(mem)
    note = mem.store.read("procedures/replace-a-failed-drive-in-the-nas.md")
    assert (
        note.get("success_count") == 1 and note.get("confidence_prior") == 0.9
    )  # a person's confidence is the prior


def test_a_report_naming_the_steps_credits_that_procedure_as_a_success(root: Path) -> None:
    """Trial 11 #9, in another domain: an English report of a Japanese procedure, naming its steps, went to a
    story note whose title shares one Latin word with the report, and "worked" after "pending" read as unknown."""
    mem = e5_memory(root)
    meta: dict[str, object] = {"confidence": 0.4, "success_count": 0, "failure_count": 0, "origin": "weekly"}
    tapes = (
        "# バックアップテープを交換する\n\n1. `tape.list_slots status=pending` で満杯のスロットを確認する\n"
        "2. `tape.eject slot=N` で取り出して金庫に入れる\n3. `slack.post channel=#インフラ` で交換を報告する\n"
    )
    story = (
        "# Veeam のバックアップテープ交換でタイムアウト\n\n1. バックアップテープを交換しようとしたが、Veeam が 504 を"
        "返して失敗した。5分待ってから再実行したら交換できた。\n"
    )
    (root / "procedures" / "バックアップテープを交換する.md").write_text(
        render_note(meta, tapes), encoding="utf-8"
    )
    (root / "procedures" / "veeam-のバックアップテープ交換でタイムアウト.md").write_text(
        render_note({**meta, "origin": "daily"}, story), encoding="utf-8"
    )
    mem.add_episode(
        "Swapped the backup tapes in Veeam using the usual steps: listed the pending slots, ejected the full "
        "tapes and posted to #インフラ. Both swaps worked on the first try.",
        title="Tape swap in the server room",
        at=at(10),
    )
    report = run(mem)
    assert report.created == [] and report.updated == ["procedures/バックアップテープを交換する.md"]
    note = mem.store.read("procedures/バックアップテープを交換する.md")
    assert (note.get("success_count"), note.get("failure_count")) == (1, 0)
    assert "success: Swapped the backup tapes" in note.body
    assert "Outcome notes" not in (
        root / "procedures" / "veeam-のバックアップテープ交換でタイムアウト.md"
    ).read_text(encoding="utf-8")


def test_the_later_of_pending_and_done_is_the_outcome() -> None:
    assert (
        usage_outcome("Approved the pending purchase orders the usual way, all of them worked.") == "success"
    )
    assert (
        usage_outcome("Deployed the usual way, done with the upload; the health check is pending.")
        == "unknown"
    )
    assert usage_outcome("いつもの手順で保留中の申請を処理した。問題なく完了。") == "success"
