"""Japanese requests over calls named in romaji: the title in the requests' words, not the tools' (round 48).

Set 48's climbing gym names its calls in romaji (`kaiin_sagasu`, `kaisuuken_hakkou`), its requests are Japanese
("10回券を買いたいので発行をお願いします"), and the kind was titled `Kaisuuken a hakkou`: the tool's name in Latin
letters, which no requester writes or reads. Kanji have no reading without a dictionary, so the romaji is not
matched to the requests' words; the calls' Japanese constants are read instead. Read by form only, no word list:

- the title is romaji: Latin words none of which a request writes, each spelled in Japanese syllables (a
  consonant or two and a vowel, `n`, a doubled consonant: `kaisuuken`, `hakkou`; `Create a contract`, English
  tools over Japanese requests, is not, and stays for the other readers);
- the thing: the Japanese constant a call passes (a value's head before its bracket, digits kept:
  `ken.namae=10回券（有効期限6か月・シューズ代別）` -> `10回券`) that the most requests write;
- the act: the kanji noun the requests ask with (`発行をお願いします`, `予約お願いします`), the one most of them
  write, when it is not part of the thing: `10回券の発行`. No act: the thing alone; no thing: the title stays.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

_LATIN = re.compile(r"[A-Za-z]+")
_JA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_HOLE = re.compile(r"\{\w+\}")
# a word spelled in Japanese syllables: (consonants) vowel, a syllabic `n`, a doubled consonant before its syllable
_ROMAJI = re.compile(
    r"^(?:(?:sh|ch|ts|[kgsztdnhbpmyrwfj])y?[aiueo]|[aiueo]|n(?![aiueoy])|([kgstdpbc])(?=\1|h))+$"
)
_ARG_VALUE = re.compile(r"(?:^|[\s`])[^\W\d][\w.-]*=([^\s`]+)")
_CONSTANT = re.compile(r"^[0-9]*[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+$")  # `10回券`, `体験`
_BRACKET = re.compile(r"[（(【\[]")
# the noun a request asks for, right before its polite ask (`発行をお願い`, `予約お願い`, `交換してください`)
_ASKED = re.compile(r"([\u3400-\u4dbf\u4e00-\u9fff]{2,})(?:を|の)?(?:お願い|して(?:ください|下さい|ほしい))")
MIN_ROMAJI = 4  # letters of a romaji word at least one title word has (`a`, `no` alone are no evidence)


def romaji(title: str) -> bool:
    """Whether a Latin title is romaji: every word of two letters or more spelled in Japanese syllables, one
    of `MIN_ROMAJI` letters or more."""
    words = [w.lower() for w in _LATIN.findall(_HOLE.sub(" ", title)) if len(w) >= 2]
    return (
        bool(words)
        and any(len(w) >= MIN_ROMAJI for w in words)
        and all(_ROMAJI.match(w) is not None for w in words)
    )


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _thing(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The calls' Japanese constant the most requests write (its head before a bracket), then the longest."""
    texts = [_norm(a) for a in asked]
    found: Counter[str] = Counter()
    for step in steps:
        if step.startswith("Reply"):
            continue
        for value in _ARG_VALUE.findall(_HOLE.sub(" ", step)):
            head = _BRACKET.split(_norm(value))[0]
            if len(head) >= 2 and _CONSTANT.match(head) and _KANJI.search(head):
                found[head] = sum(1 for t in texts if head in t)
    best = max(found, key=lambda h: (found[h], len(h)), default="")
    return best if best and found[best] else ""


def _act(asked: Sequence[str], thing: str) -> str:
    """The noun the requests ask for (`発行`), the one most of them write; "" when none or the thing's own."""
    counts = Counter(m.group(1) for a in asked for m in _ASKED.finditer(_norm(a)))
    acts = [a for a, _ in counts.most_common() if a not in thing and thing not in a]
    return acts[0] if acts else ""


def romaji_title(title: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The requests' Japanese words over a romaji title (see the module), or the title as it is."""
    texts = [a for a in asked if a.strip()]
    if len(texts) < 2 or _JA.search(title) or not romaji(title):
        return title
    if 2 * sum(1 for a in texts if _JA.search(a)) <= len(texts):
        return title  # the requests are not Japanese
    said = " ".join(texts).lower()
    if any(len(w) >= 3 and w.lower() in said for w in _LATIN.findall(title)):
        return title  # a request writes the title's word
    thing = _thing(steps, texts)
    if not thing:
        return title
    act = _act(texts, thing)
    return f"{thing}の{act}" if act else thing
