"""The part of an episode's heading the router reads: the heading without its date, weekday or time slot (round 28).

A day file's section is titled by when it happened as often as by what (`## Nachmittag`, `## 3. Dezember,
nachmittags`, `## Thursday 3 December: call with X`, `## 12月3日（木）`, `## 2026-12-03 Kickoff`). Trial 23's
second re-check (M8) found the same one-fact section knowledge under `## Nachmittag` and skip under `## 3.
Dezember, nachmittags`: the model reads the heading's words with the text, and a date in them pulls toward a
day's log. When a fact was told says nothing of what it is (GUIDELINES.md: a fact is knowledge whatever day it
was noted on), so the router reads the heading with its date, weekday and time-slot parts taken out; the
heading's other words stay ("call with X", 「田中さんと電話」). Training reads titles as written
(`route_reading.read_text`), so the weights are unchanged.

By form, in English, German, French, Spanish and Japanese: a run of date words at the heading's start or end
(weekday and month names, day numbers, ISO and dotted dates, clock times and ranges, parts of the day, and the
joining words a date is written with: "the", "of", "de", "le", "am", "vom"), or a heading that is only such words
or a generic slot (`shape_slot.slot_title`). A run needs a date, weekday, clock time or part of the day: "May"
alone, a number alone ("Q4", "3 tips") or a part of the day beside other words ("club night", "Morning
standup") is not taken out; a heading that is only a part of the day is (`slot_title`), and so is a preposition the
date hangs from ("Board for Friday" -> "Board").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from memdir.consolidation.daily.shape_slot import slot_title

_WEEKDAYS = (
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag "
    "lundi mardi mercredi jeudi vendredi samedi dimanche "
    "lunes martes miércoles miercoles jueves viernes sábado sabado domingo"
)
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec "
    "januar februar märz maerz april mai juni juli august september oktober november dezember "
    "janvier février fevrier mars avril juin juillet août aout septembre octobre novembre décembre decembre "
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre"
)
_DAYPARTS = (
    "morning afternoon evening night noon midday midnight am pm today yesterday "
    "morgens vormittag vormittags mittag mittags nachmittag nachmittags abend abends nacht nachts früh frueh "
    "heute gestern "
    "matin matinée matinee après-midi apres-midi midi soir soirée soiree nuit aujourd'hui hier "
    "mañana manana tarde noche mediodía mediodia hoy ayer"
)
_JOINING = "the of on at am vom den der de del le la à a en um"
_JOINERS = frozenset(_JOINING.split())
# a preposition the date hangs from goes with it ("Route changes from 3 November" -> "Route changes")
_PREPOSITIONS = "to for from before after until till by since ab bis vor für seit pour avant après depuis desde hasta para antes"
_BEFORE = frozenset(_PREPOSITIONS.split())
WEEKDAYS = frozenset(_WEEKDAYS.split())
MONTHS = frozenset(_MONTHS.split())
DAYPARTS = frozenset(_DAYPARTS.split())
# 2026-12-03, 3.12., 03.12.2026, 12/03, 3, 3., 3rd, 09:30, 9am, 14:00–15:30, 9h30, 1er
_NUMBER = re.compile(
    r"^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.(?:\d{2,4})?|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,4}\.?|"
    r"\d{1,2}(?:st|nd|rd|th|er|º|°)|\d{1,2}(?::\d{2}){1,2}(?:[-–—]\d{1,2}(?::\d{2}){1,2})?|\d{1,2}(?:am|pm|h\d{0,2}|uhr))$",
    re.I,
)
_DATEISH = re.compile(
    r"^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.(?:\d{2,4})?|\d{1,2}/\d{1,2}(?:/\d{2,4})?)$"
)
_CLOCK = re.compile(
    r"^\d{1,2}(?::\d{2}){1,2}(?:[-–—]\d{1,2}(?::\d{2}){1,2})?$|^\d{1,2}(?:am|pm|h\d{0,2}|uhr)$", re.I
)
_TOKEN = re.compile(
    r"\d{1,2}(?::\d{2}){1,2}(?:[-–—]\d{1,2}(?::\d{2}){1,2})?|[^\s,;:|()\[\]–—]+(?:[–—][^\s,;:|()\[\]–—]+)?|[\s,;:|()\[\]–—]+"
)
# Japanese: a date, a weekday in brackets, a clock time, a part of the day, at the heading's start or end
_JA_PART = (
    r"(?:\d{2,4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*日|\d{1,2}\s*日|[（(][月火水木金土日](?:曜日?)?[)）]|[月火水木金土日]曜日?|"
    r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}|\d{1,2}[:：]\d{2}(?:\s*[-–〜~～]\s*\d{1,2}[:：]\d{2})?|\d{1,2}\s*時(?:\s*\d{1,2}\s*分)?|"
    r"早朝|午前中?|午後|夕方|夕刻|深夜|今日|本日|昨日"
)
# a one-character part of the day only standing alone (「朝会」「夜間バッチ」 keep theirs)
_KANJI = r"\u3400-\u9fff\u30a0-\u30ff"
_JA_HEAD = re.compile(rf"^(?:(?:{_JA_PART}|[朝昼晩夜](?![{_KANJI}]))[\s、,:：・の\-]*)+")
_JA_TAIL = re.compile(rf"(?:[\s、,:：・\-]*(?:{_JA_PART}|(?<![{_KANJI}])[朝昼晩夜]))+$")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def _norm(word: str) -> str:
    w = word.casefold().strip(".,'’")
    return w.translate(str.maketrans("０１２３４５６７８９：", "0123456789:"))


def _date_word(word: str) -> bool:
    w = _norm(word)
    return w in WEEKDAYS or w in MONTHS or w in DAYPARTS or w in _JOINERS or bool(_NUMBER.match(w))


def _is_date(words: list[str]) -> bool:
    """A run of date words that names a day or a time: a weekday, a date, a clock time, a part of the day, or a
    month with a day number (not a month or a number alone, not joining words alone)."""
    low = [_norm(w) for w in words]
    if not low or not all(_date_word(w) for w in low) or low[-1] in _JOINERS:
        return False
    numbered = any(_NUMBER.match(w) for w in low)
    # a part of the day goes with a date or a weekday, never alone ("club night", "Evening session" keep theirs)
    return any(
        w in WEEKDAYS or _DATEISH.match(w) or _CLOCK.match(w) or (w in MONTHS and numbered) for w in low
    )


def routing_title(title: str) -> str:
    """The heading without the date, weekday or time slot it opens or ends with ("" when it is only that)."""
    t = " ".join(title.split())
    if not t or slot_title(t):
        return ""
    if _CJK.search(t):
        rest = _JA_TAIL.sub("", _JA_HEAD.sub("", t)).strip(" 、,:：・-")
        return rest if rest else ""
    pieces = _TOKEN.findall(t)
    idx = [i for i, p in enumerate(pieces) if p.strip(" ,;:|()[]–—")]
    lo, hi = 0, len(idx)
    for head in range(len(idx), 0, -1):  # the longest date the heading opens with
        if _is_date([pieces[i] for i in idx[:head]]):
            lo = head
            break
    for tail in range(lo, hi):  # the longest date it ends with
        if _is_date([pieces[i] for i in idx[tail:]]):
            hi = tail
            break
    if lo == 0 and hi == len(idx):
        return t
    if lo >= hi:
        return ""
    words = [pieces[i] for i in idx[lo:hi]]
    while (
        words and _norm(words[-1]) in _JOINERS | _BEFORE
    ):  # "Call at 10:00", "Board for Friday" -> "Call", "Board"
        words.pop()
    rest = "".join(pieces[idx[lo] : idx[lo + len(words) - 1] + 1]).strip(" ,;:|()[]–—-") if words else ""
    return rest[:1].upper() + rest[1:] if rest else ""


R = TypeVar("R")


def _opens_dated(title: str) -> bool:
    """A heading that is a date or a slot, or opens with one ("Thursday 3 December: call", 「12月3日（木）午後」); a date
    at its end ("tabs I had open (for Monday)") says what the list is for, and the heading is read as written."""
    t, rest = " ".join(title.split()), routing_title(title)
    return rest != t and (not rest or not t.casefold().startswith(rest.casefold()))


def read_dated(
    read: Callable[[Sequence[tuple[str, str]]], list[R]],
    kind: Callable[[R], str],
    items: Sequence[tuple[str, str]],
) -> list[R]:
    """`read`'s readings of (heading, text) pairs, where one the model reads as skip under a heading that is or opens
    with a date, weekday or time slot is read again without it, and that reading stands when it is knowledge (a fact told on a
    day is a fact; a day's plan, "Today" over a to-do list, stays what the model read it as)."""
    readings = read(items)
    redo = [i for i, (t, _) in enumerate(items) if _opens_dated(t) and kind(readings[i]) == "skip"]
    for i, again in zip(
        redo, read([(routing_title(items[i][0]), items[i][1]) for i in redo]) if redo else [], strict=True
    ):
        if kind(again) == "knowledge":
            readings[i] = again
    return readings
