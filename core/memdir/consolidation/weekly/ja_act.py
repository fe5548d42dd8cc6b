"""A Japanese title of a bare thing gets the work done to it, in the requests' or the calls' words (round 47).

Set 47's pen clinic was titled `ペン` and its engraving kind `ペンの文字`: most requests write ペン (the thing),
the titles stop there (`shared_phrase_ja` keeps what all of them share, and the act each writes its own way is
not shared: `ペン先調整`, `ペンクリニックを予約`; `名入れ`, `刻印`). A person keeps the work: `ペン先調整`,
`ペンの名入れ`. Read by form only, no word list:

The work is a Japanese constant of the calls that starts with the thing and goes on (`name=ペン先調整（30分・…）`) and that
    a request writes: the service the calls book, as the desk names it (`ペン先調整`).

A second reader (the noun one request writes after the thing and a particle, `ペンの名入れ`) was tried and
dropped by the lead before set 48 was scored: over the development weeks it renamed six titles that named their
kind, some for the worse (`回復キーの送信` -> `回復キーの画面`). So `ペンの文字` stays (docs/weekly.md, round 47).
The title is a bare thing when it is nouns only (katakana, kanji, `ー`, joined by `の`) and most requests write
its first noun, and no noun after `の` two requests or more write (`クラスの振替` stays); no such constant leaves it.
Then (round 55) a verbal noun two requests or more write after the thing and `を`/`の` with a verb's ending after
it (`表札を注文したい`, `表札の注文をお願いします`): `表札の注文`; not one request's noun, as round 47's second reader.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

_NOUN = r"[\u30a0-\u30ff\u4e00-\u9fff\u3400-\u4dbf]+"
_BARE = re.compile(rf"^({_NOUN})(?:の{_NOUN})?$")
_HOLE = re.compile(r"\{\w+\}")
_JA_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,}")


def _constant(thing: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    calls = [_HOLE.sub(" ", s) for s in steps if not s.startswith("Reply")]
    for run in dict.fromkeys(m.group(0) for c in calls for m in _JA_RUN.finditer(c)):
        if run.startswith(thing) and len(run) > len(thing) and any(run in a for a in asked):
            return run
    return ""


def act_title(title: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The title with the work done to its thing (see the module), or the title as it is."""
    m = _BARE.match(title)
    texts = [a for a in asked if a.strip()]
    if m is None or len(texts) < 2 or 2 * sum(1 for a in texts if m.group(1) in a) <= len(texts):
        return title
    thing = m.group(1)
    if "の" in title and sum(1 for a in texts if title.rsplit("の", 1)[1] in a) > 1:
        return title  # `クラスの振替`: requests write its second noun, the kind's work (`文字`: one request)
    return _constant(thing, steps, texts) or (title == thing and _written_act(thing, texts)) or title


def _written_act(thing: str, texts: Sequence[str]) -> str:
    """`thing の act`: a verbal noun of kanji two requests or more write right after the thing and `を`/`の`,
    then a verb's or a request's ending (`表札を注文したい`, `表札の注文をお願い`: round 55); "" when none."""
    act = re.compile(
        rf"{re.escape(thing)}[をの]([\u4e00-\u9fff\u3400-\u4dbf]{{2,}})(?=し|す|を|お願|致|いた)"
    )
    said = Counter(w for a in texts for w in {m.group(1) for m in act.finditer(a)})
    best = max(said.items(), key=lambda x: x[1], default=("", 0))
    return f"{thing}の{best[0]}" if best[1] >= 2 and list(said.values()).count(best[1]) == 1 else ""
