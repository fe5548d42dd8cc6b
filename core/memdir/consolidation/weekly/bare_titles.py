"""A title that names a thing but no action gets the kind's action (round 17).

When a kind's requests share a noun phrase (`fuel card`, `subscriber exchange`, `cancelled recital`) but no
two of them write the same verb right before it (`phrase_verb.with_verb` leaves it as it is), the phrase
alone names what the work is about, not what is done: "Fuel card". The kind's decisive call says what is
done (`lock_card` -> "Lock a card", `op=refund` -> "Refund an order"); when a request writes that verb
(any form, anywhere: "lock it please", "Can you refund …"), the call's title is the kind's, and the shared
phrase names its object when it ends in the call's own noun ("Lock a card" + `fuel card` -> "Lock a fuel
card"). A call whose verb no request writes leaves the phrase as it was: nothing is invented.
"""

from __future__ import annotations

import re

from memdir.consolidation.weekly.action_titles import singular

_LATIN_PHRASE = re.compile(r"[A-Za-z][A-Za-z -]*")
_OBJECT = re.compile(r"^(\S+) (an?|the) ([a-z][a-z-]*)\b")


def is_bare(said: str, phrase: str) -> bool:
    """Whether a title is the requests' shared English noun phrase with no verb: nothing was put before
    it and no article follows its first word (`Retrain the churn model` is a verb and its object)."""
    if not said or said != phrase or _LATIN_PHRASE.fullmatch(said) is None:
        return False
    return not any(w in ("a", "an", "the") for w in said.lower().split()[1:])


def verb_object(work: str) -> bool:
    """Whether a call's title reads as a verb and its object (`Lock a card`, `Refund an order`)."""
    return _OBJECT.match(work) is not None


def with_object(work: str, phrase: str) -> str:
    """The call's title with the shared phrase as its object when the phrase ends in the call's noun
    (`Lock a card` + `fuel card` -> "Lock a fuel card"); the call's title as it is otherwise."""
    m = _OBJECT.match(work)
    words = phrase.lower().split()
    if m is None or len(words) < 2 or singular(words[-1]) != singular(m.group(3)):
        return work
    article = m.group(2) if m.group(2) == "the" else ("an" if words[0][:1] in "aeio" else "a")
    return f"{m.group(1)} {article} {phrase.lower()}{work[m.end() :]}"
