"""When a decision told in a day file says it will be looked at again, as a date (fix36e).

"we'll revisit in March", "review after a month", "to be reassessed at the end of the quarter", 「3月に見直す」,
「2か月後に再検討」「年度末に振り返る」: a verb of looking again and, within a few words before or after it, a time
this reads. The time is resolved against the episode's day: a month is its next first day after that day (March
told in November is next year's 1 March; 「3月末」 its last day), "after N days/weeks/months/years" counts from that
day, "next week/month/quarter/year" is the next one's first day (a week: seven days on), "the end of the
month/quarter/year" and 「年度末」 (31 March) its last day, an ISO date itself. A follow-up without a time this reads
("after the first fair", 「様子を見て」) gives no date: the decision is then not tracked (docs/daily.md).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_NUMBERS = "one two three four five six seven eight nine ten eleven twelve"
_WORDS = {w: i for i, w in enumerate(_NUMBERS.split(), 1)} | {"a": 1, "an": 1}
_KANJI = {
    k: i
    for i, k in enumerate(("一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"), 1)
}

_AGAIN_EN = (
    r"(?:revisit|review|re-?assess|re-?evaluat|reconsider|re-?examin|evaluat|look(?:ing)? again at|"
    r"look(?:ing)? at (?:it|this|that|them|the (?:\w+ ){0,2}?\w+) again|decide (?:if|whether) (?:we|to) keep|"
    r"check (?:back|again|in on it|how it (?:goes|went))|take stock|see how it (?:goes|went))\w*"
)
_TIME_EN = (
    rf"\b(?:(?:in|by|around|until|till|come) {_MONTH}(?:\s+(?P<year>\d{{4}}))?\b|"
    r"(?:in|after|within|for) (?P<n>\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) "
    r"(?P<unit>day|week|month|year)s?\b|"
    r"next (?P<next>week|month|quarter|year)\b|"
    r"(?:at|by|around) the end of (?:the |this )?(?P<end>month|quarter|year)\b|"
    r"(?:on|by|after) (?P<iso>\d{4}-\d{2}-\d{2})\b|"
    rf"(?:(?:at|by|around|in|until|till|toward|towards) the (?P<part>end|start|beginning|middle) of\s+|"
    rf"(?:in )?(?P<early>early|mid|late)-?\s*){_MONTH.replace('?P<month>', '?P<pmonth>')}\b)"
)
# the verb then the time ("revisit in March"), or the time then the verb ("in March we'll revisit it"): two
# patterns, as a pattern names each group once
AGAIN_EN = (
    re.compile(rf"(?i)\b{_AGAIN_EN}\b[^.;!?\n]{{0,40}}?{_TIME_EN}"),
    re.compile(rf"(?i){_TIME_EN}[^.;!?\n]{{0,40}}?\b{_AGAIN_EN}"),
)
_NUM_JA = r"(?:\d{1,2}|十[一二]?|[一二三四五六七八九])"
_TIME_JA = (
    rf"(?:(?P<jmonth>{_NUM_JA})月(?P<jpart>末|中|上旬|中旬|下旬|頭)?|"
    rf"(?P<jn>\d{{1,3}}|{_NUM_JA}|半)(?P<junit>か月|ヶ月|カ月|ケ月|箇月|ヵ月|週間|日|年)後|"
    r"(?P<jnext>来週|来月|来年|来期)|(?P<jend>年度末|月末|年末))"
)
_AGAIN_JA = r"(?:見直|再検討|振り返|再評価|評価し|評価す|検証し|検証す|再考|続けるか|継続するか|もう一度見)"
AGAIN_JA = re.compile(rf"{_TIME_JA}[^。！？\n]{{0,12}}?{_AGAIN_JA}")


def follow_up_told(text: str) -> bool:
    """Whether a sentence says when the decision is looked at again (see the module)."""
    return any(p.search(text) for p in AGAIN_EN) or bool(AGAIN_JA.search(text))


def follow_up_on(text: str, day: date) -> date | None:
    """The date the first follow-up `text` tells falls on, counted from `day` (None: none told, or no time read)."""
    found = [m for m in (p.search(text) for p in AGAIN_EN) if m]
    if found:
        return _en(min(found, key=lambda m: m.start()), day)
    j = AGAIN_JA.search(text)
    return _ja(j, day) if j else None


def _en(m: re.Match[str], day: date) -> date | None:
    g = {k: v for k, v in m.groupdict().items() if v}
    if "month" in g:
        month = _MONTHS.index(g["month"].lower()[:3]) + 1
        year = int(g["year"]) if "year" in g else None
        return _month_start(day, month, year)
    if "n" in g:
        n = int(g["n"]) if g["n"].isdigit() else _WORDS[g["n"].lower()]
        return _after(day, n, g["unit"].lower())
    if "next" in g:
        return _next(day, g["next"].lower())
    if "end" in g:
        return _end(day, g["end"].lower())
    if "pmonth" in g:  # "at the end of February", "in mid-March": a part of a named month (trial 29 #7)
        start = _month_start(day, _MONTHS.index(g["pmonth"].lower()[:3]) + 1, None)
        part = (g.get("part") or g.get("early", "")).lower()
        if part == "end":
            return _month_end(start)
        return start.replace(day={"middle": 11, "mid": 11, "late": 21}.get(part, 1))
    try:
        return date.fromisoformat(g["iso"])
    except (KeyError, ValueError):
        return None


def _ja(m: re.Match[str], day: date) -> date | None:
    g = {k: v for k, v in m.groupdict().items() if v}
    if "jmonth" in g:
        month = _ja_number(g["jmonth"])
        if not 1 <= month <= 12:
            return None
        start = _month_start(day, month, None)
        part = g.get("jpart", "")
        if part == "末":
            return _month_end(start)
        return start.replace(day={"上旬": 1, "中旬": 11, "中": 11, "下旬": 21}.get(part, 1))
    if "jn" in g:
        unit = {"週間": "week", "日": "day", "年": "year"}.get(g["junit"], "month")
        n = _ja_number(g["jn"])
        return _after(day, 6, "month") if g["jn"] == "半" else _after(day, n, unit)
    if "jnext" in g:
        return _next(day, {"来週": "week", "来月": "month", "来年": "year"}.get(g["jnext"], "quarter"))
    if g.get("jend") == "年度末":  # the Japanese fiscal year ends on 31 March
        return date(day.year if day.month <= 3 else day.year + 1, 3, 31)
    return _end(day, "year" if g.get("jend") == "年末" else "month")


def _ja_number(text: str) -> int:
    return int(text) if text.isdigit() else _KANJI.get(text, 0)


def _month_start(day: date, month: int, year: int | None) -> date:
    """The first day of `month` after `day` (in `year` when it is told)."""
    if year is not None:
        return date(year, month, 1)
    return date(day.year if month > day.month else day.year + 1, month, 1)


def _month_end(day: date) -> date:
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def _add_months(day: date, n: int) -> date:
    y, m = divmod(day.month - 1 + n, 12)
    year, month = day.year + y, m + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _after(day: date, n: int, unit: str) -> date:
    if unit == "day":
        return day + timedelta(days=n)
    if unit == "week":
        return day + timedelta(weeks=n)
    return _add_months(day, n * (12 if unit == "year" else 1))


def _next(day: date, unit: str) -> date:
    if unit == "week":
        return day + timedelta(weeks=1)
    if unit == "month":
        return _add_months(day.replace(day=1), 1)
    if unit == "year":
        return date(day.year + 1, 1, 1)
    start = day.replace(day=1, month=(day.month - 1) // 3 * 3 + 1)
    return _add_months(start, 3)


def _end(day: date, unit: str) -> date:
    if unit == "month":
        return _month_end(day)
    if unit == "year":
        return date(day.year, 12, 31)
    return _add_months(day.replace(day=1, month=(day.month - 1) // 3 * 3 + 1), 3) - timedelta(days=1)
