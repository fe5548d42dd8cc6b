"""Progressive multiple alignment of sequences on a similarity, and the atoms text is aligned by.

`align_many` aligns several sequences (the step lists of a cluster's tasks, or the atoms of one
step across the tasks) into columns: each column holds, per sequence, the index of its element
there or None. Two elements share a column only when their similarity beats `threshold`; the
alignment of a sequence to the columns built so far (a profile) is a Needleman-Wunsch that
maximises the summed `similarity - threshold` of its matches, gaps costing nothing, so order is
kept and unrelated elements get columns of their own. Sequences are added star-wise: first the
one most alike to all others, then the others by their likeness to it.

`atoms` cuts text into the units placeholders are made of: dates, clock times, version-like numbers, runs of
letters and digits, single CJK characters (Japanese has no spaces, so alignment works on its
characters), whitespace runs, and single punctuation marks (so the parts of a URL or path
align one by one: `https://staging.example.com/{service}/healthz`). Numbers joined by colons are one atom only
as a clock time (`10:30`, `10:30:15`); otherwise the colon separates fields (an EDIFACT `DTM+400:20310714:102`
is a qualifier, a date and a format code: only the date differs between the tasks).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from memdir.consolidation.weekly.script_words import MARKS

T = TypeVar("T")
Column = list[int | None]

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
_ATOM = re.compile(
    r"[A-Za-z0-9._%+-]+(?=@[A-Za-z0-9-]+\.)"  # an e-mail's mailbox (`k.tanaka`) is one value
    r"|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?"  # ISO date (time)
    r"|\d{4}-(?:0[1-9]|1[0-2])(?![\d-])"  # a month, 2026-10
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])"  # 12,500 and 1,234.5 (a comma between other digits
    # separates values: a CSV row's `8812,2028-08-18` is two)
    r"|\d{1,2}(?::\d{2})+(?:\.\d+)?(?![\d:])"  # 10:30, 10:30:15.5 (a clock time)
    r"|\d+(?:\.\d+)+"  # 2.32.3, 13.5
    rf"|(?:(?![{_CJK}])[^\W\d_])+(?=\d+\.\d)"  # the `v` of v3.4.1
    rf"|(?:(?![{_CJK}])[^\W_])(?:(?![{_CJK}])[^\W_]|[{MARKS}])*"  # letters, digits and marks (no CJK)
    rf"|[{_CJK}]"  # one CJK character
    r"|\s+"
    r"|.",
    re.S,
)


def atoms(text: str) -> list[str]:
    """The atoms of a text, in order; joining them gives the text back."""
    return _ATOM.findall(text)


def is_cjk(atom: str) -> bool:
    """True for a single CJK (kanji, kana) character."""
    return len(atom) == 1 and re.match(rf"[{_CJK}]", atom) is not None


def _nw(
    profile: list[list[T]],
    seq: Sequence[T],
    sim: Callable[[T, T], float],
    threshold: float,
    exact: bool = False,
) -> list[tuple[int | None, int | None]]:
    """Pairs (profile column, sequence index) of the best order-keeping alignment (None = gap).

    With `exact`, similarity is equality of (lower-cased) strings, counted per column at once.
    """
    n, m = len(profile), len(seq)
    counts = [Counter(str(x).lower() for x in col) for col in profile] if exact else []
    keys = [str(x).lower() for x in seq] if exact else []
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    move = [[0] * (m + 1) for _ in range(n + 1)]  # 0 diag, 1 up (column alone), 2 left (element alone)
    for i in range(1, n + 1):
        move[i][0] = 1
    for j in range(1, m + 1):
        move[0][j] = 2
    for i in range(1, n + 1):
        col = profile[i - 1]
        row, prev = score[i], score[i - 1]
        for j in range(1, m + 1):
            best, how = prev[j], 1
            if row[j - 1] > best:
                best, how = row[j - 1], 2
            if exact:
                gain = counts[i - 1][keys[j - 1]] / len(col) - threshold
            else:
                gain = sum(sim(x, seq[j - 1]) for x in col) / len(col) - threshold
            if gain > 0 and prev[j - 1] + gain > best:
                best, how = prev[j - 1] + gain, 0
            row[j], move[i][j] = best, how
    out: list[tuple[int | None, int | None]] = []
    i, j = n, m
    while i or j:
        how = move[i][j]
        if how == 0:
            out.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif how == 1:
            out.append((i - 1, None))
            i -= 1
        else:
            out.append((None, j - 1))
            j -= 1
    out.reverse()
    return out


def pair_score(a: Sequence[T], b: Sequence[T], sim: Callable[[T, T], float], threshold: float) -> float:
    """The alignment score of two sequences (summed gains of their matches)."""
    total = 0.0
    for ci, sj in _nw([[x] for x in a], b, sim, threshold):
        if ci is not None and sj is not None:
            total += sim(a[ci], b[sj]) - threshold
    return total


def same_text(a: str, b: str) -> float:
    """1.0 when two strings are equal ignoring case, else 0.0."""
    return 1.0 if a.lower() == b.lower() else 0.0


def align_many(
    seqs: Sequence[Sequence[T]],
    sim: Callable[[T, T], float],
    threshold: float,
    exact: bool = False,
    star: bool = True,
) -> list[Column]:
    """Columns of a progressive multiple alignment; each column has one slot per sequence.

    With `star`, the sequence most alike to all others goes first and the rest follow by their
    likeness to it (k^2 pairwise alignments); without, they are added in the order given.
    `exact` says `sim` is `same_text` (faster: counted per column).
    """
    k = len(seqs)
    if k == 0:
        return []
    if k == 1:
        return [[i] for i in range(len(seqs[0]))]
    order = list(range(k))
    if star:
        scores = [[0.0] * k for _ in range(k)]
        known: dict[tuple[int, int], float] = {}
        first_of: dict[tuple[object, ...], int] = {}
        same = [first_of.setdefault(tuple(s), i) for i, s in enumerate(seqs)]  # equal sequences score alike
        for a in range(k):
            for b in range(a + 1, k):
                key = (min(same[a], same[b]), max(same[a], same[b]))
                if key not in known:
                    known[key] = pair_score(seqs[a], seqs[b], sim, threshold)
                scores[a][b] = scores[b][a] = known[key]
        first = max(range(k), key=lambda a: (sum(scores[a]), -a))
        order = [first] + sorted((b for b in range(k) if b != first), key=lambda b: (-scores[first][b], b))
    centre = order[0]
    columns: list[Column] = [[None] * k for _ in seqs[centre]]
    for i, first_col in enumerate(columns):
        first_col[centre] = i
    members: list[list[T]] = [[x] for x in seqs[centre]]
    for b in order[1:]:
        pairs = _nw(members, seqs[b], sim, threshold, exact)
        new_cols: list[Column] = []
        new_members: list[list[T]] = []
        for ci, sj in pairs:
            if ci is None:
                col: Column = [None] * k
                group: list[T] = []
            else:
                col, group = columns[ci], members[ci]
            if sj is not None:
                col[b] = sj
                group = [*group, seqs[b][sj]]
            new_cols.append(col)
            new_members.append(group)
        columns, members = new_cols, new_members
    return columns
