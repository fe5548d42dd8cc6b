"""A decision, an agreement or a standing fact told in prose, kept as knowledge when the model reads skip (round 27).

`route_skip_rules.STATED_DECISION` keeps a decision written under its label ("Decided: …", 「決定：」). Trial 23 found
the same content told in a sentence without a label skipped: "We decided that from January ACME pays a monthly
retainer", a filing deadline that comes back every quarter. GUIDELINES.md: "decisions and their reasons,
policies, rules" are knowledge; "schedule and logistics changes" and a person's own news are skip. A text the
model reads as skip is knowledge here when a sentence of it

- tells a decision or an agreement of a team ("we decided / agreed / settled on", "it was decided", "the
  decision is", 「〜することになった」「〜ことにした」「〜と決まった」「〜に決定した」) and, in the same sentence or
  the next, what makes it standing or reasoned: a start ("from January", "from now on", 「来月から」「4月から」
  「今後」「以降」), a recurrence ("every", "monthly", 「毎月」) or a reason ("because", 「理由」「ため」「ので」); or
- states a standing deadline or cut-off: 「毎月…日締め」「月末締め」「締め日は…」, "the filing deadline for Q4
  is …", "due every month".

A one-off date in the decision's sentence ("tomorrow", "on Friday", 「明日」「今月末で」, 「1/14」) makes it a
schedule change, and a person's own news (「退職」「異動」, "I'm leaving") is no decision of the house.

A Japanese text that states how a thing is in general (`GENERAL_JA`: a condition and what follows, a cause, a
norm) in two sentences or more is a standing fact too (heldout27: a tip on a daily calendar, 「蹄は乾きすぎても
割れる」, was skipped): GUIDELINES.md's "facts about systems, root causes, gotchas".
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.decision_start import SPAN
from memdir.consolidation.daily.decision_switch import SWITCH_EN
from memdir.consolidation.daily.decision_when import follow_up_told
from memdir.consolidation.daily.lesson_sentences import sentences

DECIDED = re.compile(
    r"(?i)\b(?:we|the team|the board|the committee|management|it was|it has been|it's been)\s+"
    r"(?:have\s+|had\s+|'ve\s+|finally\s+|now\s+|all\s+)?(?:decided|agreed|settled on|resolved)\b|"
    r"\bthe decision (?:is|was)\b|"
    rf"(?i:{SWITCH_EN})|"  # "we'll go with X from now on instead of Y" (trial 29 re-check N4)
    r"(?:こと|の)に(?:なった|なりました|決まった|決まりました|決めた|決めました|(?:いた)?した|(?:いた)?しました|決定)|"
    r"ことと(?:いた)?(?:した|しました)|"
    r"と(?:決まった|決まりました|決定した|決定しました)|に決定(?:した|しました)"
)
STANDING = re.compile(
    r"(?i)\b(?:from (?:now on|then on|today|next|this|the (?:next|start)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)\w*)|starting (?:next|from|in|on|with)|going forward|henceforth|every|each (?:month|week|year|"
    r"quarter)|monthly|weekly|quarterly|annually|always|never|because|since|so that|the reason)\b|"
    r"(?:来年度?|来月|来期|来季|来シーズン|次回|今年度|今期|\d+月|[一二三四五六七八九十]+月)(?:の[^、。]{1,8}?)?から|"
    r"以降|以後|今後|当面|"  # 「来年1月の出荷分から」 (trial 30 #5)
    r"毎[日週月年回]|理由|ため|ので|から(?:だ|です|でした)?。?$"  # a sentence ended by its reason, as "because" (trial 29 #7)
)
DEADLINE = re.compile(
    r"(?i)毎月[^。\n]{0,12}締め|月末締め|\d+日締め|締め日?は毎|"
    r"\b(?:deadline|cut-?off|due date)\s+(?:for|of)\s+(?:q[1-4]|each|every|the (?:quarter|year|month)|"
    r"(?:the )?(?:annual|monthly|quarterly|yearly))\b|\bdue (?:every|each) (?:month|quarter|year)\b"
)
ONE_OFF = re.compile(
    r"(?i)\b(?:tomorrow|tonight|today|this (?:afternoon|evening|morning)|on (?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)day)\b|明日|今日|今夜|今晩|今月末で|\d+/\d+|退職|異動|転勤|\bi'm leaving\b"
)


# A Japanese sentence that states how a thing is in general, in the plain or polite non-past: a condition and
# what follows from it (「干し始めないと、芯が蒸れて割れる」「乾きすぎても割れる」), or a cause or a norm told as such
# (「〜からです」「〜が理想」「〜が目安」「〜で決まります」).
GENERAL_JA = re.compile(
    r"(?:ないと|すぎると|ても(?!ら)|すると|なると|いると|たら|れば|けば|のは)[^。！？\n]{2,40}"
    r"(?:[うくすつぬむるぐぶい]|だ|です|ます|ません)。?$|(?:からです|ためです|のです|が理想|が目安|が決まる|が決まります)。?$"
)
# a wish, a feeling or an opinion is no statement of how a thing is (「〜があったら最高です」「〜と思います」); 「〜てもらう」 is no
# condition
WISH_JA = re.compile(r"最高|嬉し|うれし|助か|ありがた|いいな|ほしい|欲しい|楽しみ|思い|思う|思って|覚えて")
# such sentences in a text: of the Japanese rows labelled skip over all sets, 3 of 522 have two
MIN_GENERAL_JA = 2


def states_a_decision(body: str) -> bool:
    """Whether `body` tells a standing or reasoned decision, a standing deadline, or (in Japanese) states how a thing
    is in general in two sentences or more (see the module)."""
    units = [u for line in body.splitlines() for u in (sentences(line) or [line]) if u.strip()]
    if sum(bool(GENERAL_JA.search(u.strip())) and not WISH_JA.search(u) for u in units) >= MIN_GENERAL_JA:
        return True
    for i, unit in enumerate(units):
        if ONE_OFF.search(unit):
            continue
        if DEADLINE.search(unit):
            return True
        if DECIDED.search(unit) and any(STANDING.search(u) for u in units[i : i + 2]):
            return True
        if DECIDED.search(unit) and (SPAN.search(unit) or any(follow_up_told(u) for u in units[i:])):
            return (
                True  # "… for January and February", "we'll revisit in April": it holds a while (trial 31 #3)
            )
    return False
