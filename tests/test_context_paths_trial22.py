"""Trial 22 re-check N5: with a long Japanese file name (up to 180 bytes since fix22b, about 90 tokens of path),
`context()` at a small budget showed the header only: the layout stopped at the first entry whose path did not
fit, so a short path after it, which fitted, was not shown either.

An entry whose path does not fit is now skipped and the next ones are tried; a bigger budget still never shows
fewer entries (a long first path that fits at a larger budget does not crowd out the short ones a smaller budget
showed). A library's and a print shop's notes, in Japanese and English.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from memdir import Memory
from memdir.agents.context import ContextItem, _layout, _Section

LONG_JA = (
    "図書館の返却ポストに雨の日に濡れた本が入っていたときにカウンター職員が最初に確認するべきことと"
    "乾燥室へ運ぶまでの流れについての申し送り事項まとめ本館と分館の両方で共通"
)


def _entries(text: str) -> list[str]:
    return [line.split("`")[1] for line in text.splitlines() if line.startswith("- `")]


def test_a_short_path_after_a_long_japanese_one_is_shown(mem: Memory) -> None:
    long_rel = mem.add_note("procedures", LONG_JA, "1. 本を取り出す\n2. 乾燥室へ運ぶ")
    assert len(long_rel.encode()) > 150
    short_rel = mem.add_note("knowledge", "濡れた本", "濡れた本は乾燥室で乾かす。")
    counts = []
    for budget in (70, 90, 110, 130, 200, 300):
        shown = _entries(mem.context("濡れた本", budget=budget))
        assert short_rel in shown, (budget, shown)  # before: [] up to the budget that fits the long path
        counts.append(len(shown))
    assert counts == sorted(counts)
    assert long_rel in _entries(mem.context("濡れた本", budget=300))


def test_the_cli_shows_the_short_path_at_a_small_budget(root: Path) -> None:
    mem = Memory(root)
    mem.add_note("procedures", LONG_JA, "1. 本を取り出す")
    mem.add_note("knowledge", "濡れた本", "濡れた本は乾燥室で乾かす。")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), "context", "濡れた本", "--budget", "80"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "knowledge/濡れた本.md" in out.stdout


def _item(path: str) -> ContextItem:
    return ContextItem(path, "Check the proof before the run", 0.5, "1. Load paper\n2. Print")


def test_a_bigger_budget_never_shows_fewer_entries_when_entries_are_skipped() -> None:
    # an expensive first entry and cheap ones after it: skipping alone would show the cheap ones at a small
    # budget and only the expensive one when it just fits
    first = _item("procedures/" + "print-the-quarterly-catalogue-with-the-spot-colour-proof-" * 3 + "x.md")
    cheap = [_item(f"knowledge/ink-{i}.md") for i in range(5)]
    last: list[str] = []
    for budget in range(5, 400):
        text, _ = _layout([_Section("Relevant to: catalogue print", [first, *cheap], 900)], budget)
        shown = _entries(text)
        assert len(shown) >= len(last), (budget, last, shown)
        last = shown
    assert last[0] == first.path and len(last) == 6  # a budget that fits all keeps the order
