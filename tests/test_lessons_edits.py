"""An edited episode changes every note made from it, its lesson included (trial 10).

After a person fixed an episode (there: resolved a merge conflict), the daily run corrected the
procedure made from it but the lesson kept the old text: the lesson step saw the episode already in
the lesson's `sources` and changed nothing. Real files and real daily runs with the shipped embedder.
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import YESTERDAY, at, memory, run
from test_lessons_daily import EN, EN_AGAIN

OLD_SIDE = "We restarted the queue worker via kubectl delete pod worker-0 and watched it come back."
NEW_SIDE = "We restarted the queue worker with systemctl restart worker, then checked the logs."
SHORT = f"{OLD_SIDE}\nLesson learned: always drain the queue before restarting."
LONG = (
    "We restarted the queue worker with systemctl restart worker.\nThen we checked the logs for errors.\n"
    "Jobs were lost because the queue was not drained first.\nLesson learned: always drain the queue before "
    "restarting.\nThe worker runs on host q2 and serves the billing and mail queues.\n"
    "Its dashboard is in Grafana under Queues.\nThe queue holds about 4,000 jobs at noon."
)  # more than its lesson (three other facts): the episode keeps its own note beside the lesson (trial 18)


def _edit(root: Path, file: str, old: str, new: str) -> None:
    day = root / file
    text = day.read_text(encoding="utf-8")
    assert old in text
    day.write_text(text.replace(old, new), encoding="utf-8")


def _notes(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for top in ("knowledge", "procedures")
        for p in sorted((root / top).rglob("*.md"))
    }


def test_the_lesson_of_an_edited_episode_loses_the_discarded_text(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(SHORT, title="Restarted the queue worker", at=at(11, day=YESTERDAY))
    run(mem)
    lessons = [p for p in _notes(root) if "/lessons/" in p]
    assert lessons and all(OLD_SIDE in _notes(root)[p] for p in lessons)
    _edit(root, ep.file, OLD_SIDE, NEW_SIDE)
    report = run(mem)
    assert report.review == [] and report.errors == [], report.to_dict()
    notes = _notes(root)
    assert not [p for p, text in notes.items() if "kubectl delete pod" in text]
    assert all(NEW_SIDE in notes[p] for p in lessons)
    assert sorted(notes) == sorted(_notes(root))  # no second lesson, no new note


def test_a_note_and_its_separate_lesson_both_follow_the_edit(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(LONG, title="Restarted the queue worker", at=at(10, day=YESTERDAY))
    first = run(mem)
    assert len(first.created) == 2, first.to_dict()  # the episode's note and its lesson
    before = _notes(root)
    _edit(root, ep.file, "checked the logs", "checked the worker logs")
    _edit(root, ep.file, "always drain the queue", "always drain the job queue")
    report = run(mem)
    assert sorted(report.updated) == sorted(first.created) and report.review == [], report.to_dict()
    after = _notes(root)
    assert sorted(after) == sorted(before)
    for path in first.created:
        assert "checked the worker logs" in after[path] and "checked the logs" not in after[path]
    lesson = next(p for p in first.created if "/lessons/" in p)
    assert "description: Always drain the job queue before restarting." in after[lesson]


def test_an_edit_replaces_only_its_own_lines_of_a_lesson_other_episodes_added_to(root: Path) -> None:
    mem = memory(root)
    first = mem.add_episode(EN, title="Staging deploy failed on migrations", at=at(10))
    run(mem)
    mem.add_episode(EN_AGAIN, title="Prod deploy broke again", at=at(11))
    run(mem)
    [lesson] = [p for p in _notes(root) if "/lessons/" in p]
    before = _notes(root)[lesson]
    assert "Production deploy broke again" in before
    _edit(root, first.file, "after the new pods started", "after the new pods were started")
    report = run(mem)
    assert lesson in report.updated and report.review == [], report.to_dict()
    after = _notes(root)[lesson]
    assert "after the new pods were started" in after and "after the new pods started" not in after
    assert "Production deploy broke again" in after  # the other episode's evidence stays


def test_a_lesson_line_a_person_rewrote_is_left_alone_and_the_new_version_goes_to_review(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(LONG, title="Restarted the queue worker", at=at(10, day=YESTERDAY))
    first = run(mem)
    lesson = next(p for p in first.created if "/lessons/" in p)
    path = root / lesson
    by_hand = path.read_text(encoding="utf-8").replace(
        "- always drain the queue before restarting.", "- always drain the queue before restarting (ops)."
    )
    by_hand = by_hand.replace("Then we checked the logs for errors.", "Then we checked the logs (by hand).")
    path.write_text(by_hand, encoding="utf-8")
    _edit(root, ep.file, "Then we checked the logs for errors.", "Then we read the logs for errors.")
    _edit(root, ep.file, "always drain the queue", "always drain the job queue")
    report = run(mem)
    assert path.read_text(encoding="utf-8") == by_hand  # the person's lesson, untouched
    items = [r for r in report.review if (root / r).read_text(encoding="utf-8").count(lesson)]
    assert items, report.to_dict()
    assert "its text in the lesson was changed by hand" in (root / items[0]).read_text(encoding="utf-8")


def test_patch_lines_replaces_runs_found_exactly_once_and_refuses_otherwise() -> None:
    from memdir.consolidation.daily.lesson_edits import patch_lines

    body = "# T\n\n## A\n- one\n- extra\n\n## B\n- two\n"
    assert patch_lines(body, "# T\n\n## A\n- one\n\n## B\n- two", "# T\n\n## A\n- uno\n\n## B\n- two") == (
        "# T\n\n## A\n- uno\n- extra\n\n## B\n- two\n"
    )
    assert patch_lines(body, "## A\n- one\n## B", "## A\n## B") == "# T\n\n## A\n- extra\n\n## B\n- two\n"
    assert patch_lines(body, "- gone", "- new") is None  # not there: nothing is guessed
