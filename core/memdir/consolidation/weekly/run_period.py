"""A date or period the tasks worked on that is the period they ran in is relative to when a task runs.

Four month-end closes run on 1-3 December all passed `month=2026-11` and wrote 「11月分」 (trial 17 #7): equal
in every task, so the alignment kept them verbatim, and an agent following the procedure in January closed
November again. A date (`2026-12-01`), an ISO week (`2026-W48`), a month (`2026-11`) or a Japanese month
(`11月`) written as constant text in the steps, that is for every task its own day, week or month, or every task's
previous one, is a placeholder (`{month}`) whose legend says so: "the month before the one the task runs in
(relative to when it runs; all tasks this week used `2026-11`)". A date that is no task's own period (a fixed
deadline `due=2026-12-15` in November) stays as written, and so does one some task ran far from.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, timedelta

_PERIOD = re.compile(
    r"(?<![A-Za-z0-9{.-])(?:(?P<day>\d{4}-\d{2}-\d{2})|(?P<week>\d{4}-W\d{2})|(?P<month>\d{4}-\d{2}))"
    r"(?![A-Za-z0-9}-]|\.\d)"
    r"|(?<![\d{])(?P<jmonth>1[0-2]|0?[1-9])(?=月)"
)
_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}")
_NAMES = {"day": "date", "week": "week", "month": "month", "jmonth": "month_number"}
_UNITS = {"day": "day", "week": "week", "month": "month", "jmonth": "month"}


def _period(kind: str, when: date, back: int) -> str:
    """The task's own period (`back` 0) or the one before it (`back` 1), written as `kind` writes it."""
    if kind == "day":
        return (when - timedelta(days=back)).isoformat()
    if kind == "week":
        y, w, _ = (when - timedelta(weeks=back)).isocalendar()
        return f"{y}-W{w:02d}"
    y, m = (when.year, when.month - back) if when.month > back else (when.year - 1, 12)
    return f"{y}-{m:02d}" if kind == "month" else str(m)


def _relation(kind: str, value: str, days: Sequence[date]) -> int | None:
    """0 when `value` is every task's own period, 1 when every task's previous one, else None."""
    wanted = value.lstrip("0") if kind == "jmonth" else value
    for back in (0, 1):
        if days and all(_period(kind, d, back) == wanted for d in days):
            return back
    return None


def relative_periods(
    steps: list[str], starts: Sequence[datetime | None], taken: set[str]
) -> tuple[list[str], dict[str, tuple[str, str]]]:
    """The steps with each run-relative period as a placeholder, and per placeholder (value, legend)."""
    days = [s.date() for s in starts if s is not None]
    if not days or len(days) < len(starts):
        return steps, {}
    names: dict[tuple[str, str], str] = {}
    legend: dict[str, tuple[str, str]] = {}

    def one(m: re.Match[str]) -> str:
        kind = m.lastgroup or ""
        value = m.group(0)
        back = _relation(kind, value, days)
        if back is None:
            return value
        if (kind, value) not in names:
            base, n = _NAMES[kind], 2
            name = base
            while name in taken or name in legend:
                name, n = f"{base}{n}", n + 1
            names[kind, value] = name
            unit = _UNITS[kind]
            within = "on" if kind == "day" else "in"
            which = (
                f"the {unit} the task runs {within}"
                if back == 0
                else f"the {unit} before the one the task runs {within}"
            )
            if kind == "jmonth":
                which += " (its number)"
            legend[name] = (value, f"{which}, relative to when it runs; all tasks this week used `{value}`")
        return "{" + names[kind, value] + "}"

    out = []
    for step in steps:
        pieces = _PLACEHOLDER.split(step)
        holes = _PLACEHOLDER.findall(step)
        text = pieces[0] and _PERIOD.sub(one, pieces[0])
        for hole, piece in zip(holes, pieces[1:], strict=True):
            text += hole + _PERIOD.sub(one, piece)
        out.append(text)
    return out, legend
