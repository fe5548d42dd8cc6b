"""One value written in several ways by one task's calls is one placeholder (round 43).

A task may send the same phone number as `+1 509-555-0142` in its look-up, `(509) 555-0142` in its order and
`5095550142` in its message, or a name as `Mureșan` and `Muresan`: compared as written, the three spans were
three placeholders (`{phone}`, `{phone2}`, `{phone3}`) for the one number an agent fills once. Two spans are one
value when every task they share wrote the same value however it was written: phone numbers (the values of both
spans phones read together, `naming.all_phones`) by their digits, a country code or a trunk `0` aside (the shorter's digits,
8 or more, end the longer's); any other value by its letters and digits, case and accents aside. Different values
stay apart: a task whose two phones differ keeps both. A phone dialled with its country code and no `+`
(`919839012345`, a WhatsApp id) is the same phone beside the number the customer gave, and a clock time is one time however written (`13:00`,
`1 pm`: round 47).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from memdir.consolidation.weekly.naming import all_phones
from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.value_forms import clock_minutes

_DIALLED = re.compile(r"^\+?(?=(?:\D*\d){8,15}\D*$)[\d ().-]+$")  # digits as a phone is written, no letter


def _digits(value: str) -> str:
    return "".join(c for c in value if c.isdigit()).lstrip("0")


def _same_phone(a: str, b: str) -> bool:
    x, y = sorted((_digits(a), _digits(b)), key=len)
    return len(x) >= 8 and y.endswith(x)


def _letters(value: str) -> str:
    folded = unicodedata.normalize("NFKD", value.casefold())
    return "".join(c for c in folded if c.isalnum() and not unicodedata.combining(c))


def _phones(a: Span, b: Span) -> bool:
    vals = [*a.seen(), *b.seen()]  # read together: `775 930 218` is a phone beside `+420 775 930 218`
    return bool(vals) and all_phones(vals)


def _dialled(a: Span, b: Span, common: Sequence[str]) -> bool:
    """Whether one span's values are the other's phone numbers dialled with their country code and no `+`
    (`919839012345` for `+91 98390 12345`, `09415207388`, `7007118452`: a WhatsApp id, round 47): every
    value of both is a number of 8 to 15 digits, one span's are phones (`all_phones`), and every shared task
    wrote in the other a number as long or longer that ends with its phone's digits."""
    if not all(_DIALLED.match(v.strip()) for v in [*a.seen(), *b.seen()]):
        return False
    for phones, other in ((a, b), (b, a)):
        if all_phones(phones.seen()) and all(
            len(_digits(other.values[t])) >= len(_digits(phones.values[t]))
            and _same_phone(phones.values[t], other.values[t])
            for t in common
        ):
            return True
    return False


def written_alike(a: Span, b: Span, common: Sequence[str]) -> bool:
    """Whether every shared task wrote one value in both spans, however each call wrote it."""
    if not common:
        return False
    if _phones(a, b):
        return all(_same_phone(a.values[t], b.values[t]) for t in common)
    if _dialled(a, b, common):
        return True
    times = [(clock_minutes(a.values[t]), clock_minutes(b.values[t])) for t in common]
    if all(x is not None and x == y for x, y in times):  # `13:00` and `1 pm` (round 47)
        return True
    return all(_letters(a.values[t]) and _letters(a.values[t]) == _letters(b.values[t]) for t in common)
