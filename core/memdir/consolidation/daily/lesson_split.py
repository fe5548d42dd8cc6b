"""A fix sentence's parts: the failure and the rule told in one sentence (`split_fix`), and the rule a lesson's
description gives (`what_to_do`)."""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_change import is_slip
from memdir.consolidation.daily.lesson_text import AHEAD, NORM, _happened, failure_told
from memdir.consolidation.daily.lesson_turns import PROHIBIT, is_instruction
from memdir.consolidation.daily.shape_case import cap_first

_LEAD_IN = re.compile(r"(?:[:：]|(?:次|以下)の(?:とおり|通り)(?:です)?[。.]?|as follows[.:]?)\s*$", re.I)


def what_to_do(fixes: list[str]) -> str:
    """A lesson's description: the change it records, in the episode's words (`Lesson: <title>: …`
    repeated the heading); a lead-in that only announces a list (「今年からは次のとおり。」, `From now on:`)
    takes the first item after it."""
    first = fixes[0].strip()
    if _LEAD_IN.search(first) and len(fixes) > 1:
        return f"{first} {fixes[1].strip()}"
    return first


# "…fails with X when Y; from now on use Z", 「…で失敗したので、今後は…する」: one sentence holding both the
# failure and the rule; the clause after the break is what to do, the one before it what failed.
_SPLIT_EN = re.compile(
    r"^(?P<head>.{12,}?)(?:\s*[;；]\s*|\s+[—–-]\s+|,\s+(?=so\b))(?P<tail>(?:so\s+|and\s+)?(?:from now on|going forward|"
    r"next time|in (?:the )?future|from (?:today|here on)|always|never|make sure|(?:we|i)(?:'ll| will| must| should| now))"
    r"\b.{8,})$",
    re.I,
)
_SPLIT_JA = re.compile(
    r"^(?P<head>.{6,}?(?:ので|ため|から|が|けど|けれど))[、,]\s*(?P<tail>(?:今後は?|次から(?:は)?|次回から(?:は)?|"
    r"これからは|以後|今度から(?:は)?).{4,})$"
)


# "Lesson learned: check the stock before booking; we had to cancel booking 4.": the rule first, then the
# failure that taught it, after a semicolon or a dash (trial 22 #11: the failure was kept in the rule).
_RULE_THEN_FAILURE = re.compile(r"^(?P<rule>.{12,}?)(?:\s*[;；]\s*|\s+[—–]\s+)(?P<failed>.{8,})$")


def split_fix(sentence: str) -> tuple[str, str] | None:
    """(what failed, what to do) when a fix sentence tells what happened first and the rule after a break
    (the rule opens the second clause: "from now on", "next time", 「今後は」), or the rule first and then the
    failure that taught it, told as an event ("…before booking; we had to cancel booking 4")."""
    back = _RULE_THEN_FAILURE.match(sentence)
    if back and _happened(back.group("failed")) and not failure_told(back.group("rule")):
        return back.group("failed").strip(), back.group("rule").strip(" ,;；")
    m = _SPLIT_EN.match(sentence) or _SPLIT_JA.match(sentence)
    if not m or NORM.search(m.group("head")) or AHEAD.search(m.group("head")):
        return None  # the clause before the break is a rule too: nothing failed in it
    # a rule, or a prohibition after a clause telling no failure, is one rule ("…, re-run …; never …", trial 18)
    told = failure_told(m.group("head")) or is_slip(m.group("head"))
    if not told and (is_instruction(m.group("head")) or PROHIBIT.search(m.group("tail"))):
        return None
    tail = m.group("tail").strip()
    tail = re.sub(r"^(?:so|and)\s+", "", tail, flags=re.I)
    return m.group("head").strip(" ,;"), cap_first(tail)
