"""A usage report of a procedure in the other language, named by its act word (trial 29 re-check #2).

「いつもの手順で保証金を2件返金した。」 of the English "Refund the deposit for rental {rental_id}" named the
booking procedure as closest and asked nothing: its work phrase 「保証金を返金」 sits nearer "Rental bike tune-up"
(0.56: 保証金 and "rental" share a meaning of their own) than "Refund the deposit" (0.53), so the phrase
reading (route_usage_cross) finds no procedure clearly closest. The act alone is clear: 返金 against each title's
act word is 0.66 to "Refund", 0.49 to the next ("tune-up").

The report's act is its する noun or past verb (route_usage_act.acts); a title's act word is its verb when the
title opens with one ("Refund the …", "Fixing a …", "How we wash the …", "Order parts": route_routine's
verbs of work), else the head of its noun phrase
("Rental bike tune-up" -> "tune-up"); a Japanese title's is the last kanji or katakana word of its act
(「保証金の返金」 -> 返金). When one procedure's act word is at least `ASK` near the report's act and `MARGIN`
over every other procedure's, an `evidence` item asks a person; never a count (one word is too little to count
on). Read only where the phrase reading named none.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from memdir.consolidation.daily.route_lang import language
from memdir.consolidation.daily.route_rag import calibrate
from memdir.consolidation.daily.route_routine import is_act_word
from memdir.consolidation.daily.route_usage import names_usual_way
from memdir.consolidation.daily.route_usage_act import acts
from memdir.consolidation.daily.route_usage_cross import CrossPick, phrase_sims
from memdir.consolidation.daily.route_usage_phrase import COUNTED_JA, report_work, title_works

ASK = 0.60  # calibrated similarity of the report's act and a title's act word from which a person is asked
MARGIN = 0.12  # over every other procedure's act word
ASK_PHRASE = 0.45  # the whole work phrase against that title's act phrase (route_usage_cross.ASK)
PHRASE_GAP = 0.05  # and at most this under the nearest title's

_EN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_DETERMINER = re.compile(
    r"^(?:the|a|an|our|my|your|their|its|this|that|these|those|each|every|all|both|new)$", re.I
)
_JA_WORD = re.compile(r"[\u4e00-\u9fff々]{2,}|[\u30a0-\u30ffー]{2,}")


def title_act(title: str) -> str:
    """The act word of a procedure's title: its opening verb, else the head of its noun phrase ("" if none)."""
    works = title_works(title)
    if not works:
        return ""
    act = works[0]
    if language(act) == "ja":
        found: list[str] = _JA_WORD.findall(act)
        return found[-1] if found else ""
    words: list[str] = [w for w in _EN_WORD.findall(act) if not w.startswith("{")]
    if len(words) < 2:
        return words[0] if words else ""
    if words[0].lower().endswith("ing") or _DETERMINER.match(words[1]) or is_act_word(words[0]):
        return words[0]  # "Refund the deposit", "Fixing a puncture", "Order impression material"
    return words[-1]  # "Rental bike tune-up", "Tractor pre-season service"


def pick_by_act(
    report: str, titles: dict[str, str], embed: Callable[[list[str]], np.ndarray], embedder: str
) -> CrossPick | None:
    """The procedure (path -> title) of the other language whose title's act word the report's act names."""
    if not names_usual_way(report):
        return None
    lang = language(report)
    told = acts(COUNTED_JA.sub(" ", report))[:3]
    cands = {
        p: a
        for p, t in titles.items()
        if t.strip() and language(t) != lang and not p.startswith("skills/") and (a := title_act(t))
    }
    if not told or len(cands) < 2:  # one procedure of that language: no next one to be clearly closer than
        return None
    paths = list(cands)
    vecs = embed([*told, *(cands[p].lower() for p in paths)])  # "Refund" sits farther from 返金 than "refund"
    sims = np.array(
        [
            [calibrate(float(vecs[i] @ vecs[len(told) + j]), embedder) for j in range(len(paths))]
            for i in range(len(told))
        ]
    )
    best_of = sims.max(axis=0)  # per procedure, its act word against the nearest of the report's acts
    order = np.argsort(-best_of)
    best, second = float(best_of[order[0]]), float(best_of[order[1]])
    if best < ASK or best - second < MARGIN:
        return None
    path = paths[int(order[0])]
    act = told[int(sims[:, order[0]].argmax())]
    # the rest of the work must not tell another thing: the whole work phrase puts that procedure within
    # `PHRASE_GAP` of its nearest (「保証金を返金」: 0.53 to "Refund the deposit", 0.56 to the tune-up), at `ASK_PHRASE`
    work = report_work(report)
    whole = phrase_sims(work, {p: title_works(titles[p]) for p in paths}, embed, embedder) if work else {}
    mine, top = whole.get(path, (0.0, ""))[0], max((v[0] for v in whole.values()), default=0.0)
    if mine < ASK_PHRASE or top - mine > PHRASE_GAP:
        return None
    why = (
        f'its act "{act}" is the act of its title, "{cands[path]}", at {best:.2f}, {best - second:+.2f} over the '
        "next: across languages, one word, never counted"
    )
    return CrossPick(path, False, why)
