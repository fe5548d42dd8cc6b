"""Trial 12 #12: one full-width colon (`description：…`, typed through a Japanese IME) hid a whole note.

A community library's note about overdue fees: before, search found nothing, every daily run
warned four times, and lint named the line after the one to fix. Now the key is read as
`description:` (the file stays as typed), lint warns once with the line and the cause, and a
note that is still unreadable is named by `search` and warned about once per run.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from memdir.errors import NoteError
from memdir.notes.frontmatter import parse_yaml, split_text, update_yaml_text

Cli = Callable[..., subprocess.CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}
NOTE = (
    "---\r\ndescription：貸出期間と延滞料のまとめ\r\ntags: [図書館, 延滞]\r\n---\r\n\r\n"
    "# 延滞ルール\r\n\r\n| 資料 | 貸出期間 | 延滞料 |\r\n|---|---|---|\r\n"
    "| 図書 | 14日 | 延滞料は1日10円、上限500円 |\r\n| 雑誌の最新号 | 貸出不可 | - |\r\n"
)
BROKEN = '---\ndescription: "Quarterly stocktake of the reading room\ntags: [stock]\n---\n# Stocktake\n'


def test_a_full_width_colon_key_is_read_and_kept_as_typed() -> None:
    yaml_text = split_text(NOTE).yaml_text
    meta = parse_yaml(yaml_text)
    assert meta["description"] == "貸出期間と延滞料のまとめ" and meta["tags"] == ["図書館", "延滞"]
    # another key changed by memdir: the person's line stays byte for byte
    out = update_yaml_text(yaml_text, {"confidence": 0.7})
    assert "description：貸出期間と延滞料のまとめ\r\n" in out
    # the key itself changed by memdir: its line is replaced, never a second `description`
    out = update_yaml_text(yaml_text, {"description": "Loan periods and overdue fees"})
    assert out.count("description") == 1 and parse_yaml(out)["description"] == "Loan periods and overdue fees"
    # a colon inside a value is not a key
    assert parse_yaml("title: 会議：議事録\n")["title"] == "会議：議事録"


def test_still_broken_frontmatter_names_the_full_width_colon() -> None:
    with pytest.raises(NoteError) as info:
        parse_yaml("description：在庫確認\ntags: [a\n", "knowledge/stock.md")
    message = str(info.value)
    assert "line 2 `description：`" in message and "\n" not in message
    with pytest.raises(NoteError, match=r"opened on line 2"):
        parse_yaml(split_text(BROKEN).yaml_text)


def test_the_note_is_found_and_lint_says_the_line_and_the_cause(root: Path, run_cli: Cli) -> None:
    note = root / "knowledge" / "延滞ルール.md"
    note.write_bytes(NOTE.encode("utf-8"))
    (root / "knowledge" / "stocktake.md").write_text(BROKEN, encoding="utf-8")
    (root / "episodes" / "2026-06-03.md").write_text(
        "## 10:00 — Returns desk\n\nA reader returned two books four days late and paid the fee.\n",
        encoding="utf-8",
    )

    found = run_cli("search", "延滞料 上限500円", "--json", env=ENV)
    assert found.returncode == 0, found.stderr
    assert [h["path"] for h in json.loads(found.stdout)][:1] == ["knowledge/延滞ルール.md"]

    lint = run_cli("lint", env=ENV)
    lines = [ln for ln in (lint.stdout + lint.stderr).splitlines() if "延滞ルール" in ln]
    assert len(lines) == 1 and "warning" in lines[0] and "full-width colon" in lines[0], lines
    assert "(line 2)" in lines[0]

    daily = run_cli("consolidate", "daily", "--date", "2026-06-03", env=ENV)
    assert daily.returncode == 0, daily.stderr
    assert "延滞ルール" not in daily.stderr  # read, not skipped
    named = [ln for ln in (daily.stdout + daily.stderr).splitlines() if "knowledge/stocktake.md" in ln]
    assert len(named) == 1 and "could not be read" in named[0], daily.stdout + daily.stderr  # once per run
    assert note.read_bytes() == NOTE.encode("utf-8")  # the person's file is not rewritten

    missing = run_cli("search", "quarterly stocktake reading room", env=ENV)
    assert "could not be read" in missing.stderr and "knowledge/stocktake.md" in missing.stderr
