"""Template induction over the week: tell apart task types that read alike.

Meaning-based clustering merges sibling templates ("like all submissions by {user}" vs
"dislike all submissions by {user}", "how many commits did {user} make on {date}" vs "...
make to {repo} on {date}"). `TemplateSplitter` splits such a cluster where its texts
disagree on template words, using the week's statistics (`memdir.consolidation.weekly.lexicon`:
slots are placeholders, words of fewer than 3 task texts and frequent words where other
texts have a slot; context is the week's texts alike in wording and tools, failures
included, each counted by its distinct instances):

1. Columns: every context text is aligned (difflib) to a few pivots (the heaviest text,
   then farthest-first); each pivot word and each gap between words gets one value per
   text: the aligned word, a same-length replacement, other words (`~`), or nothing.
2. Alternation split: a position where two constant values are each carried by at least
   `min_support` instances ("like" 6 / "dislike" 6, "to {repo}" / nothing) separates types;
   so does a pivot word carried by `min_support` instances where at least `min_support`
   others hold other single constant words ("on {date}" vs "in" / "between"). A slot
   takes many values: a position with more than `MAX_ALTERNATIVES` values carried by
   `min_support` instances, or with rare values only, never splits. Of the partitions found, the
   one most positions agree on wins (a type boundary shows in many words at once, a
   frequent instance value in one or two); parts are split again, recursively.
3. Ejection: in a part that no longer splits, a text that contradicts, with at least
   `MIN_CONTRADICTION` constant words, positions that `MAJORITY` of the part's tasks (and
   at least `min_support`) agree on, away from slots, is another type that reads alike
   (a sibling seen once or twice); it leaves the part.

Only the cluster's own members are regrouped; context texts only inform the statistics.
Work is bounded per cluster (`MAX_CONTEXT` texts, `MAX_PIVOTS` pivots, `MAX_DEPTH` levels);
nothing is quadratic in the week.
"""

from __future__ import annotations

import difflib
import logging
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from memdir.consolidation.weekly.lexicon import SLOT, Entry, Skeleton, WeekLexicon

log = logging.getLogger(__name__)

OTHER = "~"  # prefix: at a pivot word, these other words (of a different length) stand there
MAX_PIVOTS = 8
MAX_DEPTH = 5
MAJORITY = 2 / 3
MIN_CONTRADICTION = 2
MAX_ALTERNATIVES = 2


@dataclass
class SplitStats:
    """What template induction did in one run (for the report)."""

    clusters_checked: int = 0
    splits: int = 0
    ejected: int = 0


def _align(pivot: Skeleton, other: Skeleton) -> tuple[list[str], dict[int, str]]:
    """Per pivot word the value `other` has there ('' = absent), and what it inserts before word i."""
    cols = [""] * len(pivot)
    gaps: dict[int, str] = {}
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=pivot, b=other, autojunk=False).get_opcodes():
        if op == "equal":
            cols[i1:i2] = pivot[i1:i2]
        elif op == "replace" and i2 - i1 == j2 - j1:
            cols[i1:i2] = other[j1:j2]
        elif op == "replace":  # lengths differ: the pivot's constant words are not there, something else is
            value = " ".join(other[j1:j2])
            for i in range(i1, i2):
                cols[i] = f"[{value}]" if pivot[i] == SLOT else OTHER + value
        elif op == "insert":
            gaps[i1] = " ".join(other[j1:j2])
    return cols, gaps


def _constant(value: str) -> bool:
    return SLOT not in value and "[" not in value


class TemplateSplitter:
    """Splits one cluster's texts into task types using the week's lexicon (see module docstring)."""

    def __init__(self, lexicon: WeekLexicon, stats: SplitStats | None = None) -> None:
        self.lex = lexicon
        self.k = lexicon.min_support
        self.stats = stats if stats is not None else SplitStats()

    def _sk(self, entry: Entry) -> Skeleton:
        return self.lex.skeleton(entry[0])

    def split(self, texts: Sequence[Entry]) -> list[list[int]]:
        """Groups of indexes into the members' entries, one per task type (equal entries stay together)."""
        self.stats.clusters_checked += 1
        members = sorted(set(texts))
        parts = self._refine(self.lex.context(members), 0)
        where = {t: n for n, part in enumerate(parts) for t in part}
        groups: dict[int, list[Entry]] = {}
        for t in members:
            groups.setdefault(where[t], []).append(t)
        index = {t: n for n, g in enumerate(groups.values()) for t in g}
        out: dict[int, list[int]] = {}
        for i, t in enumerate(texts):
            out.setdefault(index[t], []).append(i)
        return list(out.values())

    # -- recursion ---------------------------------------------------------------------
    def _w(self, texts: Sequence[Entry]) -> int:
        return sum(max(1, self.lex.variety[t]) for t in texts)

    def _refine(self, texts: list[Entry], depth: int) -> list[list[Entry]]:
        if self._w(texts) < 2 * self.k or depth >= MAX_DEPTH:
            return self._eject(texts)
        groups = self._best_split(texts)
        if groups is None:
            return self._eject(texts)
        self.stats.splits += 1
        out: list[list[Entry]] = []
        for g in groups:
            out.extend(self._refine(g, depth + 1))
        return out

    def _pivots(self, texts: list[Entry]) -> list[Entry]:
        """The heaviest text, then farthest-first (least like the pivots so far), up to MAX_PIVOTS."""
        sk = self._sk
        order = sorted(texts, key=lambda t: (-self.lex.variety[t], t))
        chosen = [order[0]]
        near = {t: difflib.SequenceMatcher(a=sk(order[0]), b=sk(t), autojunk=False).ratio() for t in texts}
        while len(chosen) < min(MAX_PIVOTS, len(texts)):
            nxt = min((t for t in order if t not in chosen), key=lambda t: (near[t], -self.lex.variety[t], t))
            chosen.append(nxt)
            for t in texts:
                near[t] = max(near[t], difflib.SequenceMatcher(a=sk(nxt), b=sk(t), autojunk=False).ratio())
        return chosen

    def _positions(self, pivot: Skeleton, texts: list[Entry]) -> list[tuple[int, str, list[str]]]:
        """(pivot index, own value, values of every text) for each pivot word that is no slot and each gap.

        A gap before word i has own value '' (nothing inserted) and index -i - 1.
        """
        aligned = [_align(pivot, self._sk(t)) for t in texts]
        out: list[tuple[int, str, list[str]]] = []
        for i in range(len(pivot) + 1):
            if i < len(pivot) and pivot[i] != SLOT:
                out.append((i, pivot[i], [cols[i] for cols, _ in aligned]))
            out.append((-i - 1, "", [gaps.get(i, "") for _, gaps in aligned]))
        return out

    def _best_split(self, texts: list[Entry]) -> list[list[Entry]] | None:
        """The partition most positions agree on (a type boundary shows in many words at once), then the most balanced."""
        found: dict[tuple[tuple[Entry, ...], ...], list[int]] = {}
        for p in self._pivots(texts):
            for _, own, values in self._positions(self._sk(p), texts):
                alt = self._alternation(own, texts, values)
                if alt:
                    key = tuple(sorted(tuple(sorted(g)) for g in alt[1]))
                    score = found.setdefault(key, [0, 0])
                    score[0] += 1
                    score[1] = max(score[1], alt[0])
        if not found:
            return None
        best = max(found, key=lambda k: (found[k][0], found[k][1], k))
        return [list(g) for g in best]

    def _alternation(
        self, own: str, texts: list[Entry], raw: list[str]
    ) -> tuple[int, list[list[Entry]]] | None:
        """(strength, groups) when this position separates types, else None."""
        named: Counter[bool] = Counter()  # tasks holding something (not nothing) other than the pivot's word
        distinct: Counter[str] = Counter()
        count: Counter[str] = Counter()
        for t, v in zip(texts, raw, strict=True):
            w = max(1, self.lex.variety[t])
            named[v != "" and v != own] += w
            distinct[v] += w
            count["" if v.startswith(OTHER) else v] += w  # not the pivot's word: absent or replaced alike
        values = ["" if v.startswith(OTHER) else v for v in raw]
        if sum(1 for c in distinct.values() if c >= self.k) > MAX_ALTERNATIVES:
            return None  # several values, each repeated: a slot with a few frequent values
        if len(count) < 2:
            return None
        k = self.k
        good = sorted(v for v, c in count.items() if c >= k and _constant(v))
        sizes = [count[v] for v in good]
        if len(good) == 1 and good[0] == own and own:
            # the pivot's word vs other single constant words, none repeated enough to be a type of its
            # own (never "absent" alone: that may be a slot run)
            others = {v: c for v, c in count.items() if v != own}
            if named[True] >= k and all(_constant(v) and len(v.split()) <= 1 for v in others):
                good, sizes = [own, "~other"], [count[own], sum(others.values())]
        if len(good) < 2:
            return None
        groups: dict[str, list[Entry]] = {}
        for t, v in zip(texts, values, strict=True):
            key = v if v in good else ("~other" if "~other" in good else _closest(v, good))
            groups.setdefault(key, []).append(t)
        return sorted(sizes)[-2], [groups[g] for g in sorted(groups)]

    def _eject(self, texts: list[Entry]) -> list[list[Entry]]:
        """Texts that contradict what most of the part agrees on leave it (each on its own)."""
        total = self._w(texts)
        if len(texts) < 2 or total < self.k:
            return [texts]
        sk = self._sk
        pivot = max(
            texts,
            key=lambda t: (
                self.lex.variety[t],
                sum(
                    difflib.SequenceMatcher(a=sk(t), b=sk(u), autojunk=False).ratio() * self.lex.variety[u]
                    for u in texts
                ),
                t,
            ),
        )
        pv = sk(pivot)
        contradictions: Counter[Entry] = Counter()
        for pos, own, values in self._positions(pv, texts):
            if not self._firm(pos, own, pv, values, texts, total):
                continue
            for t, v in zip(texts, values, strict=True):
                if v.startswith(OTHER):
                    contradictions[t] += 1
                elif v != own and _constant(v):
                    contradictions[t] += max(1, len(v.split()))
        bad = sorted(t for t, c in contradictions.items() if c >= MIN_CONTRADICTION)
        if not bad:
            return [texts]
        self.stats.ejected += len(bad)
        return [[t for t in texts if t not in bad]] + [[t] for t in bad]

    def _firm(
        self, pos: int, own: str, pivot: Skeleton, values: list[str], texts: list[Entry], total: int
    ) -> bool:
        """A position most of the part agrees on, away from slots (next to a slot, words may belong to it)."""
        if pos >= 0:
            near = [pos - 1, pos + 1]
        else:  # the gap before word i = -pos - 1 lies between words i - 1 and i
            near = [-pos - 2, -pos - 1]
        if any(0 <= j < len(pivot) and pivot[j] == SLOT for j in near):
            return False
        agree = sum(max(1, self.lex.variety[t]) for t, v in zip(texts, values, strict=True) if v == own)
        return agree >= max(self.k, MAJORITY * total)


def _closest(value: str, good: list[str]) -> str:
    """The alternative a leftover value is a variant of: most shared words, or the one its slots match."""
    words = set(value.split()) - {SLOT}
    scored = sorted(((len(words & set(g.split())), g) for g in good if g), reverse=True)
    if scored and scored[0][0] > 0 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
        return scored[0][1]
    if SLOT in value:
        pattern = re.compile(
            "^" + " ".join(r"\S+(?: \S+)*" if w == SLOT else re.escape(w) for w in value.split(" ")) + "$"
        )
        hits = [g for g in good if pattern.match(g)]
        if len(hits) == 1:
            return hits[0]
    return "~rest"
