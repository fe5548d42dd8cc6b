"""One argument's value masked whole in one call and written in several words in another (round 65).

A step key keeps the words of a value the week writes often and masks the rest (`agreement.StepAgreement`).
An instrument booked for a tune-up is `Acadian 1-row, C` in one request, `Bon Cajun 1-row, D` in the next:
the first keeps `row` and `c` (`tauihaa * # row c`), the second, most of its words rare under its argument's
name, is free text and one mask (`tauihaa *`, `free_text.py`), and a third is `tauihaa * # d`. The calls are
one step on other values, but `step_cover.covers` lets a `*` stand for two words at most and `one_word` for
one: set 65's accordion tune-ups were four keys of one call and no step most of them took, so no kind.
"""

from __future__ import annotations

import os
from collections.abc import Collection

MAX_VALUE = 6  # words of one value (as a note's tail, `step_cover.MAX_NOTE`): more is other arguments too
MIN_CALL = 12  # words of a call written as arguments (as `step_cover.free_note`): a click's label is no call


def one_value(a: str, b: str, arguments: Collection[str], choices: Collection[str] | None = None) -> bool:
    """Whether two keys are one call, word for word the same but in one stretch where one writes a single
    mask and the other a value of 2 to `MAX_VALUE` words holding a mask or a number (`*` beside `* # row c`):
    the same argument's value, wholly rare in one task and partly written often in the other. The stretch
    sits between the same words on both sides (an argument's name before it, the next one after it), so a
    value's words never stand for another argument. `choices`: and the words it keeps are each a value the
    week writes as one word alone (`* # m` of `Elan 160, M` beside `size=M`; not `רחוב`, "street", of an
    address: set 45's boiler repairs were joined with other work so)."""
    if a == b or a not in arguments or b not in arguments:
        return False
    x, y = a.split(" "), b.split(" ")
    if x[0] != y[0] or min(len(x), len(y)) < MIN_CALL:
        return False
    n = len(os.path.commonprefix([x, y]))
    while n > 1 and x[n - 1] == "*":
        n -= (
            1  # both values open with a masked word (`tauihaa * # row c`, `tauihaa *`): the stretch is theirs
        )
    # the shared tail, not reaching into the shared head (`* #` then `*` alone)
    m = len(os.path.commonprefix([x[n:][::-1], y[n:][::-1]]))
    one, other = sorted((x[n : len(x) - m], y[n : len(y) - m]), key=len)
    if n < 2 or not x[n - 1].replace("_", "").isalpha():
        return False  # the value follows a name of letters (`tauihaa`), not a masked word
    return (
        one == ["*"]
        and 2 <= len(other) <= MAX_VALUE
        and any(w in ("*", "#") for w in other)
        and any(w not in ("*", "#") for w in other)
        and (choices is None or all(w in choices for w in other if w not in ("*", "#")))
    )


def other_choice(a: str, b: str, arguments: Collection[str], values: Collection[str]) -> bool:
    """Whether two keys are one call, word for word the same but in one place, where each writes a word the
    week writes as an argument's whole value (`ʻaʻai=C`, `ʻaʻai=D`: the key of a rented accordion, each key
    written by three tasks or more, so kept): one argument's two choices. Set 65's rentals in D and in C were
    two keys, and the one in D was set apart from its kind."""
    if a == b or a not in arguments or b not in arguments:
        return False
    x, y = a.split(" "), b.split(" ")
    if len(x) != len(y) or len(x) < MIN_CALL or x[0] != y[0]:
        return False
    apart = [i for i, (v, w) in enumerate(zip(x, y, strict=True)) if v != w]
    if len(apart) != 1 or apart[0] < 2:
        return False
    i = apart[0]
    return x[i - 1].replace("_", "").isalpha() and all(
        w in values and not any(c.isdigit() for c in w) and w not in ("*", "#") for w in (x[i], y[i])
    )
