"""CLI: context (a budgeted Markdown block of memory for an agent's prompt)."""

from __future__ import annotations

import click

from memdir.cli.common import CliState, echo_json, pass_state


@click.command("context")
@click.argument("query", required=False)
@click.option(
    "--budget",
    "-b",
    type=click.IntRange(min=1),
    default=1500,
    show_default=True,
    help="Token budget (estimated: 1 per CJK character, 1 per 4 other characters).",
)
@click.option(
    "--kind",
    type=click.Choice(["knowledge", "procedures", "episodes", "skills"]),
    help="Only recall notes of this kind (pinned notes are always included).",
)
@click.option("--json", "as_json", is_flag=True, help="Print {text, tokens, budget} as JSON.")
@pass_state
def context_cmd(state: CliState, query: str | None, budget: int, kind: str | None, as_json: bool) -> None:
    """Print pinned and relevant memory as Markdown for an agent's prompt.

    Pinned notes come first, then the notes most relevant to QUERY (procedures
    first, highest confidence first); without QUERY, the most trusted procedures.
    The same files and arguments always give the same text.

    \b
    Example:
      memdir context "deploy the API to staging" --budget 800
    """
    from memdir.agents.context import estimate_tokens

    text = state.memory.context(query, budget=budget, kind=kind)
    if as_json:
        echo_json({"text": text, "tokens": estimate_tokens(text), "budget": budget})
    else:
        click.echo(text, nl=False)


COMMANDS: list[click.Command] = [context_cmd]
