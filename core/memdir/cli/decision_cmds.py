"""CLI: decision add | list, and outcome (decisions that come back with their outcome)."""

from __future__ import annotations

import click

from memdir.cli.common import CliState, console, echo_json, pass_state, shown

RESULTS = ("success", "failure", "partial", "reverted")


@click.group("decision")
def decision_group() -> None:
    """Decision notes (knowledge/decisions/): what was chosen, why, and when to ask how it went.

    \b
    Example:
      memdir decision add "Use Postgres for the queue" -o Postgres -o Redis --chosen Postgres
    """


@decision_group.command("add")
@click.argument("title")
@click.option("--option", "-o", "options", multiple=True, help="An option considered (repeat).")
@click.option("--chosen", default="", help="The option chosen.")
@click.option("--reason", "reasons", default="", help="Why, in words.")
@click.option("--tradeoff", "tradeoffs", default="", help="What it costs, in words.")
@click.option("--follow-up", "follow_up", default="", help="When to ask: YYYY-MM-DD or Nd (default 14d).")
@click.option("--no-track", is_flag=True, help="Do not follow the outcome up.")
@click.option("--json", "as_json", is_flag=True, help="Print {path} as JSON.")
@pass_state
def add_cmd(
    state: CliState,
    title: str,
    options: tuple[str, ...],
    chosen: str,
    reasons: str,
    tradeoffs: str,
    follow_up: str,
    no_track: bool,
    as_json: bool,
) -> None:
    """Write an open decision note; `memdir context` lists it once its follow-up is due.

    \b
    Example:
      memdir decision add "Cache sessions in Redis" -o Redis -o Memcached --chosen Redis \\
        --reason "we already run Redis" --tradeoff "one more thing to back up" --follow-up 14d
    """
    path = state.memory.add_decision(
        title, list(options), chosen, reasons, tradeoffs, follow_up, track_outcome=not no_track
    )
    if as_json:
        echo_json({"path": path})
    else:
        click.echo(path)


@decision_group.command("list")
@click.option("--due", is_flag=True, help="Only open decisions whose follow-up has come.")
@click.option("--json", "as_json", is_flag=True, help="Print the decisions as a JSON list.")
@pass_state
def list_cmd(state: CliState, due: bool, as_json: bool) -> None:
    """List decision notes (path, status, follow-up date, whether it is due).

    \b
    Example:
      memdir decision list --due --json
    """
    rows = state.memory.decisions(due_only=due)
    if as_json:
        echo_json(rows)
        return
    if not rows:
        console(stderr=True).print("no decisions" + (" due" if due else ""))
        return
    # One block per decision: the path whole on its own line (never folded, so it can be copied
    # into `decision outcome PATH`), then its status, follow-up date and outcome.
    for r in rows:
        follow = f"follow up {r['follow_up_at']}" if r["follow_up_at"] else ""
        outcome = f"outcome {r['outcome']}" if r["outcome"] else ""
        parts = [str(r["status"]), follow, "due" if r["due"] else "", outcome]
        click.echo(shown(str(r["path"])))
        click.echo("  " + "  ".join(shown(p) for p in parts if p))


@click.command("outcome")
@click.argument("path")
@click.argument("text")
@click.option("--result", type=click.Choice(RESULTS), required=True, help="How it went.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@pass_state
def outcome_cmd(state: CliState, path: str, text: str, result: str, as_json: bool) -> None:
    """Record what came of a decision (resolves it; partial keeps it open; failure writes a lesson).

    \b
    Example:
      memdir outcome knowledge/decisions/cache-sessions-in-redis.md "p99 down 40%" --result success
    """
    done = state.memory.record_outcome(path, text, result)
    if as_json:
        echo_json(done)
        return
    line = f"{done['path']}: {done['status']} ({result})"
    if done.get("lesson"):
        line += f"; lesson {done['lesson']}"
    click.echo(line)


COMMANDS: list[click.Command] = [decision_group, outcome_cmd]
