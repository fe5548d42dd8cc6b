"""Which early sentence of a note speaks of the rest of it: lexical centrality.

A note's frame (`Guest comment card #2211`, `📌 Pinned in #front-desk`, 「お問い合わせ対応履歴 No.0388」,
an addressee, a date, a remark about the note) shares few words with the body; the sentence that
says what the note is about shares many. A sentence's terms are its English content words, lower-cased
and Porter-stemmed (as the index stems them), and the character bigrams of its kanji and katakana runs.
Its centrality is the number of the note's other sentences each of its terms comes back in (at most
three per term), over the square root of its term count (so a long sentence does not win by length),
with a small loss for each place later and for width past a title's. Cheap and deterministic.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from memdir.consolidation.daily.blocks import Block, units
from memdir.consolidation.daily.shape_cols import width
from memdir.consolidation.daily.shape_lead import about_note, candidates, topic_of
from memdir.consolidation.daily.shape_text import is_step, purpose_clause
from memdir.index.stemmer import stem

_EN = re.compile(r"[A-Za-z][A-Za-z'-]+")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff\u30a0-\u30ffー々]{2,}")
_STOP_WORDS = """a about above after again against all also am an and any are aren as at be because been before being
    below between both but by can cannot could did do does doing done don down during each even ever every few
    for from further get gets got had has have having he her here hers him his how i if in into is isn it its
    itself just let lets like made make many may me might more most much must my no nor not now of off on once
    one only or other our ours out over own per please quite rather really same she should so some still such
    than that the their theirs them then there these they thing things this those though through thus to too
    two under until up upon us very via was we well were what when where which while who whom why will with
    within without would yes yet you your yours yesterday today tomorrow ok okay hi hey hello thanks thank
    dear re fw fwd pm am mon tue wed thu fri sat sun monday tuesday wednesday thursday friday saturday sunday
    jan feb mar apr jun jul aug sep sept oct nov dec january february march april june july august september
    october november december week day time note notes memo"""
_STOP = frozenset(_STOP_WORDS.split())
# katakana/kanji bigrams that say nothing of a topic (「です」 is hiragana and never counted)
_JA_STOP = frozenset(["今日", "明日", "昨日", "今回", "以下", "場合", "必要", "確認", "対応", "ーー", "メモ"])


def terms(text: str) -> frozenset[str]:
    """The sentence's content terms: stemmed English words and CJK bigrams."""
    out: set[str] = set()
    for w in _EN.findall(text):
        low = w.lower().strip("'-")
        if len(low) >= 3 and low not in _STOP:
            out.add(stem(low.removesuffix("'s")))
    for run in _CJK_RUN.findall(text):
        grams = [run] if len(run) == 2 else [run[i : i + 2] for i in range(len(run) - 1)]
        out.update(g for g in grams if g not in _JA_STOP)
    return frozenset(out)


def spread(units: list[str]) -> Counter[str]:
    """For each term, how many of the note's units (sentences, items, lines) it occurs in."""
    c: Counter[str] = Counter()
    for u in units:
        c.update(terms(u))
    return c


def centrality(sentence: str, spread_all: Counter[str], own: frozenset[str] | None = None) -> float:
    """How much of the rest of the note the sentence speaks of (its own occurrence taken out)."""
    ts = terms(sentence) if own is None else own
    if not ts:
        return 0.0
    shared = sum(min(spread_all[t] - 1, 3) for t in ts if spread_all[t] > 1)
    return shared / math.sqrt(len(ts) + 1)


def _score(c: str, i: int, every: Counter[str], said: list[str], kind: str) -> float:
    own = terms(c)
    base = every if c in said else every + Counter(own)  # a heading or a cut topic counts itself once
    s = centrality(c, base, own) * (1 - 0.06 * i) * (1 - 0.25 * min(1.0, max(0, width(c) - 72) / 120))
    if kind == "procedures" and is_step(c) and not purpose_clause(c):
        s *= 0.6  # the first step is not what the steps are for
    return s


def _units(blocks: list[Block]) -> list[str]:
    out: list[str] = []
    for b in blocks:
        if b.kind in ("para", "list"):
            out += units(b)
        elif b.kind == "heading":
            out.append(b.text.lstrip("# "))
        else:
            out += [ln for ln in b.text.splitlines() if ln.strip() and not ln.lstrip().startswith("```")]
    return out


def central_opening(kind: str, blocks: list[Block], chosen: str) -> str:
    """`chosen` (the line the title would open with), or an early sentence far more central than it."""
    cands = [c for c in candidates(blocks) if not about_note(c)]
    if not cands:
        return chosen
    said = _units(blocks)
    every = spread(said)
    at = next((i for i, c in enumerate(cands) if chosen in c), 0)
    here = _score(chosen, at, every, said, kind)
    fits = [(_score(c, i, every, said, kind), -i, c) for i, c in enumerate(cands) if not _LABELLED.match(c)]
    if not fits:
        return chosen
    best, _, pick = max(fits)
    # a short line that shares (almost) nothing with the note, or a table's header row
    frame = (here < 0.3 and width(chosen) <= 50) or chosen.lstrip().startswith("|")
    if best < 0.8 or not frame or pick in chosen:
        return chosen
    pick = _BULLET.sub("", topic_of(pick))
    m = _LEAD_CLAUSE.match(pick)  # 「ここ2年のログを見返すと、北東風の翌日は…」: the main clause says it
    return pick[m.end() :] if m and width(pick) - width(m.group(0)) >= 16 else pick


_LABELLED = re.compile(
    r"^\d+(?:[.,]\d+)?\s*%|^[^:：]{1,30}[:：]\s"
)  # "74% of…", "Walk-up only: 74%" is a row, not a topic
_BULLET = re.compile(r"^[\s・•○●◯◎※\-*]+")
_LEAD_CLAUSE = re.compile(
    r"^(?:(?:when|if|after|before|since|because|as soon as|once|while)\b[^,;]{3,60},\s*|"
    r"[^、。]{2,30}(?:と|ば|たら|ので|から|ても|けど|が)[、,]\s*)",
    re.I,
)


def vague(given: str, blocks: list[Block]) -> bool:
    """Does a given title say nothing of its note ("Notes", "Misc", a word the note never uses)?"""
    words = given.strip(" .。:：").casefold()
    return words in ("メモ", "備忘録", "ノート", "覚え書き") or (
        not terms(given) and not _CJK_ANY.search(given)
    )


_CJK_ANY = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def central_description(desc: str, blocks: list[Block], title: str, frame: str = "") -> str:
    """`desc`, or when it is a frame line (a date, a label, the line the title gave way from) the note's most
    central sentence."""
    said = _units(blocks)
    every = spread(said)
    short = bool(desc) and width(desc) <= 50 and len(terms(desc)) <= 3  # a frame says little
    here = _score(desc, 0, every, said, "knowledge") if short else 1.0
    passed = bool(frame) and desc.strip(" .。").startswith(frame.strip(" .。")[:24])
    if here > 0 and not passed:
        return (
            desc  # only a line that shares nothing with the note ("LN-0417.", 「では決めます。」) gives way
        )
    own = terms(title)
    pool = [
        u
        for u in said[:8]
        if u.strip() != desc.strip() and terms(u) != own and width(u) >= 24 and not about_note(u)
    ]
    if not pool:
        return desc
    best, _, pick = max((_score(u, i, every, said, "knowledge"), -i, u) for i, u in enumerate(pool))
    return _BULLET.sub("", pick) if best >= 0.4 else desc
