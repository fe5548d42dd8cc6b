"""Trial 29 re-check N2: a failed task that ran a procedure's steps as written, up to where it stopped, is counted
on it with what the failure said, as its successful repeats are.

A week of two repeats and one failure of a person's procedure showed two successes on the note and no trace of
the failure. Here a print shop's proof approvals (English) and a clinic's flu-shot bookings (Japanese), each a
person's procedure whose lines name the tools, through `Memory.task` and `consolidate_weekly`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from memdir import Memory

CASES = {
    "en": (
        "approve-a-print-proof.md",
        "---\ndescription: How we approve a customer's print proof\norigin: human\n---\n\n# Approve a print proof\n\n"
        "1. proofs.get: `job=<job> version=latest`\n2. proofs.approve: `job=<job> press=heidelberg`\n"
        "3. mail.send: `template=proof-approved job=<job>`\n",
        "Approve the proof for print job {n}",
        [
            ("proofs.get", "job={n} version=latest"),
            ("proofs.approve", "job={n} press=heidelberg"),
            ("mail.send", "template=proof-approved job={n}"),
        ],
        "proofs.approve returned 423: plate already locked by another job",
        "plate already locked",
    ),
    "ja": (
        "インフルエンザ予防接種の予約.md",
        "---\ndescription: 予防接種の予約の取り方\norigin: human\n---\n\n# インフルエンザ予防接種の予約\n\n"
        "1. patients.find: `診察券=<番号>`\n2. slots.book: `枠=午前 種類=インフルエンザ`\n"
        "3. sms.send: `文面=予約完了 診察券=<番号>`\n",
        "診察券{n}のインフルエンザ予防接種を予約して",
        [
            ("patients.find", "診察券={n}"),
            ("slots.book", "枠=午前 種類=インフルエンザ"),
            ("sms.send", "文面=予約完了 診察券={n}"),
        ],
        "slots.book が満枠を返した：午前の枠はもうありません",
        "午前の枠はもうありません",
    ),
}


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 11, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_failed_repeat_of_a_persons_procedure_is_counted_with_its_reason(tmp_path: Path, lang: str) -> None:
    name, note, intent, steps, reason, said = CASES[lang]
    root = tmp_path / "mem"
    mem = Memory(root)
    mem.init()
    path = root / "procedures" / name
    path.write_text(note, encoding="utf-8")
    for k in range(3):
        with mem.task(intent.format(n=7700 + k), clock=_clock(2 + k, 9), agent="desk") as t:
            ran = steps if k != 1 else steps[:2]  # the second task stops at the step that failed
            for tool, text in ran:
                t.tool_use(tool, text.format(n=7700 + k))
            t.failure(reason) if k == 1 else t.success()
    report = mem.consolidate_weekly(until=date(2026, 11, 8))
    assert not report.errors, report.errors
    text = path.read_text(encoding="utf-8")
    meta = yaml.safe_load(text.split("---")[1])
    assert (meta["success_count"], meta["failure_count"]) == (2, 1), meta
    failures = [ln for ln in text.splitlines() if " failure: " in ln]
    assert len(failures) == 1 and said in failures[0], text
    assert text.startswith(note.split("\n# ")[0].split("---\n")[0])  # the person's words are kept
    assert note.split("---\n", 2)[2].strip() in text  # the body the person wrote, unchanged
    again = mem.consolidate_weekly(until=date(2026, 11, 8))  # a rerun counts nothing twice
    assert not again.errors and path.read_text(encoding="utf-8") == text
