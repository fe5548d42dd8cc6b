"""A new note that changes a rule an existing note states: one review item on the existing note (trial 26 #10).

"From now on the string freeze is on Friday 17:00 BST, not Wednesday" became a new note beside a person's
Japanese 「文字列フリーズのルール」 (Wednesday 12:00 JST), with nothing linking the two: an agent answering in
Japanese read the old rule only. The daily run now asks two things of a note it creates:

- the text says a change (`changes_rule`): "X, not Y", "instead of", "rather than", "no longer", "moves to",
  "changed to", "replaces"; 「〜ではなく」「〜でなく」「変更」「〜に変わる」「〜に移る」「廃止」;
- an existing note of the kind (one the root had before the run, among the related ones) names the same subject
  in its title (`same_subject`): in the same script two content words in common; across scripts (an English
  title, a Japanese one) the title's terms matched one by one by meaning (multilingual-e5, calibrated), each
  pair the other's closest term and at least TERM_SAID, at least TERMS such pairs. Whole titles or texts in two
  languages do not tell this: e5 puts "String freeze moves" as near 「文字列フリーズのルール」 (0.45) as
  "Nightly builds" (0.44); single terms do (`string` ~ 文字列 0.51, `freeze` ~ フリーズ 0.50, each the
  other's closest).

Then the existing note gets one `merge_candidate` review item, the new text its candidate, and nothing is
rewritten: a person decides whether the old note changes (accepting appends the new rule as a dated section).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from memdir.notes.changed_rules import CHANGE_REASON as CHANGE_REASON  # the item's description opens so
from memdir.notes.lesson_titles import bare_lesson_title

TERM_SAID = 0.45  # calibrated similarity of two single terms that say the same thing across languages
TERMS = 2  # ... and this many such pairs (each the other's closest term) make the same subject

_CHANGE_EN = re.compile(
    r",\s*not\s+(?:on\s+|at\s+|in\s+|the\s+)?[\w:]+"
    r"|\b(?:instead\s+of|rather\s+than|no\s+longer|(?:has\s+)?mov(?:es|ed|ing)\s+(?:to|from)"
    r"|chang(?:es|ed)\s+(?:to|from)|replac(?:es|ed)\s+(?:by\s+)?)\b",
    re.I,
)
_CHANGE_JA = re.compile(
    r"ではなく|でなく|じゃなく|に変更|を変更|変更(?:に|と|し|す|さ)|に変わ|へ変わ|に移(?:る|り|っ|す)|廃止"
)
_CJK_TERM = re.compile(r"[\u3400-\u9fff]{2,}|[\u30a0-\u30ff]{2,}")
_LATIN_TERM = re.compile(r"[A-Za-z][A-Za-z0-9]{2,}")
_KANJI = re.compile(r"[\u3400-\u9fff]+")
_KANA = re.compile(r"[\u3040-\u30ff]")
_FUNCTION = frozenset(
    [
        "the",
        "and",
        "for",
        "from",
        "with",
        "into",
        "onto",
        "now",
        "new",
        "not",
        "our",
        "your",
        "their",
        "this",
        "that",
        "these",
        "those",
        "its",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "will",
        "about",
        "how",
        "what",
        "when",
        "where",
        "why",
        "who",
        # particles and aspect verbs say how, not what: "X kept timing out" is about X (trial 27 #5)
        "out",
        "off",
        "over",
        "kept",
        "keep",
        "keeps",
        "keeping",
        "still",
        "again",
    ]
)


def changes_rule(text: str) -> bool:
    """Whether a text says that something is now otherwise ("…, not Wednesday", 「水曜ではなく」)."""
    return bool(_CHANGE_EN.search(text) or _CHANGE_JA.search(text))


def _terms(title: str) -> list[str]:
    """A title's content terms: Latin words (no function words), katakana runs, and kanji runs, a run of four or
    more cut in two-character words (「返却期限」 is 返却 + 期限: Japanese writes compounds without a space)."""
    out: list[str] = []
    for t in _CJK_TERM.findall(title):
        if len(t) >= 4 and _KANJI.fullmatch(t):
            out += [t[i : i + 2] if i + 3 != len(t) else t[i:] for i in range(0, len(t) - 1, 2)]
        else:
            out.append(t)
    out += [w.lower() for w in _LATIN_TERM.findall(title) if w.lower() not in _FUNCTION]
    return list(dict.fromkeys(out))


def _script(text: str) -> str:
    return "ja" if _KANA.search(text) or _CJK_TERM.search(text) else "en"


def _own_script(terms: list[str], script: str) -> list[str]:
    """The terms of a title written in its own script (a Latin name in a Japanese title is no translation)."""
    return [t for t in terms if bool(_CJK_TERM.fullmatch(t)) == (script == "ja")]


def same_subject(
    new_title: str,
    old_title: str,
    embed: Callable[[list[str]], np.ndarray],
    calibrate: Callable[[float], float],
    terms: int = TERMS,
) -> bool:
    """Whether two titles name one subject: `terms` content words in common, or (in two scripts) `terms` terms
    that say the same thing, each the other's closest (one is enough beside an old value the older note states,
    route_change_value)."""
    a, b = (
        _terms(bare_lesson_title(new_title)),
        _terms(bare_lesson_title(old_title)),
    )  # 「教訓：」 is a kind (#5)
    if len(a) < terms or len(b) < terms:
        return False
    if _script(new_title) == _script(old_title):
        return len(set(a) & set(b)) >= terms
    a, b = (_own_script(a, _script(new_title)), _own_script(b, _script(old_title)))
    if len(a) < terms or len(b) < terms:
        return False
    vecs = embed([*a, *b])
    sims = vecs[: len(a)] @ vecs[len(a) :].T
    pairs = 0
    for i in range(len(a)):
        j = int(np.argmax(sims[i]))
        if int(np.argmax(sims[:, j])) == i and calibrate(float(sims[i, j])) >= TERM_SAID:
            pairs += 1
    return pairs >= terms
