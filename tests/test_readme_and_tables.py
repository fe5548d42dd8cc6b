"""What a new user meets first (trial 7, "unclear" items): the README's Python snippet runs as
written on a fresh root, and `review list` / `decision list` stay readable at 80 columns."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
Run = Callable[..., subprocess.CompletedProcess[str]]
TARGET = "procedures/purge-one-path-from-the-cdn-after-a-release.md"
DECISION = "knowledge/decisions/cache-sessions-in-redis-not-in-the-database.md"


def test_readme_python_snippet_runs_on_a_fresh_root(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    snippet = re.search(r"```python\n(.*?)```", readme, re.S)
    assert snippet is not None
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "MEMDIR_EMBEDDER": "hashing", "PYTHONPATH": str(REPO / "core")}
    init = subprocess.run(
        [sys.executable, "-m", "memdir.cli.main", "init", "memory_root"],
        cwd=work,
        env=env,
        capture_output=True,
    )
    assert init.returncode == 0, init.stderr
    res = subprocess.run(
        [sys.executable, "-c", snippet.group(1)],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, res.stderr
    assert "### Relevant to:" in res.stdout  # the context block recalled something, not just its header
    assert list((work / "memory_root" / "activity").glob("*.jsonl"))  # the task was logged


def test_review_and_decision_lists_are_readable_at_80_columns(root: Path, run_cli: Run) -> None:
    (root / "review" / "rv-0123abcd.md").write_text(
        f"---\nid: rv-0123abcd\nkind: merge_candidate\ntarget: {TARGET}\nsimilarity: 0.91\n"
        "created_at: '2026-12-05T14:59:12+00:00'\nsources:\n- episodes/2026-11-23.md#1100-purge\n"
        "description: new steps for the purge\n---\n\n# Merge candidate: Purge\n\nNew steps.\n",
        encoding="utf-8",
    )
    (root / "knowledge" / "decisions").mkdir(parents=True, exist_ok=True)
    (root / "knowledge" / "decisions" / DECISION.rsplit("/", 1)[1]).write_text(
        "---\ntype: decision\nstatus: open\nchosen: redis\nfollow_up_at: '2026-12-19'\n---\n"
        "# Cache sessions in Redis, not in the database\n\nWe chose Redis.\n",
        encoding="utf-8",
    )
    lists = {("review", "list"): [TARGET, "merge_candidate", "rv-0123abcd"], ("decision", "list"): [DECISION]}
    for argv, cells in lists.items():
        res = run_cli(*argv, env={"COLUMNS": "80"})
        assert res.returncode == 0, res.stderr
        assert "…" not in res.stdout, res.stdout  # nothing cut to `merge_cand…` or `procedures/…`
        assert max(len(line) for line in res.stdout.splitlines()) <= 80, res.stdout
        for text in cells:  # every path whole on one line (trial 12 #14: folded paths cannot be copied)
            assert any(text in line.split() for line in res.stdout.splitlines()), res.stdout
