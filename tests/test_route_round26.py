"""Routing round 26 (docs/daily.md, "Routing round 26 (`route26`)"): a procedure told in prose.

Made-up texts in domains no routing set has (a bell tower, a kiln room, a glasshouse, a sawmill), written for
these tests (not training rows, not held-out rows). GUIDELINES.md: a procedure may be "written as prose or as a
narrative of what was done when the narrative is a repeatable way of doing a task". An English text with no
list of its own whose sentences are mostly steps, told in the second person, the first person plural or the
passive of what is done every time, is a procedure (`route_told_steps.told_steps`); one that says it explains
why or how a thing behaves stays knowledge, a story of what happened stays with `route_story`, and Japanese is
not read by this rule.
"""

from __future__ import annotations

from memdir.consolidation.daily.route_reading import read_text
from memdir.consolidation.daily.route_told_steps import told_steps

BELLS_EN = """Before ringing on a Sunday you go up the tower first and check the ropes for fraying at the sally.
If a rope is worn past the sally, you tie it off and ring the back six instead of eight.
Then you take the bells up one at a time, the treble first, and leave each standing before you raise the next.
Once they are all up, the tower captain calls the touch and nobody rings until it is called."""
KILN_EN = """On firing days we never load the kiln until the shelves have been washed with fresh batt wash.
Whoever opens up checks the elements for sagging and only then packs the bottom shelf, heaviest pots first.
If the cones are missing we do not fire at all that day.
Once the door is bricked up we set the controller to the glaze programme and we write the start time on the board."""
WHY_EN = """Why we water the glasshouse in the morning and not at night.
Wet leaves at night are what lets botrytis in, because the air cools and the water sits on them until dawn.
We water before nine so the leaves are dry by noon, and we keep the vents open a crack even on cold days.
That is the reason the timer starts at seven."""
STORY_EN = """Yesterday the bandsaw blade snapped halfway through an oak log.
I stopped the mill, locked it out and waited for the wheels to stop.
We pulled the broken blade out and found the tension had been set for a thinner blade.
We fitted a new blade and it ran fine after that."""
KILN_JA = """窯焚きの日は、棚板にアルミナを塗り直すまで窯に詰めない。最初に来た人が素焼きの棚を確認し、重い器から下の段に詰める。
ゼーゲルコーンがなければその日は焚かない。扉を閉めたら温度計のプログラムを釉薬焼きに合わせ、開始時刻をボードに書く。"""


def _told(title: str, text: str) -> bool:
    r = read_text(title, text)
    return told_steps(r.title, r.body, r.blocks)


def test_steps_told_in_the_second_person_are_a_procedure() -> None:
    assert _told("Sunday ringing", BELLS_EN)


def test_a_routine_told_with_we_and_only_then_is_a_procedure() -> None:
    assert _told("Firing days", KILN_EN)


def test_a_text_that_says_why_stays_knowledge() -> None:
    assert not _told("Glasshouse watering", WHY_EN)


def test_a_story_of_what_happened_is_not_read_as_steps() -> None:
    assert not _told("Bandsaw blade", STORY_EN)


def test_japanese_is_not_read() -> None:
    assert not _told("窯焚き", KILN_JA)


def test_a_list_is_left_to_the_model() -> None:
    listed = (
        "Sunday ringing\n\n- check the ropes for fraying\n- take the bells up one at a time\n- ring the touch"
    )
    assert not _told("Sunday ringing", listed)


def test_a_named_lesson_stays_knowledge() -> None:
    """GUIDELINES.md: lessons learned are knowledge; "rotate it monthly" after "Lesson learned:" is the lesson."""
    assert not _told("Admin password", "We reset the admin password. Lesson learned: rotate it monthly.")
