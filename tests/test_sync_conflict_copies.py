"""Conflict copies a sync tool leaves beside a file are no note and no episode (trial 21, problem 1).

A Syncthing copy of a day file was consolidated as a second episode (its contradicting line landed
silently in the note), a zero-byte copy in knowledge/ counted as a note, and lint said nothing. Now
lint names each copy with the file it copies, the daily run holds the original's differing episodes
pending (exit 75, one line) until a person keeps one, and status/search leave copies out. Real files,
the CLI in real subprocesses; a choir's shared folder.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from test_daily_support import YESTERDAY

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}
DAY = f"episodes/{YESTERDAY.isoformat()}.md"
STAMP = YESTERDAY.strftime("%Y%m%d")
TEXT = f"""---
date: {YESTERDAY.isoformat()}
---

## 19:30 — Rehearsal room rule

Decision: from now on the sopranos rehearse in room B on Tuesdays, because room A has no piano.
"""
COPY = TEXT.replace("room B on Tuesdays", "room C on Thursdays")
SYNC_COPY = f"episodes/{YESTERDAY.isoformat()}.sync-conflict-{STAMP}-101512-K7QW2ZD.md"


def _notes(root: Path) -> str:
    files = sorted((root / "knowledge").rglob("*.md")) + sorted((root / "procedures").rglob("*.md"))
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_a_differing_copy_holds_the_day_until_a_person_keeps_one(root: Path, run_cli: Run) -> None:
    (root / DAY).write_text(TEXT, encoding="utf-8")
    (root / SYNC_COPY).write_text(COPY, encoding="utf-8")
    lint = run_cli("lint", env=HASHING)
    assert lint.returncode == 1
    assert f"{SYNC_COPY}: error: conflict copy of {DAY} (Syncthing): compare and keep one" in lint.stdout
    res = run_cli("consolidate", "daily", env=HASHING)
    assert res.returncode == 75, res.stdout + res.stderr
    assert (
        len(res.stderr.splitlines()) == 1
        and f"conflict copy {SYNC_COPY} (Syncthing) differs from {DAY}" in res.stderr
    )
    assert "room C" not in _notes(root) and "room B" not in _notes(root)  # nothing learnt from either side
    status = json.loads(run_cli("status", "--json", env=HASHING).stdout)
    assert status["notes"]["episodes"] == 1  # the copy is no episode file
    (root / SYNC_COPY).unlink()  # the person kept the original
    res = run_cli("consolidate", "daily", env=HASHING)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "room B" in _notes(root) and "room C" not in _notes(root)


def test_an_identical_copy_is_only_noted_and_copies_in_knowledge_are_no_notes(
    root: Path, run_cli: Run
) -> None:
    (root / DAY).write_text(TEXT, encoding="utf-8")
    dropbox = f"episodes/{YESTERDAY.isoformat()} (Mika's conflicted copy {YESTERDAY.isoformat()}).md"
    (root / dropbox).write_text(TEXT.replace("\n", "\r\n"), encoding="utf-8")  # the same, saved on Windows
    (root / "knowledge" / "hymn-list.md").write_text(
        "---\ndescription: Hymns for Advent\n---\n\n# Hymns\n\nO come, O come\n"
    )
    nextcloud = "knowledge/hymn-list (conflicted copy 2026-11-30 101512).md"
    (root / nextcloud).write_bytes(b"")  # zero bytes: a sync cut short
    onedrive = "knowledge/hymn-list-DESKTOP-AB12CD3.md"
    (root / onedrive).write_text("---\ndescription: Hymns for Advent\n---\n\n# Hymns\n\nLo, how a rose\n")
    (root / "knowledge" / "concert-DESKTOP-AB12CD3.md").write_text(
        "---\ndescription: Concert plan\n---\n\n# Plan\n"
    )
    lint = run_cli("lint", env=HASHING).stdout
    assert f"{dropbox}: warning: conflict copy of {DAY} (Dropbox), same text: delete it" in lint
    assert (
        f"{nextcloud}: error: conflict copy of knowledge/hymn-list.md (Nextcloud): compare and keep one"
        in lint
    )
    assert f"{onedrive}: error: conflict copy of knowledge/hymn-list.md (OneDrive)" in lint
    assert "concert-DESKTOP-AB12CD3.md: error" not in lint  # no original beside it: a name a person gave
    res = run_cli("consolidate", "daily", env=HASHING)
    assert res.returncode == 0, res.stdout + res.stderr  # an identical copy decides nothing
    assert "room B" in _notes(root)
    status = json.loads(run_cli("status", "--json", env=HASHING).stdout)
    assert status["notes"]["episodes"] == 1
    found = run_cli("search", "Lo how a rose", "--json", env=HASHING)
    assert onedrive not in found.stdout and nextcloud not in found.stdout
    assert (
        (root / onedrive).exists() and (root / nextcloud).exists() and (root / dropbox).exists()
    )  # none deleted
