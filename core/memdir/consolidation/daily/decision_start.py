"""A decision told with its start, its terms and the errand that carries it out (trial 30 #5, fix42c).

"We decided to move the Saturday afternoon tour from 14:00 to 15:00 from December, because … Claire will update
the web form tonight." and 「話し合いの結果、来年1月の出荷分から英国向けの請求書はポンド（GBP）建てにすることに決めた。
為替リスクはオリバーさん側が持つ。円建ては国内だけ。」 were plain knowledge notes: the weekday read as a one-off
change ("Saturday's ride"), "tonight" as a date of one day, and the two sentences that spell out the decision's terms
as two things of a longer note. Read by form, in both languages:

- `START`: a start told with the decision ("from December", "starting next month", 「来年1月の出荷分から」
  「4月から」「来月以降」). With a start, a weekday in the decision names a standing thing ("the Saturday afternoon
  tour"), not one day's plan (`weekday_only`).
- `errand`: after a decision with a start, a sentence that sets one day for carrying it out ("Claire will update the
  web form tonight", 「今日中にサイトを直す」), in the future or the plain non-past, telling no failure, is no plan
  for one day: it is the decision's errand.
- `states_term`: after a decision with a start, a short sentence in the non-past that states how things stand under
  it (「為替リスクはオリバーさん側が持つ」「円建ては国内だけ」, "Oliver carries the currency risk"): its terms, at
  most MAX_TERMS, not counted among the sentences about something else.
- `SETTING_LEAD`: how the decision came about (「話し合いの結果、」, "After some discussion,") is no part of `chosen`.
- `changed_from`: the value an English change leaves ("move X from 14:00 to 15:00": 14:00), one of its options.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.decision_tense import failure_event

MAX_TERMS = 2
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
START = re.compile(
    rf"(?i)\b(?:from|starting(?: from| in| with)?|as of|effective|beginning(?: in)?)\s+(?:(?:the\s+)?(?:start|beginning)"
    rf"\s+of\s+)?(?:now on|next (?:week|month|year|season|term|quarter)|{_MONTHS}\b|the (?:new|next) (?:year|season|"
    r"term|quarter)|20\d\d)|"
    r"(?:来年度?|来月|来期|来季|来シーズン|次回|今年度|\d+月|[一二三四五六七八九十]+月)(?:[のに][^、。]{0,10}?)?(?:から|以降|より)"
)
# a standing span told instead of a start: "for December and January", "through the end of March", "over the
# winter", 「12月と1月は」「冬の間」「3月末まで」 (trial 31 #3: "move the Sunday lesson to 9:00 for December and January")
_SEASONS = r"(?:winter|summer|spring|autumn|fall|season|off-season|high season|low season|school holidays)"
SPAN = re.compile(
    rf"(?i)\b(?:for|through|thru|until|till|over|during)\s+(?:the\s+)?(?:(?:rest|end)\s+of\s+(?:the\s+)?)?"
    rf"(?:{_MONTHS}\b|{_SEASONS}\b|(?:next|coming)\s+(?:few\s+|\w+\s+)?(?:weeks|months)\b)|"
    r"(?:\d+|[一二三四五六七八九十]+)月(?:と|〜|～|-|から)(?:\d+|[一二三四五六七八九十]+)月(?:まで|の間|は)|"
    r"(?:\d+|[一二三四五六七八九十]+)月末?まで|(?:冬|夏|春|秋|シーズン|オフシーズン)(?:の間|中|季は|期間中)"
)


def stands(unit: str) -> bool:
    """Whether a decision's sentence tells when it starts or the span it holds for (START, SPAN)."""
    return bool(START.search(unit) or SPAN.search(unit))


_WEEKDAY_EN = re.compile(r"(?i)\b(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?\b")
_WEEKDAY_JA = re.compile(r"[月火水木金土日]曜")
_DAY_TIME = re.compile(
    r"(?i)\b(?:tomorrow|tonight|today|this (?:afternoon|evening|morning))\b|明日|今日|今夜|今晩|本日"
)
_FUTURE_EN = re.compile(r"(?i)\b(?:will|'ll|is going to|are going to|to)\b")
_QUESTION = re.compile(r"[?？]\s*$")
_PAST_END_JA = re.compile(r"(?:た|だった|ました|でした|かった)[。.]?$")
_MOVE_FROM = re.compile(
    r"(?i)\b(?:mov|shift|chang|switch|push|bring|bump|brought)\w*\b[^.;]{0,60}?\bfrom\s+"
    r"(?P<alt>[^,;.]{1,30}?)\s+to\s+\S"
)
# what a decision's sentence opens on before what was chosen: how it came about (「話し合いの結果、」 "After some
# discussion,"), no part of the choice
SETTING_LEAD = re.compile(
    r"(?i)^(?:(?:話し合い|協議|相談|検討|議論)の結果|(?:会議|ミーティング|打ち合わせ)で)[、,]\s*|"
    r"^(?:after (?:some |a long |much )?(?:discussion|talking it over|a vote)|in the end|after all)\s*,\s*"
)
MAX_TERM_CHARS = 60  # a Japanese term
MAX_TERM_WORDS = 14  # an English one


def weekday_only(once: list[str]) -> bool:
    """Whether every one-off mark a decision's sentence holds (`once`, the matched words) is a weekday."""
    return bool(once) and all(_WEEKDAY_EN.fullmatch(w) or _WEEKDAY_JA.fullmatch(w) for w in once)


def errand(unit: str) -> bool:
    """A sentence that sets one day for carrying a decision out (see the module)."""
    if not _DAY_TIME.search(unit) or failure_event(_DAY_TIME.sub("", unit)):
        return False
    ja = bool(re.search(r"[\u3040-\u30ff]", unit))
    return not _PAST_END_JA.search(unit.strip()) if ja else bool(_FUTURE_EN.search(unit))


def states_term(unit: str) -> bool:
    """A short statement in the non-past of how things stand under a decision (see the module)."""
    text = unit.strip()
    if _QUESTION.search(text) or failure_event(text):
        return False
    if re.search(r"[\u3040-\u30ff\u3400-\u9fff]", text):
        return len(text) <= MAX_TERM_CHARS
    return len(text.split()) <= MAX_TERM_WORDS


def changed_from(text: str) -> list[str]:
    """The values an English change leaves ("move the tour from 14:00 to 15:00": "14:00")."""
    return [m.group("alt").strip() for m in _MOVE_FROM.finditer(text)]
