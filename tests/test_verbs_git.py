"""With `git: {autocommit: true}` every memdir write is a commit, not only the runs (trial 18).

The trial's root was a Git repository with autocommit on; after `review reject`, `review accept`
and `feedback` it was left dirty (`D review/rv-….md`, `?? archive/`, a procedure's new confidence),
although the person had only ever run memdir verbs. Now each of them is one commit of exactly the
files it wrote; a person's own staged and untracked files are left as they were. Here a home
brewer's notes; the CLI in real subprocesses, a real Git repository.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from memdir import Memory
from memdir.config import load_config
from memdir.index.embedder import get_embedder

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}
BOTTLING = """---
description: Bottle a finished ale with priming sugar
confidence: 0.5
---

# Bottle the ale

1. Sanitise 24 bottles and the bottling wand.
2. Dissolve 120 g of priming sugar in boiled water and stir it into the bucket.
3. Fill, cap, and keep the bottles at 20 °C for two weeks.
"""
MASH = """---
description: Mash temperature for a dry pale ale
---

# Mash temperature

Mash at 65 °C for 60 minutes for a dry pale ale; 68 °C gives more body.
"""


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


@pytest.fixture
def brew_root(root: Path) -> Path:
    _git(root, "init", "-q")
    _git(root, "config", "user.email", "brewer@example.com")
    _git(root, "config", "user.name", "Brewer")
    (root / "memdir.yaml").write_text("git: {autocommit: true}\n", encoding="utf-8")
    (root / "procedures" / "bottle-the-ale.md").write_text(BOTTLING, encoding="utf-8")
    (root / "knowledge" / "mash-temperature.md").write_text(MASH, encoding="utf-8")
    mem = Memory(config=load_config(root), embedder=get_embedder("hashing"))
    for key in ("k-body", "k-yeast"):
        mem.review.raise_item(
            "merge_candidate",
            "knowledge/mash-temperature.md",
            "Mash temperature",
            f"Mash at 67 °C when the ale should keep some body ({key}).",
            0.9,
            [],
            key=key,
        )
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "the brewer's notes")
    (root / "recipe-draft.txt").write_text(
        "a person's own draft, never committed by memdir\n", encoding="utf-8"
    )
    (root / "shopping.txt").write_text("malt, hops\n", encoding="utf-8")
    _git(root, "add", "shopping.txt")  # staged by the person: stays staged
    return root


def _left(root: Path) -> list[str]:
    return sorted(_git(root, "status", "--porcelain", "--untracked-files=all").splitlines())


PERSONS = ["?? recipe-draft.txt", "A  shopping.txt"]


def test_review_decisions_and_feedback_are_each_one_commit(brew_root: Path, run_cli: Run) -> None:
    items = sorted(p.stem for p in (brew_root / "review").glob("rv-*.md"))
    assert len(items) == 2

    res = run_cli("feedback", "procedures/bottle-the-ale.md", "--success", env=HASHING)
    assert res.returncode == 0, res.stderr
    assert _left(brew_root) == PERSONS
    assert _git(brew_root, "log", "-1", "--format=%s").startswith(
        "memdir feedback: success on procedures/bottle-the-ale.md"
    )
    assert _git(brew_root, "show", "--no-renames", "--name-only", "--format=", "HEAD").split() == [
        "procedures/bottle-the-ale.md"
    ]

    res = run_cli("review", "reject", items[0], env=HASHING)
    assert res.returncode == 0, res.stderr
    assert _left(brew_root) == PERSONS
    assert _git(brew_root, "log", "-1", "--format=%s").startswith(f"memdir review: rejected {items[0]}")
    files = _git(brew_root, "show", "--no-renames", "--name-only", "--format=", "HEAD").split()
    assert f"review/{items[0]}.md" in files and f"archive/review/{items[0]}.md" in files

    res = run_cli("review", "accept", items[1], env=HASHING)
    assert res.returncode == 0, res.stderr
    assert _left(brew_root) == PERSONS
    files = _git(brew_root, "show", "--no-renames", "--name-only", "--format=", "HEAD").split()
    assert "knowledge/mash-temperature.md" in files and f"archive/review/{items[1]}.md" in files
    assert "67 °C" in _git(brew_root, "show", "HEAD:knowledge/mash-temperature.md")
    assert len(_git(brew_root, "log", "--format=%H").split()) == 4  # the brewer's + one per verb


def test_without_autocommit_the_verbs_leave_git_to_the_person(brew_root: Path, run_cli: Run) -> None:
    (brew_root / "memdir.yaml").write_text("git: {autocommit: false}\n", encoding="utf-8")
    _git(brew_root, "commit", "-qam", "autocommit off")
    res = run_cli("feedback", "procedures/bottle-the-ale.md", "--failure", env=HASHING)
    assert res.returncode == 0, res.stderr
    assert " M procedures/bottle-the-ale.md" in _left(brew_root)
    assert len(_git(brew_root, "log", "--format=%H").split()) == 2


def test_restore_episode_add_and_note_add_are_each_one_commit(brew_root: Path, run_cli: Run) -> None:
    """Trial 20 #9: `restore` left `D archive/…` and `?? procedures/…`, `episode add` an untracked day file."""
    mem = Memory(config=load_config(brew_root), embedder=get_embedder("hashing"))
    archived = mem.store.archive("procedures/bottle-the-ale.md", "failing: 3 failures")
    _git(brew_root, "add", "-A", "procedures", "archive")
    _git(brew_root, "commit", "-qm", "memdir daily: 1 archived", "--", "procedures", "archive")

    res = run_cli("restore", archived, env=HASHING)
    assert res.returncode == 0, res.stderr
    assert _left(brew_root) == PERSONS  # was: D archive/procedures/…, ?? procedures/…
    assert _git(brew_root, "log", "-1", "--format=%s") == "memdir restore: procedures/bottle-the-ale.md\n"
    files = _git(brew_root, "show", "--no-renames", "--name-only", "--format=", "HEAD").split()
    assert "procedures/bottle-the-ale.md" in files and archived in files

    res = run_cli(
        "episode",
        "add",
        "Bottled the stout; 22 bottles, 110 g sugar.",
        "--at",
        "2026-03-07T18:00",
        env=HASHING,
    )
    assert res.returncode == 0, res.stderr
    assert _left(brew_root) == PERSONS
    assert _git(brew_root, "log", "-1", "--format=%s").startswith("memdir episode: episodes/2026-03-07.md#")

    res = run_cli("note", "add", "knowledge", "Yeast starter", "Pitch the starter at 20 °C.", env=HASHING)
    assert res.returncode == 0, res.stderr
    assert _left(brew_root) == PERSONS
    assert _git(brew_root, "show", "--name-only", "--format=", "HEAD").split() == [
        "knowledge/yeast-starter.md"
    ]
