"""A lesson told in a line is no procedure (trial 29 re-check N3).

"Found the back door unlocked this morning. Nothing missing. Lesson: always lock it twice before leaving." and
"Lesson learned: when we email the supplier about a wrong delivery, always attach a photo of the label" were
written as procedures with no step: a title, a confidence and the sentence as it was told; the second beside the
lesson the daily also made of it (the same sentence twice). A rule on every procedure the shaper leaves without a
step turned passive routines the model is sure of into knowledge (trial 29, 13 right routes wrong); this one is
narrower and reads the text's form, never its words:

- the text labels a sentence as what it learned ("Lesson:", "Lesson learned:", "Takeaway:", 「教訓：」「反省：」
  「学び：」, the German, French and Spanish labels of `lesson_sentences.EU_LABELS`), or
- the text tells, in two to five sentences, an incident in the past and a rule for always ("Yesterday it stayed
  open all night … Never leave the valve open …", 「先週…やり直しになった。…必ず…こと。」: `told_lesson`), or
- the text is one sentence and that sentence is no step (`route_no_steps.has_step`, nor a command after a colon or
  a condition: "If the film kinks: cut the leader square, …"),

and, shaped as a procedure, it holds no numbered or bulleted step and no code (`shaped_steps`). Such a text is
knowledge (a labelled one becomes the lesson, `lesson_fold`), never a procedure with no step: a lesson with its
steps in a list stays a procedure.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.lesson_incident import content, is_incident
from memdir.consolidation.daily.lesson_sentences import EU_LABELS
from memdir.consolidation.daily.lesson_text import failure_told
from memdir.consolidation.daily.route_no_steps import has_step, shaped_steps

LESSON_LINE_REASON = "a lesson told in a line, no step in it: knowledge, not a procedure"

# a sentence that opens with the label of what was learned, a colon after it
_LESSON_LABEL = re.compile(
    rf"(?i)^\s*(?:[-*+・•]\s*)?(?:\*\*)?(?:lessons? learned|lessons?|takeaways?|{EU_LABELS}|"
    r"教訓|学び|反省点?)\s*(?:\*\*)?\s*[:：]\s*\S"
)
_LABEL_MID = re.compile(
    rf"(?i)(?:^|[.!?。！？]\s*)(?:lessons? learned|lessons?|takeaways?|{EU_LABELS}|教訓|学び|反省点?)\s*[:：]\s*\S"
)


# a command after a colon or an opening condition, whatever its verb ("If the film kinks: cut the leader square, …"):
# `has_step` knows a list of verbs, this reads the form (a bare word, then its object)
_COMMAND_AFTER = re.compile(
    r"(?i)(?:[:：]|^(?:if|when|once|after|before|whenever)\b[^,:;.]{1,60},)\s*(?!(?:i|we|you|he|she|they|it|there|"
    r"this|that|the|a|an|our|my|his|her|their|its)\b)[a-z]+(?<!ed)(?<!ing)\s+(?:the|a|an|it|them|all|each|every|your|"
    r"off|out|up|down|back|in)\b"
)


def labels_a_lesson(body: str) -> bool:
    """Whether a sentence of `body` opens with a lesson's label ("Lesson learned: …", 「反省：…」)."""
    return any(_LESSON_LABEL.match(s) for s in sentences(body)) or any(
        _LABEL_MID.search(ln) for ln in body.splitlines()
    )


# a rule told for always: "always", "never", "must", "make sure", 「必ず」「…こと。」「…ないように」
# ("as always", "same as always", "like always" tell the usual way, not a rule: heldout38's chat of a routine)
_RULE = re.compile(
    r"(?i)(?<!as )(?<!like )\balways\b|\b(?:never|must|make sure|don't forget|do not forget|remember to)\b|"
    r"必ず|ないように|てはいけない|ないこと|べき|こと[。.！!]?$"
)
# "the way we always do it", "as always": a habit told of the usual way, no rule for always (routing round 36:
# a launch told "the way we always do it", its steps in prose, was read as a lesson and filed as knowledge)
_HABIT = re.compile(r"(?i)\b(?:we|i|they)\s+(?:\w+\s+)?always\b|\bas always\b")
MAX_TOLD = 5  # sentences of a lesson told without its label
_PAST_EN = re.compile(r"(?i)\b(?:was|were|went|got|had|did|came|took|left|found|blew|broke|\w{2,}ed)\b")
_PAST_JA = re.compile(r"(?:た|だ)(?:[。！、]|$)|(?:た|だ)(?:が|けど|ので|から)")


# an incident is one event, told at one time: "yesterday", "last week", "this morning", "on Friday", a date;
# 「昨日」「先週」「今朝」「金曜に」 (the lead, after routing round 36: a routine told in the past tense, "we never
# bagged it warm", is no incident)
_ONCE = re.compile(
    r"(?i)\b(?:yesterday|tonight|last (?:night|week|month|year|time|\w+day)|this (?:morning|afternoon|evening|week)|"
    r"earlier today|today|the other day|(?:on|last) (?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\s+\d{1,2}(?:st|nd|rd|th)?)\b|"
    r"昨日|きのう|一昨日|おととい|昨夜|昨晩|今朝|今日|先週|先月|去年|昨年|前回|この前|[月火水木金土日]曜(?:日)?(?:に|の|は)|\d{1,2}日(?:に|の|は)"
)


def told_lesson(body: str) -> bool:
    """Whether `body`, in two to MAX_TOLD sentences, tells an incident, one event at one time (`_ONCE`), in the
    past, and a rule told for always ("Yesterday it stayed open all night … Never leave the valve open …"): a
    lesson with no label (fix41a)."""
    said = [x.strip() for x in sentences(body) if x.strip()]
    if not 2 <= len(said) <= MAX_TOLD or not any(_rule_in(x) for x in said):
        return False
    return any(
        i != j
        and _in_past(e)
        and bool(_ONCE.search(e))
        and (is_incident(e, r) or (_rule_in(r) and (failure_told(e) or _told_past(e, r))))
        for i, e in enumerate(said)
        for j, r in enumerate(said)
    )


def _rule_in(sentence: str) -> bool:
    """Whether `sentence` states a rule for always, a habit told ("as we always do it") aside."""
    return bool(_RULE.search(_HABIT.sub(" ", sentence)))


# a participle after a present "is", "are", "gets" ("the hopper is run empty", "the wire is laid out") tells a
# routine, not an incident: it is no past
_PRESENT_PASSIVE = re.compile(
    r"(?i)\b(?:is|are|be|been|being|gets?|stays?|keeps?)\s+(?:\w+ly\s+)?(?:\w+\s+)?$"
)


def _in_past(event: str) -> bool:
    """Whether `event` is told in the past (routing round 36: a routine told in the present, "the shoe is tapped
    until nothing more comes down", "we never bag it warm", is no incident, whatever failure word it holds;
    "seed", "need" are no past)."""
    if re.search(r"[\u3040-\u30ff]", event):
        return True  # Japanese as fix41a read it: no routine of the spent sets was misread by its tense
    return any(
        not m.group(0).lower().endswith("eed") and not _PRESENT_PASSIVE.search(event[: m.start()])
        for m in _PAST_EN.finditer(event)
    )


def _told_past(event: str, rule: str) -> bool:
    """`event` is told in the past, of what the rule names ("someone pulled the plug while the fan was running"
    of "Never cut the power while the fan is on"), and says no rule itself."""
    ja = bool(re.search(r"[\u3040-\u30ff]", event))
    past = _PAST_JA.search(event) if ja else _PAST_EN.search(event)
    return bool(past) and not _RULE.search(event) and bool(content(event) & content(rule))


def lesson_line(body: str, blocks: list[Block], shaped_text: str, title: str = "") -> bool:
    """A text routed procedures that is a lesson or a fact told in a line: shaped, it holds no step, and it
    labels itself a lesson, tells an incident and a rule for always (`told_lesson`), or is one sentence that is
    no step (the module's rule)."""
    if shaped_steps(shaped_text):
        return False
    if labels_a_lesson(body) or told_lesson(body):
        return True
    one = sentences(body)
    return len(one) == 1 and not _COMMAND_AFTER.search(one[0].strip()) and not has_step(body, blocks, title)
