"""Trial 27 (fix35b): an editor that saves its old buffer over a day file drops the sections memdir
appended meanwhile; memdir keeps a copy of each, and `status`, `lint` and the daily run say which were
lost, `memdir episode restore` appends them again, `--dismiss` forgets one deleted on purpose
(docs/trials.md, "Trial 27 … fix35b").

Cases from other domains than the trial's (a dental practice's front desk, a 町工場's shift log),
English and Japanese; real files, the CLI in subprocesses; each fails on main."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_helper import run_memdir

DAY = "2026-03-05"


def _memdir(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_memdir(["--root", str(root), *args], root)


def _root_with_agent_sections(tmp_path: Path) -> tuple[Path, str]:
    root = tmp_path / "mem"
    assert run_memdir(["init", str(root)], root).returncode == 0
    day = root / "episodes" / f"{DAY}.md"
    day.write_text(f"---\ndate: {DAY}\n---\n\n## 08:30 — Front desk\n\nOpened at 8:30.\n", encoding="utf-8")
    old_buffer = day.read_text(encoding="utf-8")  # what the person's editor holds
    for at, title, text in (
        ("09:10", "Recall cards", "Sent 14 recall cards for hygiene visits."),
        ("09:40", "旋盤2号機の点検", "主軸の振れを測定した。0.01 mm 以内。"),
        ("10:05", "Sterilizer log", "Autoclave cycle 212 passed the Bowie-Dick test."),
    ):
        res = _memdir(root, "episode", "add", text, "--title", title, "--at", f"{DAY}T{at}")
        assert res.returncode == 0, res.stderr
    day.write_text(old_buffer + "\n## 11:00 — Lunch cover\n\nDr. Sato covers the desk.\n", encoding="utf-8")
    return root, old_buffer


def test_status_lint_and_the_daily_name_the_lost_sections(tmp_path: Path) -> None:
    root, _ = _root_with_agent_sections(tmp_path)
    status = _memdir(root, "status")
    assert "3 section(s) memdir appended are no longer in their day file" in " ".join(status.stdout.split())
    doc = json.loads(_memdir(root, "status", "--json").stdout)
    assert len(doc["lost_episodes"]) == 3 and doc["lost_episodes"][0].startswith(f"episodes/{DAY}.md#")
    lint = _memdir(root, "lint")
    assert f"episodes/{DAY}.md: warning: 3 section(s) memdir appended are no longer here" in lint.stdout, (
        lint.stdout
    )
    assert "memdir episode restore" in lint.stdout
    daily = _memdir(root, "consolidate", "daily", "--date", DAY)
    assert "memdir episode restore" in daily.stderr, daily.stderr
    text = (root / "episodes" / f"{DAY}.md").read_text(encoding="utf-8")
    assert "Recall cards" not in text  # never rewritten without being asked


def test_restore_appends_them_again_and_dismiss_forgets_one(tmp_path: Path) -> None:
    root, old_buffer = _root_with_agent_sections(tmp_path)
    dismissed = _memdir(root, "episode", "restore", f"episodes/{DAY}.md#1005-sterilizer-log", "--dismiss")
    assert dismissed.returncode == 0, dismissed.stderr
    assert "dismissed episodes/" in dismissed.stdout
    restored = _memdir(root, "episode", "restore", "--json")
    assert restored.returncode == 0, restored.stderr
    assert len(json.loads(restored.stdout)["restored"]) == 2
    text = (root / "episodes" / f"{DAY}.md").read_text(encoding="utf-8")
    assert text.startswith(old_buffer) and "## 11:00 — Lunch cover" in text  # the person's bytes stay
    assert "Sent 14 recall cards" in text and "主軸の振れを測定した" in text and "Autoclave" not in text
    assert "no longer" not in _memdir(root, "status").stdout
    assert "0 problem(s)" in _memdir(root, "lint").stdout
