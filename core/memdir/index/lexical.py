"""Lexical ranking without a word tokenizer: BM25 over Latin words and CJK character bigrams.

Latin-script text is split into lower-case words (stop words dropped, possessives cut,
Porter-stemmed, so `painted` meets `painting`; a hyphenated word also counts joined, so
`de-stress` meets `destress`); runs of Japanese, Chinese or Korean characters become
overlapping character bigrams (and, in documents, single characters), so `パスワード`
matches `パスワードを変更` without a dictionary. Each note's term counts live in the index
catalog; the inverted postings are rebuilt in memory on load.
"""

from __future__ import annotations

import heapq
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping

from memdir.index.frame import content_query
from memdir.index.stemmer import stem

LEXICAL_VERSION = 8  # bump when tokenize() or a record's fields change: term counts, titles, tags recomputed
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_HYPHENATED = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff66-\uff9f]+")
_SPLIT = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff66-\uff9f]+)")
_STOP_TEXT = (
    "a an the of to in on at for and or is are was were be been being did do does doing what when where who "
    "whom which why how with by from as that this these those it its his her hers their theirs they them he "
    "him she you i me my we us our your yours has have had having about after before during not no yes would "
    "could should can will shall may might must am so if then than there here into onto out up down off over "
    "under again just also very too any some such only own same other each both all most more s t"
)
STOP_WORDS = frozenset(_STOP_TEXT.split())
MAX_QUERY_TERMS = 48  # a longer query is cut to its rarest terms (query_terms)


def _stem(word: str) -> str:
    """Possessive cut, then the Porter stem; other contractions (`don't`) stay whole."""
    if word.endswith("'s"):
        word = word[:-2]
    elif "'" in word:
        return word
    return stem(word)


def tokenize(text: str, query: bool = True) -> list[str]:
    """Terms of text: stemmed Latin words (no stop words, hyphenated words also joined) and CJK bigrams.

    Documents (query=False) also index single CJK characters, so a one-character query
    such as `猫` matches; queries use bigrams only (unigrams for one-character runs).
    """
    norm = unicodedata.normalize("NFKC", text).lower()
    terms: list[str] = []
    for part in _SPLIT.split(norm):
        if not part:
            continue
        if _CJK.fullmatch(part):
            if len(part) == 1 or not query:
                terms.extend(part)
            if len(part) > 1:
                terms.extend(part[i : i + 2] for i in range(len(part) - 1))
        else:
            for w in _WORD.findall(part):
                if w not in STOP_WORDS:
                    terms.append(_stem(w))
            if "-" in part:
                terms.extend(stem(h.replace("-", "")) for h in _HYPHENATED.findall(part))
    return terms


def content_terms(query: str) -> list[str]:
    """The query's terms without its frame (`のやり方`, `steps`: frame.content_query), or all its terms when
    it is nothing but frame (`手順`)."""
    return tokenize(content_query(query)) or tokenize(query)


def term_counts(text: str) -> tuple[dict[str, int], int]:
    """(term -> count, document length in terms) for one document."""
    terms = tokenize(text, query=False)
    return dict(Counter(terms)), len(terms)


def cjk_text(terms: Mapping[str, int]) -> bool:
    """Whether text with these term counts is mostly CJK: at least half its terms are CJK ones.

    A Japanese note quoting code or names in English stays Japanese; an English question naming
    one Japanese word stays English.
    """
    total = sum(terms.values())
    return total > 0 and 2 * sum(n for t, n in terms.items() if _CJK.match(t)) >= total


TINY_WORDS = 2  # a text of at most this many words is too short to carry a meaning of its own (tiny_text)


def text_words(terms: Iterable[str]) -> float:
    """About how many words a text of these (document) terms holds: its Latin words of 2+ letters (numbers
    such as an episode's `16:49` left out) plus half its distinct CJK characters (a Japanese word is
    mostly two: `有害事象` is two words, `escape` one)."""
    latin = sum(1 for t in terms if t.isascii() and len(t) > 1 and not t.isdigit())
    return latin + len({t for t in terms if len(t) == 1 and _CJK.match(t)}) / 2


def tiny_text(terms: Iterable[str]) -> bool:
    """Whether a text of these document terms is a word or two (`escape`, `了解`): e5 places such a text
    near almost any query (cosine 0.81-0.90 to unrelated questions), so its cosine is weak evidence
    (trial 25 #13; docs/benchmarks-search.md "Tiny notes")."""
    return text_words(terms) <= TINY_WORDS


class LexicalIndex:
    """BM25 over per-document term counts; build once per loaded catalog, query many times."""

    def __init__(
        self, docs: Mapping[str, tuple[Mapping[str, int], int]], k1: float = 1.2, b: float = 0.75
    ) -> None:
        self.k1 = k1
        self.b = b
        self.n_docs = len(docs)
        total = sum(length for _, length in docs.values())
        self.avg_len = (total / self.n_docs) if self.n_docs else 1.0
        self.lengths: dict[str, int] = {}
        self.cjk: set[str] = set()  # notes written mostly in CJK script (cjk_text)
        self.postings: dict[str, list[tuple[str, int]]] = {}
        for path, (tf, length) in docs.items():
            self.lengths[path] = length
            if cjk_text(tf):
                self.cjk.add(path)
            for term, count in tf.items():
                plist = self.postings.get(term)
                if plist is None:
                    self.postings[term] = [(path, count)]
                else:
                    plist.append((path, count))

    def idf(self, term: str) -> float:
        """BM25 inverse document frequency (always positive)."""
        df = len(self.postings.get(term, ()))
        return math.log(1.0 + (self.n_docs - df + 0.5) / (df + 0.5))

    def query_terms(self, query: str) -> list[str]:
        """The query's distinct terms, or its MAX_QUERY_TERMS rarest known ones when it has more.

        A pasted document has thousands of terms; BM25 over all of them touches most postings.
        Its rarest terms (highest IDF among those some note has: the others match nothing) carry
        what is distinctive about it, and the cut is linear in the query's length. The query's frame
        (`のやり方`, `steps`: frame.content_query) is not among them: it says how the query asks, not what
        about (trial 28 #8).
        """
        terms = list(dict.fromkeys(content_terms(query)))
        if len(terms) <= MAX_QUERY_TERMS:
            return terms
        known = [t for t in terms if t in self.postings]
        known.sort(key=self.idf, reverse=True)  # stable: equal IDF keeps the query's order
        return known[:MAX_QUERY_TERMS]

    def scores(self, query: str, allowed: Iterable[str] | None = None) -> dict[str, float]:
        """BM25 score of every document that shares a term with query (optionally only `allowed`)."""
        allow = set(allowed) if allowed is not None else None
        out: dict[str, float] = {}
        k1, b, avg = self.k1, self.b, self.avg_len or 1.0
        for term in self.query_terms(query):
            plist = self.postings.get(term)
            if not plist:
                continue
            idf = self.idf(term)
            for path, f in plist:
                if allow is not None and path not in allow:
                    continue
                norm = k1 * (1.0 - b + b * self.lengths[path] / avg)
                out[path] = out.get(path, 0.0) + idf * f * (k1 + 1.0) / (f + norm)
        return out

    def rank(self, query: str, k: int, allowed: Iterable[str] | None = None) -> list[tuple[str, float]]:
        """Top-k (path, score) by BM25, best first; ties broken by path for determinism."""
        scored = self.scores(query, allowed)
        return heapq.nsmallest(k, scored.items(), key=lambda kv: (-kv[1], kv[0]))
