"""Trial 20 #8: a search hit's snippet comes from a revised procedure's current steps, not the earlier version.

A bakery's rye starter: fed one way, then a revised feeding (step 3 changed) merged into the same note,
whose `> **Current steps:**` line says the steps above the new section are an earlier version. The
snippet an agent reads in the hit is the current step; a step only the earlier version has is served
marked as superseded. The same for a Japanese note (a greenhouse's watering steps).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir import Memory

Cli = Callable[..., CompletedProcess[str]]
EARLIER = "(earlier version, superseded below)"  # memdir.index.search.EARLIER
OLD_STEP = "3. Stir well and leave it covered at room temperature for 12 hours."
NEW_STEP = "3. Stir well and leave it covered in the proofing cabinet at 24 °C for 8 hours."


def _day(root: Path, day: str, title: str, lead: str, step3: str) -> None:
    (root / "episodes" / f"{day}.md").write_text(
        f"---\ndate: {day}\n---\n\n## 07:00 — {title}\n\n{lead}\n\n"
        "1. Discard all but 50 g of the starter.\n2. Add 100 g of rye flour and 100 g of water at 26 °C.\n"
        f"{step3}\n4. Mark the jar with the time of feeding.\n",
        encoding="utf-8",
    )


def _search(run_cli: Cli, query: str) -> dict[str, object]:
    done = run_cli("search", query, "--kind", "procedures", "-k", "1", "--json")
    assert done.returncode == 0, done.stderr
    hits = json.loads(done.stdout)
    assert hits and hits[0]["path"] == "procedures/feeding-the-sourdough-starter.md"
    return dict(hits[0])


@pytest.mark.slow
def test_the_snippet_of_a_revised_procedure_is_its_current_step(root: Path, run_cli: Cli) -> None:
    _day(root, "2026-12-01", "Feeding the sourdough starter", "How we feed the rye starter:", OLD_STEP)
    assert run_cli("consolidate", "daily", "--date", "2026-12-01").returncode == 0
    _day(
        root,
        "2026-12-03",
        "Feeding the sourdough starter (revised)",
        "New version of how we feed the rye starter (step 3 changed after the starter went sour):",
        NEW_STEP,
    )
    assert run_cli("consolidate", "daily", "--date", "2026-12-03").returncode == 0
    for item in sorted((root / "review").glob("rv-*.md")):  # the revision is a merge candidate: accepted
        assert run_cli("review", "accept", item.stem).returncode == 0
    text = (root / "procedures" / "feeding-the-sourdough-starter.md").read_text(encoding="utf-8")
    assert "> **Current steps:**" in text and text.index(OLD_STEP) < text.index(NEW_STEP)

    hit = _search(run_cli, "how long to leave the starter covered after stirring")
    assert hit["snippet"] == NEW_STEP  # was the earlier step 3 (the first of two equal lines)
    hit = _search(run_cli, "starter covered at room temperature for 12 hours")
    assert hit["snippet"] == f"{EARLIER} {OLD_STEP}"  # only the earlier version says it: marked


def test_a_japanese_revised_note_serves_its_current_step(root: Path) -> None:
    (root / "procedures" / "水やり手順.md").write_text(
        "---\ndescription: 温室の水やりの手順\norigin: daily\n---\n\n# 温室の水やり手順\n\n"
        '> **Current steps:** the section "2026-07-02 — 水やり手順（改訂）" below; '
        "the steps above it are an earlier version.\n\n"
        "1. 朝7時に土の湿り気を確認する。\n2. トマトの畝に一株あたり2リットルの水をやる。\n3. 記録表に記入する。\n\n"
        "## 2026-07-02 — 水やり手順（改訂）\n\n"
        "1. 朝6時に土の湿り気を確認する。\n2. トマトの畝に一株あたり1リットルの水をやる。\n3. 記録表に記入する。\n",
        encoding="utf-8",
    )
    hits = Memory(root).search("トマトの水やりの量", k=1, mode="lexical")
    assert hits and hits[0].snippet == "2. トマトの畝に一株あたり1リットルの水をやる。"
