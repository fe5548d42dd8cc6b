"""A story of what happened is no procedure (a rule on top of the router's model; trial 12 #7).

An episode that tells what happened ("I looked the customer up, created the invoice and emailed it.
The first email bounced because …; I updated the contact and sent it again, which worked.") is read by
the model as steps often enough: it names actions in order. Shaped into a procedure, its sentences
became "steps" (step 1 a paragraph, step 2 the lesson), titled by one client and one month, and
weekly then held real, well-logged work against it as a duplicate. Such a text is knowledge (or,
when it tells a mistake and its rule, the lesson: lesson_fold.py).

A text is a story when all of these hold:
- it writes no steps of its own: no list, no heading, no code block, no pasted shell session;
- at least STORY_MIN_PAST of its sentences are told in the past ("I/we sent", "The email bounced",
  "was", "had", "could not"; 「…した。」「…できた。」「…だった。」), and they are at least
  STORY_PAST_SHARE of the sentences that are not its lesson (a sentence stating a lesson or rule,
  "Lesson learned: …", "should have", "from now on", 「今後は」「教訓」, counts for neither side);
- no sentence reads as an instruction: the reader addressed in the present with steps after a colon or "then"
  ("You never use the hose on the motor: take the battery out first, then wipe …"), an imperative verb opening it, a sequence
  marker ("First", "then", "finally", 「まず」「次に」「最後に」「その後」), "how to" or "here's how",
  two imperatives or more after a colon (one is a request reported: "Request from …: ship the samples"),
  "you should", a command in backticks or a menu path ("Reports > Export", 「設定 → 画面収録」), a
  repeated occasion ("every month", "if it happens again", 「毎月」「同じことが起きたら」), a Japanese
  sentence ending in the plain non-past (「…を更新する。」) or a request (「…してください」);
- an English one is told by its writer: I, we, my or our, or a sentence or clause opening with a verb that
  is only past, the writer left out as ticket notes do ("Power-cycled, still failing; called the vendor";
  trial 14 #7); a Japanese one need not say so. 「…してもらう。」 (a follow-up arranged with someone else) is
  no instruction, and steps numbered inside a line ("1) switch off, 2) …") are steps of its own.

The labelling guideline (examples/routing_set/GUIDELINES.md) keeps a narrative that is a repeatable
way of doing a task ("First I drained the node, then I … finally I …") and a one-off fix whose content
is the how (a menu path, a command, "every month") procedures; the markers above are theirs. Of the
labelled procedure rows of every set in examples/routing_set/, none is a story by this rule.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.lesson_text import AHEAD, FIX, NORM, opens_with_change
from memdir.consolidation.daily.past_tense import JA_PAST_END, PAST_VERB
from memdir.consolidation.daily.route_cues import (
    HOWTO,
    IMPERATIVE_VERBS,
    JA_STATED,
    SECOND_PERSON_ACTION,
    SEQUENCE_MARKERS,
    TO_PURPOSE,
    first_word,
)
from memdir.consolidation.daily.shape_shell import shell_steps

STORY_MIN_PAST = 2  # sentences told in the past: one is a report, not a story
STORY_PAST_SHARE = 0.6  # of the sentences that are not the lesson
STORY_REASON = (
    "told as a story of what happened (in the past, no steps of its own): knowledge, not a procedure"
)

_ADVERB = "then|also|just|finally|first|only|quickly|eventually|immediately|never|still|already|accidentally|actually"
# a past verb opening a sentence or a clause (after ";"), its subject said or left out as ticket notes do
# ("Power-cycled, still failing; called the vendor"), a hyphenated verb whole ("re-imaged")
_PAST_EN = re.compile(
    rf"(?i)(?:^|;\s*)(?:(?:i|we|they|she|he|it)\s+)?(?:[a-z]+-)?{PAST_VERB}\b|"
    rf"\b(?:i|we|they|it|he|she)\s+(?:(?:{_ADVERB})\s+)?{PAST_VERB}\b|"
    r"\b(?:was|were|had|did|didn't|couldn't|wasn't|weren't|could not|did not|was not|were not)\b"
)
_NOT_PAST = (
    r"(?!(?:need|needed|feed|speed|seed|embed|proceed|succeed|exceed|shed|red|bed)\b)"  # -ed, not past
)
# a short subject, then a verb told as done ("Fuser unit replaced the same afternoon", "The invoice
# bounced"): read only when the sentence opens with no imperative verb ("Open the file called …" is none)
_SUBJECT_PAST_EN = re.compile(
    rf"(?i)^(?:the|a|an|our|my|their|his|her)?\s*(?:[\w#-]+\s+){{1,2}}{_NOT_PAST}{PAST_VERB}\b"
)
# the writer left out as ticket notes do: a sentence opening with a verb that is only past ("Called the
# vendor", "Power-cycled the printer"; not "Reset …", "Put …", which are also the imperative)
_SAME_AS_BASE = frozenset(
    ["put", "set", "reset", "quit", "split", "spread", "let", "hit", "cut", "read", "shut"]
)
# (the verbs and the past ending are past_tense.py's, shared with route_usage; だ and the clause are this rule's)
_PAST_JA = re.compile(
    rf"(?:{JA_PAST_END}|だ|だった|できた|なかった)[。！!]?$|(?:た|ました)(?:が|ので|ため|けど|けれど)、"
)
_NONPAST_JA = re.compile(r"(?<!で)[うくすつぬむるぐぶ][。！]?$|(?:します|ください)[。！]?$")
# a follow-up arranged with someone else (「次回ログオン時に変更してもらう。」): no instruction to the reader,
# as "He must change it at next logon" is none (a procedure's own steps are the reader's: 「…を発行する。」)
_ARRANGED_JA = re.compile(r"(?:て|で)(?:もらう|もらいます|いただく|いただきます|もらうことにした)[。！]?$")
_KANA = re.compile(r"[\u3040-\u30ff]")
_FIRST_PERSON = re.compile(r"(?i)\b(?:i|we|my|our|me|us)\b")
_LESSON_LABEL = re.compile(r"(?i)^(?:lessons? learned|lesson|takeaway|note to self|教訓|学び|反省)\s*[:：]")
_HOW = re.compile(
    r"(?i)\b(?:here'?s how|here is how|how (?:it'?s|it is|i|we) (?:done|did it)|if (?:it|this|that) happens again|"
    r"the same (?:thing )?happens|every (?:time|day|week|month|quarter|year)|each (?:time|week|month)|whenever)\b|"
    r"`[^`]+`|→|->|⇒|\w > \w|"
    r"まず|次に|最後に|続いて|それから|その後|手順|やり方|方法|してください|して下さい|しましょう|"
    r"同じこと(?:が|に)|また起き|毎月|毎週|毎回|毎日|毎朝"
)
_VERBS = "|".join(sorted(IMPERATIVE_VERBS))
# instructions after a colon: two actions or more ("here it is: open Reports, pick 'Custom', save"); one
# is a request reported ("Request from Dr. Okafor: ship the March samples")
_COLON_IMPERATIVE = re.compile(
    rf"(?i)[:：]\s*(?:{_VERBS})\b[^.;:]*?(?:,|\band|\bthen)\s+(?:then\s+)?(?:{_VERBS})\s+(?:the|a|an|it|them|to|\w+)"
)
# steps numbered inside a line: "1) switch off, 2) twist …", 「①電源を切る、②…」
INLINE_STEPS = re.compile(r"(?:^|[\s:：(（])(?:1[.)）]|①)\s*\S[^\n]*?[\s,、;；](?:2[.)）]|②)\s*\S")
_THEN = re.compile(r"(?i)(?:,|;|\band)\s+then\b")
# the reader addressed in the present ("You never use the hose …: take …, then wipe …", trial 29 #9): the norm
# opens the steps it is told with, no rule of a lesson; "you said", "you were" tell what happened
_YOU = re.compile(r"(?i)\byou\b(?!\s+(?:were|was|had|did|said|told|asked|wanted|sent|left)\b)")
# a noun that looks like a verb ("Request from Mika", "Update on the order"): no instruction
_NOT_OBJECT = frozenset(
    ["from", "for", "of", "to", "is", "was", "are", "were", "in", "on", "by", "with", "had", "has"]
)


def _sentence_kind(s: str) -> str:
    """rule (the lesson), instruction, past (told as done) or other."""
    t = s.strip()
    if _YOU.search(t) and (_COLON_IMPERATIVE.search(t) or _THEN.search(t)):
        return "instruction"  # "You never use the hose on the motor: take the battery out first, then wipe …"
    if _LESSON_LABEL.match(t) or FIX.search(t) or NORM.search(t) or AHEAD.search(t) or opens_with_change(t):
        return "rule"
    if instruction_marked(t) or SECOND_PERSON_ACTION.search(t):
        return "instruction"
    if _KANA.search(t):
        if _PAST_JA.search(t):
            return "past"
        return "instruction" if _NONPAST_JA.search(t) and not _ARRANGED_JA.search(t) else "other"
    if _PAST_EN.search(t):
        return "past"
    return "instruction" if opens_imperative(t) else "past" if _SUBJECT_PAST_EN.search(t) else "other"


def told_past(s: str) -> bool:
    """Whether a sentence is told as done, in the past (the story's own reading; shape_act_fact reads it too)."""
    return _sentence_kind(s) == "past"


def instruction_marked(t: str) -> bool:
    """A sentence marked as an instruction: how, a sequence word, a colon's commands, a command, an occasion."""
    return bool(
        _HOW.search(t)
        or _COLON_IMPERATIVE.search(t)
        or _THEN.search(t)
        or SEQUENCE_MARKERS.match(t)
        or HOWTO.search(t)
        or TO_PURPOSE.match(t)
    )


def ja_instruction(t: str) -> bool:
    """A Japanese sentence ending in the plain non-past or a request, not a follow-up arranged with another."""
    return bool(
        _KANA.search(t)
        and not _PAST_JA.search(t)
        and _NONPAST_JA.search(t)
        and not _ARRANGED_JA.search(t)
        and not JA_STATED.search(t.strip())  # 「…にあります。」: what is so (trial 29 #6)
    )


def opens_imperative(t: str) -> bool:
    """An English sentence opening with an imperative verb and its object ("Reset the router"; not "Request from")."""
    words = t.split()
    second = words[1].lower().strip(",:;") if len(words) > 1 else ""
    return first_word(t) in IMPERATIVE_VERBS and second not in _NOT_OBJECT


def _told_by_writer(body: str, blocks: list[Block]) -> bool:
    """I, we, my or our; or a sentence or clause opening with a verb that is only past (the writer left out)."""
    if _FIRST_PERSON.search(body):
        return True
    for s in (s for b in blocks for s in sentences(b.text)):
        for clause in re.split(r"[;；]", s):
            m = re.match(rf"(?i)\s*(?:[a-z]+-)?{_NOT_PAST}({PAST_VERB})\b", clause)
            if m and m.group(1).lower() not in _SAME_AS_BASE:
                return True
    return False


def is_story(body: str, blocks: list[Block]) -> bool:
    """Whether the text tells what happened rather than how to do something (the module's rule)."""
    if any(b.kind in ("list", "code", "heading") for b in blocks) or shell_steps(body) != body:
        return False
    if INLINE_STEPS.search(body):  # "…how for next time: 1) switch off at the wall, 2) twist …"
        return False
    kinds = [_sentence_kind(s) for b in blocks for s in sentences(b.text)]
    told = [k for k in kinds if k != "rule"]
    past = told.count("past")
    if "instruction" in told or past < STORY_MIN_PAST or past < STORY_PAST_SHARE * len(told):
        return False
    return bool(_KANA.search(body)) or _told_by_writer(body, blocks)
