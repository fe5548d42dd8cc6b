"""Trial 14 #7: a ticket note told in the past, its writer left out, is no procedure.

In other domains than the trial's (a printer and a password reset at a city office): a building's HVAC
fault written as ticket shorthand ("Reset the breaker, still faulting; called Carrier. Blower motor
replaced the next day."), and a visitor pass issued at a front desk (JA) whose last sentence is a
follow-up arranged with the visitor (「一週間以内に返却してもらう。」); the shipped model reads both as steps. Each tells one incident in the
past with no steps for next time; daily keeps it as knowledge, says why in `--json`, and numbers none of
its sentences. Steps written inside a line ("1) …, 2) …") and the reader's own non-past steps keep a
text a procedure. Real files, the shipped embedder, the CLI in a subprocess.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from test_daily_support import notes

from memdir.consolidation.daily.blocks import split_blocks
from memdir.consolidation.daily.route_story import is_story

Cli = Callable[..., CompletedProcess[str]]
HVAC = (
    "Ticket 12 HVAC fault",
    "Ticket 12: rooftop unit 2 shows fault code 33. Reset the breaker, still faulting; called Carrier. "
    "Blower motor replaced the next day.",
)
PASS = (
    "山田さんの入館証",
    "山田さんが入館証を紛失したので仮の入館証を発行した。仮の入館証は受付で渡した。一週間以内に返却してもらう。",
)
STORY = "story of what happened"


def _episode(root: Path, day: str, title: str, text: str) -> None:
    path = root / "episodes" / f"{day}.md"
    path.write_text(f"---\ndate: {day}\n---\n\n## 14:20 — {title}\n\n{text}\n", encoding="utf-8")


@pytest.mark.parametrize(("title", "text"), [HVAC, PASS], ids=["en-ticket", "ja-arranged"])
def test_a_ticket_story_is_kept_as_knowledge_not_numbered_as_steps(
    ready: Cli, root: Path, title: str, text: str
) -> None:
    day = "2026-05-12"
    _episode(root, day, title, text)
    res = ready("consolidate", "daily", "--date", day, "--json")
    assert res.returncode == 0, res.stderr
    episodes = json.loads(res.stdout)["episodes"]
    assert notes(root, "procedures") == [], episodes
    (decision,) = episodes
    assert decision["action"] == "create" and STORY in decision["reason"], decision
    (kept,) = sorted((root / "knowledge").rglob("*.md"))
    body = kept.read_text(encoding="utf-8")
    assert "\n1. " not in body and "\n2. " not in body  # no sentence numbered as a step
    assert text[:20] in body  # the writer's words are kept


@pytest.mark.parametrize(
    "text",
    [
        # steps written inside a line, after a story of how it went
        "Spent the morning on the label printer that kept skipping. Pulled the roll, cleaned the sensor. "
        "Writing down how for next time: 1) switch it off, 2) open the cover, 3) wipe the gap sensor, "
        "4) reload the roll and print a test label.",
        # the reader's own steps, non-past, with one follow-up arranged with the employee
        "社員証を再発行する。古いカードを総務で回収する。翌日から新しいカードを使ってもらう。",
        # an imperative ticket runbook: no story
        "Freezer alarm HT-2: check the door seal, then call Polar Service and move the samples to freezer C.",
        # an ambiguous verb is not read as the writer's past ("Reset" is the imperative too)
        "Reset the badge reader. Put the master card on the pad. Set the reader to learn mode.",
    ],
    ids=["inline-steps", "ja-steps", "en-runbook", "en-same-as-base"],
)
def test_steps_of_its_own_are_no_story(text: str) -> None:
    assert not is_story(text, split_blocks(text))
