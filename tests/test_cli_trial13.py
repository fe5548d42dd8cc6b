"""Trial 13's command-line papercuts, as a person at a shell meets them (a small bakery's root):
`lint`'s summary is its output (stdout), a verb run inside a root finds it as Git finds `.git`,
and a daily run says when today's episodes wait for tomorrow."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path


def run(args: list[str], cwd: Path, root: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env["MEMDIR_EMBEDDER"] = "hashing"
    if root is not None:
        env["MEMDIR_ROOT"] = str(root)
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        input="",
        timeout=300,
    )


def _bakery(tmp_path: Path) -> Path:
    root = tmp_path / "bakery"
    res = run(["init", str(root)], tmp_path)
    assert res.returncode == 0, res.stderr
    (root / "procedures" / "sourdough-starter.md").write_text(
        "---\ndescription: Feed the sourdough starter\nconfidence: 0.8\n---\n\n"
        "# Feed the sourdough starter\n\n1. Discard half.\n2. Add 50 g rye flour and 50 g water.\n",
        encoding="utf-8",
    )
    return root


def test_lint_summary_goes_to_stdout_so_a_redirect_keeps_it(tmp_path: Path) -> None:
    root = _bakery(tmp_path)
    res = run(["lint"], tmp_path, root)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "0 problem(s), 0 error(s)" and res.stderr == ""
    (root / "knowledge" / "oven.md").write_text("---\ndescription: [unclosed\n---\nDeck oven at 250 C.\n")
    res = run(["lint"], tmp_path, root)
    assert res.returncode == 1
    assert "knowledge/oven.md" in res.stdout and res.stdout.rstrip().endswith("1 problem(s), 1 error(s)")
    res = run(["lint", "--json"], tmp_path, root)  # --json: the list only, valid JSON, no summary anywhere
    assert res.stdout.lstrip().startswith("[") and "problem(s)" not in res.stdout + res.stderr


def test_a_verb_run_inside_a_root_finds_it_like_git(tmp_path: Path) -> None:
    root = _bakery(tmp_path)
    deep = root / "procedures"
    for cwd in (root, deep):
        res = run(["status", "--json"], cwd)
        assert res.returncode == 0, res.stderr
        assert f'"root": "{root}"' in res.stdout or str(root) in res.stdout
    res = run(["search", "sourdough starter", "--json"], deep)
    assert res.returncode == 0 and "procedures/sourdough-starter.md" in res.stdout, res.stderr
    # a Git clone: no .memdir/ state yet, but init's .gitignore line came along
    clone = tmp_path / "clone"
    (clone / "episodes").mkdir(parents=True)
    (clone / ".gitignore").write_text("*.swp\n.memdir/\n", encoding="utf-8")
    res = run(["status"], clone / "episodes")
    assert res.returncode == 0 and str(clone) in res.stdout, res.stderr
    # a folder that only happens to hold an `episodes/` folder is not taken for a root
    podcast = tmp_path / "podcast"
    (podcast / "episodes" / "s01").mkdir(parents=True)
    res = run(["status"], podcast / "episodes" / "s01")
    assert res.returncode == 1 and res.stdout == ""
    assert res.stderr.startswith("error: no memory root at") and "run memdir inside a root" in res.stderr
    assert not (podcast / ".memdir").exists() and not (podcast / "episodes" / "s01" / "memory_root").exists()
    # --root / MEMDIR_ROOT still decide, even from inside another root
    res = run(["status"], deep, root=clone)
    assert res.returncode == 0 and str(clone) in res.stdout and str(root) + "\n" not in res.stdout


def test_daily_run_says_that_todays_episodes_wait(tmp_path: Path) -> None:
    root = _bakery(tmp_path)
    today = date.today().isoformat()
    (root / "episodes" / f"{today}.md").write_text(
        f"---\ndate: {today}\n---\n\n## 06:10 — rye loaves\n\n- proofed 40 min longer, crumb was open\n",
        encoding="utf-8",
    )
    res = run(["consolidate", "daily"], tmp_path, root)
    assert res.returncode == 0, res.stderr
    assert f"1 episode(s) of today wait for tomorrow's run; --date {today} takes them now" in res.stdout
    res = run(["consolidate", "daily", "--json"], tmp_path, root)
    assert '"waiting_today": 1' in res.stdout
    res = run(["consolidate", "daily", "--date", today], tmp_path, root)
    assert res.returncode == 0 and "1 looked at" in res.stdout and "wait for tomorrow" not in res.stdout
    res = run(["consolidate", "daily"], tmp_path, root)  # taken now: nothing waits any more
    assert "wait for tomorrow" not in res.stdout
