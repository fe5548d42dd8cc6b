"""A frame word at a phrase's head: a word the requests write before anything.

The requests of a kind in a language no reader here knows (`request_language`: Latin letters, not
English) are titled by the phrase they share (`titles.shared_phrase`), which starts at a word more than
half of them write. Such a word can be a preposition, an article or a wish of that language, written
before a different word each time: Gaelic `airson` ("for") in "airson banais", "airson a' Mhòid",
"airson òrdugh", "airson fèileadh-beag" made the title `Airson fèileadh-beag` ("for a kilt"). A phrase's
first word that the requests write three times or more, each time before another word (the next word of
three letters or more, so an article between is no other word; a clause's end is before nothing),
frames what follows and is no part of the kind's name: the title is the rest (`Fèileadh-beag`). A word
the steps write is the kind's own, whatever follows it: Indonesian `karpet` before `kamar`, `besar`,
`ruang` (a noun before its qualifiers) with `service.name=Cuci karpet besar`. A verb
the kind's requests write before their thing ("reservar una mesa", "reservar la mesa") is followed by
the same word and stays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*'?")
_STOP = re.compile(r"[.,;:!?()]")
MIN_FRAMES = 3  # writes of a word, each before another word, that make it a frame
_LOOK = 2  # words after it that may hold the word it frames


def _followers(word: str, texts: Sequence[str]) -> list[str]:
    """The word each writing of `word` is written before ("" when a clause ends first)."""
    out: list[str] = []
    for text in texts:
        found = list(_WORD.finditer(text))
        for i, m in enumerate(found):
            if m.group(0).lower() != word:
                continue
            after, end = "", m.end()
            for n in found[i + 1 : i + 1 + _LOOK]:
                if _STOP.search(text[end : n.start()]):  # `4 kavanoza. I marr`: before nothing
                    break
                if len(n.group(0).strip("'’")) >= 3:
                    after = n.group(0).lower()
                    break
                end = n.end()
            out.append(after)
    return out


def without_frame(phrase: str, texts: Sequence[str], steps: Sequence[str] = ()) -> str:
    """The phrase without a head word the requests write before a different word each time and the steps
    do not write (see the module); the phrase as it is otherwise."""
    words = phrase.split()
    if len(words) < 2:
        return phrase
    said = {w.lower() for s in steps for w in _WORD.findall(s)}
    if words[0].lower() in said:  # `karpet` of `service.name=Cuci karpet besar`: the kind's own word
        return phrase
    followers = _followers(words[0].lower(), texts)
    if len(followers) < MIN_FRAMES or "" in followers or len(set(followers)) < len(followers):
        return phrase
    rest = " ".join(words[1:])
    return rest[:1].upper() + rest[1:]
