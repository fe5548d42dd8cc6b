"""A title's last hole that only says when (trial 28 #1, round 62).

Requests written to one pattern ("Book Kinako for a nail trim with Mei on Thursday", "… with Risa next Monday",
"… on the 10th") give a title of their pattern whose last hole holds each task's day: `Book {name} for a
{service} with {groomer} {value}`, the legend's `{value}` "a value". When a task is done is no part of what is
done: a title's trailing hole, set apart by a space, that no step passes and whose every value is a day (a
weekday's name, today or tomorrow, an ordinal day of the month), with the preposition or `next`/`this` before
it, is left out of the title. A hole glued to a word (`v{version}`), a date in digits and a value the calls pass
(`for the week of {date}`) stay. The calendar words are English grammar's, no set's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

_DAY = (
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:morning|afternoon|evening|night))?|today|tomorrow|tonight"
    r"|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+[a-z]+)?"
)
_WHEN = re.compile(rf"(?:(?:on|by|for|next|this|from|until)\s+)*(?:{_DAY})", re.I)
_TAIL = re.compile(r"(?:\s+(?:on|by|for|next|this|from|until|at))?\s+\{([^{}]+)\}\s*$", re.I)


def without_when_tail(title: str, values: Mapping[str, Sequence[str]], steps: Sequence[str] = ()) -> str:
    """The title without its last hole when each of that hole's values (`values`: name -> values) is a day and
    no step passes it (`steps`: a date the calls pass, `for the week of {date}`, is the work's own value)."""
    m = _TAIL.search(title)
    if m is None or m.start() == 0 or any("{" + m.group(1) + "}" in s for s in steps):
        return title
    seen = [v.strip() for v in values.get(m.group(1), ()) if v.strip()]
    if len(seen) < 2 or not all(_WHEN.fullmatch(v) for v in seen):
        return title
    return title[: m.start()].rstrip(" ,")
