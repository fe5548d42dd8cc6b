"""The mistake a short story tells without a failure word: what was done instead of what should have been (trial 30
#6, fix42c).

"A customer rang: her 生酒 arrived warm. I checked and I had printed the label as normal 宅急便, not cool, because the
form remembered the last service. The bottle was fine to drink but the taste was flat. … Lesson learned: always
check …" had no sentence a failure word reads, so the lesson took the last two sentences of the story, and "What
failed" was "The bottle was fine to drink but the taste was flat." What went wrong is the act told against what it
should have been, in the past: ", not X", "instead of X", "rather than X", "by mistake", "accidentally", "the wrong
X"; 「XではなくYで…た」「間違えて…た」「誤って…た」「うっかり…た」. `told_mistake` reads such a sentence; the lesson
step files it under "What failed" before the story's last sentences, with the sentence after it when that one gives
its cause (`mistakes`: "That was because …", 「…覚えていたためだ。」「…からだ。」).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.past_tense import PAST_VERB

_AGAINST_EN = re.compile(
    r"(?i),\s*not\s+(?:the\s+|a\s+|an\s+)?\w|\b(?:instead of|rather than|by mistake|by accident|accidentally|"
    r"mistakenly|wrongly|the wrong)\b"
)
_PAST_EN = re.compile(rf"(?i)\b(?:{PAST_VERB}|had|was|were)\b")
_AGAINST_JA = re.compile(r"ではなく|でなく|じゃなく|間違えて|間違って|誤って|うっかり|取り違え")
_PAST_JA = re.compile(r"(?:た|ました|ていた|てしまった|ちゃった)(?:[、。]|$|ため|ので|から)")


def told_mistake(sentence: str) -> bool:
    """A sentence that tells an act done against what it should have been, in the past (see the module)."""
    if _AGAINST_JA.search(sentence):
        return bool(_PAST_JA.search(sentence))
    return bool(_AGAINST_EN.search(sentence) and _PAST_EN.search(sentence))


_CAUSE_NEXT = re.compile(
    r"(?i)^(?:(?:that|this|it) (?:was|happened) because|because|the reason was|the cause was)\b|"
    r"(?:ため|から|せい)(?:だ|です|でした|だった)[。.]?$|^(?:原因は|理由は)"
)


def mistakes(story: list[str]) -> list[str]:
    """The story's sentences that tell the mistake (`told_mistake`, at most two), each with the sentence after it
    when that one gives its cause."""
    out: list[str] = []
    for i, s in enumerate(story):
        if told_mistake(s) and len(out) < 2:
            out.append(s)
            nxt = story[i + 1] if i + 1 < len(story) else ""
            if nxt and _CAUSE_NEXT.search(nxt.strip()):
                out.append(nxt)
    return out
