"""Trial 14 #10: a knowledge note's description is the rule it states, not the tail of who decided it.

A library's house rules, in English and Japanese: hashtags and links to other notes are not what a note
says, and a line of who approved the rule and when ("Approved by the board on 3/4.", 「3/4 館長決定」)
is where the rule came from, not the rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir.consolidation.daily.shape import shape
from memdir.notes.model import Note

Cli = Callable[..., CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}
DAY = (date.today() - timedelta(days=2)).isoformat()

PETS_EN = (
    "Guide dogs may come into the reading room; every other pet waits at the cloakroom desk. "
    "Decided by the head librarian on 3/4. #pets #policy See [[Cloakroom rules]]."
)
PETS_JA = "盲導犬は閲覧室に入れるが、それ以外のペットはクロークで預かる。3/4 館長決定 #ペット #方針 [[クローク運用]]も参照"


@pytest.mark.parametrize(
    ("title", "text", "rule"),
    [
        ("Pets in the reading room", PETS_EN, "Guide dogs may come into the reading room"),
        (
            "Laptops at the quiet desks",
            "Laptops stay on silent mode at the quiet desks. Approved by the library board in March. #rules",
            "Laptops stay on silent mode",
        ),
        ("閲覧室のペット", PETS_JA, "盲導犬は閲覧室に入れる"),
        (
            "閲覧室のペット",
            "盲導犬は閲覧室に入れるが、それ以外のペットはクロークで預かる。3/4の運営会議で決定。 #ペット #方針",
            "盲導犬は閲覧室に入れる",
        ),
    ],
)
def test_the_description_is_the_rule_not_who_decided_it(title: str, text: str, rule: str) -> None:
    desc = shape("knowledge", title, text).description
    assert desc.startswith(rule), desc
    assert "#" not in desc and "[[" not in desc


def test_a_hashtag_word_is_not_a_cue_and_a_lone_attribution_stays() -> None:
    # "#decision" is a tag, not the word "decision": the first sentence says what the note is about
    text = "Returns after 20:00 go in the book drop by the side door. The drop is emptied at 08:30. #decision"
    assert shape("knowledge", "Late returns", text).description.startswith("Returns after 20:00")
    # a note that is only who decided (nothing else to say) keeps that line rather than nothing
    assert shape("knowledge", "Carpet", "Approved by the board on 3/4.").description


@pytest.mark.slow
def test_the_daily_run_writes_the_rule_as_the_description(root: Path, run_cli: Cli) -> None:
    body = f"## 10:00 — Pets in the reading room\n\n{PETS_EN}\n\n## 11:00 — 閲覧室のペット\n\n{PETS_JA}\n"
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{body}", encoding="utf-8")
    done = run_cli("consolidate", "daily", "--date", DAY, "--json", env=ENV)
    assert done.returncode == 0, done.stderr
    made = [p for p in json.loads(done.stdout)["created"] if p.startswith("knowledge/")]
    descs = sorted(Note.from_text(p, (root / p).read_text(encoding="utf-8")).description for p in made)
    assert [d[:10] for d in descs] == ["Guide dogs", "盲導犬は閲覧室に入れ"], descs
