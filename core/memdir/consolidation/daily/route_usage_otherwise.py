"""A usage report that did one of the procedure's steps otherwise (trial 31 #14).

"Rinsed the suits the usual way but the blue tub has a crack, we used the spare grey bucket." was counted as a
plain success, its step 2 ("Soak in the blue tub …") left as it was. The work went fine, so it still counts, but
a step was done another way, which the person should see: `step_done_otherwise` finds a sentence of the report
that says something was used in place of something else ("instead", "in place of", "rather than", "used the
spare/other/backup …", "swapped", "switched to"; 「代わりに」「代用」「ではなく」「予備の」「別の…で」) and names a
thing of one of the procedure's numbered steps (two words of that step, or one Japanese word of 2+ kanji/katakana,
that the title does not hold). The planner then raises an `evidence` item on the procedure beside the count,
naming the step and the report's words, so the person can change the step or leave it.
"""

from __future__ import annotations

import re

_OTHERWISE = re.compile(
    r"\binstead\b|\bin place of\b|\brather than\b|\bswapp?ed\b|\bswitched to\b|\bsubstitut\w*|"
    r"\bused (?:the |a |an |our |my )?(?:spare|other|another|backup|back-up|borrowed|old|second)\b|"
    r"代わりに|かわりに|の代わり|代用|ではなく|じゃなく|予備の|別の[^。、]{1,12}?(?:で|を使)",
    re.I,
)
_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]?")
_STEP = re.compile(r"^\s*\d+[.)．]\s*(.+)$", re.M)
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z-]{2,}")
_JA_WORD = re.compile(r"[\u4e00-\u9fff]{2,}|[\u30a0-\u30ff]{2,}")
_STOP = frozenset(
    [
        "the",
        "and",
        "with",
        "for",
        "from",
        "into",
        "onto",
        "each",
        "every",
        "any",
        "all",
        "one",
        "two",
        "three",
        "then",
        "them",
        "their",
        "this",
        "that",
        "after",
        "before",
        "first",
        "last",
        "until",
        "when",
        "where",
        "which",
        "while",
        "your",
        "our",
        "out",
        "off",
        "over",
        "under",
        "about",
        "again",
        "minutes",
        "minute",
        "hours",
        "hour",
        "side",
        "usual",
        "way",
        "but",
        "has",
        "had",
        "was",
        "were",
        "not",
        "new",
        "need",
    ]
)


def _words(text: str) -> set[str]:
    low = text.lower()
    return {w for w in _EN_WORD.findall(low) if w not in _STOP} | set(_JA_WORD.findall(text))


def _shared(sentence: set[str], step: set[str]) -> set[str]:
    both = sentence & step
    ja = {w for w in both if not w.isascii()}
    return both if ja or len(both) >= 2 else set()


def step_done_otherwise(report: str, title: str, body: str) -> tuple[int, str, str] | None:
    """(step number, the step, the report's sentence) when a sentence of `report` tells that something was used in
    place of what a numbered step of `body` names; None when no sentence does or no step is named more than the others."""
    steps = [(i + 1, m.group(1).strip()) for i, m in enumerate(_STEP.finditer(body))]
    if not steps:
        return None
    in_title = _words(title)
    sentences = [s.strip() for s in _SENTENCE.findall(report) if s.strip()]
    for n, sentence in enumerate(sentences):
        if not _OTHERWISE.search(sentence):
            continue
        near = " ".join(
            sentences[max(0, n - 1) : n + 1]
        )  # "the blue tub has a crack, we used the spare bucket"
        said = _words(near) - in_title
        named = sorted(
            ((len(_shared(said, _words(step) - in_title)), no, step) for no, step in steps), reverse=True
        )
        if named[0][0] and (
            len(named) == 1 or named[0][0] > named[1][0]
        ):  # one step named more than any other
            return named[0][1], named[0][2], near
    return None
