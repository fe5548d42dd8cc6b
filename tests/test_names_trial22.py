"""Trial 22 #9: a Japanese note title of about 78 characters or more could not be added ("File name too long"),
while a 400-character Latin title was cut and worked.

A file name holds at most 255 bytes; a Japanese character takes 3 (some kanji 4), and the store writes a temp file
`.NAME.memdir-tmp-PID-XXXXXXXX` beside the note. Every writer that names a file from a title (`note add`, the daily
run, its lessons, decisions and their lessons, the weekly run) cuts the name by its UTF-8 bytes at a character
boundary; the note keeps the whole title. A library's and a bicycle co-op's notes, in Japanese and English.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from memdir import Memory

LONG_JA = (
    "図書館の返却ポストに雨の日に濡れた本が入っていたときにカウンター職員が最初に確認するべきことと"
    "乾燥室へ運ぶまでの流れについての申し送り事項まとめ本館と分館の両方で共通"
)
# kanji outside the basic plane take 4 bytes each (𠮷 in 𠮷野家, 𩸽 the fish): 60 of them are 240 bytes
FOUR_BYTE = "𠮷𩸽" * 40


def _name_fits(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return len(name.encode("utf-8")) + len(".") + len(".memdir-tmp-4194304-0123abcd") <= 255


def test_cli_note_add_takes_a_long_japanese_title(root: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "memdir",
            "--root",
            str(root),
            "note",
            "add",
            "knowledge",
            LONG_JA,
            "1. 本を立てて乾かす",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    rel = out.stdout.split("created ", 1)[1].strip()
    assert _name_fits(rel) and (root / rel).is_file()
    text = (root / rel).read_text(encoding="utf-8")
    assert f"# {LONG_JA}\n" in text  # the title stays whole in the note
    assert rel.startswith("knowledge/図書館の返却ポストに雨の日に")


@pytest.mark.parametrize("title", [LONG_JA, FOUR_BYTE], ids=["ja", "ja-4-byte"])
def test_add_note_cuts_the_file_name_by_bytes(mem: Memory, title: str) -> None:
    rel = mem.add_note("procedures", title, "1. 手順を確認する\n2. 記録する")
    assert _name_fits(rel)
    assert f"# {' '.join(title.split())}\n" in mem.read_note(rel).text  # the heading holds it whole


def test_two_long_titles_cut_to_one_name_are_both_kept(mem: Memory) -> None:
    first = mem.add_note("knowledge", LONG_JA, "本館の手順")
    second = mem.add_note("knowledge", LONG_JA.replace("本館と分館の両方で共通", "分館のみ"), "分館の手順")
    assert first != second and _name_fits(second)
    with pytest.raises(Exception, match="already exists"):  # the same title again is still refused
        mem.add_note("knowledge", LONG_JA, "again")


def test_a_decision_with_a_long_title_and_its_lesson(mem: Memory) -> None:
    path = mem.add_decision(FOUR_BYTE, options=["A", "B"], chosen="A", reasons="安い")
    assert _name_fits(path)
    mem.record_outcome(path, "返品が続いた", "failure")  # a failed decision writes a lesson that cites it
    lessons = list((mem.root / "knowledge" / "lessons").glob("*.md"))
    assert lessons and all(_name_fits(p.name) for p in lessons)


def test_the_daily_run_names_a_long_japanese_episode_title(mem: Memory) -> None:
    """Main crashed here with a bare OSError (errno 36) out of the daily run."""
    at = datetime(2026, 4, 9, 10, 0, tzinfo=timezone.utc)
    mem.add_episode(
        "雨の日に返却ポストの本が濡れて、三冊を廃棄した。教訓：雨の予報の日は返却ポストにビニール袋を掛ける。",
        title=FOUR_BYTE,
        at=at,
    )
    mem.add_episode(
        "手順：\n\n1. 濡れた本を袋から出す。\n2. 乾燥室の棚に立てて並べる。\n3. 扇風機を弱で当てる。",
        title=f"{FOUR_BYTE}乾燥",
        at=at.replace(hour=11),
    )
    report = mem.consolidate_daily(day=date(2026, 4, 9))
    assert not report.errors and len(report.created) == 2
    assert all(_name_fits(p) and (mem.root / p).is_file() for p in report.created)
