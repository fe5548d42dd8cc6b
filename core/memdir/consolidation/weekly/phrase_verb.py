"""The verb a request writes right before the phrase its kind's requests share.

A shared phrase is often the thing the kind acts on (`resort fee`, `micro sample`): "Pool's closed all
week, take the resort fee off …", "… please waive the resort fee". A request that opens a clause with a
verb right before it (an article between) says what is done to it; of those verbs, the one the kind's
steps or replies also write (`RF-WAIVE-SVC`: `waive`), or two requests write, opens the title: "Waive the
resort fee". A verb one request writes alone is that person's wording, not the kind's: the phrase stays.
Round 59: the verb may follow a question's `could you` / `can you`, and one word may stand between the article
and the phrase ("could you paint a traditional Buckby can" -> "Paint a Buckby can", as the request spells it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.naming import FUNCTION_WORDS

_LEAD = re.compile(
    r"(?:^|[,.;:!?]\s+|\b(?:please|pls|plz|(?:can|could|would|will) you)\s+)"
    r"([A-Za-z]{3,})\s+(?:(a|an|the)\s+([a-z]{3,}\s+)?)?$",
    re.I,
)


def with_verb(phrase: str, asked: Sequence[str], done: Sequence[str]) -> str:
    """`resort fee` + "… please waive the resort fee" + a step's `RF-WAIVE-SVC` -> "Waive the resort fee";
    the phrase as it is when no request's verb before it is the kind's (see the module)."""
    low = phrase.lower()
    if not re.fullmatch(r"[a-z][a-z -]*", low):
        return phrase
    said = "\n".join(done).lower()
    for text in asked:
        at = text.lower().find(low)
        m = _LEAD.search(text[:at]) if at > 0 else None
        if m is None:
            continue
        verb, article = m.group(1).lower(), m.group(2) or ""
        if verb in FUNCTION_WORDS or verb in ("please", "pls", "plz") or verb == low.split()[0]:
            continue
        by = re.compile(rf"(?<![a-z]){re.escape(verb)}(?![a-z])")
        if by.search(said) or sum(1 for a in asked if by.search(a.lower())) >= 2:
            thing = text[at : at + len(phrase)]  # as the request writes it mid-sentence (`Buckby can`)
            thing = thing if thing.lower() == low else phrase
            if m.group(3) and article.lower() in ("a", "an"):  # `an antique cuckoo clock` -> `a cuckoo clock`
                article = "an" if low[:1] in "aeiou" else "a"
            return " ".join(w for w in (verb.capitalize(), article.lower(), thing) if w)
    return phrase
