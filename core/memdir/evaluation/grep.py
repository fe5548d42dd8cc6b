"""The grep baseline: rank files by how many of the query's words occur in them, reading nothing but the files.

A query's terms are its lower-cased words (`[a-z0-9']+`), stop words dropped, and its runs of
2 or more kanji or katakana (or hangul) as typed: the characters between hiragana, punctuation,
spaces and Latin letters (`学習が NaN で発散した` -> `nan`, `学習`, `発散`), each counted once. No
segmenter, only character classes: what an agent greps for in Japanese text (`grep -rlF 発散`).
A file scores one point per term found in its text at least once: an ASCII word as a word
prefix, case-insensitive (`grep -ciE '\\b<term>'`: `paint` finds `painting`), a CJK run anywhere
(`grep -cF <run>`: Japanese has no spaces to make a word boundary), so the score is what a shell
loop over the terms would print. The text is the note below its frontmatter:
the metadata block holds data-set ids (`conversation: conv-26`) that would match numbers in
questions, and it is not what a person greps a conversation for. Every file is ranked, by
score then path, files without any term included (last, in path order), as in the LoCoMo
baseline of the shared evaluation data (`baseline_retrieval.py`), whose ASCII terms and stop words
these are (an English question has no CJK run, so its terms are exactly that baseline's). This is
the "files and grep" row of memory papers: no index, no model, no stemming beyond the prefix
match. The path order of tied files is only a listing: `memdir eval` scores grep tie-aware
(metrics.tie_aware), so its figures do not depend on file names, and a query with no term at all
(hiragana only, say) scores at chance level, not by which names sort first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from memdir.notes.frontmatter import split_text

_STOP_TEXT = (
    "a an the of to in on at for and or is are was were be been did do does what when where who whom which why "
    "how with by from as that this it its his her their they he she you i me my we our your has have had about "
    "after before during not no yes would could should can will"
)
STOP_WORDS = frozenset(_STOP_TEXT.split())
_TERM = re.compile(r"[a-z0-9']+")
# kanji (with 々), katakana (with ー and the half-width forms) and hangul; hiragana ends a run
_CJK_CHARS = (
    "\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f\uac00-\ud7a3"
)
_CJK_RUN = re.compile(f"[{_CJK_CHARS}]{{2,}}")
_WORD_OR_RUN = re.compile(f"[a-z0-9']+|[{_CJK_CHARS}]{{2,}}")


def grep_terms(query: str) -> list[str]:
    """The distinct terms of a query (ASCII words and CJK runs), in the order they first appear."""
    return list(dict.fromkeys(w for w in _WORD_OR_RUN.findall(query.lower()) if w not in STOP_WORDS))


def term_pattern(term: str) -> re.Pattern[str]:
    """How a term is matched: an ASCII word as a word prefix (`\\b`), a CJK run anywhere."""
    return re.compile(re.escape(term) if _CJK_RUN.fullmatch(term) else r"\b" + re.escape(term))


def grep_score(terms: Sequence[tuple[str, re.Pattern[str]]], text: str) -> int:
    """How many of the terms occur in the (lower-cased) text as word prefixes."""
    return sum(1 for t, p in terms if t in text and p.search(text))  # the substring test is only a fast path


class GrepRanker:
    """Rank the files of a root by term overlap, reading them as grep would.

    Each file's lower-cased body is kept after its first read, so a file shared by many
    haystacks (LongMemEval's fillers) is read once; memory is the text of the notes ranked.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self._texts: dict[str, str] = {}

    def text(self, path: str) -> str:
        """The lower-cased text of one file below its frontmatter."""
        cached = self._texts.get(path)
        if cached is None:
            raw = (self.root / path).read_text(encoding="utf-8", errors="replace")
            cached = split_text(raw).body.lower()
            self._texts[path] = cached
        return cached

    def score_all(self, query: str, paths: Iterable[str]) -> list[tuple[str, float]]:
        """(path, score) of every file among paths, best first (score, then path)."""
        terms = [(t, term_pattern(t)) for t in grep_terms(query)]
        scored = [(p, grep_score(terms, self.text(p)) if terms else 0) for p in paths]
        return [(p, float(s)) for p, s in sorted(scored, key=lambda x: (-x[1], x[0]))]

    def rank(self, query: str, paths: Iterable[str], depth: int) -> list[tuple[str, float]]:
        """(path, score) of the best `depth` files among paths, best first (score, then path)."""
        return self.score_all(query, paths)[:depth]
