"""A decision of the house told in a day file, read as a typed decision: what was chosen, why, instead of what,
and when it is looked at again (fix36e, trial 27 #13; the rules in docs/daily.md "Decisions told in a day file").

An episode is a told decision when it is short (at most MAX_UNITS sentences and MAX_CHARS, no code), one of its
first two sentences tells a decision in the forms the router reads (route_decided.DECIDED: "we decided / agreed /
settled on", 「〜することにした」「〜に決定した」; or under a label, route_skip_rules.STATED_DECISION: "Decision:",
「決定：」), that sentence is no one-off change (a weekday told once, "postpone", 「延期」「中止」) and no person's
own ("I decided", 「私は」), the decision has a reason, a start (route_decided.STANDING) or a follow-up, and every
other sentence is about it (`_roles`: a reason, cued or under a "Why:" / 「理由は三つ」 head; a trade-off; its setting;
a follow-up) but at most MAX_OTHER. Not a told decision (a lesson's material, left to the lesson step): a failure
or a finding told before the decision, a rule "from now on" with a failure told, a date of one day anywhere.

What it reads: `chosen`, the decision's clause without its label, its "we decided to" or 「ことにした」, its reason
and its alternative; `reasons`; `alternatives` ("instead of X", "rather than X", ", not a X", 「Xではなく」), else
none; `tradeoffs`; the follow-up date (decision_when).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from memdir.consolidation.daily.decision_start import (
    MAX_TERMS,
    SETTING_LEAD,
    changed_from,
    errand,
    stands,
    states_term,
    weekday_only,
)
from memdir.consolidation.daily.decision_switch import switch_parts, switched_from, without_switched
from memdir.consolidation.daily.decision_tense import failure_event
from memdir.consolidation.daily.decision_when import follow_up_on, follow_up_told
from memdir.consolidation.daily.lesson_cause import is_symptom, tells_failure
from memdir.consolidation.daily.lesson_sentences import sentences
from memdir.consolidation.daily.lesson_text import RETRO, failure_told
from memdir.consolidation.daily.route_decided import DECIDED, ONE_OFF, STANDING
from memdir.consolidation.daily.route_skip_rules import STATED_DECISION

MAX_UNITS = 9  # a decision, its setting, reasons (a list of three under a head), a trade-off, a follow-up
MAX_OTHER = 1  # sentences that are none of those: more, and the decision is one thing of a longer note
MAX_CHARS = 1200
FIRST = 2  # the decision is told first (or after one sentence of setting)

LABEL = re.compile(
    r"(?i)^\s*(?:[-*•・]\s*|\d+[.)]\s*)?(?:\*\*)?(?:(?:decided|decisions?|agreed|resolved)\b[^:：\n]{0,40}|"
    r"決定事項|決定|決まったこと|決めたこと|合意事項|合意)(?:\*\*)?\s*[:：](?:\*\*)?\s*"
)
# a change of one day's plan, however it is decided ("we decided to cancel Saturday's ride because of the storm")
ONCE = re.compile(
    r"(?i)\b(?:postpon\w*|cancel\w*|call(?:ed)? off|reschedul\w*|this (?:week|weekend))\b|"
    r"(?<!every )(?<!each )\b(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?\b(?!s)|"
    r"延期|中止|順延|今週|今度の|(?<!毎週)[月火水木金土日]曜"
)
# a person's own decision, not the house's ("I decided to …", 「私は…ことにした」)
OWN = re.compile(
    r"(?i)\b(?:i|i've|i'd|i'm|my)\b|私(?!たち|ども|共)|僕(?!ら|たち)|俺(?!たち|ら)|わたし(?!たち)|自分"
)
REASON_EN = re.compile(r"(?i)\b(?:because(?: of)?|since|so that|given that|due to)\b\s*")
REASON_LEAD = re.compile(
    r"(?i)^(?:(?:the )?reasons? (?:is|was|being)(?: that)?|reasons?\s*[:：]|why\s*[:：]|(?:this|that)(?: i|')s because|"
    r"(?:this|that) was because|because(?: of)?|理由は[、,]?|理由[:：]|というのも[、,]?|なぜなら[、,]?)\s*"
)
REASON_JA_END = re.compile(r"(?:ため|から|ので)(?:です|だ|でした)?。?$")
REASON_JA_LEAD = re.compile(r"^(?P<why>[^、。]{4,}?(?:ため|ので|から))[、,]\s*(?P<rest>.+)$")
ALT_EN = re.compile(
    r"(?i),?\s*\b(?:instead of|rather than|in place of)\s+(?P<alt>[^,;.]+)|,\s*not\s+(?P<alt2>(?:an?|the)\s[^,;.]+)"
)
ALT_JA = re.compile(r"(?P<alt>[^、。はがを]{1,40}?)(?:ではなく(?:て)?|じゃなく(?:て)?|の代わりに)[、,]?")
DECIDED_TAIL_JA = re.compile(
    r"(?:こと|の)に(?:なった|なりました|決まった|決まりました|決めた|決めました|(?:いた)?した|(?:いた)?しました|決定した|決定しました|決定)|"
    r"ことと(?:いた)?(?:した|しました)|と(?:決まった|決まりました|決定した|決定しました)|に決定(?:した|しました)"
)
DECIDED_EN = re.compile(
    r"(?i)^.*?\b(?:we|the team|the board|the committee|management|it was|it has been|it's been)\s+"
    r"(?:have\s+|had\s+|'ve\s+|finally\s+|now\s+|all\s+)?(?:decided|agreed|settled on|resolved)\b"
    r"(?:\s+(?:to|that|on|upon))?[\s,:]*|^.*?\bthe decision (?:is|was)\b(?:\s+(?:to|that))?[\s,:]*"
)
# a head over the reasons that follow ("Why:", "Reasons:", 「理由：」, 「理由は三つ。」, 「理由は次のとおりです」)
REASON_HEAD = re.compile(
    r"(?i)^(?:why|reasons?|the reasons? (?:is|are|were)|理由)\s*(?:[:：]|は[一二三四五六七八九\d]+つ(?:あります|です)?|"
    r"は(?:次の|以下の)(?:とおり|通り)(?:です)?)?\s*[。.]?$"
)
TRADE = re.compile(
    r"(?i)^(?:trade-?offs?|downsides?|costs?|the cost|risks?|caveats?|トレードオフ|デメリット|懸念|リスク|代償)\s*[:：]\s*"
)
SETTING = re.compile(
    r"(?i)^(?:background|context|impact|effects?|notes?|scope|what we keep|attendees|present|背景|経緯|影響|補足|備考|"
    r"対象|範囲|出席(?:者)?|参加者)\s*[:：]"
)
# a rule for the future ("from now on", 「今後は」): with a failure told, what a lesson is made of
AHEAD = re.compile(
    r"(?i)\b(?:from now on|going forward|henceforth|from here on)\b|今後|以後|次回から|これからは"
)
# a look again with no time ("revisit if we pass 500 jobs a second", 「状況を見て見直す」): no date, but no other topic
LOOK_AGAIN = re.compile(r"(?i)\b(?:revisit|reassess|re-?evaluat|reconsider)\w*|見直|再検討")
FINDING = re.compile(
    r"(?i)\b(?:we|i) (?:learned|learnt|found out|realised|realized|discovered)\b|\broot cause\b|教訓|原因は|"
    r"(?:わかった|分かった|判明)"
)
# a rule set from now on, opening its sentence ("Rule from now on: …", "From now on, …", "Going forward we …",
# 「今後は…することにする」「これからは…こととする」): a decision whose `chosen` is the rule (trial 28 re-check N3)
RULE_AHEAD = re.compile(
    r"(?i)^(?:(?:new|house|our)\s+)?rules?\s+(?:from now on|going forward|from today(?: on)?)\s*[:：]\s*|"
    r"^(?:from now on|going forward|henceforth|from today on|from here on)\b\s*[,:：]?\s*|"
    r"^(?:今後は|これからは|今後、|以後は|今日からは?)[、,]?\s*"
)
# a Japanese rule's own end: the plain non-past of a rule, no forecast (「今後は雨が増えるらしい」)
RULE_END_JA = re.compile(
    r"(?:ことにする|ことにします|こととする|こととします|とする|とします|こと|する|します)[。.]?$"
)
RULE_TAIL_JA = re.compile(r"(?:ことにする|ことにします|こととする|こととします)(?=[。.]?$)")
# the choice set against what it beat, in a sentence of its own after the decision ("We chose this over a fixed
# commission because …", "We picked it over the yearly plan", 「固定の紹介料よりこちらを選んだのは、…からだ」): the
# alternative, and the reason when one is told (trial 29 #7)
OVER_EN = re.compile(
    r"(?i)^(?:(?:we|they|the team|management)\s+)?(?:chose|picked|preferred|went with|opted for|favou?red|took)\s+"
    r"(?:this|that|it|these|them|the (?:deal|offer|plan|option|idea|proposal))\s+(?:over|rather than|instead of)\s+"
    r"(?P<alt>[^,;.]+?)(?:\s*,?\s*\b(?:because|since|as|given that)\b\s*(?P<why>.+))?[.!]?$"
)
OVER_JA = re.compile(
    r"^(?P<alt>[^、。はがを]{2,40}?)(?:よりも?|ではなく(?:て)?|じゃなく(?:て)?|の代わりに)[、,]?\s*"
    r"(?:こちら|これ|この[^、。]{0,12}?|そちら|それ)を?(?:選んだ|選びました|選択した|選択しました|採った|採用した|採用しました)"
    r"(?:のは[、,]?\s*(?P<why>[^。]+?)(?:から|ため)(?:です|だ)?)?。?$"
)
_FOLLOW_CLAUSE = re.compile(r"(?i)[;,]?\s*(?:and\s+)?(?:we(?:'ll| will| shall)?|to be|will|and)?\s*$")


@dataclass
class ToldDecision:
    """A decision read from an episode's words (see the module)."""

    chosen: str
    reasons: list[str] = field(default_factory=list)
    alternatives: list[str] = field(default_factory=list)
    follow_up: date | None = None
    tradeoffs: list[str] = field(default_factory=list)
    ahead: list[str] = field(
        default_factory=list
    )  # "From now on the second dog goes to table 2": what was chosen
    no_event: bool = (
        False  # the failures it tells are conditions that hold, its reasons (_no_event): no lesson
    )
    said: str = ""  # the sentence that tells the decision
    cause: str = ""  # the reason told in that sentence ("…, because a rope came loose")
    decided: str = (
        ""  # that sentence without its reason ("We decided to check the lane ropes before opening.")
    )


def told_decision(text: str, day: date) -> ToldDecision | None:
    """The decision `text` tells as its content, counted from `day` for a follow-up (None: no such decision)."""
    if len(text) > MAX_CHARS or "```" in text:
        return None
    units = _units(text)
    if not units or len(units) > MAX_UNITS:
        return None
    at = next((i for i, u in enumerate(units[:FIRST]) if _decides(u)), None)
    # a failure or a finding told before the change is a lesson's story (lifecycle.md, trial 20); a rule "from
    # now on" for a failure told is a lesson's too: both are left to the lesson step, as before
    if at is None or any(_story(u) for u in units[:at]):
        return None
    started = stands(units[at])  # "from December": a weekday, an errand for tonight (trial 30 #5)
    if any(
        ONE_OFF.search(u) and not (started and i != at and errand(u)) for i, u in enumerate(units)
    ):  # "the van leaves on 1/14": a plan for one day, not a standing choice
        return None
    roles = _roles(units, at)
    if roles is None:
        return None
    chosen, own_why, alts = _clauses(units[at])
    alts += [a for a in changed_from(units[at]) if a not in alts]  # "move X from 14:00 to 15:00"
    rule = rule_ahead(units[at]) and not (DECIDED.search(units[at]) or STATED_DECISION.search(units[at]))
    told_after: list[str] = []
    # a rule from now on: the rule is chosen; what it says after it, and its other sentences, are its reasons
    if rule:
        chosen, told_after = _rule_clauses(units[at])
        own_why, roles["why"] = "", sorted([*roles["why"], *roles["other"]])
        roles["other"] = []
    if started and not rule:  # its terms ("Oliver carries the currency risk") are about it (trial 30 #5)
        terms = [i for i in roles["other"] if i > at and states_term(units[i])][:MAX_TERMS]
        roles["other"] = [i for i in roles["other"] if i not in terms]
    no_event = _no_event(units, at, own_why, roles)
    if AHEAD.search(units[at]) and any(_fails(u) for u in units) and not no_event:
        return None  # "we decided that from now on …, because the float failed to balance": a lesson (fix36e)
    beaten = [o for o in (_over(units[i]) for i in roles["over"]) if o is not None]
    alts += [alt for alt, _ in beaten if alt not in alts]
    reasons = [
        r
        for r in [own_why, *told_after, *(_reason(units[i]) for i in roles["why"]), *(w for _, w in beaten)]
        if r
    ]
    follow = (
        [at, *roles["follow"]] if follow_up_told(units[at]) else roles["follow"]
    )  # "…; we'll revisit in March"
    standing = rule or any(STANDING.search(u) for u in units[at : at + 2])  # a rule from now on stands
    if not chosen or not (reasons or standing or follow) or len(roles["other"]) > MAX_OTHER:
        return None
    when = next((d for d in (follow_up_on(units[i], day) for i in follow) if d is not None), None)
    costs = [_trim(TRADE.sub("", units[i], count=1)) for i in roles["trade"]]
    ahead = [_trim(units[i]) for i in roles["ahead"]]
    told = ToldDecision(
        chosen, reasons, alts, when, [c for c in costs if c], [a for a in ahead if a], no_event
    )
    told.said, told.cause, told.decided = (
        units[at],
        own_why,
        _without_cause(units[at]) if own_why else units[at],
    )
    return told


def _without_cause(said: str) -> str:
    """The decision's sentence without the reason told in it, ended as it was."""
    m = REASON_EN.search(said)
    if m:
        return said[: m.start()].rstrip(" ,;—–-") + "."
    ja = REASON_JA_LEAD.match(LABEL.sub("", said, count=1))
    return ja.group("rest") if ja else said


def _no_event(units: list[str], at: int, own_why: str, roles: dict[str, list[int]]) -> bool:
    """True when the failures the part tells are the decision's reasons, its rule ahead or its trade-offs, told as
    conditions that hold ("because the dryer overheats"), and no sentence tells something that happened
    (decision_tense: "the float failed to balance", 「先週…捨てた」): then it is a decision, no lesson (fix37f)."""
    told = {at, *roles["why"], *roles["ahead"], *roles["trade"], *roles["over"]}
    if any(_fails(u) for i, u in enumerate(units) if i not in told):
        return False
    said = DECIDED.search(units[at])
    before = units[at][: said.start()] if said and said.start() > 0 else ""  # "After X broke, we decided …"
    rest = (u for i, u in enumerate(units) if i != at)
    return not any(failure_event(c) for c in (own_why, before, *rest))


def _fails(unit: str) -> bool:
    return failure_told(unit) or tells_failure(unit) or is_symptom(unit)


# "This is now our policy for every outbound integration.", 「これが今後の方針です。」: the decision said to stand
_POLICY_NOW = re.compile(
    r"(?i)^(?:this|that|it) is (?:now )?(?:our|the) (?:policy|rule|standard|default)\b|^(?:これが|これを)(?:今後の)?(?:方針|ルール)"
)


def _units(text: str) -> list[str]:
    """The text's sentences, hard-wrapped lines joined (the demo root's webhook decision is wrapped at 110
    columns: its wrapped halves were read as four reasons); a piece that starts in lower case or follows an
    unclosed bracket ("(1 s, 2 s, 4 s ... up to 1 h)") goes on the sentence before it."""
    units: list[str] = []
    for u in (x.strip() for x in sentences(text)):
        if u and units and (u[:1].islower() or units[-1].count("(") > units[-1].count(")")):
            units[-1] = f"{units[-1]} {u}"
        elif u:
            units.append(u)
    return units


def _roles(units: list[str], at: int) -> dict[str, list[int]] | None:
    """Each sentence but the decision's by what it tells of it: a reason (cued, or under a "Why:" / 「理由は三つ」
    head), a trade-off, its setting (a "Background:" / 「補足：」 label), a follow-up, or something else; None when
    a second decision is told (minutes, a list of decisions: each is one thing of a longer note)."""
    roles: dict[str, list[int]] = {
        k: [] for k in ("why", "trade", "setting", "follow", "ahead", "over", "other")
    }
    mode = ""
    for i, u in enumerate(units):
        if i == at:
            continue
        if (DECIDED.search(u) or STATED_DECISION.search(u)) and i > at:
            return None
        if follow_up_told(u) or LOOK_AGAIN.search(u):
            role, mode = "follow", ""
        elif REASON_HEAD.match(u):
            role, mode = "setting", "why"
        elif TRADE.match(u):
            role, mode = "trade", "trade"
        elif i > at and _over(u) is not None:
            role, mode = "over", ""
        elif SETTING.match(u) or (i < at and not _story(u)) or (i > at and _POLICY_NOW.search(u)):
            role, mode = "setting", ""
        elif _gives_reason(u):
            role, mode = "why", "why"  # what follows a reason, unlabelled, goes on giving it
        elif i == at + 1 and _states(u):
            role, mode = "why", ""  # its reason told as how things are, uncued (trial 31 #3)
        elif i > at and AHEAD.search(u):
            role, mode = (
                "ahead",
                "",
            )  # "From now on the second big dog goes to table 2": the decision spelled out
        else:
            role = {"why": "why", "trade": "trade"}.get(mode, "other")
        roles[role].append(i)
    return roles


def _story(unit: str) -> bool:
    """A sentence that tells a failure or a finding (what a lesson is made of)."""
    return failure_told(unit) or tells_failure(unit) or bool(RETRO.search(unit) or FINDING.search(unit))


def _decides(unit: str) -> bool:
    """A sentence that tells a decision of the house, not a one-off change or a person's own."""
    if not (DECIDED.search(unit) or STATED_DECISION.search(unit) or rule_ahead(unit)):
        return False
    once = [
        m.group(0) for m in ONCE.finditer(unit)
    ]  # "the Saturday tour … from December" stands (trial 30 #5)
    if once and not (stands(unit) and weekday_only(once)):
        return False
    return not (ONE_OFF.search(unit) or OWN.search(unit))


def rule_ahead(unit: str) -> bool:
    """A sentence that sets a rule from now on (RULE_AHEAD; a Japanese one ends as a rule does)."""
    m = RULE_AHEAD.match(unit.strip())
    if m is None or not unit.strip()[m.end() :].strip():
        return False
    return bool(re.match(r"[A-Za-z]", unit.strip())) or bool(RULE_END_JA.search(unit.strip()))


def _rule_clauses(said: str) -> tuple[str, list[str]]:
    """(the rule, the reasons told after it in the same sentence: "…; MediVet back-orders are now common")."""
    text = ALT_EN.sub("", RULE_TAIL_JA.sub("", RULE_AHEAD.sub("", said.strip(), count=1)))
    parts = [p for p in re.split(r"\s*;\s*|\s+[—–]\s+", text) if p.strip() and not follow_up_told(p)]
    if not parts:
        return "", []
    rule, why = parts[0], [_trim(p) for p in parts[1:]]
    m = REASON_EN.search(rule)  # "…, since most parents read the school email"
    if m:
        rule, why = rule[: m.start()], [_trim(rule[m.end() :]), *why]
    return _trim(rule), why


# a sentence that states how things are or were ("The water is 15°C at 7 and the early group was always
# frozen", 「朝は水温が低く、生徒が震えていた」): said right after the decision, its reason told without a cue
_STATES = re.compile(
    r"(?i)\b(?:is|are|was|were|has been|have been|gets|got)\b|(?:いる|いた|だった|です|でした|ある|あった|多い|少ない|低い|高い)。?$"
)


def _states(unit: str) -> bool:
    return bool(_STATES.search(unit)) and not unit.rstrip().endswith(("?", "？"))


def _gives_reason(unit: str) -> bool:
    return bool(REASON_LEAD.match(unit) or REASON_JA_END.search(unit)) and not follow_up_told(unit)


def _over(unit: str) -> tuple[str, str] | None:
    """(the alternative, the reason or "") of a sentence that sets the choice against what it beat (OVER_EN/JA)."""
    m = OVER_EN.match(unit.strip()) or OVER_JA.match(unit.strip())
    return (_trim(m.group("alt")), _trim(m.group("why") or "")) if m else None


def _reason(unit: str) -> str:
    return _trim(REASON_LEAD.sub("", unit, count=1))


def _clauses(said: str) -> tuple[str, str, list[str]]:
    """(what was chosen, the reason told in the same sentence, the alternatives) of the decision's sentence."""
    text = LABEL.sub("", said, count=1).strip()
    alts = [_trim(a.group("alt") or a.group("alt2")) for a in ALT_EN.finditer(text)]
    why = ""
    text = ALT_EN.sub("", text)
    parts = re.split(r"\s*;\s*|\s+[—–]\s+", text)  # "…; we'll revisit in March": the follow-up is no choice
    text = " ".join(p for p in parts if not follow_up_told(p)) or parts[0]
    m = REASON_EN.search(text)
    if m:
        why, text = _trim(text[m.end() :]), text[: m.start()]
    ja = REASON_JA_LEAD.match(text)
    if ja and DECIDED_TAIL_JA.search(ja.group("rest")):
        why, text = _trim(ja.group("why")), ja.group("rest")
    alts += [_trim(a.group("alt")) for a in ALT_JA.finditer(text)]
    alts += [a for a in switched_from(text) if a not in alts]  # 「Xをやめて」「XからYに替える」
    text = without_switched(ALT_JA.sub("", text))
    switched = None if DECIDED_EN.match(text) else switch_parts(text)  # "we'll go with X from now on"
    if switched:
        text, why = switched[0], why or switched[1]
    text = DECIDED_EN.sub("", text, count=1)
    text = SETTING_LEAD.sub("", DECIDED_TAIL_JA.sub("", text).strip(), count=1)
    return _trim(text), why, alts


def _trim(text: str) -> str:
    """A clause without its end stop or comma, the spaces collapsed."""
    text = _FOLLOW_CLAUSE.sub("", " ".join(text.split())) if text.rstrip().endswith((";", ",")) else text
    return " ".join(text.split()).strip(" ,;:、。.").strip()
