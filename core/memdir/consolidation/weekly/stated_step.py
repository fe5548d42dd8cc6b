"""The step a task's stated failure reason names ("calendar.book returned 409", "rollout timed out").

`Task.failing_step` asks here when no result said which call failed but the task's end said why. The stop
words (`STOP`) count neither in that match nor among a task's object words (`Task.object_words`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memdir.consolidation.weekly.steps import Step


STOP = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "from",
        "into",
        "onto",
        "that",
        "this",
        "then",
        "than",
        "them",
        "they",
        "their",
        "there",
        "what",
        "when",
        "where",
        "which",
        "who",
        "how",
        "all",
        "any",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "not",
        "but",
        "you",
        "your",
        "our",
        "out",
        "off",
        "via",
        "per",
        "its",
        "it's",
        "get",
        "set",
        "use",
    ]
)
_LATIN_WORD = re.compile(r"[^\W_][\w.\-/]*[^\W_]")
_CJK_WORD = re.compile(r"[\u30a0-\u30ff\u3400-\u9fff]{2,}")  # a kanji or katakana word (particles split)


def _words(text: str) -> set[str]:
    low = text.lower()
    return {w for w in _LATIN_WORD.findall(low) if len(w) >= 3 and w not in STOP} | set(
        _CJK_WORD.findall(low)
    )


def _said(word: str, reason: str) -> bool:
    """`word` occurs in the reason as a whole word (a CJK word: anywhere, CJK has no spaces)."""
    if _CJK_WORD.fullmatch(word):
        return word in reason
    return re.search(rf"(?<![\w.\-/]){re.escape(word)}(?![\w\-/]|\.\w)", reason) is not None


def named_step(steps: list[Step], reason: str) -> Step | None:
    """The step a stated failure reason names: the last whose tool the reason names ("calendar.book
    returned 409"), else the one whose own words (in no other step) it names most ("rollout timed out"
    for the one `kubectl rollout status …`); None when it names none, or several alike.
    """
    low = reason.lower()
    acted = [s for s in steps if s.kind != "response"]
    by_tool = [s for s in acted if s.tool and _said(s.tool.lower(), low)]
    if by_tool:
        return by_tool[-1]
    own = [_words(s.input) for s in acted]
    scores = []
    for i, words in enumerate(own):
        others = set().union(
            *(w for j, w in enumerate(own) if j != i and acted[j].render() != acted[i].render())
        )
        scores.append(sum(1 for w in words - others if _said(w, low)))
    best = max(scores, default=0)
    if best == 0:
        return None
    top = {acted[i].render() for i, n in enumerate(scores) if n == best}
    return next(s for s in reversed(acted) if s.render() in top) if len(top) == 1 else None
