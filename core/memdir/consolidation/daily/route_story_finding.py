"""A story of one occasion that names what was found is knowledge when the model is unsure it is nothing (round 24).

Routing round 24's refit (`heldout17`-`heldout24` as training rows) reads some one-time reports told in the past
as skip, unsure of it (below `router.UNSURE_SKIP`): a ticket ("Ticket 12: rooftop unit 2 shows fault code 33.
Reset the breaker, still faulting; called Carrier. Blower motor replaced the next day.", skip 0.46) and a kiln
firing ("… ramped it to 1240 degrees and held it there for twenty minutes … all forty bowls came out clean.",
skip 0.52). The labelling guideline (examples/routing_set/GUIDELINES.md) keeps "root causes", "measurements,
configuration facts" as knowledge and skips "status updates ('deployed 1.4.2, all green')": what such a story
found is what a person looks up the next time, its telling in the past is no status. So a text is knowledge
(with the story reason, route_story) when all of these hold:

- the model reads skip with less than `router.UNSURE_SKIP` probability (a sure skip stays skip);
- it is a story of what happened by `route_story.is_story` (told in the past, no steps of its own, no
  instruction);
- it names what was found, one of:
  - a cause found: "root cause", "caused by", "turned out", "the cause was", "due to", "because of",
    「原因は」「が原因」「…ためだった」「…せいだった」;
  - a fault and the repair that ended it: a fault or failure word (`route_fix_note.PROBLEM`, "fault",
    "faulting", 「故障」) and a part replaced or repaired ("replaced", "repaired", "swapped", `lesson_remedy.REMEDY`,
    「交換した」「修理した」);
  - a measurement or setting: a number with a physical unit ("1240 degrees", "180 °C", "30 psi", "12 V",
    "3000 rpm", "4 mm", 「1240度」「180℃」); a time or a count ("twenty minutes", "two cards") is none, every
    status line has them.

A story the model reads as knowledge keeps its route and is given the story reason too (`story_rule` returns
"" for it, no rule changed the route), as a story the model read as steps is (route_story).

A report of work done the usual way ("Gave the badge cards … with the usual steps. Photos checked … Both cards
activated.") names none of them and stays as it was.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block
from memdir.consolidation.daily.lesson_remedy import REMEDY
from memdir.consolidation.daily.route_fix_note import PROBLEM
from memdir.consolidation.daily.route_story import is_story

CAUSE_FOUND = re.compile(
    r"(?i)\b(?:root[- ]cause|caused by|turned out|the cause (?:was|is)|due to|because of)\b|"
    r"原因は|が原因|ためだった|せいだった|ためでした|せいでした"
)
FAULT = re.compile(r"(?i)\bfault(?:s|y|ing|ed)?\b|故障|不調")
REPAIR = re.compile(
    r"(?i)\b(?:replaced|repaired|swapped(?: out)?|re-?seated|rewired)\b|交換した|交換しました|修理した|修理しました"
)
MEASURE = re.compile(
    r"(?i)\d[\d,.]*\s*(?:°\s*[CF]?|℃|度|(?:degrees?|psi|bar|kpa|mpa|volts?|amps?|watts?|kw|kwh|rpm|hz|khz|mhz|"
    r"mm|cm|nm|kg|mg|ml|lux|db|ohms?)\b|[VAW]\b)"
)


def names_a_finding(body: str) -> bool:
    """Whether `body` names a cause found, a fault and its repair, or a measurement (see the module)."""
    if CAUSE_FOUND.search(body) or MEASURE.search(body):
        return True
    return bool((FAULT.search(body) or PROBLEM.search(body)) and (REPAIR.search(body) or REMEDY.search(body)))


def story_rule(kind: str, unsure_skip: bool, body: str, blocks: list[Block]) -> str | None:
    """For a story of what happened: "" when the model reads knowledge (its route, the story reason), "story_finding"
    when it reads skip below UNSURE_SKIP (`unsure_skip`) and names a finding (knowledge); else None."""
    if (
        kind not in ("knowledge", "skip")
        or (kind == "skip" and not unsure_skip)
        or not is_story(body, blocks)
    ):
        return None
    if kind == "knowledge":
        return ""
    return "story_finding" if names_a_finding(body) else None
