"""A kind named by the service its calls pass when its requests share no phrase of the work (round 62).

English requests each tell their own story ("I dinged the nose of my 6'2", "the tail is smashed. Can you repair
it?", "Any chance of fixing it?") over tools named in another language (`таъмири_тахта`, Tajik): no phrase is
shared but a place (`near the tail`, which `recurring` no longer reads as work), and no tool word is theirs. The
calls pass the service by its name in the requests' own letters (`ном=Ding repair, resin and sand back`): its
head (before a comma, a number, a bracket) is the kind's title when every word of it of three letters or more
(function words aside) is written by a request in some form (`ding` of `dinged`, `kind_words.same_word`), it has
two such words or more, and two requests or more write them: the work in the requests' words, no word invented.
Of several heads, the one with the most such words, then the most writers, then the shortest. "" when none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.function_words import FUNCTION_WORDS
from memdir.consolidation.weekly.kind_words import same_word

_VALUE = re.compile(r"(?:^|\s)[^\W\d][\w.-]*=([^\s`{=][^=`{}]*?)(?=\s+[^\W\d][\w.-]*=|`|$)")
_HEAD_END = re.compile(r"[\d(（\[{;,.:!?]")
_WORD = re.compile(r"[A-Za-z\u00c0-\u024f]+(?:['-][A-Za-z\u00c0-\u024f]+)*")
MAX_WORDS = 4


def service_head(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The head of a service the calls pass whose words the requests write (see the module); ""."""
    texts = [a for a in asked if a.strip()]
    if len(texts) < 3:
        return ""
    bags = [{w.lower() for w in _WORD.findall(t)} for t in texts]
    best: tuple[int, int, int, str] = (0, 0, 0, "")
    for step in steps:
        if step.startswith("Reply"):
            continue
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = " ".join(_HEAD_END.split(m.group(1), maxsplit=1)[0].split())
            words = head.split()
            if not words or len(words) > MAX_WORDS or not all(_WORD.fullmatch(w) for w in words):
                continue
            content = [w.lower() for w in words if len(w) >= 3 and w.lower() not in FUNCTION_WORDS]
            writers = [{n for n, b in enumerate(bags) if any(same_word(w, x) for x in b)} for w in content]
            if len(content) < 2 or not all(writers):
                continue
            who = len(set().union(*writers))
            if who < 2:
                continue
            rank = (len(content), who, -len(head))
            if rank > best[:3]:
                best = (*rank, head)
    return best[3][:1].upper() + best[3][1:] if best[3] else ""
