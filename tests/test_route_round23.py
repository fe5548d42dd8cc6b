"""Routing round 23 (docs/daily.md, "Routing round 23"): a daily run writes the route the router gives.

In a daily run the routed procedures part is shaped, and a second no-steps rule read the shaped text
(`route_no_steps.no_step_once_shaped`, trial 19 #4): the shaper does not number a routine told in sentences
(the passive, an if-then fix in one line, Japanese in the plain form), so a procedure the router gave was
written as knowledge. Over the spent sets, scored as a daily run writes them (`bench_routing.py --as-run`), that
rule turned 53 right routes wrong and one wrong route right; it now reads only a text that is not the writer's
own words (a forwarded paste, a pasted Q/A, a message to a reader), what it was written for.

Made-up texts in domains no routing set has (a pipe organ, a letterpress, 活版印刷), written for these tests,
run through `memdir consolidate daily` on real files. The model reads each as procedures at 0.92-0.96; on main
each became a knowledge note. Guards: the rule itself still takes a forwarded request (quoted lines) and a
pasted Q/A (tests/test_daily_qa_paste.py runs the whole day for those), and leaves the writer's own text alone.
"""

from __future__ import annotations

import pytest
from cli_support import consolidated_day

from memdir.consolidation.daily.route_no_steps import no_step_once_shaped, not_own_words
from memdir.notes.store import NoteStore

DAY = "2027-09-14"
EPISODES = f"""---
date: {DAY}
---

## 09:00 — Pipe organ before a recital

Before every recital the blower is switched on at the console and the wind is left to settle for five minutes. \
The reed stops are tuned to the principal, one pipe at a time, and a pipe that will not hold is marked with chalk \
for the builder. The swell box is opened and closed to its full travel, and the bench is set to the player's \
height. The console light is left on and the vestry door is unlocked for the organist.

## 10:00 — Letterpress ghosting

If the letterpress leaves a pale ghost line across the sheet, don't add ink: wash the form rollers with mineral \
spirits, let them dry ten minutes and re-ink from the disc with half the usual amount.

## 11:00 — 活版の版が動くとき

印刷中に版が少しずつずれてきたら、機械を止めてチェースのクワタを締め直し、試し刷りを一枚取って位置を確かめてから刷り直す。
"""


@pytest.fixture(scope="module")
def notes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = consolidated_day(tmp_path_factory.mktemp("round23"), DAY, {f"{DAY}.md": EPISODES})
    return {n.path: n.title for n in NoteStore(root).iter_notes(("knowledge", "procedures"))}


@pytest.mark.slow
@pytest.mark.parametrize(
    "words",
    [
        pytest.param("organ", id="EN pipe organ, passive routine (main: knowledge)"),
        pytest.param("letterpress", id="EN letterpress, one-line if-then fix (main: knowledge)"),
        pytest.param("版", id="JA 活版, one-line if-then fix in the plain form (main: knowledge)"),
    ],
)
def test_a_routine_told_in_sentences_is_written_as_a_procedure(notes: dict[str, str], words: str) -> None:
    found = [p for p, title in notes.items() if words in title.lower() or words in p]
    assert found and all(p.startswith("procedures/") for p in found), notes


def test_the_shaped_text_rule_reads_only_a_text_not_in_the_writers_own_words() -> None:
    forwarded = "> The new code for the loading bay keypad is 4471, put it in the kiosk config\n> Couriers use it Monday"
    assert not_own_words("", forwarded) and no_step_once_shaped(forwarded, forwarded)
    faq = "Q: Can I bring my own reeds?\nA: Reeds from outside are checked by the builder first."
    assert not_own_words("", faq) and no_step_once_shaped(faq, faq)
    own = EPISODES.split("## 09:00 — Pipe organ before a recital\n\n")[1].split("\n\n")[0]
    assert not not_own_words("Pipe organ before a recital", own)
    assert not no_step_once_shaped(own, own, "Pipe organ before a recital")
