"""Trial 16 #7: a later version of the same procedure gives a merge candidate, and the note says which
steps are current.

A brewery's cellar, in English and Japanese: "Cleaning fermenter FV3" written as steps, then a hygiene card
for the same job with the same valves, programs and sanitiser in other words (similarity below the
same-subject level 0.75), then the steps in Japanese. The card is a merge candidate in review/, not a second
procedure; a bottling-line changeover that shares the tank's vocabulary but not its tools stays its own note.
Whoever opens the merged note reads, under its title, which section holds the current steps.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

CURRENT = "> **Current steps:**"  # memdir.notes.current_steps.CURRENT

Cli = Callable[..., CompletedProcess[str]]
DAY1 = (date.today() - timedelta(days=3)).isoformat()
DAY2 = (date.today() - timedelta(days=2)).isoformat()

V1 = """## 08:00 — Cleaning fermenter FV3

1. Drain the tank and close valve `V3-out`
2. Rinse with cold water for 10 minutes
3. Run the `CIP-2` program with caustic at 2%
4. Rinse again and check the pH strip reads 7
5. Sanitise with `PAA 200 ppm` and leave it sealed
"""
CARD = """## 09:00 — Tank hygiene card for the cellar

- close `V3-out`
- hot rinse 10 min
- `CIP-2`, 2% caustic, 40 min
- pH strip = 7
- `PAA 200 ppm`, seal, dated tag
- fill within 24 h

## 11:00 — Bottling line changeover

1. Stop the filler and close valve `F1-in`
2. Swap the 330 ml change parts
3. Run the `CIP-1` program on the filler bowl
4. Check the crowner torque
5. Run 24 test bottles
"""
JA = """## 10:00 — 発酵タンク FV3 の洗浄（改訂）

1. タンクを空にして `V3-out` を閉める
2. 冷水で10分すすぐ
3. `CIP-2` を苛性 2% で回し、そのあと温水ですすぐ
4. pH 試験紙が 7 になるのを確認する
5. `PAA 200 ppm` で殺菌して密閉し、扉に札を下げる
"""


def _day(root: Path, day: str, body: str) -> None:
    (root / "episodes" / f"{day}.md").write_text(f"---\ndate: {day}\n---\n\n{body}", encoding="utf-8")


def _daily(run_cli: Cli, day: str) -> dict[str, dict[str, str]]:
    done = run_cli("consolidate", "daily", "--date", day, "--json")
    assert done.returncode == 0, done.stderr
    return {r["episode"].split("#", 1)[1]: r for r in json.loads(done.stdout)["episodes"]}


@pytest.mark.slow
def test_a_later_version_is_a_merge_candidate_and_the_merged_note_says_which_steps_are_current(
    root: Path, run_cli: Cli
) -> None:
    _day(root, DAY1, V1)
    _daily(run_cli, DAY1)
    assert [p.name for p in (root / "procedures").glob("*.md")] == ["cleaning-fermenter-fv3.md"]
    _day(root, DAY2, CARD)
    rows = _daily(run_cli, DAY2)
    card = rows["0900-tank-hygiene-card-for-the-cellar"]
    assert card["action"] == "merge_candidate", rows
    assert card["target"] == "procedures/cleaning-fermenter-fv3.md"
    assert "later version" in card["reason"]
    # the same kind of words, other tools: its own note
    assert rows["1100-bottling-line-changeover"]["action"] == "create"
    assert sorted(p.name for p in (root / "procedures").glob("*.md")) == [
        "bottling-line-changeover.md",
        "cleaning-fermenter-fv3.md",
    ]

    items = [
        i for i in json.loads(run_cli("review", "list", "--json").stdout) if i["kind"] == "merge_candidate"
    ]
    assert len(items) == 1 and items[0]["target"] == "procedures/cleaning-fermenter-fv3.md"
    accepted = run_cli("review", "accept", items[0]["id"])
    assert accepted.returncode == 0, accepted.stderr
    body = (root / "procedures" / "cleaning-fermenter-fv3.md").read_text(encoding="utf-8")
    title, current = body.index("# Cleaning fermenter FV3"), body.index(CURRENT)
    merged = body.index(f"\n## {date.today().isoformat()} — merged from review {items[0]['id']}")
    assert title < current < body.index("1. Drain the tank") < merged  # said first, under the title
    assert f"merged from review {items[0]['id']}" in body[current : body.index("\n", current)]


@pytest.mark.slow
def test_a_translation_extending_a_procedure_says_its_steps_are_current(root: Path, run_cli: Cli) -> None:
    _day(root, DAY1, V1 + "\n" + JA)
    rows = _daily(run_cli, DAY1)
    assert rows["1000-発酵タンク-fv3-の洗浄改訂"]["action"] == "update", rows
    body = (root / "procedures" / "cleaning-fermenter-fv3.md").read_text(encoding="utf-8")
    line = next(ln for ln in body.splitlines() if ln.startswith(CURRENT))
    assert "発酵タンク FV3 の洗浄（改訂）" in line
    assert body.index(CURRENT) < body.index("1. Drain the tank") < body.index("## ")
    assert body.count(CURRENT) == 1
