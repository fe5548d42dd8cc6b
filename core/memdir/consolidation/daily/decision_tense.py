"""Whether a decision's reason tells a failure that happened, or a condition that holds (fix37f, trial 28 #4).

"…because the float failed to balance three nights running" tells an event: something went wrong, and the rule
that follows is a lesson drawn from it. "…because the dryer overheats and Mei ends up waiting 20 minutes" tells a
standing condition in the present tense: the rule is what the house chose, a decision with its reason, and no
lesson has a "What failed" to hold. Read by form, in both languages:

- English: a verb in the past ("overheated", "broke", "went"), a present perfect ("has failed", "have lost"),
  "had to", or a time that places an event ("yesterday", "last week", "on Saturday", "two days ago", "twice");
  a participle after "is", "get", "ends up" ("a swimmer gets missed") is a state, not an event;
- Japanese: a verb or adjective in the past before its end or its reason ending (「壊れた」「過発酵になったため」
  「遅かったから」「ました」「でした」), or a time that places an event (「先週」「昨日」「前回」「この前」).
"""

from __future__ import annotations

import re

_IRREGULAR = (
    "was|were|had|did|went|broke|lost|forgot|ran|got|came|fell|froze|tore|burnt|left|took|made|saw|found|sent|"
    "spent|caught|told|said|gave|threw|stuck|hit|bit|woke|wore|drove|rode|sold|bought|brought|thought|fought|"
    "began|became|blew|grew|knew|flew|shook|spilt|split|slid|slept|swam|sank|stole|sprang|bent|leapt|overslept"
)
_PERFECT = (
    r"(?:has|have|'ve|hasn't|haven't)\s+(?:\w+ly\s+)?(?:been\s+)?(?:\w+ed|broken|lost|gone|fallen|frozen|torn|"
    r"forgotten|run|got|gotten|come|stolen|taken|left)"
)
# a participle that is a state: after a form of "be" or "get" in the present, "ends up", "feel", "stay", "seem"
_STATE_BEFORE = re.compile(
    r"(?i)\b(?:is|are|am|be|'s|'re|isn't|aren't|gets?|getting|becomes?|stays?|seems?|looks?|feels?|ends? up|"
    r"keeps? getting|remains?|can|will|would|might|may|could|to)\s+(?:\w+ly\s+|too\s+|all\s+)?$"
)
_ED = re.compile(r"(?i)\b[a-z]{2,}(?<!e)ed\b")  # "overheated", "missed"; not "need", "exceed"
_ED_NOT_VERB = re.compile(
    r"(?i)^(?:need|speed|bed|red|shed|feed|seed|hundred|indeed|exceed|proceed|succeed|bleed|breed|weed|greed|"
    r"tired|bored|stressed|crowded|overwhelmed|exhausted|worried|scared|limited|based|used|advanced|required|"
    r"related|shared|unattended|unsupervised|booked|reserved|scheduled|rushed|experienced|heated)$"
)
_WHEN_EN = re.compile(
    r"(?i)\b(?:yesterday|last (?:night|week|weekend|month|year|time|shift|term|season|quarter|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)|(?:\w+ )?(?:days?|weeks?|months?|years?) ago|this (?:morning|"
    r"afternoon)|earlier today|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:twice|three times)(?! (?:a|an|per|every|each)\b)|(?:\w+) nights "
    r"running|in a row)\b"
)
_PAST_EN = re.compile(rf"(?i)\b(?:{_IRREGULAR})\b|{_PERFECT}\b|\bhad to\b")
# 「壊れた」「なったため」「遅かったから」「ました」「でした」: a past ending before the end or a reason ending
_PAST_JA = re.compile(
    r"(?:[っんいしきちにびみりれけげせてでえべめねじぎ]|かっ|だっ)[ただ](?=ため|から|ので|こと|のは|のが|のに|"
    r"し[、,]|が|[。.、,」)]|$|。)|ました|でした|ちゃった|じゃった"
)
_WHEN_JA = re.compile(
    r"昨日|一昨日|先週|先月|先日|昨年|去年|前回|この前|今朝|昨夜|昨晩|[二三四五六七八九\d]+(?:回|度)(?:も|続けて)"
)

# what kept happening, told in the past, is a condition that held, not one event ("was always frozen", 「いつも」)
_HABIT = re.compile(
    r"(?i)\b(?:always|usually|often|constantly|regularly|typically|every (?:time|week|weekend|morning|day)|"
    r"each time|kept|tended to)\b|いつも|毎回|毎週|毎朝|たいてい|決まって"
)


def failure_event(clause: str) -> bool:
    """True when `clause` (a reason, or a sentence around a decision) tells something that happened, not a
    condition that holds (see the module)."""
    if _WHEN_EN.search(clause) or _WHEN_JA.search(clause):
        return True
    if _HABIT.search(clause):  # "the early group was always frozen": a condition that held (trial 31 #3)
        return False
    if _PAST_JA.search(clause):
        return True
    if _PAST_EN.search(clause):
        return True
    for m in _ED.finditer(clause):
        if _ED_NOT_VERB.match(m.group(0)) or _STATE_BEFORE.search(clause[: m.start()]):
            continue
        return True
    return False
