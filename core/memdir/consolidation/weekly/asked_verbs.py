"""The act the requests write, over a tool's verb they do not (trial 28 #1, round 62).

A kind titled by its decisive call (`pms_create_appointment` -> `Create an appointment`) says what the tool is
called, not what the people asked: "Book Kinako for a nail trim …", "Can you book Max for a bath …",
「…を予約してください」. An English request's act is the verb it opens a clause with, or writes after `please`
or a question's `can/could/would/will you`; when two requests or more open with the same verb and no request
writes the tool's verb in any form (its first four letters), the title takes the requests' verb: `Book an
appointment`. The tool's thing stays (no request names one thing the same way). Read by form: no list of verbs.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from memdir.consolidation.weekly.naming import FUNCTION_WORDS

# a clause's first word, or the word after `please` / `can you`: the act a request asks for
_OPENING = re.compile(r"(?:^|[.;:!?]\s+)([A-Za-z]{3,})\b(?!['’])")
_ASKING = re.compile(r"\b(?:please|pls|(?:can|could|would|will) you(?: please)?)\s+([A-Za-z]{3,})\b", re.I)
# greetings, thanks and words that open a sentence about oneself: never the act
_NOT_ACT = frozenset(
    [
        "hi",
        "hey",
        "hello",
        "dear",
        "thanks",
        "thank",
        "please",
        "pls",
        "can",
        "could",
        "would",
        "will",
        "shall",
        "may",
        "might",
        "need",
        "needs",
        "just",
        "also",
        "still",
        "here",
        "there",
        "what",
        "which",
        "who",
        "how",
        "why",
        "where",
        "when",
    ]
)
MIN_OPENERS = 2


def asked_verb(asked: Sequence[str], tool_verb: str) -> str:
    """The verb two or more requests open with, when none writes `tool_verb` in any form; "" otherwise."""
    texts = [a for a in asked if a.strip()]
    head = re.escape(tool_verb.lower()[:4])
    if not head or any(re.search(rf"(?<![a-z]){head}", t.lower()) for t in texts):
        return ""
    return opening_verb(texts)


def opening_verb(asked: Sequence[str]) -> str:
    """The verb two or more requests open a clause with (or write after `please` / `can you`), more of them
    than any other; "" when none or a tie."""
    texts = [a for a in asked if a.strip()]
    count: Counter[str] = Counter()
    for text in texts:
        opened = {m.group(1).lower() for rx in (_OPENING, _ASKING) for m in rx.finditer(text)}
        count.update(w for w in opened if w not in FUNCTION_WORDS and w not in _NOT_ACT)
    found = [w for w, n in count.most_common() if n >= MIN_OPENERS]
    return found[0] if len(found) == 1 or len(found) > 1 and count[found[0]] > count[found[1]] else ""
