"""CLI: consolidate daily | weekly."""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date

import click

from memdir.cli.common import CliState, echo_json, json_option, pass_state, say
from memdir.errors import MemdirError
from memdir.inputs import check_when, no_such_day
from memdir.runs.report import EXIT_INCOMPLETE, RunReport, gone_line, later_line


def _parse_day(value: str | None, flag: str) -> date | None:
    if value is None:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise MemdirError(no_such_day(value, flag) or f"invalid {flag} {value!r}: use YYYY-MM-DD") from None
    check_when(day, flag)
    return day


def _scope(flag: str, value: str | None, dry_run: bool) -> str | None:
    """How a run is partial (`--until 2026-11-23 --dry-run`), or None for a full run."""
    parts = ([f"{flag} {value}"] if value else []) + (["--dry-run"] if dry_run else [])
    return " ".join(parts) or None


def _run_recorded(state: CliState, job: str, scope: str | None, run: Callable[[], RunReport]) -> RunReport:
    """Run a job and record it like the daemon's; only a full run (scope None) counts for catch-up."""
    from memdir.daemon.earlier import earlier_run
    from memdir.daemon.runs import RunJournal, counts_of, error_of, window_of, wrote_of

    journal = RunJournal(state.memory.root)
    record = journal.start(job, reason="cli", scope=scope)
    try:
        report = run()
    except BaseException as exc:
        journal.finish(record, "failed", error=str(exc) or type(exc).__name__)
        raise
    result = "incomplete" if report.incomplete else "ok"
    window = window_of(report)
    if not (report.changed or report.dry_run or report.incomplete or report.errors):  # who did it already
        # daily: episodes read, or none on its --date at all (no earlier run did that day's work, trial 24 #12)
        own = (
            bool(report.processed or report.stats.get("no_episodes_on"))
            if job == "daily"
            else not report.stats.get("already_distilled")
        )
        zone = state.memory.config.schedule.named_zone()  # the daemon log's zone: its runs read alike
        earlier = earlier_run(state.memory.root, job, record, window, own, zone)
        if earlier:
            report.stats["earlier_run"] = earlier
    journal.finish(
        record,
        result,
        counts=counts_of(report),
        error=error_of(report),
        window=window,
        wrote=wrote_of(report),
    )
    return report


def _finish(report: RunReport, as_json: bool) -> None:
    """Print the report; a run that left work pending ends with one line and exit code 75."""
    _print_report(report, as_json)
    if report.incomplete:
        click.echo(f"error: {report.incomplete}", err=True)
        sys.exit(EXIT_INCOMPLETE)  # not click's Exit: main() runs click with standalone_mode=False


def _print_report(report: RunReport, as_json: bool) -> None:
    if as_json:
        echo_json(report.to_dict())
        return
    verb = "would " if report.dry_run else ""
    rows = report.stats.get("retired")
    retired = {r["archived"]: r for r in rows if isinstance(r, dict)} if isinstance(rows, list) else {}
    say(
        (report.job, "bold"),
        f": {report.processed} looked at, {report.skipped} skipped, {report.pending} left pending",
    )
    for label, paths in (
        ("create", report.created),
        ("update", report.updated),
        ("raise review item", report.review),
        ("archive", report.archived),
    ):
        for p in paths:
            if p in retired:  # an edited episode's earlier section (plan_retire)
                r = retired[p]
                say(f"  {verb}retire {r['path']} ({r['reason']}): {'kept as' if not verb else 'keeping'} {p}")
                continue
            n = report.update_counts.get(p, 0)
            if label == "update":
                times = f" ({n} updates)" if n > 1 else ""
            else:
                times = f" (and {n} update{'s' if n > 1 else ''})" if n and label == "create" else ""
            say(f"  {verb}{label} {p}{times}")
    if report.dry_run and report.diff:
        say(report.diff)
    for err in report.errors:
        say("  ", ("error", "red"), f" {err}", stderr=True)
    gone = report.stats.get("gone_episodes")
    if isinstance(gone, list) and gone:  # a section deleted or renamed: said once (run_gone)
        say(f"  {gone_line(gone)}")
    earlier = report.stats.get("earlier_run")
    if isinstance(
        earlier, dict
    ):  # nothing to do because an earlier run did it: say which (trial 21 re-check)
        say(f"  {earlier['line']}")
    elif report.stats.get("no_episodes_on") and not report.changed:
        say(f"  no episodes on {report.stats['no_episodes_on']}; nothing to change")
    elif not report.changed:
        say("  nothing to change")
    waiting = report.stats.get("waiting_today")
    words = str(report.stats.get("today_words") or "today")  # "today in Asia/Tokyo" with a named zone
    if isinstance(waiting, int) and waiting:  # default runs stop at yesterday: say what was not looked at
        today = str(report.stats.get("today") or date.today().isoformat())  # the run's: the root's zone
        say(f"  {waiting} episode(s) of {words} wait for tomorrow's run; --date {today} takes them now")
    later = report.stats.get("waiting_later")
    if isinstance(later, dict) and later:  # a day file dated after today (written in another time zone)
        say(f"  {later_line(later, words)}")
    for line in kind_lines(report.stats):  # a kind a note already held: counted, not counted, or its own
        say(f"  {line}")
    why = report.stats.get("no_kind")
    if isinstance(why, str) and not report.changed:  # a week with no kind says why (trial 30 #9)
        say(f"  {why}")
    unnamed = report.stats.get("usage_unnamed")
    for line in unnamed if isinstance(unnamed, list) else []:  # a usage report no note took, no item holds
        say(f"  {line}")
    unread = report.stats.get("no_call_read")
    if isinstance(unread, int) and unread:  # not an error: the week's log holds no call memdir can read
        say(
            f'  {unread} successful tasks, no tool call read from any event: see docs/weekly.md "Any shape of log"'
        )
    skipped = report.stats.get("notes_unread")
    if isinstance(skipped, list) and skipped:  # one line for all, as `search` says it (re-check N8)
        names = ", ".join(str(p) for p in skipped[:3]) + (
            f" and {len(skipped) - 3} more" if len(skipped) > 3 else ""
        )
        say(f"  {len(skipped)} note(s) could not be read and were left out ({names}): `memdir lint` says why")
    llm = _llm_line(report.stats)
    if llm:
        say(llm)


def kind_lines(stats: dict[str, object]) -> list[str]:
    """What became of a weekly kind an existing procedure held, when no create/update line says it (trial 26 #7):
    its tasks ran the note's work otherwise (not counted), or made other calls (its own procedure)."""
    out: list[str] = []
    refound, own = stats.get("refound"), stats.get("own_kind")
    for e in refound if isinstance(refound, list) else []:
        if isinstance(e, dict) and e.get("not_following"):  # said when others were counted too (trial 30 #10)
            n, ids = len(e["not_following"]), ", ".join(str(i) for i in e["not_following"])
            out.append(
                f"{e['path']}: {n} task(s) of its kind ran its steps otherwise ({ids}); not counted as uses"
            )
    for e in own if isinstance(own, list) else []:
        if isinstance(e, dict):
            out.append(
                f"{e['tasks']} task(s) made other calls than {e['beside']} names: written as their own procedure"
            )
    return out


def _llm_line(stats: dict[str, object]) -> str | None:
    """`llm: 3 calls (1 retry), 4,210 + 812 tokens, $0.0011` (None when no model was called)."""
    calls = stats.get("llm_calls")
    if not isinstance(calls, int) or not calls:
        return None
    retries = stats.get("llm_retries") or 0
    cost = stats.get("llm_cost_usd")
    dollars = float(cost) if isinstance(cost, int | float) else 0.0
    price = "price unknown" if stats.get("llm_unpriced_calls") else f"${dollars:.4f}"
    return (
        f"  llm: {calls} call{'s' if calls != 1 else ''}"
        + (f" ({retries} retried)" if retries else "")
        + f", {stats.get('llm_prompt_tokens', 0):,} prompt + {stats.get('llm_completion_tokens', 0):,} "
        f"completion tokens, {price}"
    )


@click.group("consolidate")
def consolidate_group() -> None:
    """Turn episodes and activity into knowledge and procedures."""


@consolidate_group.command("daily")
@click.option(
    "--date",
    "day",
    help="Only episodes of this day (YYYY-MM-DD), and feedback events up to its end; default: every pending one up to yesterday.",
)
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@json_option("Print the run report as JSON.")
@pass_state
def daily_cmd(state: CliState, day: str | None, dry_run: bool, as_json: bool) -> None:
    """Route pending episodes into knowledge/, procedures/ or skip.

    Exits 75 when episodes were left pending (model unreachable, LLM budget spent, answers
    rejected); the next run tries them again.

    \b
    Example:
      memdir consolidate daily --date 2026-11-28 --dry-run
    """
    parsed = _parse_day(day, "--date")
    report = _run_recorded(
        state,
        "daily",
        _scope("--date", day, dry_run),
        lambda: state.memory.consolidate_daily(day=parsed, dry_run=dry_run),
    )
    _finish(report, as_json)


@consolidate_group.command("weekly")
@click.option("--until", help="End of the week, exclusive (YYYY-MM-DD); covers [until - 7 days, until).")
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@json_option("Print the run report as JSON.")
@pass_state
def weekly_cmd(state: CliState, until: str | None, dry_run: bool, as_json: bool) -> None:
    """Distil tasks that succeeded 3+ times this week into procedures.

    Exits 75 when task clusters were left pending (model unreachable, LLM budget spent, answers
    rejected); a later run over the same week distils them.

    \b
    Example:
      memdir consolidate weekly --until 2026-11-30 --json
    """
    parsed = _parse_day(until, "--until")
    report = _run_recorded(
        state,
        "weekly",
        _scope("--until", until, dry_run),
        lambda: state.memory.consolidate_weekly(until=parsed, dry_run=dry_run),
    )
    _finish(report, as_json)


COMMANDS: list[click.Command] = [consolidate_group]
