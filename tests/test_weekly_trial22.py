"""Trial 22 #3 and #4: what the weekly run does with `t.failure("...")` and the title of identical requests.

#3: the reason an agent passes to `t.failure(reason)` (the Python helper's documented way to say why a
task failed) reaches the procedure's "Known failures", and the step blamed is the one that reason names
(by its tool, or by words of its call no other step has), or none: never simply the task's last step.
#4: five identical English requests keep their own words as the title, not a read call's words.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from memdir import Memory

REPO = Path(__file__).resolve().parent.parent
UNTIL = date(2026, 12, 7)


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 12, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


LOANS = {  # a library desk: look the book up, extend the loan, tell the patron
    "en": (
        "renew a library loan",
        [
            ("catalog.lookup", "isbn={n}"),
            ("loans.extend", "loan extension weeks=2"),
            ("mail.send", "template=renewed"),
        ],
    ),
    "ja": (
        "図書の貸出を延長する",
        [("catalog.lookup", "isbn={n}"), ("loans.extend", "貸出延長 2週"), ("mail.send", "延長通知を送る")],
    ),
}


def _week(root: Path, lang: str, reasons: list[str]) -> str:
    """Six tasks of one kind, the first len(reasons) failing with those reasons; the procedure's text."""
    mem = Memory(root)
    mem.init()
    intent, steps = LOANS[lang]
    for k in range(6):
        with mem.task(intent, clock=_clock(1 + k % 5, 9 + k), agent="desk") as t:
            for tool, text in steps:
                t.tool_use(tool, text.format(n=9780000000 + k))
            t.failure(reasons[k]) if k < len(reasons) else t.success()
    report = mem.consolidate_weekly(until=UNTIL)
    assert not report.errors, report.errors
    procs = [p for p in report.created if p.startswith("procedures/")]
    assert len(procs) == 1, report.to_dict()
    return (root / procs[0]).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("lang", "reason", "blamed"),
    [
        ("en", "loans.extend returned 403: loan limit reached", "loans.extend: loan extension weeks=2"),
        ("en", "the extension was refused: limit reached", "loans.extend: loan extension weeks=2"),
        ("ja", "貸出延長が上限のため拒否された", "loans.extend: 貸出延長 2週"),
    ],
)
def test_the_reason_given_to_failure_is_the_known_failure_on_the_step_it_names(
    tmp_path: Path, lang: str, reason: str, blamed: str
) -> None:
    text = _week(tmp_path / "root", lang, [reason])
    known = text.split("## Known failures", 1)[1]
    assert f"`{blamed}` failed: {reason}" in known
    assert "no error recorded" not in known
    assert "mail.send" not in known  # the last step is not blamed


@pytest.mark.parametrize(
    ("lang", "reason"),
    [("en", "the patron's account is blocked"), ("ja", "利用者のアカウントが停止中だった")],
)
def test_a_reason_that_names_no_step_blames_none(tmp_path: Path, lang: str, reason: str) -> None:
    text = _week(tmp_path / "root", lang, [reason])
    known = text.split("## Known failures", 1)[1]
    assert f"the task failed: {reason} (the reason names none of its steps)" in known
    assert " failed:" not in known.replace("the task failed:", "")  # no step is said to have failed
    assert "no error recorded" not in known


def test_two_failures_with_a_stated_reason_make_a_lesson_that_quotes_it(tmp_path: Path) -> None:
    reason = "利用者のアカウントが停止中だった"
    root = tmp_path / "root"
    _week(root, "ja", [reason, reason])
    lessons = list((root / "knowledge" / "lessons").glob("*.md"))
    assert len(lessons) == 1
    body = lessons[0].read_text(encoding="utf-8")
    failed = body.split("## What failed", 1)[1].split("##", 1)[0]
    assert failed.count(f"the task failed: {reason}") == 2
    assert "``" not in body  # no empty step quoted
    again = Memory(root).consolidate_weekly(until=UNTIL)  # a rerun changes nothing
    assert not again.created and not again.updated, again.to_dict()


def test_the_task_weekly_example_lists_its_failure_reason(tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, str(REPO / "examples" / "task_weekly.py")],
        capture_output=True,
        text=True,
        env={**os.environ},
        cwd=tmp_path,
        timeout=600,
    )
    assert res.returncode == 0, res.stderr[-2000:]
    assert "`bash: kubectl rollout status deploy/api -n staging` failed: rollout timed out" in res.stdout
    assert "no error recorded" not in res.stdout


def test_identical_english_requests_keep_their_own_words_as_title(tmp_path: Path) -> None:
    mem = Memory(tmp_path / "root")
    mem.init()
    for k, who in enumerate(["Ito", "Lee", "Khan", "Silva", "Novak"]):
        with mem.task("schedule a safety training", clock=_clock(1 + k, 9), agent="desk") as t:
            t.tool_use("hr.find_employee", "email=someone@example.org")
            t.tool_use("training.record", f"employee={who}")
            t.tool_use("rooms.free_slots", "site=north len=60")
            t.tool_use("rooms.book", "slot=first")
            t.tool_use("mail.send", "template=training_confirm")
            t.success()
    report = mem.consolidate_weekly(until=UNTIL)
    assert report.created == ["procedures/schedule-a-safety-training.md"], report.created
