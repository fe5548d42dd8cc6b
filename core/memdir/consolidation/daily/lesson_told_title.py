"""A heading that tells the failure, over a rule for the future (trial 26 #4).

"## Nightly 1142 broke on Switch" over "- went red: shader cache mismatch. … Next time, run `make shaders` before
packaging …": the failure word is in the section's heading, the body tells only the symptom and the fix, and the
lesson reader (`lesson_text.fix_sentences`) reads a look-ahead cue ("Next time", 「次回から」) as a lesson only where
something went wrong. The heading is the episode's first line, so it is read as a sentence of the story: when it
tells a failure (`failure_told`, 「…が落ちた」「…失敗」), the rule below it is the lesson. The heading itself is
never a rule (it is not returned).
"""

from __future__ import annotations

from memdir.consolidation.daily.lesson_text import failure_told, fix_sentences


def rule_sentences(sents: list[str], text: str, title: str) -> list[str]:
    """`fix_sentences(sents, text)`, or, when they find none and the heading `title` tells a failure, the rules
    read with the heading told first."""
    said = fix_sentences(sents, text)
    head = title.strip().rstrip(".。")
    if said or not head or not failure_told(head):
        return said
    told = f"{head}。" if any("\u3040" <= c <= "\u9fff" for c in head) else f"{head}."
    return [s for s in fix_sentences([told, *sents], f"{told}\n{text}") if s != told]
