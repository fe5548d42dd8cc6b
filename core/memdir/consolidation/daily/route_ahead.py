"""A failure told, then a rule for the future: a lesson, kept as knowledge (round 28).

GUIDELINES.md: "lessons learned" are knowledge, and "a told failure followed by what to do differently" is a
lesson. Trial 23's second re-check (M2) found such an episode skipped or read as a procedure when its rule opens
with "From now on", "Next time" or their German, French, Spanish or Japanese forms ("Das Futter war
verschimmelt … Ab jetzt den Sirup jede Woche prüfen.", "Las tomateras se secaron porque el riego se apagó. La
próxima vez revisar el temporizador.", 「…忘れた。今後は前日に確認する。」). A text the model reads as skip, or as
procedures with less than `router.RULE_YIELDS` (a lesson told as a list of steps is a procedure), is knowledge
when

- a sentence opens with a rule for the future (`lesson_text.AHEAD_OPENS`: "from now on", "next time", "going
  forward", "in future", `EU_AHEAD`, 今後は, 次回は, 次からは, これからは), not a date or a state ("Next time is
  Tuesday", "Next time we meet on Friday", 「次回は12日です」, 「次回は1月にリリース予定です」), and
- a sentence before it (or the clause before the cue) tells a failure: the lessons' failure words
  (`lesson_text.failure_told`, with `lesson_words`' German, French, Spanish and more English ones), or a
  cause or an excess told in the past ("because", "weil", "parce que", "porque", "too fast", "zu spät", "trop",
  "demasiado", 〜たので, 〜せいで).

A bare plan ("Next time we meet on Friday", 「今後の予定：…」) tells no failure and is not read. The daily run's lesson
writer makes the lesson (`lesson_fold`), with the failure under *What failed* and the rule under what to do.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_sentences import sentences
from memdir.consolidation.daily.lesson_text import EU_AHEAD, failure_told

AHEAD_OPENS = re.compile(
    rf"(?i)(?:^|[.;:!?—–]\s*|,\s*)(?:next time|from now on|going forward|in (?:the )?future|{EU_AHEAD})(?!\w)|"
    r"(?:^|[。、]\s*)(?:今後は|次回は|次回からは|次からは|これからは|今度からは)"
)
# what follows the cue is a date, a state or a meeting, not a rule
_NOT_RULE = re.compile(
    r"(?i)(?:next time|from now on|going forward|in (?:the )?future|"
    rf"{EU_AHEAD})\s*,?\s*(?:is|was|will be|would be|it's|it is|ist|war|wird|est|sera|es|será|sera|"
    r"(?:we|i|you|they)\s+(?:meet|see|visit|talk|go|play|are|have)|treffen|sehen|on se voit|nos vemos)\b|"
    r"(?:今後は|次回は)[^。]{0,12}(?:\d+日|[月火水木金土日]曜)[^。]{0,6}(?:です|だ|に会う|に集まる)。?$|"
    r"(?:そうです|らしい|でしょう|だろう|かもしれない|かもしれません|予定(?:です|だ)?|見込み(?:です|だ)?)[。.!！]?\s*$|"
    r"\b(?:is|are) (?:planned|scheduled|due)\b"
)
# a cause or an excess told ("because the ramp was too fast", "weil", "parce que", "porque", 〜たので, 〜せいで)
CAUSE = re.compile(
    r"(?i)\b(?:because|too (?:fast|slow|much|little|high|low|early|late|long|short|hot|cold))\b|"
    r"(?<!\w)(?:weil|zu (?:schnell|langsam|viel|wenig|hoch|niedrig|fr[üu]h|hei[ßs]|kalt)|parce qu(?:e|')|trop|"
    r"porque|ya que|demasiado)(?!\w)|"
    r"(?:た|だ|かった)(?:ので|から|せいで|ため)|せいで"
)


def _failure(s: str) -> bool:
    return bool(failure_told(s) or CAUSE.search(s))


def tells_a_lesson(body: str) -> bool:
    """Whether `body` tells a failure and then opens a rule for the future (see the module)."""
    units = [u.strip() for u in sentences(body) if u.strip()]
    for i, unit in enumerate(units):
        m = AHEAD_OPENS.search(unit)
        if not m or unit.rstrip().endswith(("?", "？")) or _NOT_RULE.search(unit):
            continue
        if _failure(unit[: m.start()]) or any(_failure(u) for u in units[:i]):
            return True
    return False


def lesson_told(kind: str, sure: bool, body: str) -> bool:
    """The model's `kind` is skip, or procedures it is not `sure` of (routing round 22's `RULE_YIELDS`: a procedure
    the model is sure of is a lesson's steps, "次回からは、まず…してから…"), and `body` tells a lesson."""
    return (kind == "skip" or (kind == "procedures" and not sure)) and tells_a_lesson(body)
