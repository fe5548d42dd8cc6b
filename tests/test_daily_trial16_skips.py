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


ROASTS = """## 09:30 — R-112..114 roasts

| roast | bean | batch kg | drop °C | cupping |
|---|---|---|---|---|
| R-112 | Huila | 12 | 204 | 84.5 |
| R-113 | Huila + slow dry | 12 | 206 | 85.3 |
| R-114 | Sidamo | 15 | 201 | 83.0 |

Slow dry helps Huila (+0.8). R-114 matches R-108 within 0.2.

## 10:00 — ロット 31〜33 の結果

| ロット | 豆 | 焙煎 kg | 排出 ℃ | 評価 |
|---|---|---|---|---|
| L-31 | ウイラ | 12 | 204 | 84.5 |
| L-32 | ウイラ＋ゆっくり乾燥 | 12 | 206 | 85.3 |
| L-33 | シダモ | 15 | 201 | 83.0 |

ゆっくり乾燥でウイラが改善（+0.8）。L-33 は L-28 を再現。

## 17:00 — Queue times this week

| day | calls | wait min |
|---|---|---|
| Mon | 412 | 3.1 |
| Tue | 388 | 2.7 |
| Wed | 401 | 2.9 |

Next report on Monday.
"""


@pytest.mark.slow
def test_a_results_table_with_what_it_shows_is_kept_as_knowledge(root: Path, run_cli: Cli) -> None:
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{ROASTS}", encoding="utf-8")
    done = run_cli("consolidate", "daily", "--date", DAY, "--json")
    assert done.returncode == 0, done.stderr
    rows = {r["episode"].split("#", 1)[1]: r for r in json.loads(done.stdout)["episodes"]}
    assert rows["0930-r-112114-roasts"]["action"] == "create", rows
    # the Japanese table is the same results: it joins the English note (the same note in another language)
    assert rows["1000-ロット-3133-の結果"]["action"] in ("create", "update"), rows
    for ref in ("0930-r-112114-roasts", "1000-ロット-3133-の結果"):
        assert rows[ref]["target"].startswith("knowledge/"), rows
    assert "85.3" in (root / rows["0930-r-112114-roasts"]["target"]).read_text(encoding="utf-8")
    # a day's figures with no finding are a status post: skipped, and the router is sure of it (no review item)
    assert rows["1700-queue-times-this-week"]["action"] == "skip"
    assert "unsure" not in rows["1700-queue-times-this-week"]["reason"]
