"""A root of a person's procedures, usual-way reports added as today's episodes, one daily run over them, as a
user runs them (`memdir init`, `episode add`, `consolidate daily --json`), and the counts it left (the usage
report tests share them)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from memdir.cli.main import cli
from memdir.notes.frontmatter import render_note
from memdir.notes.store import NoteStore

META: dict[str, object] = {"confidence": 0.5, "success_count": 0, "failure_count": 0, "origin": "human"}


def procedure_root(tmp_path: Path, procedures: dict[str, str]) -> Path:
    """A new root holding `procedures` (file name -> body) as a person's procedures."""
    root = tmp_path / "root"
    res = CliRunner().invoke(cli, ["init", str(root)])
    assert res.exit_code == 0, res.output
    for name, body in procedures.items():
        (root / "procedures" / name).write_text(render_note(dict(META), body), encoding="utf-8")
    return root


def daily_today(root: Path, reports: list[str]) -> dict[str, Any]:
    """Each report an episode of today, then one daily run for today; the run's JSON."""
    runner = CliRunner()
    for report in reports:
        res = runner.invoke(cli, ["--root", str(root), "episode", "add", report])
        assert res.exit_code == 0, res.output
    res = runner.invoke(
        cli, ["--root", str(root), "consolidate", "daily", "--date", date.today().isoformat(), "--json"]
    )
    assert res.exit_code == 0, res.output
    out: dict[str, Any] = json.loads(res.output[res.output.index("{") :])
    return out


def procedure_counts(root: Path) -> dict[str, tuple[object, object]]:
    """Each procedure's (success_count, failure_count), by file name."""
    return {
        n.path.split("/", 1)[1]: (n.get("success_count"), n.get("failure_count"))
        for n in NoteStore(root).iter_notes(("procedures",))
    }
