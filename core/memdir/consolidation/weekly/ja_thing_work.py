"""A Japanese kind named by the thing every request writes and the work the call does to it (round 39).

Set 39's altar shop booked a cleaning (`book_cleaning`) for requests that all write 仏壇 (`仏壇をきれいに`,
`お仏壇のお洗濯`, `仏壇がヤニでべたべた。クリーニング…`): no Japanese constant of the calls named the work alone,
and the kind was titled by the call's English, `Book a cleaning`. Its other kind, an added engraving on a 位牌,
was titled by the handover constant `位牌預かり・店頭受取` (how the tablet travels, not the work):
`位牌預かり・店頭受取の注文`.

The thing: the longest run of kanji (two or more) that starts a Japanese constant of the calls (`{style}仏壇`,
`位牌預かり`) and that every request writes. The work: the decisive call's object in Japanese (`cleaning` ->
クリーニング, 洗濯, 清掃, …; `engraving` -> 彫り, 彫刻), as a constant's part writes it with a word a request
writes before it (`追加彫り` of `追加彫り・金粉入れ`, 追加 as in `追加で彫って`): `位牌の追加彫り`; else the word
most requests write (the table's order on a tie), with the act: `仏壇クリーニングの予約`. "" when no such thing or
no such word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import singular

_HOLE = re.compile(r"\{\w+\}")
_JA_VALUE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u30fc・]{2,}")
_KANJI_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]{2,}")
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
# how a thing travels, is handed over or packed (`桐箱入り`, round 41): no name of the work done to it
HANDOVER = re.compile(
    r"預かり|受取|受け取り|引き取り|引取|梱包|配送|返却|店頭|箱入り|袋入り|箱詰め|袋詰め|包装"
)
# an English work noun and the Japanese words a desk writes for it, most usual first
_WORK_JA = {
    "cleaning": ("クリーニング", "洗濯", "清掃", "洗浄", "掃除"),
    "engraving": ("彫り", "彫刻"),
    "repair": ("修理", "修繕"),
    "inspection": ("点検", "検査"),
    "installation": ("取り付け", "設置", "取付"),
    "polishing": ("磨き", "研磨"),
    "painting": ("塗装",),
    "tuning": ("調律",),
    "alteration": ("お直し", "直し"),
    "restoration": ("修復",),
    "removal": ("撤去", "処分"),
    "replacement": ("交換",),
}


def asked_thing(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The thing every request writes that starts a Japanese constant of the calls (see the module); \"\"."""
    calls = [_HOLE.sub(" ", s) for s in steps if not s.startswith("Reply")]
    best = ""
    for value in dict.fromkeys(m.group(0) for c in calls for m in _JA_VALUE.finditer(c)):
        for part in value.split("・"):
            run = _KANJI_RUN.match(part)
            if run is None:
                continue
            for end in range(len(run.group(0)), 1, -1):
                head = run.group(0)[:end]
                if all(head in a for a in asked) and len(head) > len(best):
                    best = head
    return best


def _work(steps: Sequence[str], asked: Sequence[str], forms: Sequence[str], thing: str) -> tuple[str, bool]:
    """The constant's part that writes the work with a request's word before it (True), else the word most
    requests write (False); ("", False)."""
    calls = [_HOLE.sub(" ", s) for s in steps if not s.startswith("Reply")]
    for value in dict.fromkeys(m.group(0) for c in calls for m in _JA_VALUE.finditer(c)):
        for part in value.split("・"):
            for form in forms:
                head = part.split(form, 1)[0] if form in part else ""
                said = _KANJI_RUN.search(head)
                if said and thing not in part and any(said.group(0) in a for a in asked):
                    return part, True
    counts = [(sum(1 for a in asked if f in a), -i, f) for i, f in enumerate(forms)]
    n, _, form = max(counts)
    return (form, False) if n else ("", False)


def thing_work_title(steps: Sequence[str], asked: Sequence[str], noun: Sequence[str], act: str) -> str:
    """`仏壇クリーニングの予約`, `位牌の追加彫り` (see the module); ""."""
    forms = _WORK_JA.get(singular(noun[-1])) if noun else None
    ja = [a for a in asked if _KANJI.search(a)]
    if not forms or len(ja) < 2 or 2 * len(ja) <= len(asked):
        return ""
    thing = asked_thing(steps, ja)
    if not thing:
        return ""
    work, own = _work(steps, ja, forms, thing)
    if not work:
        return ""
    if own:
        return f"{thing}の{work}"
    return f"{thing}{work}の{act}" if act else f"{thing}の{work}"
