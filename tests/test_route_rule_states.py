"""A rule stated for the future against a state or hearsay that opens the same way (trial 21 re-check).

"From now on I'm on holiday …" and 「今後は寒くなるそうです」 open like a rule but state no rule: they must not be
made knowledge by the rule for the future. Since routing round 23 the rule on the shaped text reads a text in the
writer's own words only when it states such a rule, so the difference decides where a one-line note goes.
"""

from __future__ import annotations

import pytest

from memdir.consolidation.daily.route_fix_note import states_a_rule
from memdir.consolidation.daily.route_no_steps import no_step_once_shaped


@pytest.mark.parametrize(
    "text",
    [
        "From now on, the kiln log is signed by whoever unloads it.",
        "Going forward, it is the duty glazier who locks the kiln room.",
        "今後は、窯出しをしたら温度記録に署名する。",
        "以後、釉薬のバケツは使用後に蓋をする。",
    ],
)
def test_a_rule_for_the_future_is_read_as_one(text: str) -> None:
    assert states_a_rule(text)
    assert no_step_once_shaped(text, text)  # no step once shaped: the runner-up, knowledge


@pytest.mark.parametrize(
    "text",
    [
        "From now on I'm away until the 12th, ask Priya about firings.",
        "今後は窯の電気代が上がるそうです。",
        "今後は注文が増えるでしょう。",
        "Will we fire on Sunday from now on?",
    ],
)
def test_a_state_or_hearsay_is_no_rule(text: str) -> None:
    assert not states_a_rule(text)
    assert not no_step_once_shaped(text, text)  # the writer's own words: left to the router
