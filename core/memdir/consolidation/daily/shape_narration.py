"""A step told as narration, said as the act: "First I wash my hands …" -> "Wash my hands …".

A how-to written as prose tells the steps the way the writer does them ("First I wash my hands and put on
the clean coat", "Then I open the room and read both thermometers", 「まず白米を10kgずつネットに分ける」,
「そのあとストップウォッチで浸漬時間を計る」). A numbered step is an instruction: the order is the number, so the
sequence word that opens it with the narrator after it ("First I", "Then we") before a present-tense verb are
left out (a Japanese step's opening sequence word alone: 「まず」「次に」「そのあと」), and every
other word stays as written ("my hands" too: the person's words). A step in the past tense ("First I drained
the node") tells what happened, not what to do, and is kept as it is; so is a step whose sequence word is
followed by a condition or a thing ("Then the probe says …", 「時間になったら…」).
Trial 30 #7: `1. First I wash my hands …`, `2. Then I open the 室 …`, `1. まず白米を…`.
"""

from __future__ import annotations

import re

_SEQUENCE = r"(?:first(?:ly)?|first of all|then|and then|next|after that|afterwards|finally|lastly|last)"
_NARRATED = re.compile(rf"^{_SEQUENCE},?\s+(?:i|we)\s+(?:(?:always|usually|normally|just|then)\s+)?", re.I)
# a past tense tells what happened: no instruction to make of it
_PAST = re.compile(
    r"^(?:[a-z]+ed|was|were|had|did|went|got|took|made|ran|saw|found|told|came|left|kept|felt|thought|said|sent|"
    r"bought|brought|gave|knew|began|wrote|forgot|lost|paid|met|built|caught|fell|held|led|spent|stood|tried|"
    r"won|could|would|should|might|am|can|will|have|need|want|think|guess|know|like|forgot)\b",
    re.I,
)
# 「まず」「次に」「そのあと」…: the order the number already says
_JA_SEQUENCE = re.compile(
    r"^(?:まずは?|最初に|はじめに|初めに|次に|つぎに|それから|その後|そのあと|続いて|最後に)[、,]?\s*"
)


def as_instruction(step: str) -> str:
    """The step without the narration's sequence word and narrator ("Then I open the room" -> "Open the room",
    「まず白米を…」 -> 「白米を…」); the step as written when that would leave no act or a past tense."""
    s = step.strip()
    ja = _JA_SEQUENCE.match(s)
    if ja:
        rest = s[ja.end() :]
        return rest if len(rest) >= 4 else step
    m = _NARRATED.match(s)
    if m and m.end() and m.group(0).strip():
        rest = s[m.end() :]
        word = rest.split(" ", 1)[0]
        if len(rest.split()) >= 2 and word.isalpha() and word.islower() and not _PAST.match(rest):
            return rest[:1].upper() + rest[1:]  # a verb, never a name
        return step
    return step
