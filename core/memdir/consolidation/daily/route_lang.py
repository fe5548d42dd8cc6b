"""The same note in another language: English and Japanese versions of one procedure.

Multilingual-e5 puts a text and its translation close, but not as close as a light edit in the
same language, so the duplicate levels (0.85, 0.75 calibrated) miss translations. Across
languages the planner asks for two things instead: calibrated similarity of at least
CROSS_SIMILAR, and the same anchors, the tokens a translation keeps as they are (commands,
paths, flags, identifiers, numbers with their units), overlapping by at least CROSS_ANCHORS
(Jaccard). Both levels were set on translation pairs and unrelated pairs written for the
purpose (examples/routing_set/crosslang/, scripts/bench_daily.py --crosslang, docs/daily.md).

The similarity above is that of the first EMBED_CHARS characters (route_rag), and a character of Japanese says
about three times what one of English does: the same steps told in English prose and as Japanese bullets
compare the prose's first two sentences with every bullet (trial 18: 0.44). So a procedure is also compared by
its steps: the title and every step, sentence and list item of both texts, embedded whole (`steps_text`); at
calibrated similarity >= STEPS_SIMILAR with the same tools and identifiers (at least VERSION_SHARED shared
besides a list's own numbers, Jaccard >= CROSS_ANCHORS) it is a translation too (`translation_by_steps`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memdir.consolidation.daily.blocks import split_blocks, strip_marker, units
from memdir.consolidation.daily.route_quantity import quantities
from memdir.notes.current_steps import language as language  # the rule lives with the notes (trial 18)

CROSS_SIMILAR = 0.5  # calibrated cosine between a text and its translation (docs/daily.md)
CROSS_ANCHORS = 0.45  # Jaccard overlap of anchors
MIN_ANCHORS = 2  # fewer anchors than this on either side: no cross-language match
# a later version of one procedure, in either language (trial 16): similar, and the same tools and commands
# (anchors without a list's own numbers, at least VERSION_SHARED of them shared); set on the version pairs of
# examples/routing_set/versions/ against every pair of different procedures of the dev sets (docs/daily.md)
VERSION_SIMILAR = 0.55
VERSION_ANCHORS = 0.25
VERSION_SHARED = 2
# the steps of a translation, embedded whole, with at least VERSION_SHARED identifiers shared (trial 18); set on
# examples/routing_set/crosslang/ and every English/Japanese pair of procedures of the dev sets (docs/daily.md)
STEPS_SIMILAR = 0.4
_LIST_NUMBER = re.compile(r"\d{1,2}")

_FENCED = re.compile(r"^\s*```[^\n]*\n(.*?)^\s*```\s*$", re.M | re.S)
_CODE = re.compile(r"`([^`\n]+)`")
# ASCII only: in Japanese prose a name runs into the kana after it (「Googleドライブ」, 「PDFに書き出して」)
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_./:@=+-]*[A-Za-z0-9_/]|\d+")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]+")
LATIN_TERM = re.compile(
    r"[A-Za-z][A-Za-z0-9]+"
)  # the words of a title a translation keeps as they are (VPN, DB)
_TECH = re.compile(r"[\d_./:@=-]|[a-z][A-Z]|^[A-Z]{2,}")


def anchors(text: str) -> set[str]:
    """Tokens a translation keeps: code (fenced or inline), and Latin tokens that look technical."""
    out: set[str] = set()
    prose: list[str] = []
    for i, chunk in enumerate(_FENCED.split(text)):
        if i % 2:  # inside a fence: every command line, comments left out
            code = [ln for ln in chunk.splitlines() if ln.strip() and not ln.lstrip().startswith(("#", "//"))]
            out.update(t.lower() for ln in code for t in _TOKEN.findall(ln))
        else:
            prose.append(chunk)
    rest = " ".join(prose)
    out.update(c.strip().lower() for c in _CODE.findall(rest))
    # "15 minutes" and 「15分」 are one identifier, never a list number (trial 28)
    amounts, rest = quantities(rest)
    out.update(amounts)
    ja = language(rest) == "ja"
    for tok in _TOKEN.findall(_CODE.sub(" ", rest)):
        if _TECH.search(tok) or (ja and len(tok) >= 3):
            out.add(tok.lower())
    return out


def anchor_overlap(a: str, b: str) -> float:
    """Jaccard overlap of the anchors of two texts (0 when either has fewer than MIN_ANCHORS).

    A plain word of one text counts as an anchor when the other text keeps it as one: a Japanese procedure
    keeps its template's English name (「Visa Invitation Letter v3」), where in the English version the same
    words look like prose (trial 12)."""
    x, y = anchors(a), anchors(b)
    x, y = x | (_words(a) & y), y | (_words(b) & x)
    if len(x) < MIN_ANCHORS or len(y) < MIN_ANCHORS:
        return 0.0
    return len(x & y) / len(x | y)


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def same_in_other_language(a: str, b: str, similarity: float) -> bool:
    """True when b reads as a translation of a: other language, similar enough, same anchors."""
    if language(a) == language(b) or similarity < CROSS_SIMILAR:
        return False
    return anchor_overlap(a, b) >= CROSS_ANCHORS


def later_version(a: str, b: str, similarity: float) -> bool:
    """True when procedure `a` reads as another version of procedure `b` (a new wording, a checklist, a
    translation): calibrated similarity >= VERSION_SIMILAR and the same tools and commands."""
    if similarity < VERSION_SIMILAR:
        return False
    return any(_same_tools(a, part) for part in _SECTION.split(b))  # a note may hold versions in sections


def near_reason(kind: str, text: str, body: str, similarity: float) -> str:
    """Why a near-duplicate waits in review: a procedure's later version (a revision written on a later day, trial
    20's re-check: accepting it makes its steps the current ones) or a near-duplicate."""
    if kind == "procedures" and later_version(text, body, similarity):
        return "a later version of this procedure"
    return "near-duplicate of an existing note"


_SECTION = re.compile(r"^#{1,2}[ \t][^\n]*$|^> \*\*Current steps:\*\*[^\n]*$", re.M)


def _same_tools(a: str, b: str, share: float = VERSION_ANCHORS) -> bool:
    """At least VERSION_SHARED tools, commands and identifiers in common (a list's own numbers left out), and
    at least `share` of them all (Jaccard)."""
    x = {t for t in anchors(a) if not _LIST_NUMBER.fullmatch(t)}
    y = {t for t in anchors(b) if not _LIST_NUMBER.fullmatch(t)}
    x, y = x | (_words(a) & y), y | (_words(b) & x)
    shared = x & y
    return len(shared) >= VERSION_SHARED and len(shared) >= share * len(x | y)


def steps_text(title: str, body: str) -> str:
    """A procedure as its steps: the title, then every sentence, list item and code line, one a line (no
    headings, no list markers, no cut: the whole of what it does)."""
    said = [title.strip()] if title.strip() else []
    for block in split_blocks(body):
        if block.kind == "code":
            said += [
                ln.strip() for ln in block.text.splitlines() if ln.strip() and not ln.lstrip().startswith("`")
            ]
        elif block.kind != "heading":
            said += [strip_marker(u) for u in units(block)]
    return "\n".join(said)


def translation_by_steps(
    a: tuple[str, str], b: tuple[str, str], similar: Callable[[str, str], float]
) -> bool:
    """True when procedure b (title, body) tells the steps of a (title, body) in the other language: the same
    identifiers (checked first, it costs nothing) and `similar` (calibrated) of their steps >= STEPS_SIMILAR.

    A note that holds versions in sections is compared section by section too, as `later_version` does: its
    dated headings (「## 2026-12-04 — … revised」) and outcome lines are its own bookkeeping, not identifiers its
    steps name, and counted with the steps they made a translation's shared identifiers too few (trial 20)."""
    if language(a[1]) == language(b[1]):
        return False
    mine = steps_text(*a)
    parts = [b[1]] + [p for p in _SECTION.split(b[1]) if p.strip() and p.strip() != b[1].strip()]
    return any(
        _same_tools(a[1], part, CROSS_ANCHORS) and similar(mine, steps_text(b[0], part)) >= STEPS_SIMILAR
        for part in parts
    )
