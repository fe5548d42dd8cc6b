"""A procedure told in prose is a procedure, though the model reads it as knowledge (routing round 26).

GUIDELINES.md counts as a procedure a "reusable how … written as prose or as a narrative of what was done
when the narrative is a repeatable way of doing a task". The model reads such a text as knowledge when it has
no list: a routine told in the first person plural, the second person or the passive of what is done on every
occasion ("On a milling day we never open the sluice until …; whoever is on first walks the leat …, and only
then lifts the sluice"; "when the fire panel sounds at night you go to the panel first, …").

An English text the model reads as knowledge (by its own argmax, no other rule deciding) is a procedure when
- it has no list, code block, heading or table of its own (those are left to the model: a list of facts is
  knowledge), and is not told as a story of what happened (`route_story.is_story`);
- at least TOLD_STEPS_MIN of its sentences, and at least TOLD_STEPS_SHARE of them, are steps
  (`route_no_steps.step_sentence`: an instruction, a sequence word, a condition joined to an action, a role
  doing it as a rule, a repeated occasion), so the text is mostly the actions, not the facts around them;
- its title and first sentence do not say it explains why or how a thing behaves ("why we don't roll after
  rain", "what the indicator actually does", "behaviour", "reason", "cause"): the guideline's knowledge is
  "reusable what / why", and such a text tells what a reader does only to explain it;
- its first sentence does not report a conversation with someone in the past ("Explained our price list to Ana so
  she can …: …", "Walked the new hire through the opening checks: …", "Told Sam that …"): what follows is what
  was said on one day, the items of a note (often one a person already keeps), not steps a reader repeats
  (trial 28 #13);
- it names no lesson ("Lesson learned: rotate it monthly", "lessons", "takeaway", "learned"): the guideline's
  "lessons learned" are knowledge, and a step after "Lesson learned:" is the lesson (tests/test_daily_trial10.py).

Japanese text is not read: its plain non-past reads as a step in nearly every sentence, facts included
(over the spent sets the same test would have turned about eighty right knowledge routes into procedures).
docs/daily.md, "Routing round 26".
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.route_no_steps import step_sentence
from memdir.consolidation.daily.route_story import is_story

TOLD_STEPS_MIN = 2
TOLD_STEPS_SHARE = 0.6
TOLD_STEPS_REASON = "told in prose as the actions a reader repeats (no list of its own): a procedure"

_JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_TABLE = re.compile(r"(?m)^\s*\|.*\|\s*$")
# what the text says it explains: why, a reason or a cause, how a thing behaves, what it does
_EXPLAINS = re.compile(r"(?i)\bwhy\b|\breason|\bbehav|\bwhat\b[^.?!\n]{0,40}\bdoes\b|\bcause[sd]?\b")
# a conversation reported in the past: a verb of telling opening the sentence, and the one told (a name, a pronoun,
# "the new hire") after it, or after "to"/"with"
_TELL = r"(?:explained|told|showed|walked|briefed|reminded|taught|went\s+(?:over|through)|talked)"
_TOLD_ONE = r"(?:[A-Z][a-z]+|him|her|them|the\s+new\s+\w+|a\s+(?:new\s+)?\w+)"
_CONVERSATION = re.compile(
    rf"^(?:(?:I|We)\s+)?(?i:{_TELL})\s+(?:{_TOLD_ONE}\b|[^.:;!?]{{0,60}}?\b(?:to|with)\s+{_TOLD_ONE}\b)"
)
# a lesson the text names, anywhere in it
_LESSON = re.compile(r"(?i)\blessons?\b|\blearn(?:ed|t)\b|\btakeaways?\b")


def told_steps(title: str, body: str, blocks: list[Block]) -> bool:
    """Whether an English text with no list of its own is mostly steps told in prose (the module's rule)."""
    if _JA.search(body) or _JA.search(title):
        return False
    if any(b.kind in ("list", "code", "heading") for b in blocks) or len(_TABLE.findall(body)) >= 2:
        return False
    said = [s for s in sentences(body) if s.strip()]
    if (
        not said
        or _EXPLAINS.search(f"{title} {said[0]}")
        or _LESSON.search(body)
        or _CONVERSATION.match(said[0])
    ):
        return False
    steps = sum(1 for s in said if step_sentence(s))
    if steps < TOLD_STEPS_MIN or steps < TOLD_STEPS_SHARE * len(said):
        return False
    return not is_story(body, blocks)
