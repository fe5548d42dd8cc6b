"""A date that varies is one placeholder: the constant parts of a date around a span join it.

Tasks that exported `2026-07-01` and `2026-08-01` differ in one digit; a template of `2026-0{value}-01`
keeps one task's year and day and splits a date into parts. So does a reply that wrote `July 2026`,
`August 2026` and `Q2 2026`: `{value} 2026` keeps the year as if it were part of the step. Here a span
whose values, with the constant date characters glued to it (digits, `-`, `/`, `.`, `年`, `月`, `日`), form a
date for every task takes them in (as many as still make a date); and a span of months or quarters next to a constant year takes
the year (`{period}`: `July 2026`, `2026年8月`).
"""

from __future__ import annotations

import re
from datetime import date

from memdir.consolidation.weekly.span_types import Part, Span

_DATE_FORM = re.compile(
    r"(?:19|20)\d{2}(?:[-/.]\d{1,2}){1,2}(?:[T ][\d:.]+Z?)?"
    r"|(?:(?:19|20)\d{2}年)?\d{1,2}月(?:\d{1,2}日)?|(?:19|20)\d{2}年\d{1,2}月?"
)
_DATE_PARTS = re.compile(r"((?:19|20)\d{2})?[-/.年]?(?:(\d{1,2})[-/.月]?)?(?:(\d{1,2})日?)?")


class _Date:
    """A date written year first or in Japanese (`2026-07-31`, `2026/7`, `2026年7月`, `7月31日`) whose month
    and day are a month and a day of it: `DG-2026-21`'s `2026-21` is a batch's year and number (trial 27 #3),
    `2026-02-30` no day. Only `fullmatch`, what every caller asks."""

    def fullmatch(self, text: str) -> re.Match[str] | None:
        m = _DATE_FORM.fullmatch(text)
        if m is None:
            return None
        parts = _DATE_PARTS.fullmatch(re.split(r"[T ]", text, maxsplit=1)[0])  # the date without its time
        if parts is None:
            return m
        year, month, day = (int(g) if g else 0 for g in parts.groups())
        if month and not 1 <= month <= 12:
            return None
        if day and month:
            try:
                date(year or 2000, month, day)  # 2000: a leap year, so `2月29日` without a year stays a date
            except ValueError:
                return None
        return m


DATE = _Date()
_MONTH_NAME = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
PERIOD = re.compile(rf"{_MONTH_NAME}|q[1-4]|h[12]|\d{{1,2}}月(?:分)?", re.I)  # a month or a quarter, no year
_GLUE_LEFT = re.compile(r"[\d/.年月日-]+$")
_GLUE_RIGHT = re.compile(r"^[\d/.年月日-]+")
_YEAR_AFTER = re.compile(r"^[ ,]\s?(?:19|20)\d{2}(?![\d])(?:年)?")
_YEAR_BEFORE = re.compile(r"(?<!\d)(?:19|20)\d{2}(?:年| )$")


def whole_dates(parts: list[Part]) -> list[Part]:
    """Each span that is part of a date in every task takes the rest of that date (see the module);
    spans of one date apart by a date mark (`2026/{07}/{31}`) are that one date."""
    out = list(parts)
    k = 0
    while k < len(out):
        p = out[k]
        if not isinstance(p, Span) or p.ref is not None or not all(v.strip() for v in p.values.values()):
            k += 1
            continue
        left = out[k - 1] if k and isinstance(out[k - 1], str) else ""
        assert isinstance(left, str)
        found = None
        for m in (k + 4, k + 2, k):  # the longest run of spans one date holds
            run = out[k : m + 1]
            if m >= len(out) or not _run(run):
                continue
            right = out[m + 1] if m + 1 < len(out) and isinstance(out[m + 1], str) else ""
            assert isinstance(right, str)
            vals = {
                t: "".join(x if isinstance(x, str) else x.values.get(t, "") for x in run) for t in p.values
            }
            take = _take(left, right, vals, single=m == k)
            if take is not None:
                found = (m, right, vals, take)
                break
        if found is None:
            k += 1
            continue
        m, right, vals, (pre, post) = found
        span = Span({t: pre + v + post for t, v in vals.items()}, p.name, p.ref)
        new: list[Part] = [left[: len(left) - len(pre)]] if k and left else []
        new += [span] + ([right[len(post) :]] if m + 1 < len(out) and right else [])
        lo = k - 1 if k and left else k
        hi = m + 2 if m + 1 < len(out) and right else m + 1
        out[lo:hi] = new
        k = lo + 1
    return [x for x in out if x != ""]


def _run(run: list[Part]) -> bool:
    """Spans apart by single date marks, every task filling each span."""
    return all(
        isinstance(x, Span) and x.ref is None and all(v.strip() for v in x.values.values())
        if i % 2 == 0
        else isinstance(x, str) and x in _MARKS
        for i, x in enumerate(run)
    )


_MARKS = frozenset(["-", "/", ".", "年", "月"])


def _take(left: str, right: str, vals: dict[str, str], single: bool) -> tuple[str, str] | None:
    """The constant text before and after the values that makes each value one date, or None."""
    lm, rm = _GLUE_LEFT.search(left), _GLUE_RIGHT.match(right)
    lg, rg = lm.group(0) if lm else "", rm.group(0) if rm else ""
    glue = sorted(
        ((lg[len(lg) - a :], rg[:b]) for a in range(len(lg) + 1) for b in range(len(rg) + 1)),
        key=lambda g: -len(g[0] + g[1]),
    )  # the whole date: the most glue that makes every value one
    if single:  # a single span is a date on its own already (or none); a run of spans may be one
        glue = [g for g in glue if g[0] or g[1]]
    take = next((g for g in glue if all(DATE.fullmatch(g[0] + v + g[1]) for v in vals.values())), None)
    if take is None and single and all(PERIOD.fullmatch(v.strip()) for v in vals.values()):
        if (ya := _YEAR_AFTER.match(right)) is not None:
            take = ("", ya.group(0))
        elif (yb := _YEAR_BEFORE.search(left)) is not None:
            take = (yb.group(0), "月" if right.startswith("月") and yb.group(0).endswith("年") else "")
    return take


_YEAR = r"(?:,? (?:19|20)\d{2})?"
MONTH_OF_YEAR = re.compile(rf"{_MONTH_NAME}{_YEAR}|(?:(?:19|20)\d{{2}}年)?\d{{1,2}}月(?:分)?", re.I)
PERIOD_OF_YEAR = re.compile(rf"(?:{_MONTH_NAME}|q[1-4]|h[12]){_YEAR}", re.I)


def period_name(values: list[str]) -> str:
    """`month` when every value is a month (of a year: `July`, `July 2026`, `2026年8月`), `period` when
    some are quarters or halves (`Q2 2026`), else ''."""
    if all(MONTH_OF_YEAR.fullmatch(v) for v in values):
        return "month"
    if all(PERIOD_OF_YEAR.fullmatch(v) or MONTH_OF_YEAR.fullmatch(v) for v in values):
        return "period"
    return ""


_MONTH_DAY = re.compile(r"(?:(?:19|20)\d{2}[-/.年])?(\d{1,2})[-/.月](\d{1,2})日?")


def same_day(a: Span, b: Span) -> bool:
    """Two spans whose values are one date in each task, however written (`11月24日`, `2026-11-24`)."""
    common = [t for t in a.values if t in b.values and a.values[t].strip() and b.values[t].strip()]
    if len(common) < 2:
        return False
    for t in common:
        x, y = _MONTH_DAY.fullmatch(a.values[t].strip()), _MONTH_DAY.fullmatch(b.values[t].strip())
        if x is None or y is None or (int(x[1]), int(x[2])) != (int(y[1]), int(y[2])):
            return False
    return True


def week_name(first: date, last: date) -> str:
    """The week a procedure was distilled from, named by its ISO 8601 week: `week 2027-W25` for Monday to
    Sunday, else `the 7 days to Saturday of week 2025-W10` (the last day's weekday and week). No
    `YYYY-MM-DD` or day-and-month a task can have passed as a value (a task that books the week's last
    day would read as one task's date kept in the procedure), and no `2025-W09-7` a person must decode."""
    a, b = first.isocalendar(), last.isocalendar()
    if a.weekday == 1 and b.weekday == 7 and (a.year, a.week) == (b.year, b.week):
        return f"week {a.year}-W{a.week:02d}"
    days = (last - first).days + 1
    return f"the {days} days to {last.strftime('%A')} of week {b.year}-W{b.week:02d}"
