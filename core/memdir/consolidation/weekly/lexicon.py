"""Word statistics of the week's tasks, for template induction (`memdir.consolidation.weekly.templates`).

Every task of the week counts, whatever its outcome: failures never count toward a
procedure, but they show what a kind of task looks like. An *entry* is a distinct
(abstracted text, distinct tool names) pair, weighted by its number of tasks.

- Slots: placeholders (`{num}`, `{name}`...) and words found in fewer than `min_support`
  (the design's 3) task texts of the week are instance values: a kind of task that repeats
  3 times repeats its own words 3 times. This catches lower-case names (`earthporn`,
  `jacyanthis`) that `abstract_text` cannot see. A text's *skeleton* is its tokens with
  every run of slot tokens collapsed to `*`.
- Frames: a run of up to `FRAME_RUN` frequent words between constant words is a slot value
  too when the week holds the same skeleton with a slot in its place ("find the hotel
  around *" next to "find the * around *"): a frequent value of a slot that other tasks
  fill with rare values. Words next to a slot never count (`add a *` stays apart from
  `add *`).
- Context of a cluster: its entries plus the week's entries whose TF-IDF cosine (word 1-2
  grams) to one of them is at least `CONTEXT_MIN` and whose IDF-weighted tools have cosine
  at least `TOOL_MIN` with one of them (structure is a hard constraint: phrasings that
  cross-cut kinds of work, as in ALFWorld, are never compared across tools), at most
  `MAX_CONTEXT`, most alike first.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from memdir.consolidation.weekly.features import tool_tokens, tool_vectors, wording_vectors
from memdir.consolidation.weekly.script_words import MARKS

SLOT = "*"
CONTEXT_MIN = 0.4
TOOL_MIN = 0.8
MAX_CONTEXT = 48
FRAME_RUN = 3
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
# a CJK run and a Latin word are separate tokens (`apiプロジェクトのissue` is `api`, `プロジェクトの`,
# `issue`), so a Japanese sentence naming an English thing keeps its Japanese frame
# a word keeps its combining marks (`కవర్లు`, not `కవర` and `ల`: `\w` holds no mark; round 60)
_TOKEN = re.compile(
    rf"\{{\w+\}}|[{_CJK}]+|(?:(?![{_CJK}])[^\W_])(?:(?:(?![{_CJK}])[\w{MARKS}'.&-])*(?:(?![{_CJK}])[\w{MARKS}]))?"
)

Skeleton = tuple[str, ...]
Entry = tuple[str, tuple[str, ...]]  # (abstracted text, distinct tool names)


def tokens(text: str) -> list[str]:
    """Words and `{placeholders}` of an (abstracted) text, lower-cased; punctuation dropped."""
    return _TOKEN.findall(text.lower())


class WeekLexicon:
    """Support per word, skeletons and neighbours (wording and tools) of the week's task entries."""

    def __init__(self, tasks: Sequence[tuple[str, Sequence[str], str]], min_support: int = 3) -> None:
        """tasks: (abstracted text, tools, raw intent) of every task of the week."""
        self.min_support = min_support
        self.weight: Counter[Entry] = Counter()
        raw: dict[Entry, set[str]] = {}
        for text, tools, intent in tasks:
            entry = self.entry(text, tools)
            self.weight[entry] += 1
            raw.setdefault(entry, set()).add(intent)
        # distinct instances: a task repeated word for word shows nothing about what varies
        self.variety: Counter[Entry] = Counter({e: len(r) for e, r in raw.items()})
        self.support: Counter[str] = Counter()
        per_text: Counter[str] = Counter()
        self._by_text: dict[str, list[Entry]] = {}
        for entry in sorted(self.weight):
            per_text[entry[0]] += self.weight[entry]
            self._by_text.setdefault(entry[0], []).append(entry)
        for text, n in per_text.items():
            for tok in set(tokens(text)):
                self.support[tok] += n
        self.texts = sorted(per_text)
        self._row = {t: i for i, t in enumerate(self.texts)}
        tool_sets: Counter[tuple[str, ...]] = Counter()
        for (_, tools), n in self.weight.items():
            tool_sets[tools] += n
        self._tool_sets = sorted(tool_sets)
        self._tool_row = {t: i for i, t in enumerate(self._tool_sets)}
        self._tool_vecs: np.ndarray | None = None
        self._tool_counts = [tool_sets[t] for t in self._tool_sets]
        self._skeletons: dict[str, Skeleton] = {}
        self._frame_set: set[Skeleton] | None = None
        self._tfidf: Any = None

    @staticmethod
    def entry(text: str, tools: Sequence[str]) -> Entry:
        """The entry of a task: its abstracted text and its distinct tool names."""
        return text, tuple(sorted(tool_tokens(tools)))

    def is_slot(self, token: str) -> bool:
        """Placeholders and words of fewer than min_support task texts are instance values."""
        return token.startswith("{") or self.support[token] < self.min_support

    def _plain(self, text: str) -> Skeleton:
        out: list[str] = []
        for tok in tokens(text):
            tok = SLOT if self.is_slot(tok) else tok
            if not (tok == SLOT and out and out[-1] == SLOT):
                out.append(tok)
        return tuple(out)

    def _frames(self) -> set[Skeleton]:
        if self._frame_set is None:
            self._frame_set = {self._plain(t) for t in self.texts}
        return self._frame_set

    def skeleton(self, text: str) -> Skeleton:
        """The text's tokens with every run of slot tokens collapsed to `*`.

        Besides rare words, a run of up to FRAME_RUN frequent words between two constant words
        is a slot value when some text of the week has the very same skeleton with a slot there
        ("find the hotel around *" when "find the * around *" occurs): a frequent value of a slot
        other tasks fill with rare values.
        """
        if text not in self._skeletons:
            sk = self._plain(text)
            if FRAME_RUN:
                frames = self._frames()
                slot = [t == SLOT for t in sk]
                for i in range(1, len(sk)):
                    for n in range(1, FRAME_RUN + 1):
                        j = i + n
                        if j > len(sk) or any(slot[i:j]) or slot[i - 1] or (j < len(sk) and slot[j]):
                            break
                        if sk[:i] + (SLOT,) + sk[j:] in frames:
                            slot[i:j] = [True] * n
                out: list[str] = []
                for tok, is_slot in zip(sk, slot, strict=True):
                    tok = SLOT if is_slot else tok
                    if not (tok == SLOT and out and out[-1] == SLOT):
                        out.append(tok)
                sk = tuple(out)
            self._skeletons[text] = sk
        return self._skeletons[text]

    def skeleton_text(self, text: str) -> str:
        """The skeleton as text, slots as `{w}` (what the wording features compare)."""
        return " ".join("{w}" if t == SLOT else t for t in self.skeleton(text)) or text

    def _matrices(self) -> tuple[Any, np.ndarray]:
        if self._tfidf is None:
            self._tfidf = wording_vectors(self.texts)
            self._tool_vecs = tool_vectors(self._tool_sets, self._tool_counts)
        assert self._tool_vecs is not None
        return self._tfidf, self._tool_vecs

    def context(self, members: Sequence[Entry]) -> list[Entry]:
        """The members plus the week's entries alike in wording (TF-IDF) and in tools, most alike first."""
        own = sorted(set(members))
        rows = sorted({self._row[e[0]] for e in own if e[0] in self._row})
        if not rows:
            return own
        words, tools = self._matrices()
        sims = np.asarray((words[rows] @ words.T).max(axis=0).todense()).ravel()
        member_tools = tools[sorted({self._tool_row[e[1]] for e in own if e[1] in self._tool_row})]
        seen = set(own)
        extra: list[Entry] = []
        for j in np.argsort(-sims, kind="stable"):
            if sims[j] < CONTEXT_MIN or len(own) + len(extra) >= MAX_CONTEXT:
                break
            for entry in self._by_text[self.texts[int(j)]]:
                tool_sim = (
                    float((member_tools @ tools[self._tool_row[entry[1]]]).max())
                    if len(member_tools)
                    else 1.0
                )
                if entry not in seen and tool_sim >= TOOL_MIN:
                    extra.append(entry)
        return own + extra[: max(0, MAX_CONTEXT - len(own))]
