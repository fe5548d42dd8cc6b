"""The note store: round-trip edits, compare-and-swap, atomic writes, confinement, archive."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from memdir import ConflictError, Memory, NoteError, PathError
from memdir.notes.frontmatter import render_note, update_text
from memdir.notes.store import NoteStore
from memdir.paths import slugify

HAND_WRITTEN = """---
# Written by hand: keep this comment
title: "Rotate the DB password"   # quoted on purpose
confidence: 0.4  # prior from weekly
tags: [db, 運用, 'ops']
description: データベースのパスワードを回す手順
success_count: 0
failure_count: 0
sources:
  - episodes/2026-11-28.md#1030-fix
  - weekly:t1
origin: weekly
extra: {a: 1, b: [x, y]}
---

# Rotate the DB password

1. まず backup を取る
2. 次に `rotate --db main` を実行
"""


def _changed_lines(before: str, after: str) -> list[str]:
    return [
        ln
        for ln in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
        if ln[:1] in "+-" and not ln.startswith(("+++", "---"))
    ]


def test_update_touches_only_changed_keys() -> None:
    out = update_text(HAND_WRITTEN, {"success_count": 1, "confidence": 0.5667})
    changed = _changed_lines(HAND_WRITTEN, out)
    assert sorted(changed) == sorted(
        [
            "-confidence: 0.4  # prior from weekly",
            "-success_count: 0",
            "+confidence: 0.5667  # prior from weekly",
            "+success_count: 1",
        ]
    )


def test_update_appends_new_key_and_extends_block_list() -> None:
    out = update_text(
        HAND_WRITTEN,
        {"sources": ["episodes/2026-11-28.md#1030-fix", "weekly:t1", "weekly:t2"], "last_used": "2026-11-29"},
    )
    assert _changed_lines(HAND_WRITTEN, out) == ["+  - weekly:t2", "+last_used: '2026-11-29'"]


def test_feedback_via_cli_keeps_person_bytes(root: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    note = root / "procedures" / "rotate.md"
    note.write_text(HAND_WRITTEN, encoding="utf-8")
    for _ in range(3):
        res = run_cli("feedback", "procedures/rotate.md", "--failure")
        assert res.returncode == 0, res.stderr
    after = note.read_text(encoding="utf-8")
    changed = _changed_lines(HAND_WRITTEN, after)
    assert "+confidence: 0.16  # prior from weekly" in changed
    assert "+failure_count: 3" in changed
    assert all(
        ln.split(":")[0].lstrip("+-") in ("confidence", "failure_count", "last_used") for ln in changed
    )
    before_lint = note.read_bytes()
    assert run_cli("lint").returncode == 0
    assert note.read_bytes() == before_lint


def test_confidence_rises_after_success(mem: Memory, root: Path) -> None:
    (root / "procedures" / "p.md").write_text(
        render_note(
            {
                "description": "d",
                "confidence": 0.4,
                "success_count": 0,
                "failure_count": 0,
                "origin": "weekly",
            },
            "steps",
        )
    )
    r1 = mem.feedback("procedures/p.md", success=True)
    assert r1.confidence == pytest.approx((1 + 0.8) / 3, abs=1e-4)
    r2 = mem.feedback(str(root / "procedures" / "p.md"), success=True, note="worked on staging")
    assert r2.confidence > r1.confidence
    assert "worked on staging" in (root / "procedures" / "p.md").read_text()


def test_compare_and_swap_protects_a_person_edit(mem: Memory, root: Path) -> None:
    path = root / "knowledge" / "k.md"
    path.write_text(render_note({"description": "a fact"}, "original"), encoding="utf-8")
    note = mem.store.read("knowledge/k.md")
    path.write_text(note.text.replace("original", "edited by a person"), encoding="utf-8")
    with pytest.raises(ConflictError):
        mem.store.write("knowledge/k.md", note.text + "\nmore\n", note.hash)
    with pytest.raises(ConflictError):
        mem.store.update_meta("knowledge/k.md", {"tags": ["x"]}, expected_hash=note.hash)
    assert "edited by a person" in path.read_text(encoding="utf-8")
    with pytest.raises(ConflictError):
        mem.store.create("knowledge/k.md", "---\n---\nnew\n")


def test_writes_are_deterministic_and_leave_no_temp_files(mem: Memory, root: Path) -> None:
    meta = {"description": "日本語の説明", "tags": ["a", "b"], "origin": "daily"}
    text = render_note(meta, "# Title\n\nbody")
    assert text == render_note(dict(meta), "# Title\n\nbody")
    h = mem.store.create("knowledge/t.md", text)
    assert mem.store.write("knowledge/t.md", text, h) == h
    assert [p.name for p in (root / "knowledge").iterdir()] == ["t.md"]


@pytest.mark.parametrize(
    "name", ["../../x", "/etc/passwd", "CON", "a" * 300, "🔥🔥 hot fix 🚀", "..", "", "nul.txt"]
)
def test_hostile_names_stay_inside_the_root(mem: Memory, root: Path, name: str) -> None:
    slug = slugify(name)
    assert slug and "/" not in slug and ".." not in slug and len(slug) <= 80
    assert slug.split(".")[0] not in ("con", "nul")
    rel = mem.store.unique_path("knowledge", slug)
    mem.store.create(rel, render_note({"description": name[:50] or "x"}, "body"))
    written = (root / rel).resolve()
    assert root.resolve() in written.parents


@pytest.mark.parametrize(
    "bad",
    [
        "../../x.md",
        "/etc/passwd",
        "knowledge/../../x.md",
        "skills/x.md",
        "x.md",
        ".memdir/x.md",
        "knowledge/x.txt",
    ],
)
def test_store_refuses_paths_outside_writable_dirs(mem: Memory, bad: str) -> None:
    with pytest.raises(PathError):
        mem.store.create(bad, "---\n---\nx\n")


def test_symlink_leading_outside_is_refused(mem: Memory, root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "knowledge" / "link").symlink_to(outside)
    with pytest.raises(PathError):
        mem.store.create("knowledge/link/x.md", "---\n---\nx\n")
    (root / "knowledge" / "f.md").symlink_to(outside / "f.md")
    with pytest.raises(PathError):
        mem.store.create("knowledge/f.md", "x")
    assert not any(outside.iterdir())


def test_archive_and_restore_are_byte_identical(mem: Memory, root: Path) -> None:
    src = root / "procedures" / "old.md"
    src.write_bytes(HAND_WRITTEN.encode("utf-8"))
    archived = mem.store.archive("procedures/old.md", reason="unused for 90 days")
    assert archived == "archive/procedures/old.md" and not src.exists()
    assert mem.store.archive_log()[-1]["reason"] == "unused for 90 days"
    assert mem.restore(archived) == "procedures/old.md"
    assert src.read_bytes() == HAND_WRITTEN.encode("utf-8")


def test_reading_never_modifies(mem: Memory, root: Path) -> None:
    p = root / "knowledge" / "raw.md"
    p.write_bytes(b"no frontmatter and no trailing newline")
    stat = os.stat(p)
    note = mem.store.read("knowledge/raw.md")
    assert note.description == "no frontmatter and no trailing newline"
    list(mem.store.iter_notes())
    assert (
        p.read_bytes() == b"no frontmatter and no trailing newline"
        and os.stat(p).st_mtime_ns == stat.st_mtime_ns
    )


@pytest.mark.parametrize(
    "data,msg",
    [
        (b"---\nkey: [unclosed\n---\nx", "invalid YAML"),
        (b"\x00\x01binary", "binary"),
        (b"\xff\xfe bad utf8", "UTF-8"),
        (b"---\n- a list\n---\nx", "mapping"),
    ],
)
def test_bad_notes_raise_note_error(tmp_path: Path, data: bytes, msg: str) -> None:
    store = NoteStore(tmp_path)
    (tmp_path / "knowledge").mkdir()
    (tmp_path / "knowledge" / "bad.md").write_bytes(data)
    with pytest.raises(NoteError, match=msg):
        store.read("knowledge/bad.md")
    assert list(store.iter_notes()) == []
