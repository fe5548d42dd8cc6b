"""Trial 21 re-check N3: a sentence that tells the cause and then its fix ("Found a loose washer on the hose;
tightened it, no more drip.") went under "What failed" whole, and "What worked instead" held only the rule.

A community garden's greenhouse and a school's lab (EN and JA), in one day file through one `memdir consolidate
daily` (a real subprocess): the sentence that carries the fix goes under "What worked instead" (it may name the
cause too), never under "What failed"; a sentence whose fix did not hold ("…; restarted it, failed again") stays a
failure.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day

DAY = """---
date: 2026-05-12
---

## 08:40 — greenhouse irrigation
Volunteer Priya reported puddles under bench 3 in the greenhouse. Found a cracked dripper on the bench 3 feed line; replaced it, no more puddles. From now on we check the drippers at every Saturday work party.

## 10:15 — 理科室の水道
理科室の流しの下に水たまりができていると報告があった。給水管の継手が緩んでいたので締め直したら、水漏れが止まった。今後は学期ごとに継手を点検する。

## 14:00 — greenhouse fan
The greenhouse fan tripped the breaker twice today. Reset the breaker at noon, tripped again by two. From now on we call the electrician when a breaker trips twice.
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("fixclause"), "2026-05-12", {"2026-05-12.md": DAY})


def _parts(root: Path, word: str) -> tuple[str, str]:
    [text] = [
        t
        for f in (root / "knowledge" / "lessons").glob("*.md")
        if word in (t := f.read_text(encoding="utf-8"))
    ]
    failed = text.split("## What failed", 1)[1].split("## What worked instead", 1)[0]
    worked = text.split("## What worked instead", 1)[1].split("\n## ", 1)[0]
    return failed, worked


@pytest.mark.parametrize(
    ("word", "fix"),
    [
        ("dripper", "Found a cracked dripper on the bench 3 feed line; replaced it, no more puddles."),
        ("理科室", "給水管の継手が緩んでいたので締め直したら、水漏れが止まった。"),
    ],
)
def test_a_sentence_that_carries_the_fix_goes_under_what_worked(root: Path, word: str, fix: str) -> None:
    failed, worked = _parts(root, word)
    assert fix in worked, worked
    assert fix not in failed, failed


def test_a_fix_that_did_not_hold_stays_a_failure(root: Path) -> None:
    failed, worked = _parts(root, "breaker")
    assert "tripped again by two" in failed, failed
    assert "tripped again by two" not in worked, worked
