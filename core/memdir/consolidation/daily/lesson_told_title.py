"""A heading that tells the failure, over a rule for the future (trial 26 #4).

"## Nightly 1142 broke on Switch" over "- went red: shader cache mismatch. … Next time, run `make shaders` before
packaging …": the failure word is in the section's heading, the body tells only the symptom and the fix, and the
lesson reader (`lesson_text.fix_sentences`) reads a look-ahead cue ("Next time", 「次回から」) as a lesson only where
something went wrong. The heading is the episode's first line, so it is read as a sentence of the story: when it
tells a failure (`failure_told`, 「…が落ちた」「…失敗」), the rule below it is the lesson. The heading itself is
never a rule (it is not returned).

A "don't" for one day is no rule for the future (trial 29 #5: "Don't rent #7 tomorrow, I want to ride it once more
first." after a repair was a lesson whose fix was that sentence): a prohibition whose clause names the day it is
for ("tomorrow", "tonight", "this weekend", "on Friday"; 「明日は…ないで」), not a start ("from tomorrow"), is the
day's instruction, never a lesson's rule.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_text import failure_told, fix_sentences

_ONE_DAY = re.compile(
    r"(?i)^(?:(?:so|and|but)\s+)?(?:please\s+)?(?:don't|dont|do not)\s+(?![^,.;:]{0,60}?\b(?:from|starting|after|as of)\s+"
    r"(?:tomorrow|today|tonight))[^,.;:]{0,60}?\b(?:tomorrow|tonight|today|this (?:morning|afternoon|evening|weekend)|"
    r"on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|"
    r"^(?:明日|今日|今夜|今晩|本日|あした|きょう)(?!から|以降)[はも]?[、,]?[^。]{0,40}?(?:ないで|ないこと|ないように|しないで|禁止)"
)


def one_day(sentence: str) -> bool:
    """A prohibition for one day ("Don't rent #7 tomorrow", 「明日は7番を貸し出さないで」), no standing rule."""
    return bool(_ONE_DAY.search(sentence.strip()))


def rule_sentences(sents: list[str], text: str, title: str) -> list[str]:
    """`fix_sentences(sents, text)`, or, when they find none and the heading `title` tells a failure, the rules
    read with the heading told first."""
    said = [s for s in fix_sentences(sents, text) if not one_day(s)]
    head = title.strip().rstrip(".。")
    if said or not head or not failure_told(head):
        return said
    told = f"{head}。" if any("\u3040" <= c <= "\u9fff" for c in head) else f"{head}."
    return [s for s in fix_sentences([told, *sents], f"{told}\n{text}") if s != told and not one_day(s)]
