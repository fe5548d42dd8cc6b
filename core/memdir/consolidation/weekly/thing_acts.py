"""A title that names the thing its calls pass, and no act, gets the act its requests write (round 55).

Set 55 titled a kite maker's orders `Delta kite`, a thangka studio's border work `ब्रोकेड किनारा` ("brocade
border") and its mandala orders `मण्डला`: the thing, named as the calls pass it (`kaya.suna=Delta kite 2 m`,
`asa.anarana=रेसमी ब्रोकेड किनारा जडान`, "silk brocade border fitting"), not what is done with it. Read by
form, in any script written with spaces:

- the thing is a title of one to three words, no placeholder, that the head of a constant a call passes (its
  words before a comma, a number or a bracket) holds whole, word for word;
- when that head goes on after the title and a request writes the title and those words together (`ब्रोकेड
  किनारा जडान गर्न`), the title is the head from its first word to its end (the service the desk names:
  `ब्रोकेड किनारा जडान`, "brocade border fitting"; `मण्डला थाङ्का`, the thing named whole);
- in English, a request's infinitive of what is to be done to the thing (`I'd like to order one of your 2 m
  delta kites`: `to`, a verb, then only determiners, numbers, units and `one of your` before the thing), when
  the requests write no other such verb, titles it as "Verb a thing": `Order a delta kite`.

Otherwise the title stays: nothing is invented. Japanese titles have their own reader (`ja_act`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import singular
from memdir.consolidation.weekly.function_words import FUNCTION_WORDS
from memdir.consolidation.weekly.script_words import MARKS

_VALUE = re.compile(r"(?:^|\s)[^\W\d][\w.-]*=([^\s`{=][^=`{}]*?)(?=\s+[^\W\d][\w.-]*=|`|$)")
_HEAD_END = re.compile(r"[\d(（\[{;,.:!?।।॥、。]")
_WORD = re.compile(rf"[^\W\d_](?:[^\W\d_]|[{MARKS}])*")
_LATIN = re.compile(r"[A-Za-z]+")
# between an infinitive and its thing: determiners, numbers and units, `one of your`
_BETWEEN = r"(?:(?:a|an|the|one|of|your|some|two|three|\d+(?:\.\d+)?|m|cm|mm|kg|x)\s+)*"
MAX_WORDS = 3


def _heads(steps: Sequence[str]) -> list[list[str]]:
    out: list[list[str]] = []
    for step in steps:
        if step.startswith("Reply"):
            continue
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = _HEAD_END.split(m.group(1), maxsplit=1)[0]
            words = _WORD.findall(head)
            if words and " ".join(words) == " ".join(head.split()):
                out.append(words)
    return out


def _said(words: Sequence[str], text: str) -> bool:
    pattern = r"\s+".join(re.escape(w) for w in words)
    return re.search(rf"(?<![^\W\d_]){pattern}(?![^\W\d_])", text, re.IGNORECASE) is not None


def thing_act(title: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The title with the act its requests write with the thing (see the module), or the title as it is."""
    words = title.split()
    texts = [a for a in asked if a.strip()]
    if "{" in title or not 1 <= len(words) <= MAX_WORDS or len(texts) < 2 or _WORD.findall(title) != words:
        return title
    low = [w.lower() for w in words]
    held = False
    for head in _heads(steps):
        h = [w.lower() for w in head]
        at = next((i for i in range(len(h) - len(low) + 1) if h[i : i + len(low)] == low), -1)
        if at < 0:
            continue
        held = True
        more = head[at + len(low) :]
        if more and any(_said([*words, *more], t) for t in texts):
            return " ".join([*words, *more])
    if not held or not all(w.isascii() for w in low) or any(w in FUNCTION_WORDS for w in low):
        return title
    thing = r"\s+".join(re.escape(w) for w in low[:-1]) + rf"\s+{re.escape(singular(low[-1]))}s?"
    thing = thing.removeprefix(r"\s+")
    verbs = {
        m.group(1).lower()
        for t in texts
        for m in re.finditer(rf"\bto\s+([a-z]{{3,}})\s+{_BETWEEN}{thing}\b", t, re.IGNORECASE)
    }
    if len(verbs) != 1 or (verb := verbs.pop()) in FUNCTION_WORDS or not _LATIN.fullmatch(verb):
        return title
    named = " ".join([*low[:-1], singular(low[-1])])
    article = "an" if named[:1] in "aeio" else "a"
    return f"{verb.capitalize()} {article} {named}"
