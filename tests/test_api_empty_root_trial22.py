"""Trial 22 re-check N2: `Memory("mem")` (or `Memory()` with an empty `./memory_root`) on an existing EMPTY
folder used it as a root and wrote `.memdir/` and `episodes/` into it, while the CLI refused the same folder
("no memdir folders in it"). The Python API now refuses it as the CLI does, with the same message and nothing
written; `init` still creates the root. A museum's and a choir's notes, in English and Japanese.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from memdir import Memory
from memdir.errors import RootNotFound

CALLS = [
    lambda m: m.add_episode("Moved the Vermeer to room 3.", title="Gallery move"),
    lambda m: m.add_note("knowledge", "合唱団の練習日", "毎週木曜の夜。"),
    lambda m: m.log(type="note", text="x"),
    lambda m: m.feedback("procedures/x.md", success=True),
    lambda m: m.add_decision("Lend the Vermeer", chosen="to the city museum"),
    lambda m: m.consolidate_daily(),
    lambda m: m.search("練習"),
    lambda m: m.context("gallery"),
]


def _cli(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(folder), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.parametrize("call", CALLS)
def test_an_empty_folder_is_refused_as_the_cli_refuses_it(tmp_path: Path, call: Any) -> None:
    folder = tmp_path / "museum"
    folder.mkdir()
    with pytest.raises(RootNotFound) as err:
        call(Memory(folder))
    assert list(folder.iterdir()) == []  # no `.memdir/`, no `episodes/`
    cli = _cli(folder, "episode", "add", "--title", "Gallery move", "Moved the Vermeer.")
    assert cli.returncode == 1
    assert str(err.value) in cli.stderr  # the same one line


def test_memory_with_no_argument_refuses_an_empty_default_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MEMDIR_ROOT", raising=False)
    (tmp_path / "memory_root").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RootNotFound, match="no memdir folders in it.*the default root"):
        Memory().add_episode("合唱団の発表会の会場を予約した。", title="会場予約")
    assert list((tmp_path / "memory_root").iterdir()) == []


def test_init_still_makes_a_root_of_an_empty_folder(tmp_path: Path) -> None:
    folder = tmp_path / "choir"
    folder.mkdir()
    mem = Memory(folder)
    mem.init()
    ep = mem.add_episode(
        "Booked the hall.", title="Hall", at=datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
    )
    assert (folder / ep.file).is_file()
    assert _cli(folder, "status").returncode == 0


def test_a_root_cloned_with_one_memdir_folder_is_still_used(tmp_path: Path) -> None:
    folder = tmp_path / "clone"
    (folder / "knowledge").mkdir(parents=True)
    rel = Memory(folder).add_note("knowledge", "Lending rules", "Loans need a courier.")
    assert (folder / rel).is_file()
