"""What of a query each ranker sees: long queries are cut to their most distinctive part.

Agents paste logs and whole documents as queries. Embedding 30 kB of text runs the model over
every 512-token window (53 s for one search on two busy cores), and BM25 over thousands of
terms touches most postings. So, for each ranker, a query longer than its budget is reduced
in time linear in its length:

- lexical: its `MAX_QUERY_TERMS` most distinctive terms (`LexicalIndex.query_terms`: highest
  IDF among the terms the index knows; terms no note has cannot match anything anyway);
- vector: its most distinctive passage of at most `QUERY_TOKENS` tokens (the query cut into
  passages the way notes are chunked; see `vector_text` for the score). 256
  tokens is the size of the chunks it is compared with, and embeds in about 15x the time of
  a one-line query, where the model's whole 512-token window costs 40x.

Short queries (all but pasted text) pass through unchanged.
"""

from __future__ import annotations

import math
from collections import Counter

from memdir.index.chunking import TokenCounter, chunk_body
from memdir.index.lexical import LexicalIndex, tokenize

QUERY_TOKENS = 256
_SHORT_CHARS = 600  # below this a query is never cut (its tokens are under QUERY_TOKENS anyway)


def vector_text(query: str, index: LexicalIndex, count: TokenCounter) -> str:
    """The query itself when it fits QUERY_TOKENS, else its most distinctive passage.

    A passage scores the sum, over its distinct terms that some note has, of the term's IDF in
    the index times its IDF among the query's passages: a word on every line of a pasted log
    says little about which part matters, a rare word the notes share says much. Numbers
    (timestamps, ids) do not count. Ties go to the earlier passage.
    """
    if len(query) <= _SHORT_CHARS or count(query) <= QUERY_TOKENS:
        return query
    passages = chunk_body(query, target=QUERY_TOKENS, count=count) or [query[: QUERY_TOKENS * 2]]
    terms = [{t for t in set(tokenize(p)) if t in index.postings and not t.isdigit()} for p in passages]
    spread = Counter(t for ts in terms for t in ts)
    n = len(passages)
    best, best_score = passages[0], -1.0
    for passage, ts in zip(passages, terms, strict=True):
        score = sum(index.idf(t) * math.log(1.0 + n / spread[t]) for t in ts)
        if score > best_score:
            best, best_score = passage, score
    return best
