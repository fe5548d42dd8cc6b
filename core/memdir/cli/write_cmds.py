"""CLI: episode add, log, feedback (the inputs agents and people write)."""

from __future__ import annotations

from dataclasses import asdict

import click

from memdir.cli.common import CliState, echo_json, exclusive, json_option, pass_state, say, text_arg
from memdir.inputs import parse_when


@click.group("episode")
def episode_group() -> None:
    """Record what happened (episodes/YYYY-MM-DD.md)."""


@episode_group.command("add")
@click.argument("text")
@click.option("--title", "-t", help="Heading of the episode (default: its first line).")
@click.option(
    "--at",
    "at",
    help="ISO 8601 time of the episode (default: now), filed in schedule.timezone when it names a zone (no offset: that zone's wall time).",
)
@json_option()
@pass_state
def episode_add(state: CliState, text: str, title: str | None, at: str | None, as_json: bool) -> None:
    """Append an episode to its day's file; TEXT "-" reads standard input.

    \b
    Example:
      memdir episode add "Fixed flaky CI: pinned the runner image" --title "Fix CI"
    """
    mem = state.memory
    body = text_arg(text, "episode text")
    when = parse_when(at, "--at") if at else None
    ep = mem.add_episode(body, title=title, at=when)
    if as_json:
        data = asdict(ep)
        echo_json({"id": ep.id, **{k: data[k] for k in ("file", "anchor", "title", "day", "time", "hash")}})
    else:
        say("added ", ep.id)


@episode_group.command("restore")
@click.argument("ids", nargs=-1)
@click.option("--dismiss", is_flag=True, help="Forget the kept copies instead (sections deleted on purpose).")
@click.option("--json", "as_json", is_flag=True, help="Print the ids as JSON.")
@pass_state
def episode_restore(state: CliState, ids: tuple[str, ...], dismiss: bool, as_json: bool) -> None:
    """Append again the sections memdir wrote that are no longer in their day file (an editor saved
    over them); IDS (episode ids) picks some, default all. `memdir status` and `memdir lint` list them.

    \b
    Example:
      memdir episode restore
      memdir episode restore episodes/2026-12-04.md#1015-backup-check --dismiss
    """
    done = state.memory.restore_episodes(list(ids) or None, dismiss=dismiss)
    if as_json:
        echo_json({"dismissed" if dismiss else "restored": done})
        return
    if not done:
        say("no section memdir wrote is missing from its day file" + (" among those ids" if ids else ""))
    for episode_id in done:
        say("dismissed " if dismiss else "restored ", episode_id)


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
@click.option("--error", help="For a failed tool_result: the error text (it becomes the lesson).")
@click.option("--procedure", help="The procedure the task follows or the feedback is about.")
@click.option("--agent", help="Who did it.")
@click.option("--session", help="Which session.")
@click.option("--ts", help="ISO 8601 timestamp (default: now).")
@json_option("Print the event as written (JSON).")
@pass_state
def log_cmd(
    state: CliState,
    etype: str,
    task_id: str | None,
    summary: str | None,
    tool: str | None,
    tool_input: str | None,
    outcome: str | None,
    error: str | None,
    procedure: str | None,
    agent: str | None,
    session: str | None,
    ts: str | None,
    as_json: bool,
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
        "error": error,
        "procedure": procedure,
        "agent": agent,
        "session": session,
    }
    written = state.memory.log(**event)
    if as_json:
        echo_json(written)
    else:
        say("logged ", str(written["type"]), " at ", str(written["ts"]))


@click.command("feedback")
@click.argument("path")
@click.option("--success", is_flag=True, help="It worked.")
@click.option("--failure", is_flag=True, help="It failed.")
@click.option("--note", help="A line about what happened, kept in the note.")
@click.option(
    "--at", "at", help="ISO 8601 time it was used (default: now); dates the --note line and last_used."
)
@json_option()
@pass_state
def feedback_cmd(
    state: CliState, path: str, success: bool, failure: bool, note: str | None, at: str | None, as_json: bool
) -> None:
    """Report the outcome of using a procedure (or a lesson); updates counts and confidence.

    PATH is a note in procedures/, or in knowledge/ with `type: lesson` or `rule` or outcome
    counts; a plain knowledge note is refused (a decision's result: `memdir outcome`). Give
    exactly one of --success and --failure; --note adds a dated line under "## Outcome notes".

    \b
    Example:
      memdir feedback procedures/deploy-api.md --success
    """
    exclusive(success=success, failure=failure)
    if not (success or failure):
        raise click.UsageError("give --success or --failure")
    res = state.memory.feedback(path, success=success, note=note, at=parse_when(at, "--at") if at else None)
    if as_json:
        echo_json(asdict(res))
        return
    prev = "" if res.previous_confidence is None else f"{res.previous_confidence} -> "
    say(
        res.path,
        f": confidence {prev}{res.confidence} (successes {res.success_count}, failures {res.failure_count})",
    )


COMMANDS: list[click.Command] = [episode_group, log_cmd, feedback_cmd]
