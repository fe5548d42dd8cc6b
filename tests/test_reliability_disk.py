"""Disk and environment faults: ENOSPC/EACCES/EROFS during writes, read-only roots, corrupted state."""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from memdir import Memory
from memdir.errors import MemdirError, StoreWriteError
from memdir.notes.store import NoteStore
from memdir.runs.state import EpisodeState

ORIGINAL = "---\ndescription: Keep me\ntags: [a]\n---\n\nThe person's text.\n"


def _temp_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if ".memdir-tmp-" in p.name]


def _fail(err: int):  # type: ignore[no-untyped-def]
    def raiser(*args: object, **kwargs: object) -> None:
        raise OSError(err, os.strerror(err))

    return raiser


@pytest.mark.parametrize("err", [errno.ENOSPC, errno.EACCES, errno.EROFS, errno.EIO])
@pytest.mark.parametrize("where", ["write", "replace", "open", "fsync"])
def test_write_fault_keeps_original_and_leaves_no_temp(
    root: Path, monkeypatch: pytest.MonkeyPatch, err: int, where: str
) -> None:
    """A failing os call in the middle of a note write: StoreWriteError, the file is unchanged, no temp file."""
    store = NoteStore(root)
    store.create("knowledge/keep.md", ORIGINAL)
    before = store.current_hash("knowledge/keep.md")
    real_open = os.open

    def failing_open(path: str | os.PathLike[str], flags: int, *args: object, **kw: object) -> int:
        if ".memdir-tmp-" in str(path):
            raise OSError(err, os.strerror(err))
        return real_open(path, flags, *args, **kw)  # type: ignore[arg-type]

    if where == "open":
        monkeypatch.setattr("memdir.notes.atomic.os.open", failing_open)
    elif where == "replace":  # the final step is an atomic swap where the OS has one, else os.replace
        monkeypatch.setattr("memdir.notes.atomic.os.replace", _fail(err))
        monkeypatch.setattr("memdir.confined.exchange", _fail(err))
    else:
        monkeypatch.setattr(f"memdir.notes.atomic.os.{where}", _fail(err))
    with pytest.raises(StoreWriteError) as info:
        store.update_meta("knowledge/keep.md", {"confidence": 0.9})
    assert info.value.errno == err
    with pytest.raises(StoreWriteError):
        store.create("knowledge/new.md", "new\n")
    monkeypatch.undo()
    assert (root / "knowledge" / "keep.md").read_text(encoding="utf-8") == ORIGINAL
    assert store.current_hash("knowledge/keep.md") == before
    assert not (root / "knowledge" / "new.md").exists()
    assert _temp_files(root) == []


def test_enospc_during_episode_add_keeps_the_day_file(
    mem: Memory, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk while appending an episode: StoreWriteError, earlier episodes all still there."""
    mem.add_episode("first episode text", title="first")
    day_file = next((root / "episodes").glob("*.md"))
    before = day_file.read_bytes()
    monkeypatch.setattr("memdir.notes.atomic.os.write", _fail(errno.ENOSPC))
    with pytest.raises(StoreWriteError):
        mem.add_episode("second episode text", title="second")
    monkeypatch.undo()
    assert day_file.read_bytes() == before
    assert _temp_files(root) == []
    mem.add_episode("third episode text", title="third")
    assert [e.title for e in mem.episodes.iter_episodes()] == ["first", "third"]


def test_regression_activity_append_on_full_disk_raises_store_write_error(
    mem: Memory, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug found: a failing write in ActivityLog.append leaked a bare OSError (a traceback in the CLI)."""
    mem.log(type="task_start", task_id="t1", summary="before")
    monkeypatch.setattr("memdir.activity.os.write", _fail(errno.ENOSPC))
    with pytest.raises(StoreWriteError):
        mem.log(type="task_end", task_id="t1", outcome="success")
    monkeypatch.undo()
    mem.log(type="task_end", task_id="t1", outcome="success")
    assert [e.type for e in mem.activity.read()] == ["task_start", "task_end"]


def test_regression_activity_short_write_is_completed(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bug found: os.write's return value was ignored, so a short write tore the line."""
    real_write = os.write

    def short_write(fd: int, data: bytes) -> int:
        return real_write(fd, bytes(data[: max(1, len(data) // 2)]))

    monkeypatch.setattr("memdir.activity.os.write", short_write)
    mem.log(type="tool_use", task_id="t1", summary="a fairly long summary " * 5)
    monkeypatch.undo()
    from memdir.activity import ReadStats

    stats = ReadStats()
    events = list(mem.activity.read(stats=stats))
    assert stats.malformed == 0 and len(events) == 1


@pytest.fixture
def readonly_root(root: Path, tmp_path: Path) -> Iterator[Path]:
    """The test root, with one note, bind-mounted read-only (skipped where mounting is not allowed)."""
    NoteStore(root).create("knowledge/keep.md", ORIGINAL)
    Memory(root).add_episode("an episode", title="ep")
    ro = tmp_path / "ro"
    ro.mkdir()
    if subprocess.run(["mount", "--bind", str(root), str(ro)], capture_output=True).returncode != 0:
        pytest.skip(
            "cannot bind-mount here (needs root in a privileged container); EROFS is covered by monkeypatch"
        )
    try:
        if subprocess.run(["mount", "-o", "remount,ro,bind", str(ro)], capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        yield ro
    finally:
        subprocess.run(["umount", str(ro)], capture_output=True)


def test_read_only_root_gives_one_line_errors_and_reads_still_work(
    readonly_root: Path, run_cli: Callable[..., subprocess.CompletedProcess[str]], root: Path
) -> None:
    """On a read-only root: writing commands exit 1 with one line; reading commands work; nothing changes."""
    env = {"MEMDIR_ROOT": str(readonly_root)}
    assert (
        run_cli("index", "sync", env={"MEMDIR_EMBEDDER": "hashing"}).returncode == 0
    )  # through the writable path
    before = {p: p.read_bytes() for p in root.rglob("*.md")}
    for args in (
        ["episode", "add", "hello"],
        ["log", "--type", "x"],
        ["feedback", "knowledge/keep.md", "--success"],
        ["index", "rebuild"],  # printed a traceback on main (issue 18)
    ):
        res = run_cli(*args, env={**env, "MEMDIR_EMBEDDER": "hashing"})
        assert res.returncode == 1, (args, res.stdout, res.stderr)
        assert "Traceback" not in res.stderr and len(res.stderr.strip().splitlines()) == 1, res.stderr
    res = run_cli("lint", env=env)
    assert "Traceback" not in res.stderr
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == before


def test_corrupted_episode_state_is_set_aside_and_no_note_is_touched(root: Path) -> None:
    """Garbage in .memdir/state/episodes.json: kept aside as .corrupt, started afresh, notes untouched."""
    NoteStore(root).create("knowledge/keep.md", ORIGINAL)
    state_file = root / ".memdir" / "state" / "episodes.json"
    state_file.parent.mkdir(parents=True, exist_ok=True)
    state_file.write_bytes(b"\x00\xff{not json")
    state = EpisodeState(root)
    assert state.done == {}
    assert (state_file.parent / "episodes.json.corrupt").read_bytes() == b"\x00\xff{not json"
    state.mark("episodes/2026-11-28.md#x", "h")
    state.save()
    assert EpisodeState(root).done == {"episodes/2026-11-28.md#x": "h"}
    assert (root / "knowledge" / "keep.md").read_text(encoding="utf-8") == ORIGINAL


def test_missing_state_dir_is_recreated_by_writes(mem: Memory, root: Path) -> None:
    """Deleting .memdir/ entirely loses nothing: writes, episodes and activity recreate what they need."""
    import shutil

    mem.add_episode("before", title="before")
    shutil.rmtree(root / ".memdir")
    mem.add_episode("after", title="after")
    mem.log(type="tool_use", task_id="t")
    NoteStore(root).create("knowledge/new.md", "new\n")
    assert [e.title for e in mem.episodes.iter_episodes()] == ["before", "after"]


def test_unreadable_note_is_skipped_by_scans_not_fatal(root: Path) -> None:
    """A note with invalid UTF-8 or binary bytes is skipped by iteration; reading it is a NoteError."""
    (root / "knowledge" / "bad.md").write_bytes(b"\xff\xfe\x00garbage")
    (root / "knowledge" / "good.md").write_text(ORIGINAL, encoding="utf-8")
    store = NoteStore(root)
    assert [n.path for n in store.iter_notes()] == ["knowledge/good.md"]
    with pytest.raises(MemdirError):
        store.read("knowledge/bad.md")


# -- a damaged index is derived state: rebuilt or reported, never a lost note -----------------------------
def _indexed_root(root: Path) -> Memory:
    from memdir.index.embedder import get_embedder

    store = NoteStore(root)
    for i in range(12):
        store.create(
            f"knowledge/n{i}.md", f"---\ndescription: note {i} about deploys\n---\n\nDeploy fact {i}.\n"
        )
    mem = Memory(root, embedder=get_embedder("hashing"))
    mem.sync_index()
    return mem


def _corrupt(path: Path, how: str) -> None:
    if how == "garbage":
        path.write_bytes(b"\x00garbage\xff" * 512)
    elif how == "truncate":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    elif how == "delete":
        path.unlink()


@pytest.mark.parametrize(
    ("rel", "how"),
    [
        ("index/catalog.json", "garbage"),
        ("index/catalog.json", "truncate"),
        ("index/vectors.npy", "garbage"),
        ("index/vectors.npy", "truncate"),
        ("index/catalog.json", "delete"),
        ("index", "delete-dir"),
    ],
)
def test_damaged_index_is_rebuilt_or_reported_and_notes_survive(root: Path, rel: str, how: str) -> None:
    """Garbage in the catalog or the vectors: search/sync recover or raise IndexUnavailable.

    (The embedded index keeps no Chroma copy: tests/test_index_sync.py checks an old one is dropped.)
    """
    import shutil

    from memdir.errors import IndexUnavailable
    from memdir.index.embedder import get_embedder

    mem = _indexed_root(root)
    expected = [h.path for h in mem.search("deploy fact 3", k=3)]
    notes_before = {p: p.read_bytes() for p in root.rglob("*.md")}
    target = root / ".memdir" / rel
    if how == "delete-dir":
        shutil.rmtree(target)
    else:
        _corrupt(target, how)
    fresh = Memory(root, embedder=get_embedder("hashing"))
    try:
        hits = [h.path for h in fresh.search("deploy fact 3", k=3)]
    except IndexUnavailable as exc:  # a clear error is acceptable; a sync must then repair it
        assert str(exc)
        fresh.sync_index()
        hits = [h.path for h in Memory(root, embedder=get_embedder("hashing")).search("deploy fact 3", k=3)]
    assert hits[0] == expected[0]
    try:
        fresh.sync_index()
    except IndexUnavailable:
        fresh.rebuild_index()
    after = Memory(root, embedder=get_embedder("hashing"))
    assert [h.path for h in after.search("deploy fact 3", k=3)][0] == expected[0]
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == notes_before


@pytest.mark.parametrize("what", ["journal", "episode-state", "both"])
def test_corrupted_daily_journal_or_state_loses_no_note(root: Path, what: str) -> None:
    """Garbage in `.memdir/journal/daily.plan.json` and/or the episode state: the run completes, nothing lost.

    Regression: with the state lost, the replay appended the episode a second time to the note it had
    created (fixed in route_plan.Planner._update: the episode's text already in the note counts as done).
    """
    from datetime import date, datetime, timedelta

    from memdir.index.embedder import get_embedder

    mem = Memory(root, embedder=get_embedder("hashing"))
    NoteStore(root).create("knowledge/keep.md", ORIGINAL)
    day = date.today() - timedelta(days=1)
    at = datetime(day.year, day.month, day.day, 10).astimezone()
    mem.add_episode("We decided deploys never happen on Fridays after 15:00.", title="Deploy policy", at=at)
    mem.add_episode(
        "To rotate keys:\n\n1. Create a key\n2. Update the secret\n3. Revoke the old key",
        title="Rotate keys",
        at=at + timedelta(hours=1),
    )
    first = mem.daily_consolidator(sync_index=False).run(day=day)
    created = sorted(first.created)
    snapshot = {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*.md")}
    if what in ("journal", "both"):
        journal = root / ".memdir" / "journal" / "daily.plan.json"
        journal.parent.mkdir(parents=True, exist_ok=True)
        journal.write_bytes(
            b'{"run_id": "x", "ops": [{"op": "create", "path": "../../evil.md"' + b"\xff" * 40
        )
    if what in ("episode-state", "both"):
        (root / ".memdir" / "state" / "episodes.json").write_bytes(b"\x00not json")
    again = mem.daily_consolidator(sync_index=False).run(day=day)
    assert not (root.parent / "evil.md").exists()
    now = {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*.md")}
    for rel, data in snapshot.items():  # nothing lost or rewritten
        assert now.get(rel) == data, rel
    new_notes = sorted(set(now) - set(snapshot))
    assert all(p.startswith("review/") for p in new_notes), (new_notes, again.to_dict())
    assert created
