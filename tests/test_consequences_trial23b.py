"""Trial 23 second re-check M1 and M4: a stated consequence under *What failed*, and the rule it belongs to.

- M1: any "otherwise"/"sonst" sentence was filed as what failed: "Otherwise nothing new." gave `## What failed` /
  `- Otherwise nothing new`, "…lief gut, sonst nichts Neues" `- Sonst nichts Neues`. A consequence is what failed only
  when it follows a rule or condition stated before it in the same sentence and names a bad outcome; 「…ないと思います」
  quotes a thought, no condition.
- M4 (English: a German or Japanese rule sentence is no repair bullet): *What worked instead* repeated the whole rule sentence ("…, otherwise the tax line is wrong") while its
  consequence was already under *What failed*: the bullet is the rule alone.

An aquarium and a choir (English, German, Japanese), through one `memdir consolidate daily` (a real subprocess).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_support import consolidated_day

DAYFILE = """# 2026-06-02

## Aquarium
- Fixed the aquarium filter: the fresh water must be dechlorinated before it goes in, otherwise the neon tetras get stressed. Lesson learned: treat the bucket the evening before.

## Aquarium am Abend
- Die Aquariumpumpe repariert: das Wasser muss vor dem Einfüllen temperiert werden, sonst bekommen die Guppys einen Kälteschock. Gelernt: den Eimer eine Stunde vorher bereitstellen.

## 水槽
- 水槽の掃除をした。水はカルキを抜いてから入れること、でないとメダカが弱ってしまう。教訓：バケツの水は前の晩に汲んでおく。

## Choir
- The choir rehearsal went well and the altos were on time. Otherwise nothing new. Lesson learned: hand out the scores a week before the concert.

## Chorprobe
- Die Chorprobe lief gut, sonst nichts Neues. Gelernt: die Stimmgabel immer in der Notenmappe lassen.

## 合唱
- 合唱の練習は順調だった。ほかに変わったことはないと思います。教訓：発表会の楽譜は一か月前に配る。
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return consolidated_day(tmp_path_factory.mktemp("conseq23b"), "2026-06-02", {"2026-06-02.md": DAYFILE})


def _lesson(root: Path, anchor: str) -> str:
    [text] = [
        t
        for f in sorted((root / "knowledge" / "lessons").glob("*.md"))
        if re.search(rf"#{anchor}$", t := f.read_text(encoding="utf-8"), re.M)
    ]
    return text


def _section(text: str, heading: str) -> str:
    return text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize(
    ("anchor", "word"),
    [("choir", "Otherwise"), ("chorprobe", "Sonst"), ("合唱", "思います")],
)
def test_otherwise_after_no_rule_is_not_what_failed(root: Path, anchor: str, word: str) -> None:
    text = _lesson(root, anchor)
    assert word not in _section(text, "What failed"), text


@pytest.mark.parametrize(
    ("anchor", "failure"),
    [
        ("aquarium", "- Otherwise the neon tetras get stressed"),
        ("aquarium-am-abend", "- Sonst bekommen die Guppys einen Kälteschock"),
        ("水槽", "- でないとメダカが弱ってしまう"),
    ],
)
def test_a_rules_consequence_is_still_what_failed(root: Path, anchor: str, failure: str) -> None:
    assert failure in _section(_lesson(root, anchor), "What failed")


@pytest.mark.parametrize(
    ("anchor", "rule", "clause"),
    [
        ("aquarium", "- The fresh water must be dechlorinated before it goes in.", "otherwise"),
    ],
)
def test_the_rule_is_listed_without_the_consequence_already_filed(
    root: Path, anchor: str, rule: str, clause: str
) -> None:
    text = _lesson(root, anchor)
    worked = _section(text, "What worked instead")
    assert rule in worked.splitlines(), text
    assert clause not in worked.casefold(), text
