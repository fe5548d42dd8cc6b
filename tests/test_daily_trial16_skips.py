"""Trial 16 #2: a skip the router is unsure of does not vanish; a review item asks whether to file it.

A bakery's notebook, in English and Japanese: a Keep/Problem/Try retro and a list of the week's findings
that the router reads as nothing to keep with low confidence (p < router.UNSURE_SKIP) each get a
`file_candidate` item in review/; accepting one writes the note it proposes. Small talk and a chat the
router is sure of stay skipped with nothing in review (the queue is not flooded).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

Cli = Callable[..., CompletedProcess[str]]
DAY = (date.today() - timedelta(days=2)).isoformat()

BAKERY = """## 16:30 — Bakery retro, week 12

Keep: proofing the rye overnight in the walk-in gave a better crumb.
Problem: the new flour from Hartmann absorbed less water, two batches of baguettes spread flat.
Try: cut hydration to 68% when a new flour lot arrives, and bake one test loaf first.

## 17:00 — 今週の気づき

・発酵室の温度を27℃にした週は、焼き色が安定していた
・日曜は11時前にクロワッサンが売り切れる。前日に仕込みを2割増やす
・新人は成形より計量でつまずく

## 17:30 — lunch

Lovely weather today, had soup in the garden with the whole team. Thanks Omar for the coffee!
"""


@pytest.mark.slow
def test_an_unsure_skip_gets_a_review_item_that_files_it(root: Path, run_cli: Cli) -> None:
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{BAKERY}", encoding="utf-8")
    done = run_cli("consolidate", "daily", "--date", DAY, "--json")
    assert done.returncode == 0, done.stderr
    rows = {r["episode"].split("#", 1)[1]: r for r in json.loads(done.stdout)["episodes"]}
    unsure = [k for k, r in rows.items() if "review asks whether to file it" in r["reason"]]
    assert sorted(unsure) == ["1630-bakery-retro-week-12", "1700-今週の気づき"], rows
    assert rows["1730-lunch"]["action"] == "skip" and "unsure" not in rows["1730-lunch"]["reason"]
    assert not list((root / "knowledge").glob("*.md")) and not list((root / "procedures").glob("*.md"))

    listed = run_cli("review", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    items = [i for i in json.loads(listed.stdout) if i["kind"] == "file_candidate"]
    assert len(items) == 2, listed.stdout
    retro = next(i for i in items if "bakery-retro" in i["sources"][0])
    page = (root / retro["path"]).read_text(encoding="utf-8")
    assert "Kept as nothing; file it?" in page and "routed skip at p=0." in page  # the router's reading
    assert "68%" in page  # the candidate: the episode's own words

    accepted = run_cli("review", "accept", retro["id"])
    assert accepted.returncode == 0, accepted.stderr
    assert "filed the episode as" in accepted.stdout
    filed = root / retro["target"]
    text = filed.read_text(encoding="utf-8")
    assert "Hartmann" in text and retro["sources"][0] in text and "origin: review" in text
    assert not (root / retro["path"]).exists()  # decided: archived
