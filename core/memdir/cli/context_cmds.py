"""CLI: context (a budgeted Markdown block of memory for an agent's prompt)."""

from __future__ import annotations

import click

from memdir.cli.common import CliState, echo_json, json_option, pass_state, text_arg
from memdir.inputs import MAX_QUERY_BYTES


@click.command("context")
@click.argument("query", required=False)
@click.option(
    "--budget",
    "-b",
    type=int,
    default=1500,
    show_default=True,
    help="Token budget, 60 to 100,000 (estimated: 1 per CJK character, 1 per 4 other characters).",
)
@click.option(
    "--kind",
    type=click.Choice(["knowledge", "procedures", "episodes", "skills"]),
    help="Only recall notes of this kind (pinned notes are always included).",
)
@json_option("Print {text, tokens, budget} as JSON.")
@pass_state
def context_cmd(state: CliState, query: str | None, budget: int, kind: str | None, as_json: bool) -> None:
    """Print pinned and relevant memory as Markdown for an agent's prompt.

    Pinned notes come first, then the notes most relevant to QUERY (procedures
    first, highest confidence first; hits below the relevance floor never); without
    QUERY, the most trusted procedures. QUERY "-" reads standard input; a blank QUERY
    is refused. The same files and arguments always give the same text.

    \b
    Example:
      memdir context "deploy the API to staging" --budget 800
    """
    from memdir.agents.context import estimate_tokens

    mem = state.memory
    text = mem.context(
        None if query is None else text_arg(query, "query", MAX_QUERY_BYTES), budget=budget, kind=kind
    )
    if as_json:
        echo_json({"text": text, "tokens": estimate_tokens(text), "budget": budget})
    else:
        click.echo(text if not text or text.endswith("\n") else text + "\n", nl=False)  # the last line ends


COMMANDS: list[click.Command] = [context_cmd]
