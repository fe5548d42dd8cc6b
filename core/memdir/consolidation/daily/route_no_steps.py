"""A text with no step in it is no procedure (a rule on top of the router's model; trial 17 #5).

The model reads names of actions, dates and a client's name as steps often enough: a call note told in
the past ("Ms. Chen asked whether she must register … Her sales are about 8 million yen …"), a one-line
status ("the registration number arrived today; I sent it to her"), a handover between colleagues
(「…まだ届いていません。明日電話してください。」) and a pasted client e-mail became procedures whose "steps"
were the text's sentences, numbered. A procedure is steps to perform; a text that holds none is what
happened, facts or the day's errands: the model's runner-up of knowledge and skip.

A text has a step when any of these holds:
- it writes steps of its own: a list, a heading, a code block, a pasted shell session, steps numbered
  inside a line ("1) switch off, 2) …") (the same structure `route_story` counts as steps);
- a sentence reads as an instruction: a sequence word, "how to", a command in backticks, a menu path, a
  repeated occasion ("every month", 「毎月」), two commands after a colon (`route_story.instruction_marked`),
  an imperative verb opening it ("Check the …"), "please" and a verb, "you need to / must / should" and, in
  Japanese, the plain non-past or a request (「…を確認する。」「…してください」) (`route_story.ja_instruction`);
- and that instruction is not an errand for one day: a sentence that sets itself on a day ("today",
  "tomorrow", "next week", "by Friday", 「明日」「今週」「来週」「月曜」) and on no repeated occasion is a to-do
  ("Follow up next week.", 「明日電話してください。」), as the labelling guideline calls "to-do lists and
  errands for today" skip.

Unlike `route_story`, the text need not be told in the past: "Her sales are about 8 million yen" is no
step either. A text with a list is left to the model (a checklist of nouns, 「・源泉徴収票の発行」, is steps).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.past_tense import PAST_VERB
from memdir.consolidation.daily.route_cues import IMPERATIVE_VERBS
from memdir.consolidation.daily.route_fix_note import states_a_rule
from memdir.consolidation.daily.route_message import general_instruction, is_message
from memdir.consolidation.daily.route_story import (
    INLINE_STEPS,
    instruction_marked,
    ja_instruction,
    opens_imperative,
)
from memdir.consolidation.daily.shape_qa import qa_pairs
from memdir.consolidation.daily.shape_series import led_step
from memdir.consolidation.daily.shape_shell import shell_steps
from memdir.consolidation.daily.shape_text import is_step

NO_STEPS_REASON = (
    "no step in it (no instruction, list or sequence, only what happened or is so): not a procedure"
)

_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_YOU_MUST = re.compile(r"(?i)\byou(?:'ll| will)?\s+(?:need to|have to|must|should)\s+\w")
_PLEASE = re.compile(r"(?i)\bplease\s+(?!find\b|note\b|see\b)[a-z]+")
# a sentence set on one day: an errand, not a step ("Follow up next week.", 「明日電話してください。」); a weekday is
# no such mark ("put the pieces on the shelf by Wednesday noon" is a weekly rule)
_ONE_DAY = re.compile(
    r"(?i)\b(?:today|tonight|tomorrow|yesterday|later today|this (?:morning|afternoon|evening)|next week)\b|"
    r"今日|本日|明日|明朝|明後日|あした|きょう|今晩|今夜|来週"
)
_REPEATED = re.compile(
    r"(?i)\b(?:every|each|whenever|always|weekly|daily|monthly)\b|毎|いつも|その都度|都度|たびに|度に"
)
_VERBS = "|".join(sorted(IMPERATIVE_VERBS, key=len, reverse=True))
# a command after a colon or an opening condition ("If the pedal sticks: unhook the rod", "At close, turn …")
_AFTER_LEAD = re.compile(
    rf"(?i)(?:[:：]|^(?:if|when|once|after|before|at|on|for)\b[^.,:;]{{1,60}},)\s*(?:{_VERBS})[\s,]"
)
# what a role does as a rule, in the present ("the last baker on shift turns the ovens down", "the office
# checks the account"): a verb of the cue list with -s and its object
_HABIT = re.compile(
    rf"(?i)\b(?:{_VERBS})(?:s|es)\s+(?:the|a|an|their|its|it|them|up|down|out|off|in|on|all|each)\b"
)
# steps set out in lines: a table, indented commands, a schedule by the clock, boxes or a tree, a quoted list
_LINED = (
    re.compile(r"(?m)^\s*\|.*\|\s*$"),
    re.compile(r"(?m)^(?: {4}|\t)\S"),
    re.compile(r"(?m)^\s*\d{1,2}:\d{2}\b"),
    re.compile(r"(?m)^\s*(?:[□■☐☑✓✔├└│]|>\s*(?:\d+[.)]|[-*•・]))"),
)
# a bare verb after an opening clause ("After changing the ratio, recalibrate the scale"): not a subject
_LEAD_BARE = re.compile(
    r"^(?i:if|when|once|after|before|whenever)\b[^.,:;]{2,80},\s*(?!(?:i|we|you|he|she|they|it|the|a|an|this|that|"
    r"there|our|my|his|her|their|its|one|someone)\b)[a-z]+(?<!ed)(?<!ing)(?<!s)\s+(?:the|a|an|it|them|all|\w+)\b"
)
# Japanese: a condition or a sequence joined to an action (「反応しなくなったら、…拭いてから…」), what to do
# announced (「次からはこうする：」), a list of things to check (「確認すること：」), an item that is an act
# (「・…の確認」「・…の取り外し」) or a question to check (「…済みか」)
_JA_STEP = re.compile(
    r"(?:たら|なら|場合は?|ときは?|際は?)、|てから|こうする|こうして|以下の(?:通り|とおり)|次の(?:通り|とおり)|"
    r"(?:確認|準備|チェック)(?:すること|事項|リスト)?\s*[:：]|"
    r"(?:^|\n)\s*[・•][^\n]*(?:確認|取り外し|取り付け|引き抜き|挿入|連絡|手配|送付|提出|記入|作成|準備|登録|入力|設定|交換|清掃|点検|受領|チェック|か)[。]?\s*(?:$|\n)"
)
# they, we or a role doing it as a rule ("they scrape each deck", "the baker then initials the sheet"), a
# button or menu item pressed by its label ('hit "Redeliver failed"')
_DOES = re.compile(
    rf"(?i)\b(?:then|they|we|you)\s+(?!(?:are|were|was|had|have|did|will|would|could|can|must|may|might|"
    rf"should|do|does|also|just|only|never)\b)(?!{PAST_VERB}\b)[a-z]+(?<!ing)\s+(?:the|each|every|a|an|all|it|them)\b|"
    r"\b(?:hit|click|press|tap|select|choose|pick)\s+[\"“'「]"
)
# a speaker's label opening a line of a chat ("**Jo:** ok do this.", "Dan 16:03: then …")
_SPEAKER = re.compile(r"^\s*>?\s*\**[\w .'-]{1,24}?(?:\s\d{1,2}:\d{2})?\**\s*[:：]\**\s*")
_QUOTE_MARKS = re.compile(r"(?m)^[ \t]*(?:>[ \t]?)+")
_HOW_EN = re.compile(
    r"(?i)\b(?:here'?s what to do|this is what to do|what to do|do this|do the following|the right way)\b"
)


def one_day(s: str) -> bool:
    """A sentence set on one day and on no repeated occasion ("Don't lend it out tomorrow.", 「明日電話して」)."""
    return bool(_ONE_DAY.search(s)) and not _REPEATED.search(s)


def _instruction(t: str) -> bool:
    return bool(
        instruction_marked(t)
        or opens_imperative(t)
        or _PLEASE.search(t)
        or _YOU_MUST.search(t)
        or ja_instruction(t)
        or _AFTER_LEAD.search(t)
        or _HABIT.search(t)
        or led_step(t)
        or is_step(t)
        or _LEAD_BARE.match(t)
        or _JA_STEP.search(t)
        or _HOW_EN.search(t)
        or _DOES.search(t)
    )


def step_sentence(s: str) -> bool:
    """Whether a sentence is a step to perform (an instruction not set on one day)."""
    t = s.strip()
    return _instruction(t) and not one_day(t)


_DONT = re.compile(r"(?i)^(?:please\s+)?(?:don't|don’t|do not|never)\s+[a-z]")


def errand(s: str) -> bool:
    """An instruction set on one day ("Don't rent #3 out tomorrow.", 「明日は使わせないでください。」): a to-do, no
    step; "Today the first step did it." is set on a day but no instruction."""
    t = s.strip()
    return one_day(t) and (_instruction(t) or bool(_DONT.match(t)))


def has_step(body: str, blocks: list[Block], title: str = "") -> bool:
    """Whether the text holds a step: steps of its own, or a sentence that is one (the module's rule).

    In a message to a reader (a letter, an e-mail, a handover: route_message) a sentence is a step only
    when it also says it holds beyond the case (again, in order, how to): its requests are errands.
    """
    if any(b.kind in ("list", "code", "heading") for b in blocks) or shell_steps(body) != body:
        return True
    if INLINE_STEPS.search(body) or any(len(p.findall(body)) >= 2 for p in _LINED):
        return True
    beyond = general_instruction if is_message(title, body) else (lambda _s: True)
    if any(_JA_STEP.search(ln) and beyond(ln) for ln in body.splitlines()):
        return True
    # a quotation's lines are read as written, without their marks: "example.com\n> Your account" joined
    # is no menu path "example > Your" (trial 18 #7)
    texts = [_QUOTE_MARKS.sub("", b.text) for b in blocks]
    lines = [_SPEAKER.sub("", ln) for t in texts for ln in t.splitlines()]
    return any(step_sentence(s) and beyond(s) for t in texts for s in sentences(t)) or any(
        step_sentence(s) and beyond(s) for ln in lines if ln.strip() for s in sentences(ln)
    )


_SHAPED_STEP = re.compile(r"(?m)^\s*(?:\d{1,3}[.)]|[-*+•・])\s+\S|^\s*```|^(?: {4}|\t)\S|^\s*\$ \S")
SHAPED_NO_STEPS_REASON = "shaped, it holds no step (no list, no code): not a procedure"


def shaped_steps(text: str) -> bool:
    """Whether a procedure as shaped holds a step: a numbered or bulleted line, code, a command line.

    The shaper numbers every instruction it reads; a text it leaves with none (a forwarded chat line that
    asks once to put a token in a file, a pasted FAQ kept as written) is no procedure (trial 19 #4).
    """
    return bool(_SHAPED_STEP.search(text))


def no_step_written(body: str, blocks: list[Block], shaped_text: str, title: str = "") -> bool:
    """A procedure as the run would write it that holds no step an agent can follow: the shaped body has no
    numbered or bulleted line, no code (`shaped_steps`) and no sentence of the text is a step (`has_step`).
    Read for an unsure skip's proposal only (trial 29 #6: a note of logins was offered as a procedure): as a
    rule on every procedures route it turned 13 right routes wrong over the spent sets, passive routines the
    model is sure of ("The cask is nosed before anything else; …"), as round 22 found for `no_steps`."""
    return not shaped_steps(shaped_text) and not has_step(body, blocks, title)


def not_own_words(title: str, body: str) -> bool:
    """A text that is not the writer's own steps: pasted as a quotation (most of its lines quoted, a forwarded
    chat or mail), a pasted question and its answer (`Q:` / `A:`, shape_qa) or a message to a reader about one
    case (a letter, an e-mail, a handover: route_message)."""
    lines = [ln for ln in body.splitlines() if ln.strip()]
    quoted = sum(1 for ln in lines if ln.lstrip().startswith(">"))
    if lines and 2 * quoted >= len(lines):
        return True
    return bool(qa_pairs(body)) or is_message(title, body)


def no_step_once_shaped(body: str, shaped_text: str, title: str = "") -> bool:
    """A text routed procedures that is no procedure once shaped: a forwarded paste or a message to a reader
    (`not_own_words`) whose shaped body holds no step and no sentence of which marks an instruction (a sequence
    word, "how to", a command in backticks, …): "First I drained the node, then …" stays one paragraph yet
    tells an order of work, a forwarded request does not. Routing round 23: the rule read every text, and over
    the spent sets, as a daily run writes them, it turned 53 right routes wrong and one wrong route right
    (a routine told in sentences, which the shaper leaves unnumbered; Japanese in the plain form): a text in
    the writer's own words is left to the router (docs/daily.md, "Routing round 23"), unless it states a rule
    for the future ("From now on …", 「今後は…」): with no step, that is a policy, knowledge (trial 21 #2)."""
    if shaped_steps(shaped_text) or not (not_own_words(title, body) or states_a_rule(body)):
        return False
    said = sentences(_QUOTE_MARKS.sub("", body))
    # a one-line instruction in the writer's own words ("Run make lint before pushing.") is a procedure of one
    # step; a quoted (forwarded) request is not the writer's own
    own = [s for s in sentences(body) if not s.lstrip().startswith(">")]
    return not any(instruction_marked(s) for s in said) and not any(opens_imperative(s) for s in own)
