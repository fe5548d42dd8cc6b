"""A routine's preamble is no step: "When a tenant moves out, the inspection is done the same way every time."

A routine told in prose often opens with a sentence that says when it applies and that it is done the same way
each time, then tells the steps (trial 21 #3c: a move-out inspection's preamble became step 1 and its
description quoted it as where the steps start). Such a sentence is the procedure's lead: it says when, and the
description takes its "when" (`shape_desc.procedure_summary`); the steps start after it.

A preamble says the routine is done one way, and does nothing itself:
- "is/are done (laid up, handled, carried out) the same way (every time)", "in the same way", "like this",
  "as follows", "goes like this", "this is how we …", "here's how …", "the routine is …", "the steps are …";
- 「いつも同じ手順で行う」「毎回同じやり方」「流れは次のとおり」「以下の手順で行う」「手順は次の通り」.
It is only read as the first of three sentences or more that the shaper found no step in, so a routine's own
sentences (the passive "The meter readings are taken …") stay its steps.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.shape_text import is_meta

# "…, so the way we do it is:" (trial 28 #6): says the steps follow, and what came before it is only their setting
WAY_IS = re.compile(
    r"\b(?:the|our) way (?:we|i|you) (?:do|handle|run) (?:it|this|them)(?: here)? is\s*[:：]?$", re.I
)
PREAMBLE = re.compile(
    r"(?i)\b(?:is|are|gets?|will be)\s+(?:always\s+)?[a-z]+(?:\s+(?:up|out|off|down|through))?\s+"
    r"(?:(?:in\s+)?the same way|like this|as follows|this way|the usual way|in this order)\b|"
    r"\b(?:we|i)\s+(?:always\s+)?(?:do|handle|run|check)\s+(?:it|this|them)\s+(?:(?:in\s+)?the same way|like this|"
    r"as follows|this way)\b|"
    r"\b(?:goes|works|runs)\s+(?:like this|as follows)\b|^(?:this is how|here'?s how|here is how)\b|"
    rf"{WAY_IS.pattern}|"
    r"\b(?:the|our) (?:routine|procedure|steps?|process|drill) (?:is|are|goes)\s*(?:as follows|like this)?[:：]?$|"
    r"(?:いつも|毎回|常に)?(?:同じ|いつもの|以下の|次の)(?:手順|やり方|流れ|要領)で(?:行う|行います|行っている|"
    r"行っています|やる|やります|進める|進めます|実施)|(?:流れ|手順|やり方)は(?:次|以下)の(?:とおり|通り)"
)
MIN_SENTENCES = 3  # the preamble and two steps or more


def split_preamble(sents: list[str]) -> tuple[list[str], list[str]]:
    """(lead, steps) of sentences the shaper found no step in: a preamble first is the lead, else no lead."""
    if len(sents) >= MIN_SENTENCES and PREAMBLE.search(sents[0].strip().rstrip(".。")):
        return sents[:1], sents[1:]
    return [], sents


def says_more(rest: str) -> bool:
    """What follows a lead's condition says more than when: not a remark on the note, not that it is done one way
    ("When X, the inspection is done the same way every time": the description is "When X: N steps, …")."""
    return not is_meta(rest) and not PREAMBLE.search(rest.strip().rstrip(".。"))
