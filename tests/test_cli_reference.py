"""The README command reference is generated from `--help` and cannot drift from it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "gen_cli_reference.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=REPO, timeout=120
    )


def test_readme_command_reference_is_current() -> None:
    res = _run("--check")
    assert res.returncode == 0, res.stderr


def test_every_command_has_a_summary_and_an_example() -> None:
    res = _run("--stdout")
    assert res.returncode == 0
    assert "help text:" not in res.stderr, res.stderr
    for verb in (
        "init",
        "episode add",
        "log",
        "search",
        "consolidate daily",
        "consolidate weekly",
        "feedback",
        "review list",
        "index sync",
        "daemon",
        "status",
        "lint",
        "context",
        "note add",
        "note show",
        "restore",
        "mcp",
    ):
        assert f"### memdir {verb}\n" in res.stdout, verb


def test_generate_then_check_then_detect_drift(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(
        "# memdir\n\nintro\n\n<!-- cli-reference:start -->\nold\n<!-- cli-reference:end -->\n\nafter\n",
        encoding="utf-8",
    )
    assert _run("--check", "--readme", str(readme)).returncode == 1  # stale
    assert _run("--readme", str(readme)).returncode == 0
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("# memdir\n\nintro\n") and text.endswith("<!-- cli-reference:end -->\n\nafter\n")
    assert "### memdir context\n" in text and "old\n" not in text
    assert _run("--check", "--readme", str(readme)).returncode == 0
    readme.write_text(text.replace("Print pinned and relevant memory", "Print memory"), encoding="utf-8")
    res = _run("--check", "--readme", str(readme))
    assert res.returncode == 1 and "out of date" in res.stderr
    readme.write_text("# no markers\n", encoding="utf-8")
    res = _run("--check", "--readme", str(readme))
    assert res.returncode == 1 and "markers" in res.stderr


def test_generated_help_matches_the_real_command_output() -> None:
    section = _run("--stdout").stdout
    env = {**os.environ, "COLUMNS": "100"}
    real = subprocess.run(
        [sys.executable, "-m", "memdir.cli.main", "context", "--help"],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=60,
    ).stdout
    assert real.rstrip() in section
