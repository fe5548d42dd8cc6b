"""Which earlier run already did what a run found nothing to do for (trial 21 re-check N2).

The daemon's start-up catch-up distilled the week; the user's own `memdir consolidate weekly --until D`
seconds later printed "10 looked at, 10 skipped … nothing to change", silent on why. A run that changes
nothing now names the earlier run that covered the same work, from the run journal (`runs.json`): for
weekly, the latest successful run before it whose window overlaps this run's window by half or more; for
daily, when no episode was pending (weekly: when some of its tasks were already distilled), the latest successful run that wrote anything
(a daily run for one day, `--date D`: a run for all pending days, or one for that same day; a run for
another day did not do D's work, trial 24 #12). Its summary then says
when, whose run it was and what it wrote (`wrote`, recorded by `RunJournal.finish`), and `--json` carries
the same as `stats.earlier_run`.
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from memdir.activity import parse_ts
from memdir.daemon.runs import RunJournal, RunRecord

_BY = {
    "catchup": "the daemon's catch-up",
    "scheduled": "the daemon's scheduled run",
    "cli": "a `memdir consolidate {job}` run",
}
_KINDS = (  # folder of a written path -> what it is (singular, plural)
    ("procedures/", "procedure", "procedures"),
    ("knowledge/lessons/", "lesson", "lessons"),
    ("knowledge/", "knowledge note", "knowledge notes"),
)


def _window(w: object) -> tuple[datetime, datetime] | None:
    if not isinstance(w, list) or len(w) != 2:
        return None
    start, end = parse_ts(str(w[0])), parse_ts(str(w[1]))
    return (start, end) if start and end and end > start else None


def _overlaps(a: tuple[datetime, datetime], b: tuple[datetime, datetime]) -> bool:
    """The earlier window `a` covers half or more of this run's window `b`."""
    shared = (min(a[1], b[1]) - max(a[0], b[0])).total_seconds()
    return shared >= (b[1] - b[0]).total_seconds() / 2


def _day_of(scope: object) -> str | None:
    """The day a daily run was limited to (`--date 2026-11-23`), None for a run over every pending day."""
    words = str(scope or "").split()
    return words[words.index("--date") + 1] if "--date" in words[:-1] else None


def _same_days(mine: object, theirs: object) -> bool:
    """An earlier daily run covered this one's days: this run is over every pending day, or the earlier one
    was, or it was over this run's day."""
    day, theirs_day = _day_of(mine), _day_of(theirs)
    return day is None or theirs_day is None or theirs_day == day


def what_it_wrote(run: RunRecord) -> str:
    """ "1 procedure (procedures/x.md), 1 review item": the notes a run wrote, by kind, and its review items."""
    paths = [p for p in run.get("wrote", []) if isinstance(p, str)]
    parts: list[str] = []
    for folder, one, many in _KINDS:
        mine = [p for p in paths if p.startswith(folder)]
        paths = [p for p in paths if p not in mine]
        if mine:
            shown = ", ".join(mine[:3]) + (f", and {len(mine) - 3} more" if len(mine) > 3 else "")
            parts.append(f"{len(mine)} {one if len(mine) == 1 else many} ({shown})")
    if paths:
        parts.append(f"{len(paths)} other file{'s' if len(paths) != 1 else ''}")
    if not run.get("wrote"):  # a record written before `wrote` was: its counts
        counts = run.get("counts", {})
        parts += [f"{counts[k]} {k}" for k in ("created", "updated") if counts.get(k)]
    review = run.get("counts", {}).get("review", 0)
    if review:
        parts.append(f"{review} review item{'s' if review != 1 else ''}")
    archived = run.get("counts", {}).get("archived", 0)
    if archived:
        parts.append(f"{archived} archived")
    return ", ".join(parts)


def earlier_run(
    root: object,
    job: str,
    this: RunRecord,
    window: list[str] | None,
    own_work: bool,
    zone: tzinfo | None = None,
) -> dict[str, object] | None:
    """The earlier run that already did this run's work ({at, by, reason, window, wrote, line}), or None;
    `own_work`: this run had inputs no earlier run handled (daily: episodes it read; weekly: no task of the
    week was already distilled). Its time is given in `zone` (`schedule.timezone` when it names one, as
    the daemon's log lines are), else the machine's."""
    from pathlib import Path

    mine = _window(window)
    if job == "weekly" and mine is None:
        return None
    if own_work:
        return None
    began = parse_ts(this["started_at"])
    found: RunRecord | None = None
    for run in reversed(RunJournal(Path(str(root))).history(job)):
        done = parse_ts(run.get("finished_at") or "")
        if run.get("id") == this["id"] or done is None or (began and done > began):
            continue
        if run.get("result") != "ok" or "--dry-run" in (run.get("scope") or ""):
            continue
        counts = run.get("counts", {})
        if not (run.get("wrote") or any(counts.get(k) for k in ("created", "updated", "review"))):
            continue
        if job == "daily" and not _same_days(this.get("scope"), run.get("scope")):
            continue
        theirs = _window(run.get("window"))
        if mine is not None and (theirs is None or not _overlaps(theirs, mine)):
            continue
        found = run
        break
    if found is None:
        return None
    return _described(job, found, mine, began, zone)


def _described(
    job: str,
    run: RunRecord,
    mine: tuple[datetime, datetime] | None,
    now: datetime | None,
    zone: tzinfo | None = None,
) -> dict[str, object]:
    at = parse_ts(run["started_at"])
    local = at.astimezone(zone) if at else None
    when = ""
    if local:
        today = (now or local).astimezone(zone).date()
        when = local.strftime("%H:%M") if local.date() == today else local.strftime("%Y-%m-%d %H:%M")
        when += f" in {zone}" if zone is not None else ""  # not the machine's clock: say whose
    by = _BY.get(run.get("reason", ""), "an earlier `memdir` run").format(job=job)
    wrote = what_it_wrote(run)
    if job == "weekly" and mine is not None:
        span = f"{mine[0].strftime('%Y-%m-%d')} – {mine[1].strftime('%Y-%m-%d')}"
        what = f"week {span} was distilled"
    else:
        what = "the pending episodes were consolidated"
    line = f"{what} at {when} by an earlier run ({by}): {wrote or 'written'}; nothing new since"
    return {
        "at": run["started_at"],
        "by": by,
        "reason": run.get("reason"),
        "run_id": run.get("id"),
        "window": run.get("window"),
        "wrote": list(run.get("wrote", [])),
        "line": line,
    }
