"""Words in any script, read whole: a letter with its combining marks and the joiners inside it (round 47).

Python's `\\w` holds no combining mark, so a Devanagari, Bengali or Tamil word's vowel signs, a Thai tone mark
or an Arabic hamza above (`جلسهٔ`) cut it (`पिकअप` read as `प` and `कअप`), and a Persian word written with a
zero-width non-joiner (`ثبت‌نام`, `می‌خواهم`) is two words. `MARKS` is a regex class body of the marks
(Unicode categories Mn, Mc, Me of the basic plane), built from the Unicode database: no script's table.

`spaced_phrase`: the words most requests of a kind share, as one request's run of them (`तबले की पूड़ी`), for
requests in a script other than Latin written with spaces between words (Devanagari, Arabic, Persian, Urdu,
Bengali, Tamil, Georgian, Amharic...); Greek, Cyrillic and Hebrew keep round 45's transliteration, Korean and
Japanese their own readers.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

JOINERS = "\u200c\u200d"  # ZWNJ, ZWJ: inside a Persian or Indic word


def _mark_ranges() -> str:
    out: list[str] = []
    start = -1
    for cp in range(0x300, 0x10000):
        mark = unicodedata.category(chr(cp))[0] == "M"
        if mark and start < 0:
            start = cp
        elif not mark and start >= 0:
            out.append(re.escape(chr(start)) + ("-" + re.escape(chr(cp - 1)) if cp - 1 > start else ""))
            start = -1
    return "".join(out)


MARKS = _mark_ranges()
# a word: a letter, then letters, digits and marks; a joiner only between two of them
WORD = re.compile(rf"[^\W\d_][\w{MARKS}]*(?:[{JOINERS}][\w{MARKS}]+)*")
_TOKEN = re.compile(rf"\d+|{WORD.pattern}")
# an argument's name: a letter, then letters, digits, marks, `.`, `-` and the Tibetan tsheg (`ཉོ་མཁན`, Odia
# `ଗ୍ରାହକ`, Thaana `ނަން`: `\w` holds no vowel sign, and `[\w.-]*=` read no such name, round 65)
KEY_NAME = rf"[^\W\d](?:[\w.\-\u0f0b]|[{MARKS}])*"
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
# a letter of a script written with spaces, but Latin, CJK, the unspaced scripts (Thai, Lao, Myanmar, Khmer) and
# Greek, Cyrillic, Hebrew: round 45's transliteration reads those (`script_titles`), a romanised tool name being
# their words (`Kratisi ekthlipsis` over Greek requests)
_SPACED_LETTER = re.compile(
    r"[^\W\d_A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0590-\u05ff\u3040-\u30ff\u3400-\u9fff"
    r"\uac00-\ud7af\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]"
)
MIN_STEM = 4  # characters two forms of one word share from the start
MIN_CHARS = 3  # characters of a title's first or last word, joiners aside (`की`, `है`, `را`: particles)


def words(text: str) -> list[str]:
    """The words of a text in any script, each with its marks and inner joiners."""
    return WORD.findall(text)


def spaced_script(texts: Sequence[str]) -> bool:
    """Whether most texts are written mostly in letters of a script written with spaces other than Latin
    (Devanagari, Bengali, Tamil, Arabic, Georgian, Ethiopic...; not CJK, Thai, Lao, Khmer, Myanmar, nor
    Greek, Cyrillic, Hebrew: `_SPACED_LETTER`)."""
    other = sum(
        1
        for t in texts
        if len(_SPACED_LETTER.findall(t)) > 2 * len(_LATIN.findall(t)) and len(t.split()) >= 2
    )
    return 2 * other > len(texts)


def dated_words(texts: Sequence[str]) -> set[str]:
    """Words written next to a number (any script's digits) everywhere they are written, twice or more: a month,
    a unit, a date's word (`৮ নভেম্বর`, `11 नवंबर`), a value's frame and never a title (round 49)."""
    near: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for text in texts:
        toks = _TOKEN.findall(text.lower())
        for i, tok in enumerate(toks):
            if tok[0].isdigit():
                continue
            seen[tok] += 1
            near[tok] += any(0 <= k < len(toks) and toks[k][0].isdigit() for k in (i - 1, i + 1))
    return {w for w, n in near.items() if n == seen[w] > 1}


_VALUE_HEAD = re.compile(r"=([^\s=`{}]+)")


def value_heads(steps: Sequence[str]) -> set[str]:
    """The first word of each value the steps write whole after its argument's name (`nen=ޖޯލި (…)`), lower
    case: a constant of the calls; a word after a placeholder (`dei={dei} ޑިސެމްބަރު`, a date's month) is none."""
    return {w[0] for s in steps for m in _VALUE_HEAD.finditer(s.lower()) if (w := words(m.group(1)))}


def _bags(texts: Sequence[str]) -> list[set[str]]:
    return [set(words(t.lower())) for t in texts]


def alike(a: str, b: str) -> bool:
    """One word in two forms: equal, or `MIN_STEM` characters or more in common from the start and at most
    two more after them (`تابلوی`, `تابلویی`; `ремонт`, `ремонта`): an ending, no word list."""
    if a == b:
        return True
    n = len(os.path.commonprefix([a, b]))
    return n >= MIN_STEM and max(len(a), len(b)) - n <= 2


def _share(word: str, bags: Sequence[set[str]]) -> float:
    return sum(1 for b in bags if word in b or any(alike(word, w) for w in b)) / len(bags) if bags else 0.0


def spaced_phrase(asked: Sequence[str], week: Sequence[str] = (), steps: Sequence[str] = ()) -> str:
    """The longest run of words more than half of the requests write (in one form or another: `alike`), as one request writes it within a clause;
    a run neither starts nor ends with a word of fewer than `MIN_CHARS` characters (a particle) or with a word
    more than half of the week's other requests write (`week`: every request of the week; `برای`, "for", is
    written by every kind of a desk) or written next to a number (`dated_words`: `নভেম্বর`), and a word alone has more than `MIN_CHARS` characters (Greek `για`,
    "for"); "" when none is left. Of several runs, the one with the most words the
    steps write too (`steps`: the kind's constants, `title=جلسهٔ آزمایشی خط نستعلیق` over "می‌خواهد خط
    نستعلیق"), then the longest, then the one the most requests write, then the first found."""
    texts = [a for a in asked if a.strip()]
    if len(texts) < 3:
        return ""
    rest = Counter(a for a in week if a.strip())
    rest.subtract(Counter(texts))
    others = _bags(list((+rest).elements()))
    bags = _bags(texts)
    shared = {w for b in bags for w in b if 2 * _share(w, bags) > 1}

    # a word written next to a number in every request that a call's value opens with is the thing counted
    # (`ޖޯލި 4`, "4 joalis", beside `sani.nen=ޖޯލި (…)`: round 65), not a date's or a unit's word
    dated = dated_words(texts) - value_heads(steps)

    def edge(w: str) -> bool:  # a word a title may start or end with; never a date's word
        return (
            len(w.replace(JOINERS[0], "").replace(JOINERS[1], "")) >= MIN_CHARS
            and 2 * _share(w, others) <= 1
            and w not in dated
        )

    done = {w for s in steps for w in words(s.lower())}
    best: tuple[int, int, int, str] = (0, 0, 0, "")
    for text in texts:
        for clause in re.split(rf"[^\w\s{MARKS}{JOINERS}]", text.lower()):
            part = words(clause)
            i = 0
            while i < len(part):
                j = i
                while j < len(part) and part[j] in shared:
                    j += 1
                run = part[i:j]
                while run and not edge(run[0]):
                    run = run[1:]
                while run and not edge(run[-1]):
                    run = run[:-1]
                if len(run) > 1 or run and len(run[0]) > MIN_CHARS:  # one word alone: no particle (`για`)
                    phrase = " ".join(run)
                    said = sum(1 for t in texts if f" {phrase} " in f" {' '.join(words(t.lower()))} ")
                    held = sum(1 for w in run if w in done or any(alike(w, d) for d in done))
                    if (held, len(run), said) > best[:3]:
                        best = (held, len(run), said, phrase)
                i = j + 1
    return best[3]
