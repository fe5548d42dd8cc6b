"""A word the calls pass is no title alone: the act the requests open with, and the word as they write it
(trial 29 #8, round 64).

Three parts orders ("Order 10 tubes 700x28C from Marui Parts", "Order 6 pairs of V-brake pads",
「ベルを5個、丸井パーツに発注して」) share no phrase, and the calls' word (`call_subject.call_subject_title`)
was `Marui` of `supplier=marui-parts`: the supplier, no act. When two requests or more open with one same
verb (`asked_verbs.opening_verb`) and the calls write that verb too (a tool's word, `supplier_order`, or a
value, "Ordered {qty} x {sku}"), the title is that act and the calls' word as a request writes it: the
capitalised name it is part of, after the preposition the request puts before it (`Order from Marui Parts`),
else the word itself (`Order parts`). Read by form: no list of verbs or names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.asked_verbs import opening_verb
from memdir.consolidation.weekly.function_words import FUNCTION_WORDS, LINK_WORDS

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_NAME = re.compile(r"[A-Z][A-Za-z'-]*")
_CALL = re.compile(r"`([^`]+)`")


def _call_words(steps: Sequence[str]) -> set[str]:
    """Every word of the calls' tools and texts, lower-cased (`supplier_order` -> supplier, order)."""
    out: set[str] = set()
    for step in steps:
        tool, _, rest = step.partition(":")
        code = m.group(1) if (m := _CALL.search(rest)) else ""
        out.update(w.lower() for w in re.split(r"[^A-Za-z]+", f"{tool} {code}") if w)
    return out


def _as_written(word: str, asked: Sequence[str]) -> str:
    """`parts` in "… from Marui Parts" -> "from Marui Parts"; "" when no request writes the word."""
    for text in asked:
        words = [(m.group(0), m.start()) for m in _WORD.finditer(text)]
        at = next((n for n, (w, _) in enumerate(words) if w.lower() == word), None)
        if at is None:
            continue
        if not _NAME.fullmatch(words[at][0]):
            return words[at][0]
        start, end = at, at + 1
        while (
            start > 1
            and _NAME.fullmatch(words[start - 1][0])
            and words[start - 1][0].lower() not in FUNCTION_WORDS
        ):
            start -= 1
        while (
            end < len(words)
            and _NAME.fullmatch(words[end][0])
            and words[end][0].lower() not in FUNCTION_WORDS
        ):
            end += 1
        if start == 0:  # a sentence's first word is capitalised by place, not as a name
            return ""
        name = " ".join(w for w, _ in words[start:end])
        before = words[start - 1][0]
        return f"{before.lower()} {name}" if before.lower() in LINK_WORDS else name
    return ""


def acted_subject(title: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """`Marui` (a word the calls pass, no act) + requests opening with "Order" + `supplier_order` ->
    "Order from Marui Parts"; `title` unchanged otherwise."""
    if not re.fullmatch(r"[A-Z][a-z]+", title):
        return title
    verb = opening_verb(asked)
    subject = title.lower()
    if not verb or verb == subject or not any(w.startswith(verb) for w in _call_words(steps)):
        return title
    written = _as_written(subject, asked)
    return f"{verb.capitalize()} {written}" if written else title
