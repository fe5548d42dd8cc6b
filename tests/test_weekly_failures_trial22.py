"""Trial 22 re-check N3: a weekly procedure's "Known failures" listed only the first of several failed tasks.

Two or three tasks of one kind failed in a week, each with its own reason (`t.failure(...)`); the procedure's
"Known failures" listed the first and said "One failed task, no different approach seen … (a second failure …
makes one)" while the run's stats counted 2 or 3. Every failed task of the kind is listed now, each with its
reason, and the sentence counts them; two failures with the same error make a lesson, as documented. Here a
ferry office's ticket refunds and a plant nursery's delivery bookings, in English and Japanese.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from memdir import Memory

UNTIL = date(2026, 10, 11)
KINDS = {
    "en": (
        "refund a ferry ticket",
        [("tickets.find", "ref={n}"), ("payments.refund", "full"), ("mail.send", "refunded")],
    ),
    "ja": (
        "植木の配達を予約する",
        [("orders.find", "注文={n}"), ("trucks.book", "午前便"), ("sms.send", "配達の案内")],
    ),
}
REASONS = {
    "en": ["payments.refund returned 402: card expired", "mail.send returned 503: relay unavailable"],
    "ja": [
        "trucks.book が409を返した：午前便は満車",
        "sms.send が500を返した：送信できない",
        "orders.find が見つからない注文を返した",
    ],
}


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 10, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


def _week(root: Path, lang: str, reasons: list[str]) -> tuple[str, dict[str, int], list[str]]:
    """Seven tasks of one kind, the first len(reasons) failing with those reasons: the procedure, stats, lessons."""
    mem = Memory(root)
    mem.init()
    intent, steps = KINDS[lang]
    for k in range(7):
        with mem.task(intent, clock=_clock(5 + k % 5, 8 + k), agent="desk") as t:
            for tool, text in steps:
                t.tool_use(tool, text.format(n=4100 + k))
            t.failure(reasons[k]) if k < len(reasons) else t.success()
    report = mem.consolidate_weekly(until=UNTIL)
    assert not report.errors, report.errors
    [proc] = [p for p in report.created if p.startswith("procedures/")]
    lessons = [p for p in report.created if p.startswith("knowledge/lessons/")]
    return (root / proc).read_text(encoding="utf-8"), dict(report.stats), lessons


def _known(text: str) -> str:
    return text.split("## Known failures", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_failed_task_is_listed_with_its_reason_and_counted(tmp_path: Path, lang: str) -> None:
    reasons = REASONS[lang]
    text, stats, lessons = _week(tmp_path / "mem", lang, reasons)
    known = _known(text)
    assert stats["failed_tasks_of_kept_types"] == len(reasons)
    assert not lessons  # each the only failure with its error: no lesson yet, as documented
    for reason in reasons:
        assert reason in known, known
    assert len(re.findall(r"^- `", known, re.M)) == len(reasons), known
    assert "One failed task" not in known, known
    assert f"{len(reasons)} failed tasks" in known, known


def test_two_failures_with_one_error_make_a_lesson_and_the_third_is_listed(tmp_path: Path) -> None:
    reasons = [
        "payments.refund returned 402: card expired",
        "payments.refund returned 402: card expired",
        "mail.send returned 503: relay unavailable",
    ]
    text, stats, lessons = _week(tmp_path / "mem", "en", reasons)
    known = _known(text)
    assert len(lessons) == 1, lessons
    assert f"See `{lessons[0]}`." in known, known
    assert known.count("card expired") == 2, known
    assert "relay unavailable" in known, known
    assert "One more failed task, with another error" in known, known
