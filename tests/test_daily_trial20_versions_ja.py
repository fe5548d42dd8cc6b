"""Trial 20 #6b: a Japanese version of a procedure whose note holds two dated versions and outcome lines.

A small brewery's English mash SOP, revised once (a dated `## … revised` section, a `Current steps` pointer) and
with two dated outcome lines, then the part-timer's Japanese version typed on one line. The note's own
bookkeeping (its dated heading, its outcome lines, `SOP` in its title) counted as identifiers its steps do not
name, so the two shared ones (`HLT`, `MAX`) were too few and the Japanese text became a second procedure. Now
the steps are compared with each version of the note as well: a merge candidate on the English note, no new
procedure. Real files, a real `memdir consolidate daily` subprocess, the shipped embedder.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from cli_support import memdir_stdout as _memdir

TODAY = date.today()
D1, D2, D3, D4 = (TODAY - timedelta(days=n) for n in (9, 5, 3, 1))

NOTE = f"""---
description: how we mash in on the 500 L kit
confidence: 0.6
success_count: 1
failure_count: 0
origin: daily
created_at: '{D1}T10:00:00+00:00'
updated_at: '{D4}T10:00:00+00:00'
---

# Mash SOP

> **Current steps:** the section "{D2} — Mash SOP revised" below; the steps above it are an earlier version.

How we mash in:

1. Fill the HLT to the MAX line and heat the strike water to 72 °C.
2. Mill the malt to a coarse grist.
3. Mash in at 65 °C and rest for 60 minutes.
4. Check the mash pH.
5. Sparge slowly and collect the wort in the kettle.

## {D2} — Mash SOP revised

New version of how we mash in (the rest temperature changed after the brewer's tasting):

1. Fill the HLT to the MAX line and heat the strike water to 72 °C.
2. Mill the malt to a coarse grist.
3. Mash in at 67 °C and rest for 45 minutes.
4. Check the mash pH.
5. Sparge slowly and collect the wort in the kettle.

## Outcome notes

- {D3} success: brew 41 hit its gravity
- {D4} failure: brew 42 was stuck
"""
JA = (
    "糖化の手順：1. HLTをMAXの線まで満たし、仕込み水を72℃に温める。2. 麦芽を粗めに粉砕する。"
    "3. 67℃で仕込み、45分休ませる。4. マッシュのpHを確認する。5. ゆっくりスパージして麦汁をケトルに集める。"
)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("versions20") / "root"
    _memdir(root, "init")
    (root / "procedures" / "mash-sop.md").write_text(NOTE, encoding="utf-8")
    at = f"{TODAY}T08:30:00+00:00"
    _memdir(root, "episode", "add", JA, "--title", "糖化手順（アルバイト用）", "--at", at)
    _memdir(root, "consolidate", "daily", "--date", str(TODAY))
    return root


def test_the_japanese_version_is_a_merge_candidate_on_the_english_note_with_versions(root: Path) -> None:
    listing = _memdir(root, "review", "list")
    assert "merge_candidate" in listing and "procedures/mash-sop.md" in listing, listing
    assert sorted(p.name for p in (root / "procedures").glob("*.md")) == ["mash-sop.md"]


def test_the_english_note_is_left_as_it_was(root: Path) -> None:
    assert (root / "procedures" / "mash-sop.md").read_text(encoding="utf-8") == NOTE
