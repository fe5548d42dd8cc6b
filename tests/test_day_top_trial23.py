"""Trial 23 re-check N5: what another tool puts at the top of a daily note is no episode.

A navigation line (`<< [[prev]] | [[next]] >>`) above the H1 made the H1 an empty episode; a top of
only a query block and an embed, or only inline fields (`mood:: good`) and an empty task, was an episode
that `status` counted and `search` answered with the query as its snippet. The top of a day file is an
episode only when it holds prose a person wrote (notes/day_cuts.py `prose_lines`); the `## ` episodes
and a top with prose keep their ids. A beekeeping club's notes in English, a calligraphy class's in
Japanese; the real CLI.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from memdir.notes.episodes import parse_episode_text

Run = Callable[..., subprocess.CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}

NAV_EN = """---
date: 2026-04-10
---
<< [[2026-04-09]] | [[2026-04-11]] >>
# Friday, 10 April

## Hive check
Hive 3 has a new queen; marked her blue.
"""

QUERY_EN = """# 2026-04-12

```dataview
TASK FROM "Apiary" WHERE !completed
```
![[Daily template]]
[[Apiary]] · [[Week 15]]
<% tp.file.cursor() %>

## Hive check
Fed hive 2 with syrup, it was light.
"""

FIELDS_JA = """# 4月13日（月）
気分:: 良い
[練習時間:: 2h]
#日記
- [ ]

## 稽古
楷書の「永」の字を二十回書いた。
"""

PROSE_JA = """<< [[2026-04-13]] | [[2026-04-15]] >>
# 4月14日（火）

```dataview
LIST FROM "稽古"
```
先生から、筆は毎回ぬるま湯で洗うようにと言われた。

## 稽古
行書を練習した。
"""


def _ids(relpath: str, text: str) -> list[str]:
    return [ep.id for ep in parse_episode_text(relpath, text)]


def test_a_navigation_line_above_the_h1_leaves_the_h1_a_title_not_an_empty_episode() -> None:
    assert _ids("episodes/2026-04-10.md", NAV_EN) == ["episodes/2026-04-10.md#hive-check"]
    # with prose under the H1, the top is an episode titled by the H1, not by the navigation line
    [top, _] = parse_episode_text("episodes/2026-04-14.md", PROSE_JA)
    assert top.id == "episodes/2026-04-14.md" and top.title == "4月14日（火）"
    assert "ぬるま湯" in top.text


def test_query_blocks_embeds_links_fields_and_template_leftovers_are_no_episode() -> None:
    assert _ids("episodes/2026-04-12.md", QUERY_EN) == ["episodes/2026-04-12.md#hive-check"]
    assert _ids("episodes/2026-04-13.md", FIELDS_JA) == ["episodes/2026-04-13.md#稽古"]


def test_a_heading_with_nothing_under_it_before_the_first_h2_is_no_episode() -> None:
    text = "# Saturday\n\n### Morning\n\n### Afternoon\nSplit hive 4 into two boxes.\n"
    assert _ids("episodes/2026-04-18.md", text) == ["episodes/2026-04-18.md#afternoon"]


def test_status_counts_and_search_finds_only_what_a_person_wrote(root: Path, run_cli: Run) -> None:
    days = {"2026-04-10": NAV_EN, "2026-04-12": QUERY_EN, "2026-04-13": FIELDS_JA, "2026-04-14": PROSE_JA}
    for day, text in days.items():
        (root / "episodes" / f"{day}.md").write_text(text, encoding="utf-8")
    status = run_cli("status", "--json", env=ENV)
    assert status.returncode == 0, status.stderr
    assert json.loads(status.stdout)["episode_count"] == 5, status.stdout  # four `## ` sections and one top
    found = run_cli("search", "TASK FROM Apiary WHERE completed", "--json", "-k", "10", env=ENV)
    assert found.returncode == 0, found.stderr
    hits = [h for h in json.loads(found.stdout) if h["path"] == "episodes/2026-04-12.md"]
    assert all(h["anchor"] != "episodes/2026-04-12.md" and "TASK" not in h["snippet"] for h in hits), hits
    found = run_cli("search", "筆は毎回ぬるま湯で洗う", "--json", env=ENV)
    assert [h["path"] for h in json.loads(found.stdout)][:1] == ["episodes/2026-04-14.md"], found.stdout
