"""A root must exist: every verb but `init` refuses a missing root (or one without memdir's layout)
with one line and exit 1, and creates nothing; the default ./memory_root is never created silently."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import click

from memdir.cli.main import cli

REPO = Path(__file__).resolve().parent.parent

# every leaf verb, with arguments that would otherwise be valid
VERBS: dict[str, list[str]] = {
    "consolidate daily": ["consolidate", "daily"],
    "consolidate weekly": ["consolidate", "weekly", "--until", "2026-11-30"],
    "context": ["context", "deploy the api"],
    "daemon": ["daemon", "--stop"],
    "decision add": ["decision", "add", "Cache sessions in Redis", "--chosen", "redis"],
    "decision list": ["decision", "list"],
    "episode add": ["episode", "add", "Pinned the runner image", "--title", "CI"],
    "episode restore": ["episode", "restore"],
    "feedback": ["feedback", "procedures/deploy.md", "--success"],
    "index rebuild": ["index", "rebuild", "--no-progress"],
    "index sync": ["index", "sync", "--no-progress"],
    "lint": ["lint"],
    "log": ["log", "--type", "task_start", "--task", "t1", "--summary", "deploy"],
    "mcp": ["mcp", "--read-only"],
    "outcome": ["outcome", "knowledge/decisions/x.md", "p99 down", "--result", "success"],
    "note add": ["note", "add", "knowledge", "Runner images", "Pin them."],
    "note show": ["note", "show", "knowledge/runner-images.md"],
    "restore": ["restore", "archive/knowledge/x.md"],
    "review accept": ["review", "accept", "rv-1"],
    "review list": ["review", "list"],
    "review reject": ["review", "reject", "rv-1"],
    "review show": ["review", "show", "rv-1"],
    "search": ["search", "runner image"],
    "status": ["status"],
}
EXTRA = [  # more spellings of the same verbs that used to slip through
    ["daemon", "--foreground"],
    ["daemon"],
    ["mcp", "--http", "8765"],
    ["context"],
    ["status", "--json"],
    ["search", "-"],
]


def leaf_verbs(cmd: click.Command = cli, prefix: str = "") -> set[str]:
    """Every leaf command of the CLI by its full name (`index sync`)."""
    if not isinstance(cmd, click.Group):
        return {prefix.strip()}
    out: set[str] = set()
    for name, sub in cmd.commands.items():
        out |= leaf_verbs(sub, f"{prefix} {name}")
    return out


def run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        input="",
        timeout=120,
    )


def snapshot(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def check_refused(work: Path, env: dict[str, str], root_args: list[str], missing: Path) -> None:
    before = snapshot(work)
    cases = [root_args + argv for argv in [*VERBS.values(), *EXTRA]]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda argv: run(argv, work, env), cases))
    for argv, res in zip(cases, results, strict=True):
        assert res.returncode == 1, (argv, res.returncode, res.stdout, res.stderr)
        assert res.stdout == "", (argv, res.stdout)
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1, (argv, res.stderr)
        assert lines[0].startswith(f"error: no memory root at {missing}"), (argv, lines[0])
        assert lines[0].endswith(f"; run memdir init {missing}"), (argv, lines[0])
        assert "Traceback" not in res.stderr
    assert snapshot(work) == before, "a refused verb created files"


ROOTLESS = {"init", "eval"}  # init creates a root; eval writes its own (--export) from a data set


def test_the_verb_list_covers_every_command() -> None:
    assert leaf_verbs() - ROOTLESS == set(VERBS)


def test_every_verb_refuses_a_mistyped_root_and_creates_nothing(tmp_path: Path) -> None:
    work = tmp_path / "work"
    (work / "memory").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env["MEMDIR_EMBEDDER"] = "hashing"
    check_refused(work, env, ["--root", str(work / "memroy")], work / "memroy")


def test_every_verb_refuses_a_folder_without_memdir_layout(tmp_path: Path) -> None:
    work = tmp_path / "work"
    (work / "photos").mkdir(parents=True)
    (work / "photos" / "cat.jpg").write_bytes(b"\xff\xd8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env["MEMDIR_ROOT"] = str(work / "photos")
    res = run(["status"], work, env)
    assert res.returncode == 1
    assert "no memdir folders in it" in res.stderr and f"run memdir init {work / 'photos'}" in res.stderr
    res = run(["episode", "add", "hello"], work, env)
    assert res.returncode == 1 and snapshot(work) == ["photos", "photos/cat.jpg"]


def test_the_default_root_is_never_created_silently(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    res = run(["log", "--type", "task_start", "--summary", "x"], tmp_path, env)
    assert res.returncode == 1 and not (tmp_path / "memory_root").exists()
    assert "the default root: set --root or MEMDIR_ROOT" in res.stderr
    assert f"run memdir init {tmp_path / 'memory_root'}" in res.stderr
    res = run(["init", "--json"], tmp_path, env)  # only init creates it, and says where
    assert res.returncode == 0 and (tmp_path / "memory_root" / "knowledge").is_dir()
    assert str(tmp_path / "memory_root") in res.stdout
    res = run(["log", "--type", "task_start", "--summary", "x"], tmp_path, env)
    assert res.returncode == 0, res.stderr


def test_a_root_cloned_without_empty_folders_is_accepted(tmp_path: Path) -> None:
    root = tmp_path / "clone"
    (root / "procedures").mkdir(parents=True)  # Git keeps no empty folders: only the ones with files
    (root / "procedures" / "deploy.md").write_text("---\ndescription: d\nconfidence: 0.5\n---\n# Deploy\n")
    env = {**os.environ, "MEMDIR_ROOT": str(root), "MEMDIR_EMBEDDER": "hashing"}
    res = run(["episode", "add", "Deployed."], tmp_path, env)
    assert res.returncode == 0, res.stderr
    assert (root / "episodes").is_dir()


def test_help_needs_no_root(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    for argv in (["--help"], ["search", "--help"], ["mcp", "--help"], ["--version"]):
        res = run(argv, tmp_path, env)
        assert res.returncode == 0, (argv, res.stderr)
    assert snapshot(tmp_path) == []
