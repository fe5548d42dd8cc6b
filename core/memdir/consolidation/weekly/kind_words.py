"""A kind's title from what its requests share with each other and not with the week's other kinds (round 51).

Requests in a language the code has no reader of its own for (Icelandic, Welsh, Finnish...) over tools named in
another language (`rezervi_rajdon`, Esperanto) share no phrase with their calls; what names the kind is what
its requests keep writing and the other kinds' requests do not: "bóka reiðtúr" over the other kind's "sótt
okkur á Hótel". Read by form, never by a list of words:

- a word is one of 4+ letters, no digit; two words are one in two forms when they share a prefix of 4+
  letters that leaves at most two letters of the shorter one (`reiðtúr`, `reiðtúrinn`; `hótel`, `hótelinu`);
- a word is the kind's when more than half of its requests write it and a smaller share of the week's other
  requests do (a stable's week writes `reiðtúr` everywhere, its ride bookings most), or half of them (two
  or more) and a third as large a share of the others (`bóka`, one in the other eight; not a wish every
  kind writes, `haluaisimme`, "we would like");
  more than half of the requests write one of the kind's words;
- a word that opens a clause everywhere it is written is a frame (`Getið þið …`, "could you"), and one
  written next to a number everywhere (`dated_words`: a month, a unit) a value's;
- the title is the stretch of one request that holds the most of the kind's words, then the one whose words
  the most requests write together (`bóka reiðtúr` twice, `tíma reiðtúr` once), then the shortest; at most
  `MAX_WORDS` words, the kind's words and links of `MAX_LINK` letters between them (`á`, "at"): the act and its thing when
  the requests write both (`bóka reiðtúr`, not one request's `bóka tveggja tíma reiðtúr`, "two hours").
"" when no stretch holds two of the kind's words, one of them written by more than half of the requests, or
the kind has fewer than three requests. Only when the tools are in another language: by form, no request of
the week writes a word of the kind's tool names (`request_language.request_words_title` checks the kind's
own requests; a week's other requests may write `afspraak` of `plan_afspraak`, `siparis` of `siparişi`).
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from memdir.consolidation.weekly.function_words import SMALL_WORDS
from memdir.consolidation.weekly.script_words import MARKS, dated_words

_LETTERS = rf"[^\W\d_](?:[^\W\d_]|[{MARKS}])*"
# a word with its marks (Devanagari's vowel signs); a number's token whole
_WORD = re.compile(rf"{_LETTERS}(?:[-'’]{_LETTERS})*|\S*\d\S*")
# a clause: no stop or comma, in any script (`።`, `፣`, `،`, `।`: punctuation past ASCII, `Po`)
_STOPS = "".join(re.escape(chr(c)) for c in range(0x80, 0x10000) if unicodedata.category(chr(c)) == "Po")
_CLAUSE = re.compile(rf"[^.,!?;:\n{_STOPS}]+")
MIN_LETTERS = 4
MAX_WORDS = 4
MAX_LINK = 2  # letters of a link between the kind's words (`á`, `of`; not `ორი`, "two")


def letters(word: str) -> int:
    """Letters of a word, marks aside; a syllable's letter (`ETHIOPIC SYLLABLE …`: `ቀሚስ`, "dress", three
    signs, six letters) two (round 54): a word is long by its sounds, not by its script's signs."""
    out = 0
    for c in word:
        if c.isalpha():
            out += 2 if "SYLLABLE" in unicodedata.name(c, "") else 1
    return out


def _plain(word: str) -> bool:
    """Letters, marks and hyphens only: no number, no `'` (`don't`)."""
    return all(c.isalpha() or c == "-" or unicodedata.category(c)[0] == "M" for c in word)


def same_word(a: str, b: str) -> bool:
    """One word in two forms: a shared prefix of `MIN_LETTERS`+ letters leaving at most two of the shorter."""
    if a == b:
        return True
    n = letters(os.path.commonprefix([a, b]))
    return n >= MIN_LETTERS and n >= min(letters(a), letters(b)) - 2


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _share(word: str, bags: Sequence[set[str]]) -> float:
    return sum(1 for b in bags if any(same_word(word, w) for w in b)) / len(bags) if bags else 0.0


def _frames(texts: Sequence[str]) -> set[str]:
    """Words that open a clause everywhere they are written (`Getið þið …`)."""
    opening: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for text in texts:
        for clause in _CLAUSE.findall(text):
            words = _words(clause)
            for i, w in enumerate(words):
                seen[w] += 1
                opening[w] += i == 0
    return {w for w, n in seen.items() if opening[w] == n}


def kind_words(texts: Sequence[str], week: Sequence[str], shortest: int = MIN_LETTERS) -> set[str]:
    """The words of the kind (see the module); `shortest`: letters of the shortest word."""
    bags = [set(_words(t)) for t in texts]
    rest = Counter(a for a in week if a.strip())
    rest.subtract(Counter(texts))
    others = [set(_words(t)) for t in (+rest).elements()]
    # `voor`, "for": a small word of a language known
    skip = _frames(texts) | dated_words(texts) | SMALL_WORDS
    out = set()
    for w in {w for b in bags for w in b}:
        if letters(w) < shortest or not _plain(w) or w in skip:
            continue
        mine = _share(w, bags)
        theirs = _share(w, others)
        if mine * len(bags) >= 2 and (2 * mine > 1 and theirs < mine or 2 * mine == 1 and 3 * theirs <= mine):
            out.add(w)
    return out


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def tools_spoken(tools: Sequence[str], week: Sequence[str]) -> bool:
    """Whether a request of the week writes a word (4+ letters; its first 4, marks folded) of the tool names."""
    said = {w[:MIN_LETTERS] for a in week for w in _words(_fold(a)) if len(w) >= MIN_LETTERS}
    return any(w[:MIN_LETTERS] in said for t in tools for w in re.split(r"[^a-z]+", _fold(t)) if len(w) >= 4)


def kind_phrase(texts: Sequence[str], week: Sequence[str], tools: Sequence[str] = ()) -> str:
    """The stretch of one request holding the most of the kind's words (see the module); `tools`: the
    kind's tool names."""
    texts = [t for t in texts if t.strip()]
    if len(texts) < 3 or tools_spoken(tools, [*week, *texts]):
        return ""
    words = kind_words(texts, week)
    bags = [set(_words(t)) for t in texts]
    anchors = {w for w in words if 2 * _share(w, bags) > 1}
    best: tuple[int, int, int, str] = (0, 0, 0, "")
    for text in texts:
        for clause in _CLAUSE.findall(text):
            raw = clause.split()
            toks = [_words(r) for r in raw]
            for i in range(len(raw)):
                for j in range(i + 1, min(len(raw), i + MAX_WORDS) + 1):
                    if any(not t or not _plain(t[0]) for t in toks[i:j]):
                        break  # a number, a date: one task's value, never the kind's
                    edges = (toks[i], toks[j - 1])
                    if not all(len(e) == 1 and e[0] in words for e in edges):
                        continue
                    held = {t[0] for t in toks[i:j] if len(t) == 1 and t[0] in words}
                    if any(len(t) != 1 or t[0] not in words and letters(t[0]) > MAX_LINK for t in toks[i:j]):
                        continue  # `tveggja tíma`, "two hours", `ორი`, "two": one request's words, one task's value
                    if len(held) < 2 or not any(same_word(h, a) for h in held for a in anchors):
                        continue  # `Ofise cuma`, "to the office, Friday": two words half of them write
                    together = sum(1 for b in bags if all(any(same_word(h, w) for w in b) for h in held))
                    if (len(held), together, i - j) > best[:3]:
                        best = (len(held), together, i - j, " ".join(raw[i:j]))
    return best[3]


_VALUE = re.compile(r"(?:^|\s)[^\W\d][\w.-]*=([^\s`{=][^=`{}]*?)(?=\s+[^\W\d][\w.-]*=|`|$)")
_HEAD_END = re.compile(rf"[\d(（\[{{;,.:!?{_STOPS}]")


def kind_constant(
    texts: Sequence[str], week: Sequence[str], steps: Sequence[str], latin: bool = False
) -> str:
    """The head (before a comma, a number, a bracket) of a constant the kind's calls pass, in letters of no
    Latin script, holding the most of the kind's words (`kind_words`), two or more, one of them written by
    more than half of its requests; then the one the most requests write a word of, then the longest (a
    service's name over its thing: `የሀበሻ ቀሚስ በእጅ ጥልፍ`, "Habesha dress, hand embroidered", over Amharic
    requests whose words make no stretch of one request: round 54). `latin`: heads in Latin letters too (English
    requests over tools named in another language: `Spar and sail repair` over `karbi_gyara`, round 55), and
    English words of three letters, small words aside (`bat` of `Bespoke English willow bat`, round 56).
    "" when none."""
    texts = [t for t in texts if t.strip()]
    if len(texts) < 3:
        return ""
    words = kind_words(texts, week, 3 if latin else MIN_LETTERS)
    bags = [set(_words(t)) for t in texts]
    best: tuple[int, int, int, str] = (0, 0, 0, "")
    for step in steps:
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = " ".join(_HEAD_END.split(m.group(1), maxsplit=1)[0].split())
            if not head or not latin and any("a" <= c.lower() <= "z" for c in head):
                continue
            parts = {p for h in _words(head) for p in (h, *h.split("-"))}  # `handle` of `re-handle`
            held = {w for w in words for h in parts if same_word(h, w)}
            writers = sum(1 for b in bags if any(same_word(h, w) for h in held for w in b))
            if len(held) < 2 or not any(2 * _share(w, bags) > 1 for w in held):
                continue
            if (len(held), writers, len(head)) > best[:3]:
                best = (len(held), writers, len(head), head)
    return best[3]


def written_constant(texts: Sequence[str], steps: Sequence[str]) -> str:
    """The head of a constant the kind's calls pass (before a comma, a number, a bracket), in letters of no
    Latin script, each of whose words of `MIN_LETTERS`+ letters more than half of the requests write in one
    form or another; the one with the most such words, then the most requests writing one, then the longest
    (round 63: Kyrgyz requests over Tetum tools, whose every kind writes `шырдак`, so no word is one kind's:
    `Шырдак оңдоо`, "felt-rug repair", of `naran=Шырдак оңдоо (тигишин …)`, which three repairs write as
    `оңдоп`, `оңдотуп`). A thing alone (`Шырдак`) when that is all the head holds: a thing the requests write
    is better than a tool's name in another language. "" when none."""
    texts = [t for t in texts if t.strip()]
    if len(texts) < 3:
        return ""
    bags = [set(_words(t)) for t in texts]
    best: tuple[int, int, int, str] = (0, 0, 0, "")
    for step in steps:
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = " ".join(_HEAD_END.split(m.group(1), maxsplit=1)[0].split())
            if not head or any("a" <= c.lower() <= "z" for c in head):
                continue
            words = [w for w in _words(head) if letters(w) >= MIN_LETTERS and _plain(w)]
            if not words or any(2 * _share(w, bags) <= 1 for w in words):
                continue
            writers = sum(1 for b in bags if any(same_word(h, w) for h in words for w in b))
            if (len(words), writers, len(head)) > best[:3]:
                best = (len(words), writers, len(head), head)
    return best[3]
