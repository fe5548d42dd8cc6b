"""CLI: review list | show | accept | reject, and restore."""

from __future__ import annotations

import click

from memdir.cli.common import CliState, console, echo_json, pass_state


@click.group("review")
def review_group() -> None:
    """Merge candidates, new evidence and move proposals waiting for a person (review/*.md).

    \b
    Example:
      memdir review list --json
    """


@review_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the items as a JSON list.")
@pass_state
def list_cmd(state: CliState, as_json: bool) -> None:
    """List open review items (id, kind, target, similarity).

    \b
    Example:
      memdir review list --json
    """
    items = state.memory.review.list_items()
    if as_json:
        echo_json([it.to_dict() for it in items])
        return
    if not items:
        console(stderr=True).print("no open review items")
        return
    from rich.table import Table

    table = Table("id", "kind", "target", "similarity", "sources", "created")
    for it in items:
        sim = "" if it.similarity is None else f"{it.similarity:.3f}"
        table.add_row(it.id, it.kind, it.target, sim, str(len(it.sources)), it.created_at[:10])
    console().print(table)


@review_group.command("show")
@click.argument("item_id")
@click.option("--json", "as_json", is_flag=True, help="Print the item as JSON.")
@pass_state
def show_cmd(state: CliState, item_id: str, as_json: bool) -> None:
    """Show one review item: what it proposes and the candidate content.

    \b
    Example:
      memdir review show rv-1a2b3c4d
    """
    item = state.memory.review.get(item_id)
    if as_json:
        echo_json({**item.to_dict(), "candidate": item.candidate})
        return
    click.echo(state.memory.store.read(item.path).text, nl=False)


@review_group.command("accept")
@click.argument("item_id")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@pass_state
def accept_cmd(state: CliState, item_id: str, as_json: bool) -> None:
    """Accept an item: merge it into its target as a dated section (or move the file).

    \b
    Example:
      memdir review accept rv-1a2b3c4d
    """
    res = state.memory.review.accept(item_id)
    if as_json:
        echo_json(res)
    elif res["kind"] == "move_proposal":
        console().print(f"accepted {res['id']}: moved {res['target']} -> {res['destination']}", markup=False)
    else:
        console().print(f"accepted {res['id']}: merged into {res['target']}", markup=False)


@review_group.command("reject")
@click.argument("item_id")
@pass_state
def reject_cmd(state: CliState, item_id: str) -> None:
    """Reject an item: move it to archive/review/ (it is never proposed again).

    \b
    Example:
      memdir review reject rv-1a2b3c4d
    """
    res = state.memory.review.reject(item_id)
    console().print(f"rejected {res['id']}: moved to {res['archived']}", markup=False)


@click.command("restore")
@click.argument("path")
@pass_state
def restore_cmd(state: CliState, path: str) -> None:
    """Bring an archived note back to where it came from, byte for byte.

    \b
    Example:
      memdir restore archive/procedures/deploy-api.md
    """
    restored = state.memory.restore(path)
    console().print(f"restored {restored}", markup=False)


COMMANDS: list[click.Command] = [review_group, restore_cmd]
