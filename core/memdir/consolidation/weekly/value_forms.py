"""What a placeholder's values are, by their form, where the general shapes of `render._shape` misread them
(trial 21: `{time}` seen as `10:00`, `14:00`, `11:00` was "a word").

A clock time (`10:00`, `9:30:00`, `14時`, `午後2時`, `10am`, `2:30 PM`) is "a time", never a word or an IPv6
address; two of them joined (`10:00-11:00`, `14時〜15時`) "a time range". A day written without its year
(`12/10`, `Dec 20`, `20 December`, `12月10日`) is "a date", and one with its time (`2026-12-10 14:00`,
`12/10 14:00`) "a date and time". An amount is a number with a currency sign or code before or after it
(`¥12,000`, `$45.00`, `12.50 EUR`, `3,000円`, `1.200,50 €`): "an amount"; a number and `%` "a percentage".
None of these reads a word list of a domain: forms only, the same in every language the values are written in.
"""

from __future__ import annotations

import re

_HOUR = r"(?:[01]?\d|2[0-3])"
_CLOCK = rf"{_HOUR}:[0-5]\d(?::[0-5]\d)?(?:\s?(?:[AaPp]\.?[Mm]\.?))?"
_AMPM = r"(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s?(?:[AaPp]\.?[Mm]\.?)"
_JA_TIME = rf"(?:午前|午後)?{_HOUR}時(?:[0-5]?\d分|半)?"
_TIME = rf"(?:{_CLOCK}|{_AMPM}|{_JA_TIME})"
_MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_MONTHS = "(?:" + "|".join(m[:3] + f"(?:{m[3:]}|\\.)?" for m in _MONTH_NAMES) + "|Sept\\.?)"  # `Dec`, `Dec.`
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_MONTH = r"(?:0?[1-9]|1[0-2])"
_DAY_FORMS = (
    r"\d{4}-\d{2}-\d{2}",
    rf"(?:\d{{4}}/)?{_MONTH}/{_DAY}(?:/\d{{2,4}})?",
    rf"{_DAY}\.{_MONTH}\.(?:\d{{4}})?",
    rf"{_MONTHS} {_DAY}(?:st|nd|rd|th)?(?:,? \d{{4}})?",
    rf"{_DAY}(?:st|nd|rd|th)? {_MONTHS}(?: \d{{4}})?",
    rf"(?:\d{{4}}年)?{_MONTH}月{_DAY}日",
)
_DATE = "(?:" + "|".join(_DAY_FORMS) + ")"
_TIME_RE = re.compile(_TIME)
_RANGE_RE = re.compile(rf"{_TIME}\s?[-–〜~]\s?{_TIME}")
_DATE_RE = re.compile(_DATE, re.I)
_DATE_TIME_RE = re.compile(rf"{_DATE}(?:T|,? |\s?)(?:{_TIME})(?:\.\d+)?(?:Z|[+-]\d{{2}}:?\d{{2}})?", re.I)
_NUMBER = r"\d{1,3}(?:[,. ]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"
_SIGN = r"[$€£¥₩₹₫₺₽฿]|[A-Z]{3}(?=\s)|R\$|US\$|A\$|C\$"
_AFTER = r"\s?(?:[$€£¥₩₹₫₺₽฿]|[A-Z]{3}\b|円|元|ドル|ユーロ|원|zł|Kč|kr|Ft|lei|dhs)"
_AMOUNT_RE = re.compile(rf"-?(?:(?:{_SIGN})\s?(?:{_NUMBER})|(?:{_NUMBER}){_AFTER})")
_PERCENT_RE = re.compile(rf"-?(?:{_NUMBER})\s?[%％]")


def value_form(values: list[str]) -> str:
    """The form every value has ("a time", "a date", "an amount", …), or "" when they share none of these."""
    if not values:
        return ""
    for pattern, what in (
        (_RANGE_RE, "a time range"),
        (_TIME_RE, "a time"),
        (_DATE_TIME_RE, "a date and time"),
        (_DATE_RE, "a date"),
        (_AMOUNT_RE, "an amount"),
        (_PERCENT_RE, "a percentage"),
    ):
        if all(pattern.fullmatch(v) for v in values):
            return what
    return ""


_MONTH_DAY = re.compile(r"(?:\d{4}-)?(\d{1,2})-(\d{1,2})|(\d{1,2})/(\d{1,2})")
_MONTH_WORDS = [m[:3].lower() for m in _MONTH_NAMES]


def digits(text: str) -> str:
    """A value's digits in order: one phone or id however it is spaced or signed."""
    return "".join(c for c in text if c.isdigit())


def date_said(value: str, text: str) -> bool:
    """Whether the month-day value (`2026-12-12`, `12-12`, `12/12`) is written in the lower-cased `text` in another
    way: `12月12日`, `12/12`, `2026-12-12`, `Dec 12`, `12th of December` (a request that states the date)."""
    m = _MONTH_DAY.fullmatch(value.strip())
    if not m:
        return False
    month, day = int(m[1] or m[3]), int(m[2] or m[4])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return False
    name = _MONTH_WORDS[month - 1]
    forms = (
        rf"(?<!\d)0?{month}\s*月\s*0?{day}\s*日",
        rf"(?<!\d)0?{month}/0?{day}(?!\d)",
        rf"(?<!\d)\d{{4}}-0?{month}-0?{day}(?!\d)",
        rf"{name}[a-z]*\.?\s*0?{day}(?!\d)",
        rf"(?<!\d)0?{day}(?:st|nd|rd|th)?\s+(?:of\s+)?{name}",
    )
    return any(re.search(f, text) for f in forms)


_CLOCK_PARTS = re.compile(r"(\d{1,2})(?::([0-5]\d))?(?::[0-5]\d)?\s?(?:([AaPp])\.?[Mm]\.?)?")


def clock_minutes(value: str) -> int | None:
    """A clock time's minutes after midnight, however written (`13:00`, `1 pm`, `1:00 PM`, `13:00:00`); None
    for anything else (a bare number is no time: it needs its minutes or its am/pm)."""
    m = _CLOCK_PARTS.fullmatch(value.strip())
    if m is None or (m[2] is None and m[3] is None):
        return None
    hour, minute = int(m[1]), int(m[2] or 0)
    if m[3]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m[3] in "Pp" else 0)
    return hour * 60 + minute if hour < 24 else None
