"""Fuzzing slugs and paths: no name, however hostile, writes outside the root or into a protected area."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memdir.errors import ConflictError, MemdirError, NoteError, PathError, StoreWriteError
from memdir.notes.store import NoteStore
from memdir.paths import resolve_inside, slugify, to_relpath

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

_parts = st.sampled_from(
    [
        "..",
        ".",
        "",
        "/",
        "//",
        "knowledge",
        "procedures",
        "skills",
        "review",
        "episodes",
        "archive",
        ".memdir",
        "activity",
        "x.md",
        "..md",
        "a\x00b",
        "~",
        "\\..\\",
        "CON",
        "日本語.md",
        "link",
        "link/x.md",
        " ",
        "%2e%2e",
        "\n",
        "memdir.yaml",
    ]
)
hostile_paths = st.one_of(
    st.text(max_size=60),
    st.lists(_parts, min_size=1, max_size=6).map("/".join),
    st.lists(_parts, min_size=1, max_size=6).map(lambda p: "/" + "/".join(p)),
)


@pytest.fixture
def hostile_root(tmp_path: Path) -> Path:
    """A root with a symlink pointing outside it and a human note in skills/."""
    root = tmp_path / "root"
    for d in ("knowledge", "procedures", "episodes", "skills", "review", "archive"):
        (root / d).mkdir(parents=True, exist_ok=True)
    outside = tmp_path / "outside"
    outside.mkdir(exist_ok=True)
    if not (root / "link").exists():
        os.symlink(outside, root / "link")
        os.symlink(outside, root / "knowledge" / "link")
    (root / "skills" / "human.md").write_text("human\n")
    return root


def _snapshot(path: Path) -> dict[str, bytes]:
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


@FUZZ
@given(st.text(max_size=200), st.integers(1, 100))
def test_slugify_is_a_single_safe_name(text: str, max_length: int) -> None:
    """A slug is non-empty, has no separators or dots-only names, and respects the length."""
    slug = slugify(text, max_length=max_length)
    assert slug and "/" not in slug and "\\" not in slug and "\x00" not in slug
    assert slug not in (".", "..") and not slug.startswith(".")
    assert len(slug) <= max(max_length, len("note")) + len("-note")
    assert slug == slugify(slug, max_length=max(max_length, len(slug)))


@FUZZ
@given(hostile_paths)
def test_to_relpath_and_resolve_inside_never_leave_the_root(hostile_root: Path, raw: str) -> None:
    """Every accepted path resolves inside the root; everything else is a PathError."""
    try:
        rel = to_relpath(hostile_root, raw)
        target = resolve_inside(hostile_root, raw)
    except PathError:
        return
    assert not rel.startswith("/") and ".." not in rel.split("/")
    real_root = os.path.realpath(hostile_root)
    assert os.path.realpath(target).startswith(real_root + os.sep)


@FUZZ
@given(hostile_paths, st.text(max_size=50))
def test_store_write_with_hostile_paths_stays_in_writable_folders(
    hostile_root: Path, raw: str, text: str
) -> None:
    """NoteStore.write either writes inside knowledge/procedures/episodes/review/archive or raises a MemdirError."""
    outside = hostile_root.parent / "outside"
    before_outside = _snapshot(outside)
    before_skills = _snapshot(hostile_root / "skills")
    store = NoteStore(hostile_root)
    try:
        store.write(raw, text, None)
    except (PathError, ConflictError, StoreWriteError, NoteError):
        pass
    except MemdirError as exc:  # pragma: no cover - documented types only
        pytest.fail(f"undocumented error type {type(exc).__name__}: {exc}")
    assert _snapshot(outside) == before_outside
    assert _snapshot(hostile_root / "skills") == before_skills
    assert not (hostile_root / ".memdir" / "x.md").exists()
    assert not (hostile_root / "memdir.yaml").exists()


@pytest.mark.parametrize(
    "raw",
    [
        "../x.md",
        "knowledge/../../x.md",
        "/etc/passwd",
        "skills/human.md",
        "link/x.md",
        "knowledge/link/x.md",
        ".memdir/x.md",
        "memdir.yaml",
        "knowledge",
        "knowledge/x.txt",
        "knowledge/a\x00b.md",
        "activity/x.md",
    ],
)
def test_store_refuses_named_hostile_paths(hostile_root: Path, raw: str) -> None:
    """The paths an attacker would try first are refused with PathError (or StoreWriteError for a folder)."""
    with pytest.raises((PathError, ConflictError)):
        NoteStore(hostile_root).write(raw, "pwned\n", None)
    assert not any((hostile_root.parent / "outside").iterdir())
    assert (hostile_root / "skills" / "human.md").read_text() == "human\n"


def test_regression_write_below_a_file_or_onto_a_folder_raises_memdir_errors(hostile_root: Path) -> None:
    """Bug found: writing `x.md/y.md` or onto a folder leaked NotADirectoryError/IsADirectoryError."""
    store = NoteStore(hostile_root)
    store.create("knowledge/x.md", "keep me\n")
    (hostile_root / "knowledge" / "folder.md").mkdir()
    with pytest.raises(StoreWriteError):
        store.write("knowledge/x.md/y.md", "b", None)
    with pytest.raises(NoteError):
        store.write("knowledge/folder.md", "b", None)
    assert (hostile_root / "knowledge" / "x.md").read_text() == "keep me\n"
    assert not [p for p in (hostile_root / "knowledge").iterdir() if ".memdir-tmp-" in p.name]


@FUZZ
@given(
    st.lists(
        st.tuples(st.lists(st.sampled_from(["a", "b.md", "c", ".."]), min_size=1, max_size=3), st.booleans()),
        max_size=8,
    )
)
def test_sequences_of_nested_writes_raise_only_documented_errors(
    hostile_root: Path, ops: list[tuple[list[str], bool]]
) -> None:
    """Writes and archives of nested names (files shadowing folders) raise only documented errors."""
    store = NoteStore(hostile_root)
    for parts, archive in ops:
        rel = "knowledge/" + "/".join(parts)
        try:
            if archive:
                store.archive(rel, "fuzz")
            else:
                store.write(rel, "t\n", store.current_hash(rel) if not rel.endswith("..") else None)
        except (PathError, ConflictError, StoreWriteError, NoteError):
            pass
    assert not any((hostile_root.parent / "outside").iterdir())


def test_regression_archive_where_the_archive_has_a_file_named_like_the_folder(hostile_root: Path) -> None:
    """Bug found by fuzzing: archiving `knowledge/b.md/c.md` after `knowledge/b.md` leaked FileExistsError."""
    store = NoteStore(hostile_root)
    store.create("knowledge/b.md", "first\n")
    store.archive("knowledge/b.md", "test")
    store.create("knowledge/b.md/c.md", "second\n")
    with pytest.raises(StoreWriteError):
        store.archive("knowledge/b.md/c.md", "test")
    assert (hostile_root / "knowledge" / "b.md" / "c.md").read_text() == "second\n"
    assert (hostile_root / "archive" / "knowledge" / "b.md").read_text() == "first\n"
