"""A title that ends in a word of the requests' grammar is a fragment, in any language (round 43).

`fragment_titles` knows the function words of English, the Romance and the Nordic languages; a Romanian cake
desk's requests (`un tort pentru botezul fetiței`, `tort aniversar … pentru vineri`) gave `Tort pentru`, "cake
for": the thing, then the preposition every request writes after it. Without knowing the language: a title of
two or three Latin words whose last word names nothing the kind's calls write (no step holds it, by its first
five letters), while every other word is the decisive call's object (not its verb: `Buat kutipan cadar` names
the act), is the call's thing and a word hanging after it, and is named by the call as any fragment is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_WORD = re.compile(r"[^\W\d_]+")


def _stem(word: str) -> str:
    return word.lower()[:5]


def dangling(title: str, steps: Sequence[str], call: Sequence[str]) -> bool:
    """Whether the title is the call's thing (`call[1:]`, never its verb `call[0]`: `Buat kutipan cadar` names
    the act and stays) with one word no step writes hanging at its end."""
    if "{" in title or not title.isascii() and not all(c.isalpha() or c == " " for c in title):
        return False
    words = title.split()
    if not 2 <= len(words) <= 3 or not all(_WORD.fullmatch(w) for w in words):
        return False
    written = {_stem(w) for s in steps for w in _WORD.findall(s.replace("_", " "))}
    named = {_stem(c) for c in call[1:] if c} - {_stem(call[0])} if call else set()
    head, last = words[:-1], words[-1]
    return _stem(last) not in written and all(_stem(w) in named for w in head)


_TEMPLATE = re.compile(r"(?:^|[\s=])([^\W\d_][\w-]*)[_-]v\d+(?=[\s`]|$)", re.U)


def dangling_title(title: str, steps: Sequence[str], call: Sequence[str]) -> str:
    """The work a dangling title cut short: the call's word for the act before the thing, then the thing as
    the kind's template names it from that word on (`creeaza_comanda_tort` and `confirmare_tort_personalizat_v3`
    -> `Comanda tort personalizat`); the call's words when no template writes the thing."""
    head = _stem(title.split()[0])
    words = [c.lower() for c in call if c]
    at = next((i for i, w in enumerate(words) if _stem(w) == head), -1)
    act = words[at - 1] if at > 0 else words[0] if words else ""
    for step in steps:
        for m in _TEMPLATE.finditer(step):
            parts = [p.lower() for p in re.split(r"[_-]+", m.group(1)) if p]
            start = next((i for i, p in enumerate(parts) if _stem(p) == head), -1)
            if start >= 0 and act and act not in parts[start:]:
                text = " ".join([act, *parts[start:]])
                return text[:1].title() + text[1:]
    text = " ".join(words)
    return text[:1].title() + text[1:]


_GLUED = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff\u30a0-\u30ff]")
_JA_TITLE = re.compile(
    r"^([\u3400-\u4dbf\u4e00-\u9fff\u30a0-\u30ff]{1,8})の([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,10})$"
)


def mended_act(title: str, steps: Sequence[str]) -> str:
    """A Japanese title `{thing}の{act}` whose act is a mis-cut of the work the kind's template names: the
    template's (`掛軸の装し直し` beside `掛軸仕立て直し_受付_v2` -> `掛軸の仕立て直し`). The template writes the thing
    and then a work that ends as the title's act ends (two characters) and is not that act; else the title."""
    m = _JA_TITLE.match(title.strip())
    if m is None:
        return title
    thing, act = m.groups()
    for step in steps:
        for t in _TEMPLATE.finditer(step):
            for part in re.split(r"[_-]+", t.group(1)):
                rest = part[len(thing) :] if part.startswith(thing) else ""
                glued = (
                    _GLUED.match(rest) is not None
                )  # `仕立て直し` written on (not `のご案内`: the title's own)
                if glued and len(rest) > len(act[-2:]) and rest.endswith(act[-2:]) and act != rest:
                    return f"{thing}の{rest}"
    return title


_ONE_TERM = re.compile(
    r"^(?:[\u3400-\u4dbf\u4e00-\u9fff\u30a0-\u30ff]+|[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]+)$"
)
_VALUE = re.compile(r"(?:^|[\s`])[\w.-]+=([^=`{}]+?)(?=\s+[\w.-]+=|`|$)")


def constant_title(title: str, steps: Sequence[str], asked: Sequence[str] = ()) -> bool:
    """Whether the title is a constant a call passes, whole or one language's half of it (`エサ・氷は船で用意` of
    `plan.bait=Bait & ice provided by the boat / エサ・氷は船で用意`): a term of the work, not the work; a
    constant more than half of the requests write names the kind as they do, and a one-word constant (`一時休所`,
    "temporary leave") may name it too: only a phrase (words, or kana between its words) is such a term."""
    text = title.strip()
    if (
        not text
        or "{" in text
        or 2 * sum(1 for a in asked if text in a) > len(asked)
        or _ONE_TERM.match(text)
    ):
        return False
    for step in steps:
        for m in _VALUE.finditer(step):
            value = m.group(1).strip()
            if text == value or text in (p.strip() for p in value.split(" / ")):
                return True
    return False


_KATAKANA_THING = re.compile(r"^([\u3400-\u4dbf\u4e00-\u9fff\u30a0-\u30ff]{1,8})の([\u30a0-\u30ff]{2,})$")
_JA_TEMPLATE = re.compile(r"(?<![\w.])\w*template\w*=([\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,})", re.I)
_NOTICE = "受付"  # the notice a template id ends with (`出張講習受付_v1`, `掛軸仕立て直し_受付_v2`)


def thing_with_work(title: str, steps: Sequence[str]) -> str:
    """A Japanese title that is a thing alone (`刺繍のミシン`: a word and a loanword, no act) takes the work its
    Japanese template names, the thing as the calls write it joined (`刺繍ミシン` of `刺繍ミシン基本操作`):
    `刺繍ミシンの出張講習`; else the title."""
    m = _KATAKANA_THING.match(title.strip())
    if m is None:
        return title
    thing = m.group(1) + m.group(2)
    calls = "\n".join(steps)
    if thing not in calls:
        return title
    for t in _JA_TEMPLATE.finditer(calls):
        work = t.group(1)
        work = work[: -len(_NOTICE)] if work.endswith(_NOTICE) and len(work) > len(_NOTICE) + 1 else work
        if len(work) >= 2 and work not in thing:
            return f"{thing}の{work}"
    return title
