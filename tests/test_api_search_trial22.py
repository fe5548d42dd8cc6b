"""Trial 22 #5 and #10: what an agent's Python code gets back from `search` and `t.feedback`.

#5: `Memory.search` returned hits below the relevance floor by default (`weak=True`) while
`memdir search`, MCP and `context` showed none, so the README's "check before taking
`hits[0]`" took an unrelated note. Now only relevant hits come back; `weak=True` asks for the rest.
#10: `t.feedback(path, ...)` took a misspelt or escaping path silently; the problem surfaced
only in the next daily run's `stats["feedback_invalid"]`. A public library's notes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from memdir import Memory
from memdir.errors import NoteError, NoteNotFound, PathError

NOTES = {
    "procedures/renew-a-library-card.md": (
        "Renew a library card",
        "1. Check the borrower's ID\n2. Extend the card by one year\n3. Print the new date on the receipt",
    ),
    "knowledge/interlibrary-loans.md": (
        "Interlibrary loans",
        "Interlibrary loans arrive on Tuesdays and are held for ten days at the front desk.",
    ),
    "procedures/延滞本の督促.md": (
        "延滞本の督促",
        "1. 延滞リストを出す\n2. 利用者にメールで連絡する\n3. 二週間後に電話する",
    ),
}
NONSENSE = ("how do I repaint the bike shed behind the car park", "駐車場の白線を引き直す手順")


@pytest.fixture
def library(mem: Memory) -> Memory:
    for rel, (title, body) in NOTES.items():
        kind = rel.split("/")[0]
        assert mem.add_note(kind, title, body) == rel
    mem.sync_index()
    return mem


def test_search_returns_no_hit_for_a_query_nothing_matches(library: Memory) -> None:
    for query in NONSENSE:
        hits = library.search(query, k=5)
        assert hits == [], [(h.path, h.relevant) for h in hits]
        weak = library.search(query, k=5, weak=True)  # asked for: the hits below the floor, marked
        assert weak and not any(h.relevant for h in weak)


def test_search_agrees_with_the_cli(library: Memory) -> None:
    query = NONSENSE[0]
    cli = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(library.root), "search", query, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert cli.returncode == 0 and cli.stdout.strip() == "[]"
    assert [h.path for h in library.search(query)] == []


def test_the_readme_pattern_takes_the_right_note_or_none(library: Memory) -> None:
    for query, want in (
        ("how do I renew a library card", "procedures/renew-a-library-card.md"),
        ("延滞本の督促はどうする", "procedures/延滞本の督促.md"),
        (NONSENSE[0], None),
    ):
        hits = library.search(query, k=5)
        best = hits[0].path if hits else None  # README: check before taking hits[0]
        assert best == want
        assert all(h.relevant for h in hits)


def _feedback_lines(root: Path) -> list[str]:
    return [
        ln
        for p in (root / "activity").glob("*.jsonl")
        for ln in p.read_text().splitlines()
        if '"feedback"' in ln
    ]


@pytest.mark.parametrize(
    ("path", "error", "message"),
    [
        ("procedures/renew-a-libary-card.md", NoteNotFound, "no such note"),
        ("procedures/延滞本の督促です.md", NoteNotFound, "no such note"),
        ("../../etc/passwd", PathError, "leaves the memory root"),
        ("knowledge/interlibrary-loans.md", NoteError, "not a knowledge note"),
        ("episodes/2026-12-01.md", NoteError, "procedures/ and knowledge/"),
    ],
)
def test_task_feedback_checks_the_note_at_once(
    library: Memory, path: str, error: type[Exception], message: str
) -> None:
    with library.task("renew a library card") as t:
        with pytest.raises(error, match=message):
            t.feedback(path, success=True)
        t.success()
    assert _feedback_lines(library.root) == []  # nothing logged for the next daily run to drop


def test_task_feedback_on_a_real_note_is_logged_and_applied_by_the_daily_run(library: Memory) -> None:
    rel = "procedures/renew-a-library-card.md"
    with library.task("renew a library card") as t:
        event = t.feedback(str(library.root / rel), success=True)  # an absolute path inside the root
        t.success()
    assert event["procedure"] == rel
    report = library.consolidate_daily()
    assert report.stats.get("feedback_applied") == 1 and "feedback_invalid" not in report.stats
    assert library.read_note(rel).meta["success_count"] == 1
