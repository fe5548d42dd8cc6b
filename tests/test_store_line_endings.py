"""A CRLF note stays CRLF: the store keeps a file's line-ending style on every write (trial 10).

`feedback` wrote `last_used`, `updated_at` and `## Outcome notes` with LF into a CRLF note, and the
daily run appended its dated section with LF: files with both endings, which Git then shows as
changed on every line a person touches. Real files; the CLI in real subprocesses.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

from test_daily_support import YESTERDAY, at, e5_memory, run

from memdir import Memory

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}
ROTATE = "procedures/rotate-db.md"
ROTATE_CRLF = (
    b"---\r\ndescription: Rotate the DB password\r\norigin: human\r\nconfidence: 0.5\r\nsuccess_count: 0\r\n"
    b"failure_count: 0\r\ntags:\r\n  - db\r\n---\r\n\r\n# Rotate the DB password\r\n\r\n"
    b"1. Create the new password in Vault\r\n2. Rolling restart\r\n"
)
RUNNER = "knowledge/runner-images.md"
RUNNER_CRLF = (
    b"---\r\ndescription: Pin CI runner images to a digest\r\norigin: human\r\ntags:\r\n- ci\r\n---\r\n\r\n"
    b"# Runner images\r\n\r\nNever use :latest for the CI runner image; pin it to a digest.\r\n"
)
EPISODE = (
    "The CI broke because the runner image :latest changed. We pinned the runner image to a digest. "
    "From now on never use :latest for CI runner images."
)


def is_crlf(data: bytes) -> bool:
    """Every line break is CRLF."""
    return data.count(b"\r\n") == data.count(b"\n") > 0


def _lines_kept(before: bytes, after: bytes) -> bool:
    """Every line of before is still in after, with its own ending (keys memdir rewrote aside)."""
    rewritten = (b"confidence:", b"success_count:", b"failure_count:")
    return all(
        ln in after.splitlines(keepends=True)
        for ln in before.splitlines(keepends=True)
        if not ln.startswith(rewritten)
    )


def test_feedback_on_a_crlf_procedure_writes_crlf_lines(root: Path, run_cli: Run) -> None:
    (root / ROTATE).write_bytes(ROTATE_CRLF)
    for outcome, note in (("--success", "worked fine 本番OK"), ("--failure", "timed out")):
        res = run_cli("feedback", ROTATE, outcome, "--note", note, env=HASHING)
        assert res.returncode == 0, res.stderr
    after = (root / ROTATE).read_bytes()
    assert is_crlf(after), after  # no bare LF anywhere
    assert (
        b"last_used: " in after and b"## Outcome notes\r\n" in after and after.count(b"## Outcome notes") == 1
    )
    assert "- 本番OK".encode() not in after and "worked fine 本番OK\r\n".encode() in after
    assert _lines_kept(ROTATE_CRLF, after)
    assert run_cli("lint", env=HASHING).returncode == 0


def test_a_note_that_already_mixes_endings_keeps_its_mix(root: Path) -> None:
    mixed = ROTATE_CRLF + b"a line a person added with LF\n"
    (root / ROTATE).write_bytes(mixed)
    Memory(root).feedback(ROTATE, success=True)
    after = (root / ROTATE).read_bytes()
    assert b"a line a person added with LF\n" in after and b"success_count: 1\r\n" in after
    assert b"last_used:" in after and not is_crlf(after)  # nothing tells which style was meant: no rewrite


def test_an_lf_note_stays_lf_and_an_episode_appended_to_a_crlf_day_stays_crlf(root: Path) -> None:
    mem = Memory(root)
    mem.store.create("knowledge/lf.md", "---\ndescription: plain\n---\n\n# LF\n")
    mem.store.update_meta("knowledge/lf.md", {"tags": ["x"]})
    assert b"\r" not in (root / "knowledge/lf.md").read_bytes()
    day = root / "episodes" / f"{YESTERDAY.isoformat()}.md"
    day.write_bytes(
        f"\ufeff---\r\ndate: {YESTERDAY.isoformat()}\r\n---\r\n\r\n## 09:00 — Standup\r\n\r\nNothing.\r\n".encode()
    )
    ep = mem.add_episode("Rotated the staging key.\nAll good.", title="Key rotation", at=at(10))
    data = day.read_bytes()
    assert (
        is_crlf(data)
        and data.startswith("\ufeff---\r\n".encode())
        and b"Rotated the staging key.\r\nAll good.\r\n" in data
    )
    assert ep.id in {e.id for e in mem.episodes.iter_episodes()}


def test_keep_line_endings_changes_only_bare_lfs_of_an_all_crlf_file() -> None:
    from memdir.notes.newlines import keep_line_endings

    assert keep_line_endings(b"a\r\nb\r\n", b"a\r\nb\r\nc\n") == b"a\r\nb\r\nc\r\n"
    assert keep_line_endings(b"a\nb\r\n", b"a\nb\r\nc\n") == b"a\nb\r\nc\n"  # mixed: as it is
    assert keep_line_endings(b"", b"a\n") == b"a\n" and keep_line_endings(b"a\n", b"a\nb\n") == b"a\nb\n"


def test_the_daily_run_extends_a_crlf_note_with_crlf_and_replaces_an_edited_section(root: Path) -> None:
    (root / RUNNER).write_bytes(RUNNER_CRLF)
    mem = e5_memory(root)
    ep = mem.add_episode(EPISODE, title="Pinned the runner image", at=at(10, day=YESTERDAY))
    report = run(mem)
    assert RUNNER in report.updated, report.to_dict()
    after = (root / RUNNER).read_bytes()
    assert is_crlf(after) and _lines_kept(RUNNER_CRLF, after)
    assert b"We pinned the runner image to a digest." in after and ep.ref.encode() in after
    day = root / ep.file
    day.write_text(day.read_text(encoding="utf-8").replace("a digest.", "a sha256 digest."), encoding="utf-8")
    report = run(mem)
    # the remedy sentence is also in the lesson made from the episode (trial 16): both follow the edit, once each
    lesson = "knowledge/lessons/pinned-the-runner-image.md"
    assert sorted(report.updated) == [lesson, RUNNER] and report.review == [], report.to_dict()
    lesson_text = (root / lesson).read_text(encoding="utf-8")
    assert "a sha256 digest." in lesson_text and "image to a digest." not in lesson_text
    assert lesson_text.count("We pinned the runner image") == 1
    edited = (root / RUNNER).read_bytes()
    assert is_crlf(edited) and b"a sha256 digest." in edited and b"image to a digest." not in edited
    assert edited.count(b"## ") == after.count(b"## ")  # the section was replaced, not appended again
