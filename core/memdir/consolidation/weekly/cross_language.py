"""A note in the other language that tells a draft's steps: the steps' words matched by meaning, term by term.

The duplicate check's step coverage (`dedupe.coverage`) looks a step's words up in a note's lines, so an
English draft whose steps are `curl …/orders/{order}/refunds -d '{"reason": …}'` shares no word with a
Japanese note whose steps say 「返金を登録する（理由は「配送中の破損」）」. Embedding whole steps does not help:
code and prose in two languages sit at 0.62-0.77 calibrated, unrelated pairs as high.

Single terms do translate: a draft step's words (its code's words, or its prose) and a note line's terms
(runs of kanji or katakana, Latin words), each side only in its own script (the same word in both is the
word lookup's), are embedded one by one (multilingual-e5, calibrated), and a word
is said by the note when its closest note term reaches `SAID`, stands `LIFT` above the word's median
similarity to the note's terms (a word close to every term says none), and that term's closest draft word
is this word or nearly as close (`NEAR`: a term close to many words says only the closest). A draft step is
told by a note line saying `TERMS` or more of its words; the note holds the draft when it tells at least
`STEPS` of its steps and half of them, on `STEPS` or more of its own lines. Asked only when the note and
the draft are written in different scripts (a Japanese note, an English draft, or the other way round):
within one language the word lookup already does this.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from memdir.consolidation.weekly.dedupe import step_words
from memdir.consolidation.weekly.similarity import to_calibrated

SAID = 0.76  # calibrated similarity of two single terms that say the same thing across languages,
LIFT = 0.08  # ... that far above the word's median similarity to the note's terms (its level with any term),
NEAR = 0.025  # ... and the term's best word, or as close as that (`member`, `members`, `membership`: 会員)
TERMS = 2  # a note line tells a step when it says this many of the step's words
STEPS = 2  # ... and the note holds the draft when it tells this many steps (and half of them)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_TERM = re.compile(r"[\u3400-\u9fff\u30a0-\u30ff]{2,}|[A-Za-z][A-Za-z]{2,}")
_SHORT = 3  # Latin words shorter than this (`-d`, `so`, `ss`) name nothing


def japanese(lines: Sequence[str]) -> bool:
    """Most of the lines' letters are kana or kanji."""
    text = "".join(lines)
    letters = sum(ch.isalpha() for ch in text)
    return letters > 0 and 2 * len(_CJK.findall(text)) > letters


def _step_terms(step: str) -> set[str]:
    return {w for w in step_words(step) if _TERM.fullmatch(w) and (_CJK.search(w) or len(w) >= _SHORT)}


def line_terms(line: str) -> set[str]:
    """A line's terms: runs of kanji or katakana, Latin words of three letters or more, lower-cased."""
    return {t.lower() for t in _TERM.findall(line)}


def held_across(
    steps: Sequence[str], lines: Sequence[str], embed: Callable[[list[str]], np.ndarray]
) -> list[int]:
    """Indexes of the draft's steps a note in the other language tells (module doc); [] when the same script."""
    if not steps or not lines or japanese(steps) == japanese(lines):
        return []
    cjk = japanese(steps)  # the draft's words in its own script, the note's terms in the other
    words = [{w for w in _step_terms(s) if bool(_CJK.search(w)) == cjk} for s in steps]
    df = Counter(w for ws in words for w in ws)
    common = {
        w for w, n in df.items() if 2 * n > len(steps) and n > 1
    }  # a host every step calls says nothing
    terms = [{t for t in line_terms(ln) if bool(_CJK.search(t)) != cjk} for ln in lines]
    vocab_a = sorted({w for ws in words for w in ws} - common)
    vocab_b = sorted({t for ts in terms for t in ts})
    if not vocab_a or not vocab_b:
        return []
    va, vb = embed(vocab_a), embed(vocab_b)
    sims = np.asarray(to_calibrated(va @ vb.T))
    said: dict[str, str] = {}
    for i, w in enumerate(vocab_a):
        j = int(sims[i].argmax())
        lift = sims[i, j] - float(np.median(sims[i]))
        if sims[i, j] >= SAID and lift >= LIFT and sims[i, j] >= sims[:, j].max() - NEAR:
            said[w] = vocab_b[j]
    told: dict[int, int] = {}
    for i, ws in enumerate(words):
        for n, ts in enumerate(terms):
            if sum(1 for w in ws if said.get(w) in ts) >= TERMS:
                told[i] = n
                break
    if len(told) >= STEPS and 2 * len(told) >= len(steps) and len(set(told.values())) >= STEPS:
        if common:  # in order, a word every step names says its own line (`orders`: 注文)
            said |= terms_said(sorted(common), vocab_b, embed, vb)
        base = sorted(told)  # what holds the note, and its score: the steps told by two words
        _in_order(words, terms, said, told)
        _TOLD.pop((tuple(steps), tuple(lines)), None)
        _TOLD[(tuple(steps), tuple(lines))] = dict(told)  # the latest last
        while len(_TOLD) > 64:
            del _TOLD[next(iter(_TOLD))]
        return base
    return []


_TOLD: dict[tuple[tuple[str, ...], tuple[str, ...]], dict[int, int]] = {}  # the last notes held: step -> line


def terms_said(
    words: list[str], vocab_b: list[str], embed: Callable[[list[str]], np.ndarray], vb: np.ndarray
) -> dict[str, str]:
    """The note term each of `words` says, by the rule above (`SAID`, `LIFT`, `NEAR` among these words)."""
    sims = np.asarray(to_calibrated(embed(words) @ vb.T))
    out: dict[str, str] = {}
    for i, w in enumerate(words):
        j = int(sims[i].argmax())
        if (
            sims[i, j] >= SAID
            and sims[i, j] - float(np.median(sims[i])) >= LIFT
            and sims[i, j] >= sims[:, j].max() - NEAR
        ):
            out[w] = vocab_b[j]
    return out


def _in(term: str, terms: set[str]) -> bool:
    """A line's terms say `term`, alone or in a longer run (注文 in 注文番号, 会員 in 会員情報)."""
    return bool(term) and any(term in t for t in terms)


def _in_order(
    words: list[set[str]], terms: list[set[str]], said: dict[str, str], told: dict[int, int]
) -> None:
    """A step no line tells by two words, between two steps lines tell, is told by the first line between
    those lines that tells no step and says one of its words, alone or in a longer term (trial 24 re-check N6: the order look-up
    `curl …/orders/SO-{order}` before the refund is 「管理画面で注文を開き、返金額を確認する。」, which says 注文)."""
    taken = set(told.values())
    for i in range(len(words)):
        if i in told:
            continue
        before, after = [k for k in told if k < i], [k for k in told if k > i]  # the nearest told steps
        lo = told[max(before)] if before else -1
        hi = told[min(after)] if after else len(terms)
        at = next(
            (
                n
                for n in range(lo + 1, hi)
                if n not in taken and any(_in(said.get(w, ""), terms[n]) for w in words[i])
            ),
            None,
        )
        if at is not None:
            told[i], taken = at, taken | {at}


def told_in_order(steps: Sequence[str], told: Sequence[int]) -> set[int]:
    """The steps the note `held_across` just read tells, those told by their place too (`_in_order`)."""
    key = tuple(steps)
    got = [v for k, v in _TOLD.items() if k[0] == key]
    return set(got[-1]) | set(told) if got else set(told)


def told_across(steps: Sequence[str]) -> bool:
    """Whether a note in the other language was found to tell these steps: a match no person confirmed yet,
    so a draft it holds whole is a review item, never counted on the note unasked (`place.py`)."""
    key = tuple(steps)
    return any(k[0] == key for k in _TOLD)


_NUMBER = re.compile(r"^\s*(\d{1,3})[.)]\s")


def placed_across(step: str, whole: Sequence[str], lines: Sequence[str]) -> str:
    """Where a step a note in the other language does not tell goes among its numbered steps: "after step N"
    (N tells the draft's step before it) or "before step N" (the step after it); "" when unknown."""
    told = _TOLD.get((tuple(whole), tuple(lines)))
    if not told or step not in whole:
        return ""
    at = list(whole).index(step)

    def number(i: int) -> str:
        m = _NUMBER.match(lines[told[i]]) if i in told else None
        return m.group(1) if m else ""

    for i in reversed(range(at)):
        if n := number(i):
            return f"after step {n}"
    for i in range(at + 1, len(whole)):
        if n := number(i):
            return f"before step {n}"
    return ""
