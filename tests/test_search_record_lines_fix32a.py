"""Trial 25 second re-check M6: memdir's own record-keeping counted as a note's words for search.

A delivery procedure's `## Outcome notes` held a line memdir wrote for a feedback logged without a note,
`- 2026-11-24 failure, counted once with the day's other report: logged feedback, no note (activity/…:17)`;
`logged` stems to `log`, so `search "Huge QA log pasted"` found the procedure relevant (words 0.4176). The
words of a note are now read without such lines (their dates, outcomes, references and fixed phrases;
`notes/record_lines.py`), while a feedback `--note`'s own words and everything a person wrote stay. A real
CLI subprocess over real files: a print shop's delivery in English, a bakery's 発注 in Japanese.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

DELIVERY = """---
title: Deliver the weekly print run
type: procedure
origin: daily
description: Pack the printed brochures and hand them to the courier.
success_count: 1
failure_count: 2
---
# Deliver the weekly print run

1. Check the QA sheet signed by the press operator.
2. Pack the brochures in boxes of 500.
3. Book the courier pickup before 15:00.

## Outcome notes
- 2026-11-20 success: repeated by task print-q-4 (weekly)
- 2026-11-24 failure: pickup was late again (episodes/2026-11-24.md#1000-courier)
- 2026-11-24 failure, counted once with the day's other report: logged feedback, no note (activity/2026-11-24.jsonl:17)
"""
ORDER = """---
title: 小麦粉の発注
type: procedure
origin: daily
description: 毎週月曜に小麦粉を発注する。
---
# 小麦粉の発注

1. 在庫表で残りの袋数を数える。
2. 問屋に電話で注文する。
3. 納品書を棚に保管する。

## Outcome notes
- 2026-11-24 failure: logged feedback, no note (activity/2026-11-24.jsonl:3)
- 2026-11-25 success: repeated by task bake-q-2 (weekly)
"""
DIARY = """---
title: Paper stock
---
# Paper stock

The shop keeps 80 reams of A4 and 20 of A3. Glossy paper is ordered monthly.
"""
CHAT = """---
title: Customer chat etiquette
---
# Customer chat etiquette

When a customer pastes a huge order list into the chat, reply with one summary line, not a quote of it.
"""


def memdir(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    return subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("shop")
    assert memdir(root, "init").returncode == 0
    for folder, name, text in (
        ("procedures", "deliver-the-weekly-print-run.md", DELIVERY),
        ("procedures", "order-flour.md", ORDER),
        ("knowledge", "paper-stock.md", DIARY),
        ("knowledge", "customer-chat.md", CHAT),
    ):
        (root / folder).mkdir(exist_ok=True)
        (root / folder / name).write_text(text, encoding="utf-8")
    note = "the forklift battery died, carried the boxes by hand"
    out = memdir(root, "feedback", "procedures/deliver-the-weekly-print-run.md", "--failure", "--note", note)
    assert out.returncode == 0, out.stderr
    out = memdir(
        root, "feedback", "procedures/order-flour.md", "--success", "--note", "問屋の担当者が替わった"
    )
    assert out.returncode == 0, out.stderr
    sync = memdir(root, "index", "sync")
    assert sync.returncode == 0, sync.stderr
    return root


def hits(root: Path, query: str, weak: bool = False) -> list[dict[str, object]]:
    out = memdir(
        root, "search", query, "-k", "5", "--mode", "lexical", "--json", *(["--weak"] if weak else [])
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    found: list[dict[str, object]] = data if isinstance(data, list) else data["hits"]
    return found


@pytest.mark.parametrize(
    "query",
    [
        "Huge QA log pasted",  # the trial's query: `logged` in memdir's line stemmed to `log`
        "activity jsonl failure counted",  # nothing but memdir's own words
        "repeated task weekly",
    ],
)
def test_memdirs_own_lines_make_no_procedure_relevant(shop: Path, query: str) -> None:
    relevant = [h["path"] for h in hits(shop, query)]
    assert not [p for p in relevant if str(p).startswith("procedures/")], hits(shop, query, weak=True)


def test_no_words_from_memdirs_lines_in_a_weak_hit(shop: Path) -> None:
    for h in hits(shop, "logged feedback no note activity", weak=True):
        assert float(str(h["words"])) == 0.0, h
        assert "logged feedback" not in str(h["snippet"]), h


@pytest.mark.parametrize(
    ("query", "path", "snippet"),
    [
        (  # a feedback --note: found, its words shown without memdir's date and outcome
            "forklift battery died",
            "procedures/deliver-the-weekly-print-run.md",
            "the forklift battery died, carried the boxes by hand",
        ),
        (  # a day file's report: its words kept, the `(episodes/…)` reference not
            "pickup late again",
            "procedures/deliver-the-weekly-print-run.md",
            "pickup was late again",
        ),
        ("問屋の担当者", "procedures/order-flour.md", "問屋の担当者が替わった"),  # a --note in Japanese
    ],
)
def test_given_words_are_still_found(shop: Path, query: str, path: str, snippet: str) -> None:
    found = hits(shop, query)
    assert found and found[0]["path"] == path, found
    assert found[0]["relevant"] is True
    assert found[0]["snippet"] == snippet


@pytest.mark.parametrize(
    ("steps", "record", "path"),
    [
        ("book the courier pickup", "print-q-4 repeated", "procedures/deliver-the-weekly-print-run.md"),
        ("在庫表 袋数", "bake-q-2 repeated", "procedures/order-flour.md"),
    ],
)
def test_the_steps_are_found_and_a_repeat_line_is_not(shop: Path, steps: str, record: str, path: str) -> None:
    found = hits(shop, steps)
    assert found and found[0]["path"] == path and found[0]["relevant"] is True, found
    assert path not in [h["path"] for h in hits(shop, record)]
