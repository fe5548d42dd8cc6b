"""One test per bug of issue 19, each run as a user runs the CLI (a real subprocess on real files)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from memdir import Memory

Run = Callable[..., subprocess.CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}
REPO = Path(__file__).resolve().parent.parent


def write(root: Path, rel: str, text: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")


def seed(root: Path) -> None:
    write(
        root,
        "knowledge/ci.md",
        "---\ndescription: CI runner images\ntags: [ci, ops]\n---\n# CI\n\nPin runners.\n",
    )
    write(
        root,
        "knowledge/notes[/b].md",
        "---\ndescription: a [red]x[/red] note\n---\n# Brackets\n\nkiwi text\n",
    )
    write(
        root,
        "episodes/2026-11-28.md",
        "---\ndate: 2026-11-28\n---\n\n## 09:10 — Standup\n\nWe talked about lunch.\n\n"
        "## 14:20 — Flaky test\n\nThe integration test failed because the fixture port was reused.\n",
    )


def test_mistyped_root_writes_nothing_and_says_so(tmp_path: Path, run_cli: Run) -> None:
    typo = tmp_path / "memroy"
    res = run_cli("--root", str(typo), "episode", "add", "important work")
    assert res.returncode == 1 and f"no memory root at {typo}" in res.stderr
    res = run_cli("--root", str(typo), "log", "--type", "task_start", "--summary", "x")
    assert res.returncode == 1 and not typo.exists()


def test_blank_queries_are_refused(root: Path, run_cli: Run) -> None:
    seed(root)
    for query in ("", "   "):
        res = run_cli("search", query, env=ENV)
        assert res.returncode == 2 and "empty query" in res.stderr, (query, res.stderr)
        assert res.stdout == ""
    res = run_cli("context", "  ", env=ENV)
    assert res.returncode == 2 and "empty query" in res.stderr


def test_a_word_found_nowhere_matches_nothing(root: Path, run_cli: Run) -> None:
    seed(root)
    res = run_cli("search", "xyzzyplugh", "--json", env=ENV)
    assert res.returncode == 0 and json.loads(res.stdout) == []
    res = run_cli("search", "xyzzyplugh", env=ENV)
    assert res.returncode == 0 and res.stdout == "" and "no note matched 'xyzzyplugh'" in res.stderr
    res = run_cli("search", "xyzzyplugh", "--weak", "--json", env=ENV)
    weak = json.loads(res.stdout)
    assert weak and not any(h["relevant"] for h in weak)  # still there on request, marked
    res = run_cli("search", "runner images", "--json", env=ENV)
    assert [h["path"] for h in json.loads(res.stdout)][:1] == ["knowledge/ci.md"]


def test_search_dash_reads_a_120_kb_query_from_stdin(root: Path, run_cli: Run) -> None:
    seed(root)
    write(root, "episodes/2026-11-27.md", "## 10:00 — Retro\n\nWe planned the next sprint and the offsite.\n")
    log = "".join(
        f"2026-11-28T10:{i % 60:02d}:00 worker[{i}] retrying job {i}: connection reset\n" for i in range(2000)
    )
    log += "ERROR integration test failed: the fixture port was reused\n"
    assert len(log.encode()) > 120_000
    res = run_cli("search", "-", "--json", input=log, env=ENV)
    assert res.returncode == 0, res.stderr
    hits = json.loads(res.stdout)
    assert hits and hits[0]["path"] == "episodes/2026-11-28.md"
    assert "fixture port was reused" in hits[0]["snippet"]  # the hit is about the log's error line
    assert hits[0]["anchor"] == "episodes/2026-11-28.md#1420-flaky-test"


def test_brackets_in_paths_and_text_print_literally(root: Path, run_cli: Run) -> None:
    seed(root)
    res = run_cli("search", "kiwi", env=ENV)
    assert res.returncode == 0, res.stderr
    assert "knowledge/notes[/b].md" in res.stdout and "a [red]x[/red] note" in res.stdout
    assert "Traceback" not in res.stderr
    res = run_cli("index", "sync", "--no-progress", env=ENV)
    assert res.returncode == 0 and "MarkupError" not in res.stderr


def test_json_on_the_verbs_that_rejected_it(tmp_path: Path, run_cli: Run) -> None:
    fresh = tmp_path / "fresh"
    res = run_cli("init", str(fresh), "--json")
    assert res.returncode == 0 and json.loads(res.stdout)["root"] == str(fresh)
    env = {**ENV, "MEMDIR_ROOT": str(fresh)}
    res = run_cli("episode", "add", "Fixed CI", "--at", "2026-11-28T10:30:00+00:00", "--json", env=env)
    assert json.loads(res.stdout)["id"] == "episodes/2026-11-28.md#1030-fixed-ci"
    res = run_cli("log", "--type", "task_end", "--task", "t1", "--outcome", "success", "--json", env=env)
    assert json.loads(res.stdout)["outcome"] == "success"
    res = run_cli("daemon", "--stop", "--json", env=env)
    assert json.loads(res.stdout) == {"stopped": False, "pid": None}
    mem = Memory(fresh)
    write(fresh, "knowledge/old.md", "---\ndescription: old\n---\n# Old\n")
    archived = mem.store.archive("knowledge/old.md", reason="test")
    res = run_cli("restore", archived, "--json", env=env)
    assert json.loads(res.stdout) == {"restored": "knowledge/old.md"}
    path = mem.review.raise_item("merge_candidate", "knowledge/old.md", "t", "b", 0.9, [], key="k1")
    assert path is not None
    item = mem.review.get(path)
    res = run_cli("review", "reject", item.id, "--json", env=env)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["id"] == item.id


def test_search_json_has_the_episode_anchor_and_tags(root: Path, run_cli: Run) -> None:
    seed(root)
    res = run_cli("search", "fixture port reused", "--json", env=ENV)
    hit = json.loads(res.stdout)[0]
    assert hit["path"] == "episodes/2026-11-28.md"
    assert hit["anchor"] == "episodes/2026-11-28.md#1420-flaky-test"
    res = run_cli("search", "runner", "--json", env=ENV)
    assert json.loads(res.stdout)[0]["tags"] == ["ci", "ops"]


def test_status_shows_a_weekly_run_with_until_and_fits_80_columns(root: Path, run_cli: Run) -> None:
    assert run_cli("consolidate", "weekly", "--until", "2026-11-23", env=ENV).returncode == 0
    res = run_cli("status", env={**ENV, "COLUMNS": "80"})
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    weekly = lines[lines.index(next(line for line in lines if line.startswith("  weekly "))) + 1]
    assert "last run " in weekly and "never" not in weekly and "--until 2026-11-23" in weekly
    assert all(len(line) <= 80 for line in lines if not line.startswith("memory root")), lines
    assert "{" not in res.stdout and '"' not in res.stdout  # no raw JSON outside --json


def test_feedback_success_and_failure_together_is_a_usage_error(root: Path, run_cli: Run) -> None:
    write(root, "procedures/p.md", "---\ndescription: p\nconfidence: 0.4\n---\n# P\n")
    res = run_cli("feedback", "procedures/p.md", "--success", "--failure")
    assert res.returncode == 2 and "--success and --failure cannot be used together" in res.stderr
    assert "failure_count" not in (root / "procedures/p.md").read_text()
    res = run_cli("daemon", "--foreground", "--stop")
    assert res.returncode == 2


def test_note_add_and_show(root: Path, run_cli: Run) -> None:
    res = run_cli("note", "add", "knowledge", "Runner images", "Pin CI runner images to a digest.", env=ENV)
    assert res.returncode == 0 and "knowledge/runner-images.md" in res.stdout
    res = run_cli("note", "show", "knowledge/runner-images.md")
    assert res.returncode == 0 and "Pin CI runner images to a digest." in res.stdout


def test_shell_completion_works(root: Path) -> None:
    """click's completion (it worked on main too, undocumented: the fix is docs/cli.md, tested below)."""
    env = {**os.environ, "_MEMDIR_COMPLETE": "bash_source", "MEMDIR_ROOT": str(root)}
    exe = Path(sys.executable).with_name("memdir")
    res = subprocess.run([str(exe)], capture_output=True, text=True, env=env, timeout=60)
    assert res.returncode == 0 and "_memdir_completion" in res.stdout
    env = {**env, "_MEMDIR_COMPLETE": "bash_complete", "COMP_WORDS": "memdir rev", "COMP_CWORD": "1"}
    res = subprocess.run([str(exe)], capture_output=True, text=True, env=env, timeout=60)
    assert "review" in res.stdout


def test_uninstall_and_cleanup_are_documented() -> None:
    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "## Uninstall and clean up" in text
    for needle in ("pip uninstall memdir", "daemon --stop", "rm -rf", ".memdir/", "_MEMDIR_COMPLETE"):
        assert needle in text, needle
