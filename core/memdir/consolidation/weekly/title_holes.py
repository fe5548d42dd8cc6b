"""Holes a title must not have: a placeholder that cuts a word, or one that holds only a verb's endings.

Requests aligned character by character (Japanese has no spaces) share characters that are no words.
「コールセンター第3弾を匿名化して共有する」, 「レビューコーパスv2を匿名化して共同研究先に共有する」 and
「コールセンター第4弾の匿名化と共有をお願いします」 share `コー` (of コールセンター and of コーパス), `匿名化` and
`共有す`; aligned, they give `コー{value}匿名化{value2}共有す{value3}`: `コー` is a word cut in two, `{value2}`
holds `して` or `と`, `{value3}` holds `る` or nothing. Such a title names no work (its file was
`コー匿名化共有す.md`): the kind is named another way (what the requests share as words, the steps).

A hole cuts a word when one of its values and the text beside it run on as one word: katakana on both
sides (a katakana word is never read from its middle, as in `titles_ja`), or Latin letters on both sides
with nothing between. A hole holds only endings when every value is at most two hiragana, or nothing:
the requests' inflections and particles differ there, no value does.
"""

from __future__ import annotations

import re

from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.spans import Template

_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]")
_LATIN = re.compile(r"[A-Za-z]")
_ENDING = re.compile(r"[\u3041-\u3093]{0,2}")


def _joined(a: str, b: str) -> bool:
    """Whether the characters `a` then `b` belong to one word (katakana, or Latin letters)."""
    return bool(a and b) and any(p.fullmatch(a) and p.fullmatch(b) for p in (_KATAKANA, _LATIN))


def cuts_words(template: Template) -> bool:
    """Whether a placeholder of the title cuts a word or holds only endings (`コー{value}`, `共有す{value3}`)."""
    parts = template.parts
    for i, part in enumerate(parts):
        if not isinstance(part, Span):
            continue
        values = list(part.values.values())
        if values and all(_ENDING.fullmatch(v) for v in values):
            return True
        left = parts[i - 1] if i > 0 and isinstance(parts[i - 1], str) else ""
        right = parts[i + 1] if i + 1 < len(parts) and isinstance(parts[i + 1], str) else ""
        for v in values:
            if v and (_joined(str(left)[-1:], v[0]) or _joined(v[-1], str(right)[:1])):
                return True
    return False


_INSIDE = re.compile(r"\w\{\w+\}\w")  # a placeholder inside a word: requests aligned where they differ


def loose_holes(template: Template, step_spans: list[Span]) -> bool:
    """Whether a placeholder of the title sits inside a word (`お願い{value}ます`), or is no step's (a client's
    name and its particle, `{value}請求書`: what a few requests wrote around their own values, no value the
    work takes; trial 17)."""
    if _INSIDE.search(template.render()):
        return True
    for span in template.spans:
        vals = {t: v.strip() for t, v in span.values.items() if v.strip()}
        if vals and not any(
            all(s.values.get(t, "").strip() == v for t, v in vals.items()) for s in step_spans
        ):
            return True
    return False


_NAMELESS = r"\{value\d*\}(?:さん|様)?[のへにをが]?"  # one task's name or number and its particle
_MARKS = r"[\s,:;、，：.。]*"
_EDGES = re.compile(rf"^(?:{_MARKS}{_NAMELESS})+{_MARKS}|{_MARKS}(?:{_NAMELESS}{_MARKS})+$")
_COURTESY = frozenset(["please", "pls", "plz", "asap", "thanks", "thank", "you", "kindly", "bitte", "danke"])
_HANGING = re.compile(r"(?i)\b(?:to|in|into|onto|with|for|on|at|from|of|by|via|per|about|and|or|the|a|an)$")
_MORE = re.compile(r"[.!?。！？/|]\s*\S|[\-–—]\s*[,，、]|\s[\-–—/]\s")  # a sentence or a field after it
TITLE_WORDS = 6  # `Invoice reminder` names a kind; a request of more words is one person's message
TITLE_CHARS = 40


def without_holes(title: str) -> str:
    """A request kept as the title with its nameless holes at its ends (one task's client, its invoice) left
    out: `Invoice reminder please: {value}, {value}` -> `Invoice reminder` (trial 17). The title as it was
    when a hole sits between its words (`Renew {value} now`), when a word is left hanging (`report by`), or
    when what is left is no name but a message: more than one clause or a few words (trial 17: a Korean
    request, `…작약으로요. 받는 분-, 망원로길 / …`, was kept whole)."""
    words = _EDGES.sub("", title).split()
    while words and words[-1].lower().strip(",.:;!?") in _COURTESY:
        words.pop()
    while words and words[0].lower().strip(",.:;!?") in _COURTESY:
        words.pop(0)
    out = " ".join(words).strip(" ,:;、")
    if (
        "{" in out
        or _HANGING.search(out)
        or not re.search(r"[^\W\d_]{3,}|[\u3040-\u9fff]{2}", out)
        or len(words) > TITLE_WORDS
        or len(out) > TITLE_CHARS
        or _MORE.search(out)
    ):
        return title
    return out[:1].title() + out[1:]


HOLE = "\x00"  # where a file name dropped a placeholder that names no role (`{value}`)
# A preposition left hanging by a dropped placeholder: `Launch the training job for {value} on the GPU cluster`
# named `…-job-for-on-the-gpu-cluster.md` (trial 16 #10). The preposition is dropped with its object when the
# next word is another preposition or nothing: "job on the GPU cluster", never "Log in to the portal".
_PREPOSITIONS = "to|in|into|onto|with|for|on|at|from|of|by|via|through|under|over|about|per|after|before"
_DANGLING = re.compile(rf"(?i)\b(?:{_PREPOSITIONS})\s+{HOLE}(?=\s*(?:$|[^\w\s]|(?:{_PREPOSITIONS})\b))")


def drop_dangling(text: str) -> str:
    """`text` without the holes, and without a preposition whose object was the hole (module note above)."""
    return _DANGLING.sub(" ", text).replace(HOLE, " ")


_FILLER = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "of",
        "for",
        "in",
        "on",
        "at",
        "by",
        "with",
        "and",
        "or",
        "it",
        "its",
        "is",
        "please",
    ]
)


_PLACEHOLDER = re.compile(r"\{([^\W\d_][\w-]{0,40})\}")


def mostly_holes(title: str) -> bool:
    """A title that opens with a hole (the requests' verbs differed) and has more holes than own words
    (fillers and particles aside): `{value} churn-xgb {value2} to {target}` names no work."""
    holes = len(_PLACEHOLDER.findall(title))
    rest = _PLACEHOLDER.sub(" ", title)
    words = [w for w in re.findall(r"[A-Za-z\u00c0-\u024f][\w-]*", rest) if w.lower() not in _FILLER]
    # kanji and katakana runs, and kana runs longer than a particle (`しまう`, `置いて`; not `を`, `の`)
    cjk = re.findall(r"[\u3400-\u4dbf\u4e00-\u9fff\u30a0-\u30ff]+|[\u3041-\u3093]{2,}", rest)
    return title.lstrip().startswith("{") and holes > len(words) + len(cjk)
