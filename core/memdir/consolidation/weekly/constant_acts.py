"""A title made of one request's own words gives way to the act its requests write in the calls' constant (round 57).

Set 57's cooperage titled its cask repairs `Has dried out`: a complaint two of three requests happen to write,
which the repair call passes as each request's own value (`vuto=dried out over winter`, `vuto=planter, loose
hoops, dried out`). Every repair's call passes the same service (`dzina=Re-hoop, re-char and swell test`), and
a request writes the act in its words (`Please re-hoop and re-char it`). Read by form, for English requests:

- the title holds a word of a value the kind's calls carry from one request to the next (a placeholder whose
  tasks pass different values: `own_values.own_value_words`);
- a request writes two or more of a constant's words in a row, joined only by small words (`re-hoop and
  re-char`), none of them a number or a value's word: that run is the act;
- the thing is the word more than half of the requests write that a constant holds too (`cask` of
  `khodi=CASK-REHOOP`), outside the act: `Re-hoop and re-char a cask`.

Otherwise the title stays: nothing is invented.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from memdir.consolidation.weekly.action_titles import singular
from memdir.consolidation.weekly.function_words import FUNCTION_WORDS

_VALUE = re.compile(r"(?:^|[\s=])[^\W\d][\w.-]*=([^\s`{=][^=`{}]*?)(?=\s+[^\W\d][\w.-]*=|`|$)")
_TOKEN = re.compile(r"[A-Za-z]+(?:['-][A-Za-z]+)*")
_CLAUSE = re.compile(r"[.,;:!?()]")


def _parts(word: str) -> set[str]:
    return {word, *re.split(r"[-'_]", word)}


def _constants(steps: Sequence[str]) -> list[set[str]]:
    out: list[set[str]] = []
    for step in steps:
        if step.startswith("Reply"):
            continue
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            words = {p for w in _TOKEN.findall(m.group(1).lower()) for p in _parts(w)}
            if words:
                out.append(words)
    return out


def _act(texts: Sequence[str], constants: Sequence[set[str]], own: Collection[str]) -> list[str]:
    """The longest run of a request's words, two or more of one constant, small words between them."""
    best: list[str] = []
    for text in texts:
        for clause in _CLAUSE.split(text):
            toks = _TOKEN.findall(clause)
            for words in constants:
                i = 0
                while i < len(toks):
                    run: list[str] = []
                    j = i
                    while j < len(toks):
                        low = toks[j].lower()
                        if low in words and low not in FUNCTION_WORDS and low not in own:
                            run = toks[i : j + 1]
                        elif low not in FUNCTION_WORDS or not run:
                            break
                        j += 1
                    content = [w for w in run if w.lower() not in FUNCTION_WORDS]
                    if len(content) >= 2 and len(run) > len(best):
                        best = run
                    i += 1
    return best


def constant_act(title: str, steps: Sequence[str], asked: Sequence[str], own: Collection[str]) -> str:
    """The act and thing of the calls' constant over a title of one request's own words (see the module)."""
    texts = [a for a in asked if a.strip()]
    words = [w.lower() for w in _TOKEN.findall(title)]
    if len(texts) < 3 or "{" in title or not any(p in own for w in words for p in _parts(w)):
        return title
    if any(re.search("[^\\x00-\\x7f]", c) for t in texts for c in _TOKEN.sub("", t) if c.isalpha()):
        return title  # English requests only
    constants = _constants(steps)
    act = _act(texts, constants, own)
    if not act or act[0].lower() in FUNCTION_WORDS:
        return title
    done = {p for w in act for p in _parts(w.lower())}
    held = set().union(*constants)
    counts: dict[str, int] = {}
    for text in texts:
        for noun in {singular(w.lower()) for w in _TOKEN.findall(text)}:
            if len(noun) >= 3 and noun not in FUNCTION_WORDS and noun not in done and noun in held:
                counts[noun] = counts.get(noun, 0) + 1
    things = sorted((n for n, c in counts.items() if 2 * c > len(texts)), key=lambda n: (-counts[n], n))
    phrase = " ".join(w.lower() for w in act)
    phrase = phrase[:1].upper() + phrase[1:]
    if not things:
        return phrase
    article = "an" if things[0][:1] in "aeio" else "a"
    return f"{phrase} {article} {things[0]}"
