"""The note in the other language that came closest to a question, when it clearly leads the others.

Across English and Japanese only the vector ranker can match, and multilingual-e5-small's cosines between a
question and the right note in the other language mostly stay under the relevance floor (0.84; recall.py). A
lower floor was tried and not shipped (docs/trials.md, trial 21: no more right notes on the held-out half, more
off-topic hits). So the floor stays, and a search or a context that shows nothing in the other language says
which note in that language came closest when two things hold: its cosine is at least NEAR_MISS (0.80), and it
leads the next note in that language by LEAD_MARGIN or more, a margin measured by
`scripts/bench_crosslang_hint.py` (the Vue docs asked by title in the other language: a hint names the right page
or no page; off-topic and made-up questions get none). The note is named, not shown: it did not pass the floor,
and nothing counts it as used. Trial 30 #13: "how many people can join a brewery tour" never reached the staff's
Japanese tour rules (cosine 0.80-0.82), the only note with the limit of 8.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memdir.agents.recall import _CJK, NEAR_MISS, cosine_score, names_only, query_vector
from memdir.errors import IndexUnavailable

if TYPE_CHECKING:
    from memdir.index.service import IndexService

LEAD_MARGIN = 0.02  # cosine lead over the next note in that language (scripts/bench_crosslang_hint.py)


@dataclass(frozen=True)
class Across:
    """The closest note in the other language: its path, that language's name and its cosine."""

    path: str
    language: str
    cosine: float

    def hint(self) -> str:
        """The sentence a search or a context says of it."""
        return (
            f"closest in {self.language} (by meaning, under the floor): {self.path}; "
            f"try the key words in {self.language}"
        )


def closest_across(svc: IndexService, query: str, shown: Iterable[str] = ()) -> Across | None:
    """The other-language note that leads the others by meaning (NEAR_MISS, LEAD_MARGIN), unless a note in that
    language is shown already (`shown`: the paths a search or context gives); None in lexical mode or when the
    embedder has no such level."""
    view = svc.view()
    level = NEAR_MISS.get(str(view.catalog.manifest.get("embedder") or ""))
    if level is None or not view.paths or names_only(query):
        return None
    cjk = bool(_CJK.search(query))
    other = [p for p in view.paths if (p in view.lexical.cjk) != cjk]
    if not other or any((p in view.lexical.cjk) != cjk for p in shown if p in view.paths):
        return None  # a note in that language is shown already
    qvec = query_vector(svc, query, "hybrid")
    if qvec is None:
        return None
    scored = sorted(((cosine_score(view, p, qvec) or -1.0, p) for p in other), reverse=True)
    best, path = scored[0]
    runner = scored[1][0] if len(scored) > 1 else -1.0
    if best < level or best - runner < LEAD_MARGIN:
        return None
    return Across(path, "English" if cjk else "Japanese", round(best, 4))


def across_line(svc: IndexService, query: str, shown: Iterable[str] = ()) -> str:
    """The line `search` and `context` say of the closest other-language note, "" when none (or no index)."""
    try:
        got = closest_across(svc, query, shown)
    except IndexUnavailable:
        return ""
    return got.hint() if got else ""
