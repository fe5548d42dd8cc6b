"""A title's words as a person writes them: letters the tool names leave out, and no article a noun refuses (round 36).

Titles made from a tool's name (`boka_besok` -> `Boka besok`, `bestatigen_termin`) write its ASCII letters, while
the requests write the word with its own (`besök`, `bestätigen`). A Latin title word is written as the requests
write it when a request writes a word that is the same once its marks are read as plain letters (`ö` as `o` or
`oe`, `ß` as `ss`), and that word holds a letter ASCII does not: the spelling most requests use. Romaji and other
words no request writes with such letters stay as they are.

An English title puts `a` or `an` before its noun (`Reserve a livestock`): a mass noun or a noun only used in the
plural takes none (`Reserve livestock`, `Move equipment to a site`, `Clean fish tanks` keeps its article only where
the head is countable). The nouns are English grammar, not any domain's words.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

_WORD = re.compile(r"[^\W\d_]+")
_LETTERS = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "ø": "oe", "å": "aa"}
_HOLE = re.compile(r"\{\w+\}")

# nouns that take no `a`: mass nouns and nouns used only in the plural (English grammar)
MASS_NOUNS = frozenset(
    [
        "livestock",
        "equipment",
        "furniture",
        "software",
        "hardware",
        "luggage",
        "baggage",
        "fish",
        "staff",
        "personnel",
        "information",
        "advice",
        "feedback",
        "cattle",
        "poultry",
        "clothing",
        "merchandise",
        "machinery",
        "jewelry",
        "jewellery",
        "firewood",
        "gravel",
        "mulch",
        "soil",
        "laundry",
        "mail",
        "news",
        "research",
        "homework",
        "data",
        "seafood",
        "gear",
        "paperwork",
        "produce",
        "footwear",
        "underwear",
        "stationery",
        "cutlery",
        "crockery",
        "silverware",
        "tableware",
        "glassware",
        "signage",
        "scaffolding",
        "plumbing",
        "wiring",
        "insulation",
        "shelving",
        "fencing",
        "landscaping",
        "bedding",
        "lumber",
        "timber",
        "rubbish",
        "garbage",
        "trash",
        "offspring",
        "scissors",
        "clothes",
        "goods",
    ]
)
# what ends the noun phrase an article opens (the head noun is the word before it)
_PHRASE_END = frozenset(
    [
        "with",
        "for",
        "to",
        "from",
        "of",
        "at",
        "in",
        "on",
        "by",
        "and",
        "or",
        "into",
        "onto",
        "about",
        "before",
        "after",
        "until",
        "via",
        "per",
    ]
)


_DROPPED = {"ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "đ": "d", "ł": "l", "ı": "i"}


def _flat(word: str, spelt: bool) -> tuple[str, list[int]]:
    """A word in ASCII as a tool's name writes it (its marks dropped, `ö` -> `o`, or spelt out, `ö` -> `oe`),
    and for each ASCII letter the index of the letter it stands for."""
    out: list[str] = []
    where: list[int] = []
    for i, c in enumerate(word):
        if c.isascii():
            plain = c
        elif spelt and c in _LETTERS:
            plain = _LETTERS[c]
        elif c in _DROPPED:
            plain = _DROPPED[c]
        else:
            plain = "".join(x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x))
        out.append(plain)
        where.extend([i] * len(plain))
    return "".join(out), where


def as_requests_write(title: str, asked: Sequence[str]) -> str:
    """`title` with each ASCII word that the requests write with letters of their own written their way
    (`Boka besok` + `besök` -> `Boka besök`, also inside a compound: `platsbesöket`); the title as it is
    otherwise."""
    words = [w.lower() for t in asked for w in _WORD.findall(_HOLE.sub(" ", t)) if not w.isascii()]

    def respell(m: re.Match[str]) -> str:
        word = m.group(0)
        low = word.lower()
        if not word.isascii() or len(word) < 4:
            return word
        seen: Counter[str] = Counter()
        for w in words:
            for spelt in (False, True):
                flat, where = _flat(w, spelt)
                k = flat.find(low)
                if (
                    k < 0
                    or (k > 0 and where[k - 1] == where[k])
                    or (k + len(low) < len(flat) and where[k + len(low)] == where[k + len(low) - 1])
                ):
                    continue  # not found, or it cuts a letter spelt out in two (`o|e`)
                form = w[where[k] : where[k + len(low) - 1] + 1]
                inside = where[k + len(low) - 1] + 1 < len(w)  # more letters of the word after the form
                if inside and form[:-1].isascii():  # `cseré` of `cseréje`: an ending's letter (`csere`)
                    continue
                if not form.isascii():  # the whole word counts more than a compound's part (`platsbesök`)
                    seen[form] += 2 if form == w else 1
                    break
        if not seen:
            return word
        form = seen.most_common(1)[0][0]
        return form.capitalize() if word[0].isupper() else form

    parts = re.split(r"(\{\w+\})", title)
    return "".join(p if _HOLE.fullmatch(p) else _WORD.sub(respell, p) for p in parts)


def without_mass_article(title: str) -> str:
    """`title` without an `a`/`an` whose noun phrase ends in a mass noun (`Reserve a livestock` -> `Reserve
    livestock`); the phrase's head is its last word before a preposition, a comma or the end."""
    words = title.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w.lower() in ("a", "an") and i > 0:
            j = i + 1
            while j < len(words) and words[j].lower() not in _PHRASE_END and not words[j - 1].endswith(","):
                j += 1
            head = re.sub(r"\W+$", "", words[j - 1]).lower() if j > i + 1 else ""
            if head in MASS_NOUNS and j - i <= 4:  # the article and at most two words before its noun
                i += 1
                continue
        out.append(w)
        i += 1
    return " ".join(out)
