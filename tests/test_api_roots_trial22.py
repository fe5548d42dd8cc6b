"""Trial 22 #6 and #7: `Memory()` finds the root as the CLI does, and a missing root is RootNotFound.

Before, `Memory()` in a sub-folder of a root meant `./memory_root` there, and every write to a
missing root failed on a lock file (`cannot write .../.memdir/locks/...`) while `search` warned
about saving its index "where the root is writable". A bicycle workshop's notes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from memdir import Memory
from memdir.errors import RootNotFound


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "MEMDIR_ROOT"}
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_memory_with_no_argument_finds_the_root_the_cli_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "workshop-mem"
    Memory(root).init()
    inside = root / "episodes"
    monkeypatch.delenv("MEMDIR_ROOT")
    monkeypatch.chdir(inside)
    mem = Memory()
    assert mem.root == root
    cli_root = json.loads(_cli("status", "--json", cwd=inside).stdout)["root"]
    assert Path(cli_root) == mem.root
    ep = mem.add_episode("後輪のスポークを3本交換した", title="スポーク交換")
    assert (root / ep.file).is_file() and not (inside / "memory_root").exists()
    # the same order as the CLI: MEMDIR_ROOT, then ./memory_root, then the enclosing root
    Memory(inside / "memory_root").init()
    assert Memory().root == inside / "memory_root"
    monkeypatch.setenv("MEMDIR_ROOT", str(tmp_path / "elsewhere"))
    assert Memory().root == tmp_path / "elsewhere"


def test_memory_with_no_argument_outside_any_root_says_it_used_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MEMDIR_ROOT")
    monkeypatch.chdir(tmp_path)
    mem = Memory()
    with pytest.raises(RootNotFound, match=r"no memory root at .*memory_root \(the default root: set"):
        mem.add_episode("Trued the front wheel", title="Wheel")
    assert mem.init()  # `init` still makes it, as `memdir init` does
    assert (tmp_path / "memory_root" / "episodes").is_dir()


VERBS: list[tuple[str, Callable[[Memory], object]]] = [
    ("add_episode", lambda m: m.add_episode("Replaced the brake pads", title="Brakes")),
    ("add_note", lambda m: m.add_note("procedures", "チェーン交換", "1. 古いチェーンを外す")),
    ("log", lambda m: m.log(type="task_start", task_id="t1", summary="replace a chain")),
    ("feedback", lambda m: m.feedback("procedures/chain.md", success=True)),
    ("search", lambda m: m.search("brake pads")),
    ("context", lambda m: m.context("brake pads")),
    ("task", lambda m: m.task("replace a chain")),
    ("read_note", lambda m: m.read_note("procedures/chain.md")),
    ("consolidate_daily", lambda m: m.consolidate_daily()),
]


@pytest.mark.parametrize(("verb", "call"), VERBS, ids=[v for v, _ in VERBS])
def test_a_missing_root_is_root_not_found_for_every_verb(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], verb: str, call: Callable[[Memory], object]
) -> None:
    mem = Memory(tmp_path / "bikes")
    with pytest.raises(RootNotFound) as err:
        call(mem)
    assert str(err.value) == f"no memory root at {tmp_path / 'bikes'}; run memdir init {tmp_path / 'bikes'}"
    assert "lock" not in str(err.value)
    assert "writable" not in capfd.readouterr().err  # no index warning sending one after permissions
    assert not (tmp_path / "bikes").exists()  # nothing created
