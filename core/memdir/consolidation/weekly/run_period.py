"""A date or period the tasks worked on that is the period they ran in: kept as written, and said so.

Four month-end closes run on 1-3 December all passed `month=2026-11` and wrote 「11月分」 (trial 17 #7): equal
in every task, so the alignment keeps them verbatim, and an agent following the procedure in January would
close November again. Making the value a placeholder broke a procedure that must keep its constant (set 11's
retrain `--month 2025-12`), so the value stays as written and the procedure's `## Placeholders` section says
what it is: "`2026-11` (step 1, step 3) is the month before the one these tasks ran in (all ran
2026-12-01..03): check which month you need before you run it." (in Japanese when the procedure is).

Rules:
- A date (`2026-12-01`), an ISO week (`2026-W48`), a month (`2026-11`) or a Japanese month (`11月`, not the
  month of a day `12月15日`) written as constant text in the steps (not inside a `{placeholder}`) is relative
  to the run when it is, for every task (by its start), its own day, week or month, or every task's previous
  one. A task without a start time makes nothing relative.
- A fixed deadline (`due=2026-12-15` in tasks run on 1-3 December) is no task's own period and is not
  flagged; neither is a period one task of the week ran far from.
- The review item of a later week (`changed.py`) adds the same words to a value the note fixes when the new
  tasks each wrote the period they ran in (`relation`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

_PERIOD = re.compile(
    r"(?<![A-Za-z0-9{.-])(?:(?P<day>\d{4}-\d{2}-\d{2})|(?P<week>\d{4}-W\d{2})|(?P<month>\d{4}-\d{2}))"
    r"(?![A-Za-z0-9}-]|\.\d)"
    r"|(?<![\d{０-９])(?P<jmonth>1[0-2]|0?[1-9])(?=月)(?!月\s*\d{1,2}\s*日)"
)
_HOLE = re.compile(r"\{[^{}\s]*\}")
_JA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_UNIT = {"day": "day", "week": "week", "month": "month", "jmonth": "month"}
_JA_UNIT = {"day": "日", "week": "週", "month": "月", "jmonth": "月"}


@dataclass(frozen=True)
class RunPeriod:
    """A value every task wrote that is the period it ran in (`back` 0) or the one before (`back` 1)."""

    value: str  # as the steps write it: `2026-11`, `11月`
    kind: str  # day, week, month, jmonth
    back: int
    steps: tuple[int, ...]  # 1-based step numbers that write it
    ran: str  # the days the tasks ran: `2026-12-01..03`


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


def _days(starts: Sequence[datetime | None]) -> list[date]:
    """The tasks' start days; none when a task has no start time."""
    days = [s.date() for s in starts if s is not None]
    return days if days and len(days) == len(starts) else []


def _ran(days: Sequence[date]) -> str:
    first, last = min(days), max(days)
    if first == last:
        return first.isoformat()
    if (first.year, first.month) == (last.year, last.month):
        return f"{first.isoformat()}..{last.day:02d}"
    return f"{first.isoformat()}..{last.isoformat()}"


def _constant(step: str) -> str:
    """The step's text outside its `{placeholders}` (each hole a space)."""
    return _HOLE.sub(" ", step)


def run_periods(steps: Sequence[str], starts: Sequence[datetime | None]) -> list[RunPeriod]:
    """The run-relative periods the steps write as constants, first written first."""
    days = _days(starts)
    if not days:
        return []
    found: dict[tuple[str, str], list[int]] = {}
    for n, step in enumerate(steps, 1):
        for m in _PERIOD.finditer(_constant(step)):
            kind = m.lastgroup or ""
            value = m.group(0) + ("月" if kind == "jmonth" else "")
            if _relation(kind, m.group(0), days) is not None:
                found.setdefault((kind, value), [])
                if n not in found[kind, value]:
                    found[kind, value].append(n)
    ran = _ran(days)
    return [
        RunPeriod(value, kind, _relation(kind, value.rstrip("月"), days) or 0, tuple(at), ran)
        for (kind, value), at in found.items()
    ]


def relation(value: str, starts: Sequence[datetime | None]) -> str:
    """What `value` (a token such as `month=2026-12`) is for tasks started at `starts`: "for each task the
    month it ran in", or '' when it holds no period relative to their run."""
    days = _days(starts)
    for m in _PERIOD.finditer(_constant(value)) if days else ():
        kind = m.lastgroup or ""
        back = _relation(kind, m.group(0), days)
        if back is not None:
            unit = _UNIT[kind]
            return f"for each task the {unit} it ran in" if back == 0 else f"for each task the {unit} before"
    return ""


def period_notes(steps: Sequence[str], starts: Sequence[datetime | None], title: str) -> list[str]:
    """The `## Placeholders` lines of the steps' run-relative periods, in Japanese when the title is."""
    japanese = bool(_JA.search(_HOLE.sub(" ", title)))
    return [period_note(p, japanese) for p in run_periods(steps, starts)]


def period_note(p: RunPeriod, japanese: bool) -> str:
    """The `## Placeholders` line that says `p` is relative to the run."""
    if japanese:
        where = "、".join(f"手順{n}" for n in p.steps)
        unit = _JA_UNIT[p.kind]
        which = ("作業した" + unit + "の前の" + unit) if p.back else ("作業した" + unit)
        if p.kind in ("month", "jmonth"):
            which = "作業した月の前月" if p.back else "作業した月"
        return (
            f"- 「{p.value}」（{where}）は{which}です（すべて {p.ran} に実行）。"
            f"実行する前に、どの{unit}が必要か確認してください。"
        )
    where = ", ".join(f"step {n}" for n in p.steps)
    unit = _UNIT[p.kind]
    on = "on" if p.kind == "day" else "in"
    which = (
        f"the {unit} before the one these tasks ran {on}" if p.back else f"the {unit} these tasks ran {on}"
    )
    return (
        f"- `{p.value}` ({where}) is {which} (all ran {p.ran}): "
        f"check which {unit} you need before you run it."
    )
