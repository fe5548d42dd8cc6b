"""Trial 20 #5: an incident's lesson put the apology under "What failed", the stated cause nowhere, and a
condition clipped out of "from now on every …".

A bakery's allergen incident (EN) and a nursery's medicine mix-up (JA), in one day file through one
`memdir consolidate daily` (a real subprocess). "What failed" holds the failure and its named cause
("Root cause found: …", 「原因：…」), never the apology to the customer; "What worked instead" holds the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import consolidated_day

DAY = """---
date: 2026-03-17
---

## 16:20 — Incident: walnut bread sold as plain rye

A customer with a nut allergy bought a loaf labelled plain rye this morning. The new baker took the walnut rye dough from the second proofing rack instead of the plain rye dough from the first; both racks stand side by side by the oven. The customer noticed the walnuts before eating any. Cause found: the two doughs look the same and the rack tags are handwritten. Fix: we put red tags on every nut dough, and from now on every loaf is checked against the bake sheet by a second baker before it goes on the shelf. The customer was called and apologised to.

## 17:40 — 与薬ミスの振り返り

昼の与薬で、Aくんの咳止めをBくんに飲ませてしまった。原因：二人の薬袋が同じ色で、名前の字が小さかった。すぐに保護者に連絡し、お詫びした。今後は与薬の前に、二人目の職員が名前を声に出して読み上げてから渡すこと。
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("lessons20"), "2026-03-17", {"2026-03-17.md": DAY})


def _sections(root: Path, word: str) -> tuple[str, str]:
    [text] = [
        t
        for f in (root / "knowledge" / "lessons").glob("*.md")
        if word in (t := f.read_text(encoding="utf-8"))
    ]
    failed = text.split("## What failed", 1)[1].split("## What worked instead", 1)[0]
    return failed, text.split("## What worked instead", 1)[1]


@pytest.mark.parametrize(
    ("word", "cause", "apology", "fix"),
    [
        ("walnut", "Cause found: the two doughs look the same", "apologised", "red tags on every nut dough"),
        ("薬袋", "二人の薬袋が同じ色で", "お詫び", "名前を声に出して読み上げ"),
    ],
)
def test_what_failed_is_the_failure_and_its_cause_not_the_apology(
    root: Path, word: str, cause: str, apology: str, fix: str
) -> None:
    failed, worked = _sections(root, word)
    assert cause in failed
    assert apology not in failed, failed
    assert fix in worked and cause not in worked


def test_the_step_taken_instead_of_the_right_one_is_what_failed(root: Path) -> None:
    failed, _ = _sections(root, "walnut")
    assert "took the walnut rye dough from the second proofing rack instead of" in failed


def test_a_rule_from_now_on_gives_no_clipped_condition(root: Path) -> None:
    [text] = [
        t
        for f in (root / "knowledge" / "lessons").glob("*.md")
        if "walnut" in (t := f.read_text(encoding="utf-8"))
    ]
    assert "- on every loaf" not in text
