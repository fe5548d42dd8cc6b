"""A Japanese kind's title by the character runs its requests share and the week's other kinds' do not (round 52).

Round 51's `kind_words` reads words between spaces; Japanese writes none. Two kinds of one desk may both be
titled by the thing the desk serves (`錦鯉`, `錦鯉受付`: the bot every request mentions), which says nothing of
what each kind does with it. Read by form, never by a list of words:

- a run is a stretch of 2+ characters of one script-free piece of text (no space, punctuation or digit) that
  holds a kanji or katakana: `預か` of `預かり`, `水質`;
- a title is no kind's when more than half of the kind's requests write it whole and as large a share of the
  week's other requests do (`錦鯉受付` by all twelve; a title the requests do not write came from elsewhere,
  its calls or its replies, and stays);
- then the title is the head (before a bracket) of a Japanese constant the kind's calls pass
  (`錦鯉預かり（屋外池・加温なし）` -> `錦鯉預かり`, `池の水質検査（出張…）` -> `池の水質検査`) holding a run that
  more of the kind's requests write, by share, than of the others': the one the most of the kind's
  requests write such a run of, then the shortest. A sentence
  (`受入前に2週間の薬浴を行います`: a digit, `ます`) is no head.
The title is kept when no constant holds such a run.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u30a0-\u30ff]")
_PIECE = re.compile(r"[\u3041-\u3096\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+")
_VALUE = re.compile(r"(?:^|\s|`)[\w.\-]+=([^\s`]+)")
_BRACKET = re.compile(r"[（(【\[「]")
_SENTENCE = re.compile(r"(?:です|ます|ください)$|[。、！？]")
MAX_HEAD = 10


def _runs(text: str) -> set[str]:
    """Every run of 2+ characters of a piece that holds a kanji or katakana."""
    out = set()
    for m in _PIECE.finditer(text):
        p = m.group(0)
        out |= {p[i:j] for i in range(len(p)) for j in range(i + 2, len(p) + 1) if _CJK.search(p[i:j])}
    return out


def _share(run: str, texts: Sequence[str]) -> float:
    return sum(1 for t in texts if run in t) / len(texts) if texts else 0.0


def _others(texts: Sequence[str], week: Sequence[str]) -> list[str]:
    rest = Counter(a for a in week if a.strip())
    rest.subtract(Counter(texts))
    return list((+rest).elements())


def _heads(steps: Sequence[str]) -> list[str]:
    """The heads of the Japanese constants the steps pass (a placeholder is no constant)."""
    out: list[str] = []
    for s in steps:
        for m in _VALUE.finditer(s):
            v = m.group(1)
            head = _BRACKET.split(v, maxsplit=1)[0].strip()
            if "{" in v or not _CJK.search(head) or len(head) > MAX_HEAD or re.search(r"\d", head):
                continue
            if _SENTENCE.search(head) or head in out:
                continue
            out.append(head)
    return out


def ja_kind_title(title: str, steps: Sequence[str], asked: Sequence[str], week: Sequence[str]) -> str:
    """The title, or a constant's head that says what the kind does, when the title is every kind's (see
    the module)."""
    texts = [a for a in asked if a.strip()]
    others = _others(texts, week)
    if len(texts) < 3 or not others or not _runs(title):
        return title
    if 2 * _share(title, texts) <= 1 or _share(title, texts) > _share(title, others):
        return title  # the kind's own words, or a title from its calls or replies: another path's
    best: tuple[int, int, str] = (0, 0, "")
    for head in _heads(steps):
        mine = {r for r in _runs(head) if _share(r, texts) > _share(r, others)}
        if not mine:
            continue
        n = sum(1 for t in texts if any(r in t for r in mine))
        if (n, -len(head)) > best[:2]:
            best = (n, -len(head), head)
    return best[2] or title


def kind_run(asked: Sequence[str], week: Sequence[str]) -> str:
    """The run of a script without spaces (kanji, kana, Hangul's unspaced pieces aside) that more than half of
    the kind's requests write and a smaller share of the week's other requests do (round 54: `kind_words`'
    rule by character runs, for requests in Chinese or Japanese under tools named in Latin letters): the
    longest (the act and its thing, `预订包间`, over either alone), then the one the most requests write, then
    the first in order. "" when none."""
    texts = [a for a in asked if a.strip()]
    others = _others(texts, week)
    if len(texts) < 3:
        return ""
    runs = {
        r
        for t in texts
        for r in _runs(t)
        if 2 * _share(r, texts) > 1 and _share(r, others) < _share(r, texts)
    }
    runs = {r for r in runs if len(r) <= MAX_HEAD}
    best: tuple[int, float, str] = (0, 0.0, "")
    for r in sorted(runs):
        if (len(r), _share(r, texts)) > best[:2]:
            best = (len(r), _share(r, texts), r)
    return best[2]
