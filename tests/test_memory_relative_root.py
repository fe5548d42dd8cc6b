"""`Memory(".")`, as an agent writes it from inside its root, runs every job (the weekly lock failed on
`.memdir/locks: No such file or directory` while the CLI, which made the path absolute itself, worked)."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_memory_of_the_current_folder_distils_its_week(
    tmp_path: Path, e5: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memdir import Memory

    shutil.copytree(REPO / "tests" / "data" / "weekly" / "somu", tmp_path / "somu")
    monkeypatch.chdir(tmp_path / "somu")
    mem = Memory(".", embedder=e5)  # type: ignore[arg-type]
    mem.init()
    report = mem.weekly_distiller(cache_dir=tmp_path / "cache").run(until=date(2026, 11, 30))
    assert "procedures/退勤打刻の修正.md" in report.created
    assert (tmp_path / "somu" / "procedures" / "退勤打刻の修正.md").is_file()
    assert mem.root == tmp_path / "somu"  # absolute: it names the same folder after a chdir
