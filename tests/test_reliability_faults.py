"""Kill -9 fault injection in CI: a few seeded trials per target (the long run is scripts/fault_injection.py)."""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from memdir import Memory
from memdir.notes.atomic import sweep_stale_temp_files
from memdir.notes.store import NoteStore

REPO = Path(__file__).resolve().parent.parent


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fault_injection", REPO / "scripts" / "fault_injection.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["fault_injection"] = module
    spec.loader.exec_module(module)
    return module


fi = _load_script()
CI_TRIALS = {"episode-add": 3, "feedback": 3, "review-accept": 3, "index-sync": 2, "daily": 2, "weekly": 2}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CI_TRIALS))
def test_kill9_then_normal_run_equals_clean_run(name: str, tmp_path: Path) -> None:
    """SIGKILL at seeded random moments, then a normal run: notes equal a clean run's, none lost, no temp file."""
    target = fi.TARGETS[
        name
    ]  # review-accept includes its ledger check (the ledger is written before the archive)
    result = fi.run_target(target, CI_TRIALS[name], seed=11, workdir=tmp_path)
    if result.skipped:
        pytest.skip(result.skipped)
    assert result.trials == CI_TRIALS[name]
    assert result.notes_lost == 0 and result.temp_left == 0 and result.duplicated == 0, result.problems
    assert result.failures == 0, result.problems


def test_snapshot_comparison_can_fail(tmp_path: Path) -> None:
    """The harness notices a lost note, a duplicate and a stray temp file (so a green run means something)."""
    root = tmp_path / "r"
    Memory(root).init()
    NoteStore(root).create("knowledge/a.md", "---\ndescription: a\n---\n\nsame body\n")
    before = fi.snapshot(root)
    NoteStore(root).create("knowledge/b.md", "---\ndescription: b\n---\n\nsame body\n")
    (root / "knowledge" / ".a.md.memdir-tmp-999999-dead").write_text("x")
    os.unlink(root / "knowledge" / "a.md")
    after = fi.snapshot(root)
    assert fi.lost_notes(before, after) == ["knowledge/a.md"]
    assert fi.temp_files(root) == ["knowledge/.a.md.memdir-tmp-999999-dead"]
    NoteStore(root).create("knowledge/c.md", "---\ndescription: c\n---\n\nsame body\n")
    assert fi.duplicated(fi.snapshot(root))


def test_regression_temp_file_of_a_killed_writer_is_swept(root: Path) -> None:
    """Bug found: kill -9 between the temp write and os.replace left `.x.md.memdir-tmp-*` forever."""
    store = NoteStore(root)
    store.create("knowledge/x.md", "v1\n")
    dead = root / "knowledge" / ".x.md.memdir-tmp-999999-abcd1234"  # pid 999999: no such process
    dead.write_text("half")
    mine = root / "knowledge" / f".x.md.memdir-tmp-{os.getpid()}-abcd1234"  # a live writer's: kept
    mine.write_text("in progress")
    assert [p for p in store.iter_paths()] == ["knowledge/x.md"]
    assert not dead.exists() and mine.exists()
    dead.write_text("half")
    store.write("knowledge/x.md", "v2\n", store.current_hash("knowledge/x.md"))
    assert not dead.exists()
    assert sweep_stale_temp_files(root / "knowledge") == 0 and mine.exists()


def test_kill_between_archive_and_ledger_update_still_records_the_accept(
    mem: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash right after the review item is archived: re-running accept ends with the ledger `accepted`."""
    from memdir.lifecycle.review import ReviewLedger, ReviewQueue

    NoteStore(mem.root).create("knowledge/t.md", "---\ndescription: t\n---\n\nTarget.\n")
    q = ReviewQueue(mem.store)
    rel = q.raise_item("merge_candidate", "knowledge/t.md", "x", "New text.", 0.9, ["s"], key="k1")
    assert rel
    item_id = rel.rsplit("/", 1)[-1].removesuffix(".md")

    class Killed(BaseException):
        pass

    def die(*args: object, **kwargs: object) -> None:
        raise Killed

    monkeypatch.setattr(ReviewQueue, "_set_status", die)
    with pytest.raises(Killed):
        q.accept(item_id)
    monkeypatch.undo()
    try:
        ReviewQueue(mem.store).accept(item_id)
    except Exception:
        pass
    assert ReviewLedger(mem.root).keys["k1"]["status"] == "accepted"


def test_fault_injection_script_prints_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The long script's CLI runs end to end and prints the docs table."""
    start = time.monotonic()
    code = fi.main(["--trials", "1", "--target", "episode-add", "--workdir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "| kill -9 during `episode-add` | 1 |" in out
    assert time.monotonic() - start < 60
