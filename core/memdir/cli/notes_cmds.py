"""CLI: init, episode add, log, feedback, lint, status."""

from __future__ import annotations

import sys
from datetime import datetime
from typing import TYPE_CHECKING

import click

from memdir.cli.common import CliState, console, echo_json, pass_state
from memdir.errors import MemdirError

if TYPE_CHECKING:
    from memdir.status import StatusDocument


@click.command("init")
@click.argument("directory", required=False, type=click.Path(file_okay=False))
@click.pass_context
def init_cmd(ctx: click.Context, directory: str | None) -> None:
    """Create a memory root (knowledge/, procedures/, episodes/, ...).

    \b
    Example:
      memdir init ~/notes/memory
    """
    from memdir.memory import Memory

    state: CliState = ctx.obj
    mem = Memory(directory) if directory else state.memory
    created = mem.init()
    console().print(f"memory root ready at {mem.root} ({len(created)} folder(s) created)")


@click.group("episode")
def episode_group() -> None:
    """Record what happened (episodes/YYYY-MM-DD.md)."""


@episode_group.command("add")
@click.argument("text")
@click.option("--title", "-t", help="Heading of the episode (default: its first line).")
@click.option("--at", "at", help="ISO 8601 time of the episode (default: now).")
@pass_state
def episode_add(state: CliState, text: str, title: str | None, at: str | None) -> None:
    """Append an episode to its day's file; TEXT "-" reads standard input.

    \b
    Example:
      memdir episode add "Fixed flaky CI: pinned the runner image" --title "Fix CI"
    """
    if text == "-":
        text = sys.stdin.read()
    when = None
    if at:
        try:
            when = datetime.fromisoformat(at.replace("Z", "+00:00"))
        except ValueError:
            raise MemdirError(f"invalid --at {at!r}: use ISO 8601, e.g. 2026-11-28T10:30") from None
        if when.tzinfo is None:
            when = when.astimezone()
    ep = state.memory.add_episode(text, title=title, at=when)
    console().print(f"added {ep.id}")


@click.command("log")
@click.option(
    "--type",
    "etype",
    required=True,
    help="Event type: task_start, tool_use, tool_result, task_end, feedback, ...",
)
@click.option("--task", "task_id", help="Task id that groups events.")
@click.option("--summary", help="One line of natural language (for task_start: the intent).")
@click.option("--tool", help="Tool name (tool events).")
@click.option("--input", "tool_input", help="Tool input (command, arguments).")
@click.option("--outcome", type=click.Choice(["success", "failure"]), help="Outcome of the task or step.")
@click.option("--procedure", help="For feedback events: the procedure the outcome is about.")
@click.option("--agent", help="Who did it.")
@click.option("--session", help="Which session.")
@click.option("--ts", help="ISO 8601 timestamp (default: now).")
@pass_state
def log_cmd(
    state: CliState,
    etype: str,
    task_id: str | None,
    summary: str | None,
    tool: str | None,
    tool_input: str | None,
    outcome: str | None,
    procedure: str | None,
    agent: str | None,
    session: str | None,
    ts: str | None,
) -> None:
    """Append one event to the activity log (activity/YYYY-MM-DD.jsonl).

    \b
    Example:
      memdir log --type task_end --task t42 --summary "deploy API" --outcome success
    """
    event = {
        "ts": ts,
        "type": etype,
        "task_id": task_id,
        "summary": summary,
        "tool": tool,
        "input": tool_input,
        "outcome": outcome,
        "procedure": procedure,
        "agent": agent,
        "session": session,
    }
    written = state.memory.log(**event)
    console(stderr=True).print(f"logged {written['type']} at {written['ts']}")


@click.command("feedback")
@click.argument("path")
@click.option("--success", "outcome", flag_value="success", help="The procedure worked.")
@click.option("--failure", "outcome", flag_value="failure", help="The procedure failed.")
@click.option("--note", help="A line about what happened, kept in the note.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@pass_state
def feedback_cmd(state: CliState, path: str, outcome: str | None, note: str | None, as_json: bool) -> None:
    """Report the outcome of using a procedure; updates counts and confidence.

    \b
    Example:
      memdir feedback procedures/deploy-api.md --success
    """
    if outcome is None:
        raise click.UsageError("give --success or --failure")
    res = state.memory.feedback(path, success=outcome == "success", note=note)
    if as_json:
        echo_json(res.__dict__)
        return
    prev = "" if res.previous_confidence is None else f"{res.previous_confidence} -> "
    console().print(
        f"{res.path}: confidence {prev}{res.confidence} "
        f"(successes {res.success_count}, failures {res.failure_count})"
    )


@click.command("lint")
@click.option("--json", "as_json", is_flag=True, help="Print problems as JSON.")
@pass_state
def lint_cmd(state: CliState, as_json: bool) -> None:
    """Check every note: frontmatter parses, required keys, encoding; exit 1 on errors.

    \b
    Example:
      memdir lint
    """
    problems = state.memory.lint()
    if as_json:
        echo_json([p.__dict__ for p in problems])
    else:
        out = console()
        for p in problems:
            out.print(str(p), markup=False)
        errors = sum(1 for p in problems if p.level == "error")
        console(stderr=True).print(f"{len(problems)} problem(s), {errors} error(s)")
    if any(p.level == "error" for p in problems):
        sys.exit(1)


@click.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
@pass_state
def status_cmd(state: CliState, as_json: bool) -> None:
    """Show counts, pending episodes, review items, daemon and index state.

    \b
    Example:
      memdir status --json
    """
    data = state.memory.status()
    if as_json:
        echo_json(data)
        return
    _print_status(data)


def _print_status(data: StatusDocument) -> None:
    import json as _json

    from rich.table import Table

    out = console()
    out.print(f"[bold]memory root[/bold] {data['root']}", markup=True)
    table = Table("kind", "notes")
    for kind, n in data["notes"].items():
        table.add_row(kind, str(n))
    out.print(table)
    daemon = data.get("daemon") or {}
    if daemon:
        state = f"running (pid {daemon.get('pid')})" if daemon.get("running") else "not running"
        out.print(f"daemon: {state}", markup=False)
    jobs = data.get("jobs") or {}
    if jobs:
        jt = Table("job", "schedule", "next run", "last run", "result", "counts")
        for name, job in jobs.items():
            last = job.get("last_run")
            counts = ", ".join(f"{k} {v}" for k, v in (last["counts"] if last else {}).items() if v)
            jt.add_row(
                name,
                str(job.get("schedule", "")),
                str(job.get("next_run") or "-"),
                str(last["started_at"] if last else "never"),
                str(last["result"] if last else "-"),
                counts or "-",
            )
        out.print(jt)
        for name, job in jobs.items():  # why the last run did not finish: what it left pending
            last = job.get("last_run")
            if last and last["result"] in ("incomplete", "failed") and last.get("error"):
                out.print(f"{name}: {last['result']}: {last['error']}", markup=False)
    for key, value in data.items():
        if key in ("root", "notes", "daemon", "jobs"):
            continue
        if isinstance(value, dict | list):
            if value:
                out.print(f"{key}: {_json.dumps(value, ensure_ascii=False, default=str)}", markup=False)
        elif value is not None:
            out.print(f"{key}: {value}", markup=False)


COMMANDS: list[click.Command] = [init_cmd, episode_group, log_cmd, feedback_cmd, lint_cmd, status_cmd]
