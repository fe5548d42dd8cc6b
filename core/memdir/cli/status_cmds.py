"""CLI: status (readable at 80 columns; JSON only with --json) and lint."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Mapping
from dataclasses import asdict
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING

import click

from memdir.cli.common import CliState, console, echo_json, json_option, pass_state, say
from memdir.errors import MemdirError
from memdir.runs.report import later_line
from memdir.status import lost_line

if TYPE_CHECKING:
    from memdir.daemon.runs import RunRecord
    from memdir.status import StatusDocument

WIDTH = 80
LABEL = 14  # width of the label column


def when(value: object, zone: tzinfo | None = None) -> str:
    """An ISO timestamp as `YYYY-MM-DD HH:MM` in `zone` (None: the machine's), what a person reads;
    '-' when missing."""
    if not isinstance(value, str) or not value:
        return "-"
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value[:16]
    return (dt.astimezone(zone) if dt.tzinfo else dt).strftime("%Y-%m-%d %H:%M")


COUNT_ORDER = ("processed", "created", "updated", "review", "archived", "skipped", "pending", "errors")


def _counts(counts: Mapping[str, int]) -> str:
    keys = [k for k in COUNT_ORDER if k in counts] + sorted(set(counts) - set(COUNT_ORDER))
    return ", ".join(f"{counts[k]} {k}" for k in keys if counts[k])


def describe_run(run: RunRecord, zone: tzinfo | None = None) -> str:
    """`2026-11-30 12:01 ok, cli --until 2026-11-23: 1 created` (one run, for people; times in zone)."""
    text = f"{when(run.get('started_at'), zone)} {run.get('result', '?')}, {run.get('reason', '?')}"
    if run.get("scope"):
        text += f" {run['scope']}"
    window = run.get("window")
    if isinstance(window, list) and len(window) == 2:
        text += f", week {when(window[0], zone)} – {when(window[1], zone)}"
    counts = _counts(run.get("counts") or {})
    text += f": {counts}" if counts else ""
    if run.get("error"):
        text += f"; error: {run['error']}"
    return text


def status_lines(data: StatusDocument, zone: tzinfo | None = None) -> list[str]:
    """The status as lines of plain text (no markup, no JSON); times in `zone` (`schedule.timezone` when
    it names one), else the machine's."""
    rows: list[tuple[str, str]] = [("memory root", data["root"])]
    rows.append(("notes", ", ".join(f"{k} {v}" for k, v in data["notes"].items())))
    for rel in data.get("links_out") or []:
        rows.append(("", f"{rel}: a symlink to a folder outside the memory root: skipped"))
    outside = data.get("outside_notes") or {}
    if outside.get("count"):  # an existing vault memdir was initialised in: its notes are not memory
        rows.append(("", str(outside.get("line", ""))))
    words = "today" if zone is None else f"today in {zone}"  # the daily run's today (`schedule.timezone`)
    large = data.get("too_large_episodes") or []  # never read by a run: not pending, but said (trial 26)
    big = f", {len(large)} too large to consolidate ({', '.join(large[:3])}{' …' if len(large) > 3 else ''})"
    rows.append(
        (
            "episodes",
            f"{data['episode_count']}, {data['pending_episodes']} pending consolidation{big if large else ''}",
        )
    )
    if data.get("pending_today"):  # what a daily run without --date leaves, as the run says it
        rows.append(("", f"{data['pending_today']} episode(s) of {words} wait for tomorrow's run"))
    if data.get("pending_later"):
        rows.append(("", later_line(data["pending_later"], words)))
    for u in data.get("unread_episode_files") or []:  # pending until a person fixes the file: say which
        rows.append(("", f"{u['file']}: {u['reason']}; fix it by hand (`memdir lint`)"))
    if lost := data.get("lost_episodes"):  # an editor saved over what memdir appended (trial 27 #10)
        rows.append(("", lost_line(lost)))
    if data.get("daily_unfinished_run"):
        rows.append(("", f"an interrupted daily run ({data['daily_unfinished_run']}) completes next time"))
    bad = data.get("activity_malformed_7d") or 0
    skipped = f"; {bad} malformed line(s) skipped (`memdir lint` names them)" if bad else ""
    rows.append(("activity", f"{data['activity_events_7d']} events in the last 7 days{skipped}"))
    rows.append(("review", f"{data['review_open']} open item(s)"))
    d = data.get("daemon") or {}
    if d.get("running"):
        state = f"running (pid {d.get('pid')}) since {when(d.get('started_at'), zone)}"
        state += f", last heartbeat {when(d.get('heartbeat_at'), zone)}" if d.get("heartbeat_at") else ""
    else:
        state = "not running"
    rows.append(("daemon", f"{state}; log {d.get('log', '-')}"))
    ix = data.get("index") or {}
    if ix.get("built"):
        fresh = "stale (the next search or sync updates it)" if ix.get("stale") else "up to date"
        if ix.get("pending"):  # searched by their words only until embedded (trial 27 #2)
            fresh = f"{ix['pending']} note(s) wait for vectors (searched by their words only): run `memdir index sync`"
        bad = len(ix.get("bad_files") or [])
        text = f"{ix.get('notes')} notes, {ix.get('chunks')} chunks, {fresh}; embedder {ix.get('embedder')}"
        rows.append(("index", text + (f"; {bad} file(s) skipped (memdir lint)" if bad else "")))
    else:
        rows.append(("index", "not built yet" + (f" ({ix['error']})" if ix.get("error") else "")))
    w = data.get("weekly") or {}
    rows.append(
        (
            "weekly",
            f"{w.get('procedures_distilled', 0)} procedure(s) distilled, "
            f"{w.get('review_items_raised', 0)} review item(s), {w.get('tasks_consumed', 0)} task(s) used"
            + (f"; last {when(w.get('last_at'), zone)}" if w.get("last_at") else ""),
        )
    )
    lines = [_row(label, value) for label, value in rows]
    lines.append("jobs" + (f" (times in {zone})" if zone else ""))
    for name, job in (data.get("jobs") or {}).items():
        lines.append(
            _row(
                f"  {name}", f"schedule {job.get('schedule') or '-'}, next {when(job.get('next_run'), zone)}"
            )
        )
        last = job.get("last_run")
        lines.append(_row("", f"last run {describe_run(last, zone)}" if last else "last run never"))
        if last and not last.get("full", True):
            lines.append(_row("", f"last full run {when(job.get('last_success'), zone)}"))
    recent = data.get("recent_runs") or []
    if recent:
        lines.append("recent runs")
        lines += [_row(f"  {r.get('job')}", describe_run(r, zone)) for r in recent]
    archived = data.get("archived") or []
    if archived:
        lines.append(f"archived (last {min(5, len(archived))} of {len(archived)})")
        for e in archived[-5:]:
            text = f"{e.get('path')} -> {e.get('archived')}: {e.get('reason')}"
            lines.append(_row(f"  {str(e.get('ts', ''))[:10]}", text))
    return [part for line in lines for part in line.split("\n")]


def _row(label: str, value: str) -> str:
    head = label.ljust(LABEL)
    if label.strip() == "memory root" or len(head) + len(value) <= WIDTH:
        return head + value  # the root path is never cut
    return textwrap.fill(
        value, WIDTH, initial_indent=head, subsequent_indent=" " * LABEL, break_on_hyphens=False
    )


@click.command("status")
@json_option("Print the status document as JSON.")
@pass_state
def status_cmd(state: CliState, as_json: bool) -> None:
    """Show counts, pending episodes, review items, daemon, index, and every recorded run.

    \b
    Example:
      memdir status --json
    """
    data = state.memory.status()
    if as_json:
        echo_json(data)
        return
    out = console()
    try:
        zone = state.memory.config.schedule.named_zone()
    except MemdirError:  # an unknown zone: status still prints (the daemon and weekly name the error)
        zone = None
    for line in status_lines(data, zone):
        out.print(line)


@click.command("lint")
@json_option("Print problems as JSON.")
@pass_state
def lint_cmd(state: CliState, as_json: bool) -> None:
    """Check every note: frontmatter parses, required keys, encoding; exit 1 on errors.

    \b
    Example:
      memdir lint
    """
    problems = state.memory.lint()
    if as_json:
        echo_json([asdict(p) for p in problems])
    else:
        out = console()
        for p in problems:
            out.print(str(p))
        errors = sum(1 for p in problems if p.level == "error")
        say(f"{len(problems)} problem(s), {errors} error(s)")  # the verb's result: stdout (docs/cli.md)
    if any(p.level == "error" for p in problems):
        sys.exit(1)


COMMANDS: list[click.Command] = [status_cmd, lint_cmd]
