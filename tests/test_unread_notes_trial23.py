"""Trial 23 re-check N8: a note the daily run cannot read is named in the run's report, once.

A template kept under knowledge/ (`date: {{date}}`) printed `WARNING memdir.notes.store: skipping …`,
a log record, on stderr of every run (the re-check saw it twice where a script's nested run printed its
own). The run now leaves such notes out and its report names them in one plain line, as `search` does,
and `--json` lists them under `stats.notes_unread`; `lint` says why. A choir's rehearsal template in
English and a tea class's in Japanese, the real CLI.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}
YESTERDAY = (date.today() - timedelta(days=1)).isoformat()


def _root_with_templates(root: Path) -> None:
    (root / "knowledge" / "templates").mkdir(parents=True)
    (root / "knowledge" / "templates" / "Rehearsal.md").write_text(
        "---\ndate: {{date}}\n---\n# Rehearsal\n## Warm-up\n", encoding="utf-8"
    )
    (root / "knowledge" / "templates" / "稽古.md").write_text(
        "---\ntitle: {{title}}\n---\n# 稽古の記録\n", encoding="utf-8"
    )
    (root / "episodes" / f"{YESTERDAY}.md").write_text(
        "## 19:00 — Rehearsal\nThe tenors now warm up with lip trills before the scales.\n\n"
        "## 20:00 — 茶道教室\n来月から炉の点前を稽古することになった。\n",
        encoding="utf-8",
    )


def test_the_daily_run_names_unreadable_notes_in_one_plain_line(root: Path, run_cli: Run) -> None:
    _root_with_templates(root)
    for args in (("--dry-run",), ()):
        res = run_cli("consolidate", "daily", *args, env=ENV)
        assert res.returncode == 0, res.stderr
        assert "WARNING" not in res.stderr and "skipping" not in res.stderr, res.stderr
        lines = [ln for ln in (res.stdout + res.stderr).splitlines() if "templates/" in ln]
        assert len(lines) == 1, res.stdout + res.stderr
        assert lines[0].startswith("  2 note(s) could not be read"), lines
        assert "knowledge/templates/Rehearsal.md" in lines[0] and "knowledge/templates/稽古.md" in lines[0]
        assert "`memdir lint` says why" in lines[0]


def test_json_lists_them_and_a_run_after_the_fix_says_nothing(root: Path, run_cli: Run) -> None:
    _root_with_templates(root)
    res = run_cli("consolidate", "daily", "--dry-run", "--json", env=ENV)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["stats"]["notes_unread"] == [
        "knowledge/templates/Rehearsal.md",
        "knowledge/templates/稽古.md",
    ]
    for name, key in (("Rehearsal.md", "date"), ("稽古.md", "title")):
        path = root / "knowledge" / "templates" / name
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(f"{key}: {{{{{key}}}}}", f'{key}: "{{{{{key}}}}}"'), encoding="utf-8")
    res = run_cli("consolidate", "daily", env=ENV)
    assert res.returncode == 0, res.stderr
    assert "could not be read" not in res.stdout + res.stderr and "skipping" not in res.stderr
