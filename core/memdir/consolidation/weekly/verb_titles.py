"""A title from the verb the requests write before a value the steps carry (round 14).

When neither the requests' shared words nor the calls name a kind (`Batch B26-0871 is bright, let's keg
it`, `keg B26-0876 today`, `kegging run for B26-0884`), the verb two or more requests write right before
(or a few words before) a value of a placeholder, and the thing that placeholder is (named by the key that
carries it: `batch=B26-{batch}`), make the title: "Keg a batch". Nothing is invented: both words are written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.recurring import (
    _ALPHA,
    _COURTESY,
    _clauses,
    _content,
    _same,
    _stems,
    _witnesses,
    stem,
)

_COUNT = re.compile(r"[\d.,]+")


def _count(value: str, token: str) -> bool:
    """A value written as a number alone (`order 20`): a count, no thing (`refill T-07` names a tank)."""
    return value == token and _COUNT.fullmatch(value) is not None


def verb_and_thing(asked: Sequence[str], values: Mapping[str, Sequence[str]]) -> str:
    """When nothing else names a kind: the verb two or more requests write right before a value the steps
    carry, and the thing that value is (`keg B26-0876` + `batch=B26-{batch}` -> "Keg a batch"; "refill T-07",
    "refilling run for T-33" + `tank={tank}` -> "Refill a tank"). A value written as a number alone is a count, no
    thing (`order 20` + `qty={qty}` was "Order a qty", trial 28). "" when no such pair is written."""
    bags = [(_stems(a), set[str]()) for a in asked]
    typed = {
        "value",
        "number",
        "word",
        "name",
        "object",
        "target",
        "source",
        "id",
        "date",
        "email",
        "url",
        "path",
    }
    best: tuple[int, int, str] = (0, 0, "")
    for text in asked:
        for toks in _clauses(text):
            for i, t in enumerate(toks[:-1]):
                word = t.lower()
                if not re.fullmatch(r"[a-z]{3,}", word) or not _content(word) or word in _COURTESY:
                    continue
                n = _witnesses(word, bags)
                if n < 2:
                    continue
                # the value right after the verb or a few words on (`keg B26-0876`, `kegging run for B26-0884`)
                gap, name = next(
                    (
                        (g, n)
                        for g, after in enumerate(toks[i + 1 : i + 4])
                        for n in (
                            re.sub(r"\d+$", "", k)
                            for k, vs in values.items()
                            if any(len(v) >= 2 and v in after and not _count(v, after) for v in vs)
                        )
                    ),
                    (0, ""),
                )
                if not name or name in typed or not re.fullmatch(r"[a-z][a-z_]*", name):
                    continue
                if (n, -gap) > best[:2]:
                    # the verb as the requests write it plainest (`keg` of `kegging`)
                    forms = [
                        w.lower() for a in asked for w in _ALPHA.findall(a) if _same(stem(w), stem(word))
                    ]
                    verb = min(forms, key=len, default=word)
                    if verb.endswith("ed"):
                        continue  # `booked the crossing`: what was done before, no request's verb
                    article = "an" if name[0] in "aeio" else "a"
                    best = (n, -gap, f"{verb[:1].title()}{verb[1:]} {article} {name.replace('_', ' ')}")
    return best[2]
