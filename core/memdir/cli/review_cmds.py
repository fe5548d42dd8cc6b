"""CLI: review list | show | accept | reject."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import click

from memdir.cli.common import CliState, echo_json, json_option, pass_state, say, shown

if TYPE_CHECKING:
    from memdir.memory import Memory


@click.group("review")
def review_group() -> None:
    """Merge candidates, new evidence and move proposals waiting for a person (review/*.md).

    \b
    Example:
      memdir review list --json
    """


@review_group.command("list")
@json_option("Print the items as a JSON list.")
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
        say("no open review items", stderr=True)
        return
    # One block per item: the id (what `review accept` takes) with kind, similarity, sources and date
    # on one line, the target path whole on the next: never folded or cut, so it can be copied.
    for it in items:
        sim = "" if it.similarity is None else f"sim. {it.similarity:.3f}"
        n = len(it.sources)
        parts = [it.id, it.kind, sim, f"{n} source{'s' if n != 1 else ''}", it.created_at[:10]]
        click.echo("  ".join(shown(p) for p in parts if p))
        click.echo(f"  {shown(it.target)}")


Result = Mapping[str, object]


def _show(mem: Memory, item_id: str) -> Result:
    item = mem.review.get(item_id)
    return {**item.to_dict(), "candidate": item.candidate}


def _show_text(mem: Memory, res: Result) -> None:
    sys.stdout.write(mem.store.read(str(res["path"])).text)


def _accept_text(mem: Memory, res: Result) -> None:
    if res.get("not_written"):
        say(f"accepted {res['id']}: wrote nothing to {res['target']}: {res['not_written']}")
    elif res["kind"] == "move_proposal":
        say(f"accepted {res['id']}: moved {res['target']} -> {res['destination']}")
    elif res["kind"] == "rule_candidate":
        say(f"accepted {res['id']}: wrote the pinned rule {res.get('written')} (from {res['target']})")
    elif res["kind"] == "file_candidate":
        say(f"accepted {res['id']}: filed the episode as {res.get('written')}")
    elif res["kind"] == "outcome_proposal":
        say(f"accepted {res['id']}: recorded the outcome on {res['target']} (status {res.get('status')})")
    else:
        say(f"accepted {res['id']}: merged into {res['target']}")


def _item_command(
    name: str, doc: str, act: Callable[[Memory, str], Result], text: Callable[[Memory, Result], None]
) -> None:
    """One `review` subcommand on a single item: act on it, then print JSON or a line for people."""

    @review_group.command(name, help=doc)
    @click.argument("item_id")
    @json_option()
    @pass_state
    def command(state: CliState, item_id: str, as_json: bool) -> None:
        mem = state.memory
        res = act(mem, item_id)
        if as_json:
            echo_json(res)
        else:
            text(mem, res)


_item_command(
    "show",
    "Show one review item: what it proposes and the candidate content.\n\n\b\nExample:\n"
    "  memdir review show rv-1a2b3c4d",
    _show,
    _show_text,
)
_item_command(
    "accept",
    "Accept an item: merge it into its target as a dated section (or move the file).\n\n\b\nExample:\n"
    "  memdir review accept rv-1a2b3c4d",
    lambda mem, item_id: mem.review.accept(item_id),
    _accept_text,
)
_item_command(
    "reject",
    "Reject an item: move it to archive/review/ (it is never proposed again).\n\n\b\nExample:\n"
    "  memdir review reject rv-1a2b3c4d",
    lambda mem, item_id: mem.review.reject(item_id),
    lambda mem, res: say(f"rejected {res['id']}: moved to {res['archived']}"),
)

COMMANDS: list[click.Command] = [review_group]
