"""A Korean-led kind is named in Korean: the thing its calls' Korean constant names, and the act (round 29).

Set 29's flower shop (DSPy ReAct, requests in Korean) titled its bouquet kind `Create order`: the decisive call
names no thing (`create_order`), while its constants say what is ordered (`product={product} 꽃다발 {value}`).
As `japanese_work` does for a Japanese desk, the thing is a constant of the calls, in the requests' language,
and the act the decisive call's, written after it as Korean does (`꽃다발 주문`, `근조3단 주문`).

The thing: a Korean word (a run of Hangul, digits joined: `근조3단`) of a constant the calls send under a key
that names what the work is on (`product`, `item`, `service`, `plan`, `menu`, `course`, `package`, …; not a
ribbon's, a card's or a person's free text, whose words the requester also writes), the one most requests
write (a request writes `꽃다발` when it holds it, or a word that starts it: `꽃 배달`), the first on a tie.
The act: book, reserve, schedule -> 예약; create, register, apply, enroll, subscribe -> 신청; issue -> 발급; an
object that is itself an act (`order`, `booking`) -> its noun (주문, 예약). No thing: "" (the title stays).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.work_acts import act_word, led_by

_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_WORD = re.compile(r"[\uac00-\ud7a3][\uac00-\ud7a30-9]*[\uac00-\ud7a3]|[\uac00-\ud7a3]")
_HOLE = re.compile(r"\{\w+\}")
# keys whose value names the thing the work is on (a product, a service), in the tools' English
_THING_KEYS = re.compile(
    r"(?:^|_)(?:product|item|service|plan|menu|course|package|goods|offer|category|kind|type)s?$", re.I
)
_ARG = re.compile(r"(?:^|(?<=[\s`]))([A-Za-z][\w]*)=")
_ENDS_ACT = re.compile(r"(?:주문|예약|신청|발급|접수|등록)$")


def korean_led(asked: Sequence[str]) -> bool:
    """Whether most requests are Korean."""
    return led_by(asked, _HANGUL)


def thing_values(steps: Sequence[str]) -> list[str]:
    """The values the calls send under a key naming a thing (`product=근조3단-기본`), holes taken out."""
    out: list[str] = []
    for step in steps:
        if step.startswith("Reply"):
            continue
        found = list(_ARG.finditer(step))
        ends = [m.start() for m in found[1:]] + [len(step)] if found else []
        for m, end in zip(found, ends, strict=True):
            if _THING_KEYS.search(m.group(1)):
                value = step[m.end() : end]
                out.append(_HOLE.sub(" ", value.strip(" `")))
    return out


def _writes(request: str, word: str) -> bool:
    """A request writes `word` (`꽃다발`) when it holds it, or a word of it that starts it (`꽃 배달`)."""
    return word in request or any(word.startswith(w) for w in _WORD.findall(request))


def korean_work_title(steps: Sequence[str], asked: Sequence[str], verb: str, noun: Sequence[str]) -> str:
    """The thing and the act, in Korean (see the module); "" when the kind is not Korean-led or no Korean
    constant under a thing's key names its thing."""
    if not korean_led(asked):
        return ""
    ko = [a for a in asked if _HANGUL.search(a)]
    words = dict.fromkeys(w for v in thing_values(steps) for w in _WORD.findall(v) if len(w) >= 2)
    if not words:
        return ""
    thing = max(words, key=lambda w: sum(1 for a in ko if _writes(a, w)))
    act = act_word(verb, noun, "ko")
    return thing if not act or _ENDS_ACT.search(thing) else f"{thing} {act}"


def is_korean(title: str) -> bool:
    """Whether a title is written in Korean."""
    return _HANGUL.search(title) is not None
