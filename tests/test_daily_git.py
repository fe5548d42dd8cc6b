"""Git autocommit: one commit per run that changed something, listing what changed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_daily_support import LESSON, STEPS, at, run

from memdir import Memory
from memdir.config import load_config
from memdir.index.embedder import get_embedder


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


@pytest.fixture
def git_root(root: Path) -> Path:
    _git(root, "init", "-q")
    _git(root, "config", "user.email", "t@example.com")
    _git(root, "config", "user.name", "T")
    (root / "memdir.yaml").write_text("git: {autocommit: true}\n", encoding="utf-8")
    (root / "notes.txt").write_text("staged by a person, not ours\n", encoding="utf-8")
    _git(root, "add", "notes.txt")
    return root


def _mem(root: Path) -> Memory:
    return Memory(config=load_config(root), embedder=get_embedder("hashing"))


def test_each_run_that_changes_something_is_one_commit(git_root: Path) -> None:
    mem = _mem(git_root)
    mem.add_episode(LESSON, title="Flaky CI", at=at(9))
    mem.add_episode(STEPS, title="Deploy", at=at(10))
    report = run(mem)
    assert report.stats.get("git_commit")
    log = _git(git_root, "log", "--format=%B").strip()
    assert log.startswith("memdir daily: 2 created, 0 updated")
    assert "- created knowledge/flaky-ci.md" in log and "- created procedures/deploy.md" in log
    files = _git(git_root, "show", "--name-only", "--format=", "HEAD").split()
    assert sorted(files) == ["knowledge/flaky-ci.md", "procedures/deploy.md"]
    assert "notes.txt" in _git(
        git_root, "diff", "--cached", "--name-only"
    )  # the person's staging is untouched
    assert not run(mem).stats.get("git_commit")  # nothing changed: no commit
    subjects = _git(git_root, "log", "--format=%s").splitlines()
    # each episode added through memdir is its own commit (trial 20, `fix20c`); the run is one
    assert [s for s in subjects if s.startswith("memdir daily:")] == [subjects[0]]
    assert sorted(s.split(":")[0] for s in subjects[1:]) == ["memdir episode", "memdir episode"]


def test_not_a_repository_is_skipped_quietly(root: Path) -> None:
    (root / "memdir.yaml").write_text("git: {autocommit: true}\n", encoding="utf-8")
    mem = _mem(root)
    mem.add_episode(LESSON, title="Flaky CI", at=at(9))
    report = run(mem)
    assert report.created and "git_commit" not in report.stats and not report.errors
