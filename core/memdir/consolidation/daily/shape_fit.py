"""A title that fits: a long line cut where a phrase ends, never inside a word or a clause.

A person shortens a long opening line by dropping what follows its main phrase: a subordinate clause
("… when the neighbours haven't been notified yet"), a coordinated clause ("…, and since Ken's been…"),
or a trailing prepositional phrase ("… at the fire brigade's bingo night"). `fit_title` does that,
latest boundary first, and only falls back to a cut at a word with "…" when the line has no such
boundary. A question short enough is kept whole, with its question mark.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.shape_case import cap_first
from memdir.consolidation.daily.shape_cols import cut, fit, width

# strong boundaries: a clause starts here
_CLAUSE = re.compile(
    r",\s+|;\s+|\s+[—–]\s+|\s+-\s+|\s+(?=(?:when|whenever|if|unless|because|since|although|though|even though|"
    r"while|whereas|so that|so|but|and then|which|who|that's|that is|that are|that was)\s)",
    re.I,
)
# weak boundaries: a prepositional phrase or a coordinated part starts here
_PHRASE = re.compile(
    r"\s+(?=(?:and|or|at|on|in|for|with|from|over|during|by|of|to|via|without|about)\s)", re.I
)
_DANGLING = re.compile(r"\s(?:the|a|an|to|of|and|or|my|our|your|its|their|is|are|was|were|that)$", re.I)
_WIDE_TEXT = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _cuts(line: str, pat: re.Pattern[str], limit: int, least: int) -> str:
    """The longest head of line that ends at a boundary of pat and fits in limit columns ("" if none)."""
    best = ""
    for m in pat.finditer(line):
        head = line[: m.start()].rstrip(" ,;:")
        if width(head) > limit:
            break
        if width(head) >= least and not _DANGLING.search(head) and head.count("(") == head.count(")"):
            best = head
    return best


def fit_title(line: str, limit: int) -> str:
    """At most `limit` columns, cut where a phrase ends (English); Japanese keeps the clause cut of `cut`."""
    line = " ".join(line.split())
    if width(line) <= limit:
        return line
    if _WIDE_TEXT.search(line[:12]):
        return cut(line, limit)
    least = max(16, limit // 3)
    body = line.rstrip("?？ ")
    head = _cuts(body, _CLAUSE, limit, least) or _cuts(body, _PHRASE, limit, limit // 2)
    if head:
        return head
    words = line[: fit(line, limit - 1)].rsplit(" ", 1)[0]
    return _DANGLING.sub("", words).rstrip(" ,;:") + "…"


_ASK_HOW = re.compile(
    r"^(?:so\s+)?how\s+(?:do|can|should|would|did)\s+(?:i|we|you|they|one)\s+(?:actually\s+)?(?=[a-z])", re.I
)


def question_title(line: str, kind: str, limit: int) -> str:
    """A question as a title: whole when it fits; a long procedure's "How do I do the allergen swap … when
    …?" as its task ("Do the allergen swap…"); else cut before its subordinate clause ("Why does the portal show an
    application as 'valid'" without "when the neighbours haven't been notified yet")."""
    q = " ".join(line.split())
    if width(q) <= limit:
        return q
    ask = _ASK_HOW.match(q)
    if kind == "procedures" and ask:
        task = q[ask.end() :].rstrip("?？ ")
        task = cap_first(task)
        return fit_title(task, limit)
    return fit_title(q, limit)
