"""One step at two levels of detail: a key whose masked words cover another's specific ones (round 27).

A step key keeps a value word that enough of the week wrote and masks the rest (`agreement.StepAgreement`):
one diver's `verify_certification agency padi card no # name *` and another's `agency * card no * # name *`
(NAUI's `NA-88107342`), one booking's `rental * pickup` and one with its own gear's `rental pickup` (an empty
value), one reply's `channel line to #` and one's `channel * to *` (an e-mail). These are one step on other
values; compared as two, the dive shop's boat kind fell apart into one task and three. Here a key *covers*
another when each of its `*` stands for one word of the other's or none (an empty value), and a `#` is a
value too: one value's place, never a run of words (a web agent's `click *` covers no step of another kind). Members of a cluster are compared on the most general keys they hold.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import cache, lru_cache

from memdir.consolidation.weekly.free_text import READ_CHARS
from memdir.consolidation.weekly.one_value import one_value, other_choice
from memdir.consolidation.weekly.script_words import KEY_NAME, MARKS

# a value written whole after its argument's name, one token: `agency=PADI`, `channel=line` (not `Place` of
# `element=Place order`: a label's word)
# `plan=variety=コシヒカリ` (nested arguments written flat: round 41)
_WHOLE_VALUE = re.compile(rf"(?:^|\s)(?:{KEY_NAME}=)+([^\s=]+)(?=\s+[^\s=]+=|\s*$)", re.U)
_WORD = re.compile(rf"[^\W_](?:[^\W_]|[{MARKS}])*", re.U)  # a word with its marks (round 55)
_GLUED = re.compile(r"([^\W\d_]{2,})(\d+)", re.U)  # `rz410455`: an id's letters, then its digits


def id_words(words: Iterable[str], support: Mapping[str, int], min_support: int) -> list[str]:
    """An id's letters glued to its digits, read as the week writes them apart when it does (round 37).

    One booking's `RZ410455` and another's `RZ 41 0387` or `RZ-41-0412` are one step on other values: the letters
    (`rz`, which min_support tasks write as a word) stay a word and the digits a value, as in the spaced forms.
    """
    out: list[str] = []
    for w in words:
        m = _GLUED.fullmatch(w)
        out.extend(m.groups() if m and support.get(m[1], 0) >= min_support else (w,))
    return out


def whole_values(texts: Iterable[str]) -> frozenset[str]:
    """The words of the week's values written whole (one token after `key=`), lower case."""
    return frozenset(
        w
        for text in texts
        for m in _WHOLE_VALUE.finditer(text.lower()[:READ_CHARS])
        for w in _WORD.findall(m.group(1))
    )


def single_values(texts: Iterable[str]) -> frozenset[str]:
    """The week's values written whole as one word alone (`ʻaʻai=C`, `size=M`), lower case: an argument's
    choice; not a word of a longer token (`template=permit_amended`: a template's name)."""
    return frozenset(
        w[0]
        for text in texts
        for m in _WHOLE_VALUE.finditer(text.lower()[:READ_CHARS])
        if len(w := _WORD.findall(m.group(1))) == 1 and w[0] == m.group(1)
    )


@lru_cache(maxsize=65536)
def _rx(pattern: str) -> re.Pattern[str] | None:
    parts = pattern.split(" ")
    # a `#` is one value's place too (round 41: `slot #` of `14-16時`, `slot 午前中`, `slot *`), never none, and
    # not before a `*` (`element # *`: a label's words, `2 Pizza Margherita`, no value)
    value = [p == "#" and parts[i + 1 : i + 2] != ["*"] for i, p in enumerate(parts)]
    if "*" not in parts[1:] and not any(value[1:]):
        return None
    return re.compile(
        "".join(
            r"((?:\S+ )?)" if i and p == "*" else r"(\S+ )" if i and value[i] else re.escape(p) + " "
            for i, p in enumerate(parts)
        )
    )


def covers(pattern: str, key: str, values: Collection[str], left: bool = False) -> bool:
    """Whether the key is the pattern's step on other values: each of the pattern's `*` is one word of the key
    that the week writes as a whole value (`values`), a mask, or none; or a mask and such a word (a value of
    several words, the first one rare: `loko * सुनौलो`, "blue, golden"), and a word of the pattern the week
    writes as a whole value is the key's masked one (`fomba स्टुडियो`, "at the studio", beside `fomba *`, a
    town written once: round 55's thangka orders, whose values in words the week writes often and rarely
    made four keys of one call), these two only in a call of `2 * MAX_NOTE` words or more (as `free_note`);
    `left`: or the pattern's call with arguments left out (`left_out`, for members' agreement only)."""
    if pattern == key:
        return True
    rx = _rx(pattern)
    m = rx.fullmatch(key + " ") if rx is not None else None
    if m is not None and all(g.strip() in values or g.strip() in ("", "#", "*") for g in m.groups()):
        return True
    p, k = pattern.split(" "), key.split(" ")
    if len(p) < 2 * MAX_NOTE or p[0] != k[0]:
        return False  # a click's one label (`tap x # y # element reorder`) is no call of many values
    if left and left_out(tuple(p), tuple(k)):
        return True
    return any(w in values for w in p[1:] + k[1:]) and _on_values(tuple(p), tuple(k), values)


MAX_LEFT_OUT = 2  # arguments a call may leave out and still be the pattern's call


@lru_cache(maxsize=65536)
def left_out(p: tuple[str, ...], k: tuple[str, ...]) -> bool:
    """Whether the key is the pattern's call with up to `MAX_LEFT_OUT` arguments left out, each a name of one
    to three words and a masked value (`… lanu tefito * lanu ua * tufaki …` beside a terse order's `… lanu
    tefito * tufaki …`: a second colour and a note no one gave, set 56's sari orders, round 56)."""

    @cache
    def go(i: int, j: int, left: int) -> bool:
        if i == len(p):
            return j == len(k) and left > 0
        if j < len(k) and p[i] == k[j] and go(i + 1, j + 1, left):
            return True
        return left < MAX_LEFT_OUT and any(
            p[i + n - 1] in ("*", "#")
            and all(w not in ("*", "#") and w.isalpha() for w in p[i : i + n - 1])
            and go(i + n, j, left + 1)
            for n in (2, 3, 4)
            if i + n <= len(p)
        )

    return len(k) >= 2 * MAX_NOTE and go(1, 1, 0)


def _on_values(p: tuple[str, ...], k: tuple[str, ...], values: Collection[str]) -> bool:
    """`covers` word by word (see there)."""

    def slot(w: str) -> bool:
        return w in values or w in ("#", "*")

    @cache
    def go(i: int, j: int) -> bool:
        if i == len(p):
            return j == len(k)
        w = p[i]
        if w == "*" and i:
            return any(
                j + n <= len(k)
                and all(slot(x) for x in k[j : j + n])
                and (n < 2 or k[j] == "*" and k[j + 1] not in ("#", "*"))
                and go(i + 1, j + n)
                for n in (0, 1, 2)
            )
        if j == len(k):
            return False
        if w == k[j] or w in values and k[j] == "*":
            return go(i + 1, j + 1)
        return False

    return go(1, 1)


def most_general(
    held: Sequence[set[str]], arguments: Collection[str], values: Collection[str]
) -> list[set[str]]:
    """Each member's patterns without those another pattern it holds covers (the same step, in detail); of two
    that cover each other (`to *`, `to #`: round 41) the first in order stays, the same for every member."""

    def over(q: str, p: str) -> bool:
        return covers(q, p, values) and (q < p or not covers(p, q, values))

    return [
        {p for p in h if p not in arguments or not any(q != p and q in arguments and over(q, p) for q in h)}
        for h in held
    ]


def alike(keys: Iterable[str], key: str, arguments: Collection[str], values: Collection[str]) -> bool:
    """Whether one of the keys is the key's step on other values (either covers the other). Only calls written
    as arguments (`arguments`: `agency=PADI`) are so compared: a web agent's `click # *` is a rare label, the
    kind's own, not a value; and a mobile agent's `element=Place order` is a label too (`Place` no value)."""
    return key in arguments and any(
        k in arguments and (covers(k, key, values) or covers(key, k, values)) for k in keys
    )


def covered(
    keys: Iterable[str], pattern: str, arguments: Collection[str], values: Collection[str], left: bool = False
) -> bool:
    """Whether the pattern covers one of the keys (a member took the pattern's step, on its own values;
    `left`: or left some of its arguments out, round 56)."""
    return pattern in arguments and any(k in arguments and covers(pattern, k, values, left) for k in keys)


def general(
    keysets: Sequence[frozenset[str]],
    arguments: Collection[str],
    values: Collection[str],
    choices: Collection[str] = frozenset(),
) -> list[set[str]]:
    """Each key set's keys and the other sets' keys that cover one of them, less those another covers: the
    most general keys (`most_general`) each member took. A subscription with `variety * … slot #` and one with
    `variety コシヒカリ … slot 午前中` took one step (round 41: `distinctive` counted exact keys, so a kind whose
    values vary in kind, a number, a rare word, a frequent one, had no step two members took)."""
    keysets = settled(keysets, arguments, choices)
    cand = sorted({k for ks in keysets for k in ks})
    held = most_general(
        [
            {p for p in cand if p in ks or covered(ks, p, arguments, values) or _noted(ks, p, arguments)}
            for ks in keysets
        ],
        arguments,
        values,
    )
    return [{p for p in h if not _noted(h - {p}, p, arguments, longer=True)} for h in held]


def settled(
    keysets: Sequence[frozenset[str]],
    arguments: Collection[str],
    choices: Collection[str],
    choices_only: bool = False,
) -> list[frozenset[str]]:
    """Each key set with the keys of one call on other values as one key, the most general of them (fewest
    words not masked: `… qeydler * the * #` over `… qeydler * on the *`, which a call with no note covers as
    `_noted`, round 63): a note in words the week writes elsewhere (`free_note`, round 54), a word some tasks
    write often and others rarely (`one_word`, round 64), a value masked whole beside one of several words, or
    two choices of one argument (`one_value`, `other_choice`, round 65; `choices`: the week's values written
    as one word alone, `single_values`). `choices_only`: only the last, and a value's words that are such choices
    (for how members agree, `agreement`: the others there joined kinds of sets 45 and 64 apart)."""
    cand = sorted({k for ks in keysets for k in ks})
    rank = {c: (sum(w not in ("*", "#") for w in c.split(" ")), n) for n, c in enumerate(cand)}
    same = {
        k: min(
            (
                c
                for c in cand
                if c == k
                or other_choice(c, k, arguments, choices)
                or choices_only
                and one_value(c, k, arguments, choices)
                or not choices_only
                and (free_note(c, k, arguments) or one_word(c, k, arguments) or one_value(c, k, arguments))
            ),
            key=rank.__getitem__,
        )
        for k in cand
    }
    return [frozenset(same[k] for k in ks) for ks in keysets]


MAX_NOTE = 6  # words of a note's tail: a longer tail after a shared stretch holds other arguments


def one_word(a: str, b: str, arguments: Collection[str]) -> bool:
    """Whether two keys are one call whose value begins with a word some tasks write often and others rarely
    (round 64): word for word the same, 12+ words (as `free_note`), but in one place, where one has a masked
    word and the other a word of letters. A date written `Sat 20 Jun` by two re-blocks and `Thu 18 Jun`,
    `Wed 24 Jun` by two more (set 64's hat repairs: `sat`, written by three tasks of the week, is kept, the rest
    masked) made two keys of the one reply, and no step most of them took; `covers` reads that `*` as a whole
    value only, and `Sat` is not written whole."""
    if a == b or a not in arguments or b not in arguments:
        return False
    x, y = a.split(" "), b.split(" ")
    if len(x) != len(y) or len(x) < 2 * MAX_NOTE or x[0] != y[0]:
        return False
    apart = [(v, w) for v, w in zip(x, y, strict=True) if v != w]
    return len(apart) == 1 and any(v == "*" and _letters(w) for v, w in (apart[0], apart[0][::-1]))


def _letters(word: str) -> bool:
    """A word of letters, with their marks (`ဆိုင်မှာယူ`, "pick up at the shop": Burmese vowel signs are no letters
    to `str.isalpha`, round 64)."""
    return _WORD.fullmatch(word) is not None and not any(c.isdigit() for c in word)


def free_note(a: str, b: str, arguments: Collection[str]) -> bool:
    """Whether two keys are one call whose last argument holds a free-text note (round 54): the same words up
    to a name, then each a tail of at most `MAX_NOTE` words ending alike in masks only (no argument after
    them), one of them several words with a mask
    (`… amanothi * хуур хялгас *` beside `… amanothi хялгас` and `… amanothi гэр *`: set 54's fiddle repairs,
    whose notes write the words of the service's own description, `Хялгас, гэр, чих шалгана`, so round 53's
    mostly-masked note did not read them). Two notes that both open with a masked word are read from the
    argument's name (round 63: set 63's neon repairs, `danyo=cracked tube on the letter B` and `danyo=lost its
    gas`, whose `*` joined the shared stretch, so the four calls stayed four keys). The shared stretch holds the call and its other arguments, 12+
    words: a click's one selector is no note (`… button has text *`, `… button * label *`: other buttons)."""
    if a == b or a not in arguments or b not in arguments:
        return False
    x, y = a.split(" "), b.split(" ")
    n = len(os.path.commonprefix([x, y]))
    while n > 1 and x[n - 1] == "*":
        n -= (
            1  # both notes open with a masked word (`danyo * tube on the *`, `danyo * gas *`): the note's own
        )
    tails = (x[n:], y[n:])
    if (
        n < 2 * MAX_NOTE
        or not x[n - 1].replace("_", "").isalpha()
        or not all(0 < len(t) <= MAX_NOTE for t in tails)
    ):
        return False
    ends = os.path.commonprefix([tails[0][::-1], tails[1][::-1]])
    if any(w not in ("*", "#") for w in ends):
        return False  # `… when # notes` after both: other arguments follow, the values differ in the middle
    return any(len(t) > 1 and ("*" in t or "#" in t) for t in tails)


def _noted(keys: Iterable[str], pattern: str, arguments: Collection[str], longer: bool = False) -> bool:
    """Whether one of the keys is the pattern's call with one more argument at its end, its value masked
    (`… rayon * primechanie *`, a note some orders carry: round 50's qvevri orders, two with a note and two
    without, held no call most of them made), or with a free text in its last argument where the pattern's
    is empty (`… oharrak # * on *`, "70th birthday, short route, unsteady on his feet", beside `… oharrak`,
    "-": round 52's hawk walks, whose notes differ each time), or with one more argument holding such a note
    where the pattern's call has none (`… tarix # qeydler * the * #` beside `… tarix #`, an empty note left
    out: round 53's wall repairs); `longer`: whether the pattern is that longer
    call instead."""
    if pattern not in arguments:
        return False
    for k in keys:
        if k not in arguments:
            continue
        short, long = (k, pattern) if longer else (pattern, k)
        tail = long[len(short) :].split(" ") if long.startswith(short + " ") else []
        if len(tail) == 3 and tail[0] == "" and tail[1].isalpha() and tail[2] == "*":
            return True
        note = tail[2:]
        if (
            len(note) > 1
            and tail[0] == ""
            and tail[1].isalpha()
            and note[0] in ("#", "*")
            and 2 * sum(w in ("#", "*") for w in note) > len(note)
        ):
            return True  # one more argument, a free-text note of several words, most of them masked
        words = tail[1:]
        if (
            len(words) > 1
            and tail[0] == ""
            and words[0] in ("#", "*")
            and 2 * sum(w in ("#", "*") for w in words) > len(words)
        ):
            return True  # a note's words, most of them masked, where the pattern's note is empty
    return False
