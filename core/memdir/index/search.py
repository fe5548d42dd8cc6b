"""Hybrid search: BM25 (words + CJK bigrams) and vector rankings fused by their normalised scores.

BM25 scores are divided by the best one (0 means no shared term); cosines are min-max
normalised over the vector top `depth` (e5 cosines have no natural zero). A note missing
from one ranking gets 0 there. The two are summed with weights LEXICAL_WEIGHT and
1 - LEXICAL_WEIGHT. Unlike reciprocal rank fusion (`fuse`, kept for comparison), this
keeps how far apart the scores are, so a note far ahead in one ranking stays ahead. A note
written in another script than the query (Japanese for an English question, or the reverse:
`foreign_notes`) cannot share its words, so its lexical part is unknown, not 0: it is scored
by its normalised cosine alone (trial 18; scripts/bench_search_crosslang.py), unless it is a word
or two (lexical.tiny_text): e5 puts such a text near any query, so it keeps the vector weight of
a same-script note and never outranks a note found both ways on cosine alone (trial 25 #13).

Before answering, search checks (by file stats, at most every 2 s per process) whether
the files changed since the last sync and, if so, syncs them first; if another process
is syncing right now it answers from the current index instead of waiting. Search only
reads notes: it never modifies one.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from memdir.errors import MemdirError
from memdir.index.lexical import LexicalIndex, cjk_text, tiny_text, tokenize
from memdir.index.query import vector_text
from memdir.jsonvalue import JSONObject
from memdir.notes.model import tag_list
from memdir.paths import KINDS, NOTE_DIRS
from memdir.redaction import redact_text

if TYPE_CHECKING:
    from memdir.index.catalog import NoteRecord
    from memdir.index.service import IndexService

MODES = ("hybrid", "vector", "lexical")
RRF_K = 60
LEXICAL_WEIGHT = 0.75  # share of the lexical ranking in the fused score (chosen on LoCoMo dev questions)
MIN_DEPTH = 50
EARLIER = "(earlier version, superseded below)"  # leads a snippet from the steps a revision replaced


@dataclass
class SearchHit:
    """One search result: a note (root-relative path) and why it matched."""

    path: str
    score: float
    description: str
    kind: str | None
    title: str
    confidence: float | None
    snippet: str
    rankers: list[str] = field(default_factory=list)  # which rankers found it: lexical, vector

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict."""
        return asdict(self)


def fuse(
    rankings: Sequence[Sequence[str]], weights: Sequence[float], k: int = RRF_K
) -> list[tuple[str, float]]:
    """Reciprocal rank fusion: sum of weight / (k + rank) over rankings, best first."""
    scores: dict[str, float] = {}
    for ranking, w in zip(rankings, weights, strict=True):
        for rank, path in enumerate(ranking, start=1):
            scores[path] = scores.get(path, 0.0) + w / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def fuse_scores(
    rankings: Sequence[Sequence[tuple[str, float]]], weights: Sequence[float], floors: Sequence[float | None]
) -> list[tuple[str, float]]:
    """Score fusion: sum of weight x normalised score over rankings of (path, score), best first.

    Each ranking's scores are mapped to [0, 1]: its best score to 1, its floor to 0 (the
    floor is a score meaning "no match", e.g. 0 for BM25; None means the ranking's lowest
    score). A note missing from a ranking gets 0 there; a ranking whose scores are all
    at one value gives each of its notes the full weight.
    """
    scores: dict[str, float] = {}
    for ranking, w, floor in zip(rankings, weights, floors, strict=True):
        if not ranking:
            continue
        hi = max(s for _, s in ranking)
        lo = min(s for _, s in ranking) if floor is None else floor
        span = hi - lo
        for path, s in ranking:
            scores[path] = scores.get(path, 0.0) + w * (max(0.0, (s - lo) / span) if span > 0 else 1.0)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def fuse_hybrid(
    lex: Sequence[tuple[str, float]],
    vec: Sequence[tuple[str, float]],
    lexical_weight: float = LEXICAL_WEIGHT,
    foreign: Collection[str] = (),
) -> list[tuple[str, float]]:
    """The hybrid ranking: BM25 divided by the best BM25, cosines min-max normalised over their top list.

    A `foreign` note (written in another script than the query: foreign_notes) cannot share the
    query's words, so its lexical part is unknown rather than zero: it is scored by its vector
    part alone, at full weight.
    """
    fused = fuse_scores([lex, vec], [lexical_weight, 1.0 - lexical_weight], [0.0, None])
    if not foreign:
        return fused
    alone = dict(fuse_scores([vec], [1.0], [None]))
    out = [(p, alone[p]) if p in foreign and p in alone else (p, s) for p, s in fused]
    return sorted(out, key=lambda kv: (-kv[1], kv[0]))


def foreign_notes(query: str, index: LexicalIndex, paths: Iterable[str]) -> set[str]:
    """The notes among paths written in another script than query (CJK vs the rest: cjk_text)."""
    cjk = cjk_text(Counter(tokenize(query)))
    return {p for p in paths if (p in index.cjk) != cjk}


def other_script(query: str, text: str) -> bool:
    """Whether text is written in another script than query (CJK vs the rest: cjk_text), as foreign_notes
    reads a note of the index."""
    return cjk_text(Counter(tokenize(query))) != cjk_text(Counter(tokenize(text, query=False)))


def _has_tag(have: set[str], want: str) -> bool:
    """`want` or a tag nested under it: `--tag client` finds `client` and `client/acme`, as Obsidian's tag
    search finds nested tags under their parent (trial 23 second re-check M5); `--tag client/acme` only that."""
    return want in have or any(t.startswith(want + "/") for t in have)


def _allowed(
    records: dict[str, NoteRecord], kind: str | None, tags: list[str] | None, min_confidence: float | None
) -> set[str] | None:
    """Paths passing the filters (None: no filter). Notes without `confidence` pass a confidence filter."""
    if not kind and not tags and min_confidence is None:
        return None
    want_tags = {part.lower().strip("/") for t in tags or [] for part in tag_list(t)}  # `--tag "a, b"`: both
    out = set()
    for path, rec in records.items():
        if kind and rec.kind != kind:
            continue
        have = {
            part.lower() for t in rec.tags for part in tag_list(t)
        }  # read as the filter is (an old index)
        if want_tags and not all(_has_tag(have, w) for w in want_tags):
            continue
        if min_confidence is not None and rec.confidence is not None and rec.confidence < min_confidence:
            continue
        out.add(path)
    return out


def snippet_of(
    root: Path, path: str, query: str, fallback: str, width: int = 200, terms: set[str] | None = None
) -> str:
    """The body line that shares most terms with the query, or with `terms` (else the description).

    In a revised procedure (a CURRENT line: notes/current_steps) the line comes from the current text; a line
    of the earlier version only when it alone shares most, marked EARLIER (trial 20 #8)."""
    try:
        text = (root / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return fallback
    from memdir.notes.current_steps import split_earlier
    from memdir.notes.frontmatter import split_text
    from memdir.notes.record_lines import without_record_keeping

    terms = set(tokenize(query)) if terms is None else terms
    body = split_text(text).body
    earlier, current = split_earlier(body)
    body, current = (
        without_record_keeping(body),
        without_record_keeping(current),
    )  # never memdir's count lines
    if earlier:  # a revised procedure: its current text first, an earlier step only when it alone matches
        old, old_score = _scored_line(earlier, terms)
        if old_score > _scored_line(current, terms)[1]:
            return _cut(f"{EARLIER} {old}", fallback, width)
        return best_line(current, terms, fallback, width)
    return best_line(body, terms, fallback, width)


def best_line(body: str, terms: set[str], fallback: str, width: int = 200) -> str:
    """The line of body that shares most of `terms` (else fallback), cut to width characters, with any
    secret-like value masked (a key a person pasted into an episode is not served by search)."""
    return _cut(_scored_line(body, terms)[0], fallback, width)


def _cut(line: str, fallback: str, width: int) -> str:
    out = redact_text(line or fallback)  # masked before the cut: no key's first half either
    return out if len(out) <= width else out[: width - 1] + "…"


def _scored_line(body: str, terms: set[str]) -> tuple[str, int]:
    """(the line of body sharing most of `terms`, how many it shares); ("", 0) when none shares one."""
    # A line can share a term only if it contains the term's start: a stem keeps all but the
    # suffix of its word (`day` -> `dai`: the last letter may change), a CJK bigram is itself.
    # Only those lines are tokenized (the rest is 90 % of a warm lexical query otherwise).
    needles = {t[: max(1, min(4, len(t) - 1))] if t.isascii() else t for t in terms}
    best, best_score = "", 0
    for line in body.splitlines():
        line = line.strip()
        if not line:
            continue
        folded = unicodedata.normalize("NFKC", line).lower().replace("-", "")
        if not any(n in folded for n in needles):
            continue
        score = len(terms & set(tokenize(line)))
        if score > best_score:
            best, best_score = line, score
    return best, best_score


def rankings(
    svc: IndexService, query: str, depth: int, allowed: set[str] | None, kind: str | None, mode: str
) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    """(lexical, vector) rankings of (path, score), each up to depth long (empty when the mode skips it)."""
    view = svc.view()
    lex: list[tuple[str, float]] = []
    vec: list[tuple[str, float]] = []
    if mode in ("hybrid", "lexical"):
        lex = view.lexical.rank(query, depth, allowed)
    if mode in ("hybrid", "vector") and view.paths:  # no vectors yet: the lexical ranking answers alone
        text = vector_text(query, view.lexical, svc.token_counter())
        vec = svc.vector_search(text, depth, kind=kind, allowed=allowed)
    return lex, vec


def search_memory(
    svc: IndexService,
    query: str,
    k: int = 5,
    kind: str | None = None,
    tags: list[str] | None = None,
    min_confidence: float | None = None,
    mode: str = "hybrid",
    on_hits: Callable[[list[str]], None] | None = None,
) -> list[SearchHit]:
    """The k best notes for query: hybrid (default), vector-only or lexical-only, with filters.

    `on_hits` receives the paths returned (the facade passes the usage recorder; the index never
    imports lifecycle).
    """
    if mode not in MODES:
        raise MemdirError(f"unknown search mode {mode!r} (use {', '.join(MODES)})")
    if kind is not None and kind not in NOTE_DIRS:
        raise MemdirError(f"unknown kind {kind!r} (use {', '.join(KINDS)} or skills)")
    if k <= 0 or not query.strip():
        return []
    svc.ensure_fresh(embed_waiting=mode != "lexical")  # a lexical search never waits on the model
    view = svc.view()
    allowed = _allowed(view.catalog.records, kind, tags, min_confidence)
    if kind and allowed is None:
        allowed = {p for p, r in view.catalog.records.items() if r.kind == kind}
    depth = max(MIN_DEPTH, k)  # fixed for k <= MIN_DEPTH: the top 5 is the start of the top 10
    lex, vec = rankings(svc, query, depth, allowed, kind, mode)
    if mode == "lexical":
        ranked = lex
    elif mode == "vector":
        ranked = vec
    else:
        foreign = foreign_notes(query, view.lexical, (p for p, _ in vec))
        recs = view.catalog.records  # a note of a word or two is not scored by its cosine alone (tiny_text)
        ranked = fuse_hybrid(
            lex, vec, foreign={p for p in foreign if p in recs and not tiny_text(recs[p].tf)}
        )
    found = {"lexical": {p for p, _ in lex}, "vector": {p for p, _ in vec}}
    terms = set(view.lexical.query_terms(query))
    hits = []
    for path, score in ranked[:k]:
        rec = view.catalog.records.get(path)
        if rec is None:
            continue
        hits.append(
            SearchHit(
                path=path,
                score=round(float(score), 6),
                description=redact_text(rec.description),
                kind=rec.kind,
                title=rec.title,
                confidence=rec.confidence,
                snippet=snippet_of(svc.root, path, query, rec.description, terms=terms),
                rankers=[name for name, paths in found.items() if path in paths],
            )
        )
    if hits and on_hits is not None:  # the usage signal (.memdir/state/usage.json, never the notes)
        on_hits([h.path for h in hits])
    return hits
