"""A step's head and a lead with as many item heads as fit on one line (for descriptions)."""

from __future__ import annotations

import re

from memdir.consolidation.daily.shape_cols import DESC_LIMIT, width
from memdir.consolidation.daily.shape_cols import WIDE as _WIDE
from memdir.consolidation.daily.shape_cols import cut as _cut
from memdir.consolidation.daily.shape_cols import one_line as _one_line

MAX_ITEMS = 3
CLAUSE_END = re.compile(r"(?<!\d),|,(?!\d)|[;、。]|[:：](?=\s|$)|\s[-–—]\s| \(|（")  # not 36,500
_LABEL = re.compile(
    r"^\s*(?:\*\*)?(?:q|a|answer|question|fix|solution|workaround|steps?(?: \d+)?|what i did|tl;?dr|update|"
    r"やったこと|対処|対応|対応メモ|作業メモ|メモ|手順|回答|答え|質問|解決策)(?:\*\*)?\s*[:：]\s*(?=\S)",
    re.I,
)
_LEAD_WORDS = re.compile(
    r"^(?:first(?:ly)?|then|next|finally|after that|afterwards|lastly)[,\s]+|^(?:まず|次に|その後|そのあと|最後に|続いて)[、,\s]*",
    re.I,
)


def unlabel(text: str) -> str:
    """Text without a short label before a colon ("Q: ...", "やったこと: ...", "Fix: ...")."""
    m = _LABEL.match(text)
    return text[m.end() :] if m else text


def head(step: str) -> str:
    """The first clause of a step, without its sequence word ("First, copy the dump" -> "copy the dump")."""
    s = _LEAD_WORDS.sub("", unlabel(_one_line(step)))
    s = _LEAD_WORDS.sub("", s)
    s = re.sub(
        r"(?:(?<=[\w\"'])\s+\([^()]{1,60}\)|(?<=[^\s=×+\-−])（[^（）]{1,40}）)(?=.)", "", s
    )  # an aside is no clause end: "weights (4 × 10 kg) aren't"
    m = next((m for m in CLAUSE_END.finditer(s) if m.start() >= 8 and depth(s[: m.start()]) == 0), None)
    first = (s[: m.start()] if m else s).rstrip(" .。")
    return re.sub(r"\s+(?:and|or|but|then)$", "", first)


def depth(text: str) -> int:
    """How many brackets are open at the end of text."""
    return sum(text.count(o) - text.count(c) for o, c in ("()", "（）", "「」", "[]"))


# a Japanese clause that leans on the next one (a reason, a contrast, a condition, a topic): not a step's point
_DANGLING_JA = re.compile(r"(?:が|ので|から|けど|けれど|ては|ても|たら|てから|れば|えば|場合|のみ|は|の件)$")


def with_items(lead: str, items: list[str]) -> str:
    """`lead: item; item; ...` with as many item heads as fit on one line (a sentence stays alone)."""
    lead = unlabel(lead).rstrip(" :：.。")
    if not items or width(lead) >= 90 or re.search(r"[:：.。](?!\d)", lead):
        return _cut(lead, DESC_LIMIT)
    sep = " → " if _WIDE.search(items[0][:12]) else "; "
    out = (f"{lead} " if lead.endswith(("?", "？")) else f"{lead}: ") if lead else ""
    heads = [h for h in (head(x) for x in items) if h and not _DANGLING_JA.search(h)]  # not 「選びますが」
    for i, item in enumerate(heads[:MAX_ITEMS]):
        piece = (sep if i else "") + item
        if width(out + piece) > DESC_LIMIT:
            return out + "…" if i else _cut(out + item, DESC_LIMIT)
        out += piece
    return out + ("…" if len(heads) > MAX_ITEMS else "")
