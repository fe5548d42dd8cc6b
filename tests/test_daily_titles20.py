"""The fifth titles round (`titles20`): a procedure is titled by the task its lead names, and an episode's
heading that is only its first line is no title a person gave.

The cases are in other domains than the reading sets they were found on (a string-instrument workshop, a
pottery kiln, a shop's till, a neighbourhood association, a warehouse), in English and Japanese.
"""

from __future__ import annotations

import pytest

from memdir.consolidation.daily.router import read_text, shaped
from memdir.consolidation.daily.shape import shape


@pytest.mark.parametrize(
    "text",
    [
        "受付記録　No.5521　4月2日\n\n消火器の圧力計が赤い範囲を指していたら、消火器の交換を申し込む。"
        "消火器の交換費用は町内会が持つ。圧力計は毎年4月に班長が確認する。",
        "Log\tNo. 5521\t22:00\n\nThe forklift charger in bay 4 trips when two forklifts charge at once. "
        "Charge the forklifts one after the other; the charger resets itself after ten minutes.",
    ],
)
def test_a_heading_that_is_the_first_line_with_its_spaces_collapsed_is_no_given_title(text: str) -> None:
    heading = " ".join(text.splitlines()[0].split())  # what `memdir episode add` writes as the heading
    note = shaped("knowledge", read_text(heading, text), text)
    assert note.title == shape("knowledge", "", text).title != heading
    assert read_text(heading, text).title == heading  # routing reads the heading as it always has
