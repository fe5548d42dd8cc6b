"""CLI: init, note add | show, restore."""

from __future__ import annotations

import sys

import click

from memdir.agents.notes import READ_LIMIT
from memdir.cli.common import CliState, echo_json, json_option, pass_state, say


@click.command("init")
@click.argument("directory", required=False, type=click.Path(file_okay=False))
@json_option()
@click.pass_obj
def init_cmd(state: CliState, directory: str | None, as_json: bool) -> None:
    """Create a memory root (knowledge/, procedures/, episodes/, ...); the only verb that creates one.

    Without DIRECTORY: --root, else $MEMDIR_ROOT, else ./memory_root. Running it again is safe.

    \b
    Example:
      memdir init ~/notes/memory
    """
    from memdir.config import resolve_root
    from memdir.memory import Memory
    from memdir.status import outside_info

    mem = Memory(resolve_root(directory or state.root).absolute())
    created = mem.init()
    outside = outside_info(mem.root)  # an existing vault: its notes are not memory until moved
    if as_json:
        echo_json({"root": str(mem.root), "created": created, "outside_notes": outside})
    else:
        say(f"memory root ready at {mem.root} ({len(created)} folder(s) created)")
        if outside["count"]:
            say(("note", "yellow"), f": {outside['line']}")


@click.group("note")
def note_group() -> None:
    """Add a note by hand, or show one (through the store: confined to the root)."""


@note_group.command("add")
@click.argument("kind", type=click.Choice(["knowledge", "procedures", "skills"]))
@click.argument("title")
@click.argument("text", required=False, default="")
@click.option("--description", "-d", help="The one-line description (default: the first line of TEXT).")
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable).")
@json_option()
@pass_state
def note_add(
    state: CliState,
    kind: str,
    title: str,
    text: str,
    description: str | None,
    tags: tuple[str, ...],
    as_json: bool,
) -> None:
    """Create KIND/<title>.md with frontmatter (origin: human); TEXT "-" reads standard input.

    Refuses a title whose file already exists. A procedure starts at the initial confidence.

    \b
    Example:
      memdir note add knowledge "Runner images" "Pin CI runner images to a digest, never :latest."
      memdir note add procedures "Deploy the API" - < deploy-steps.md
    """
    mem = state.memory
    body = sys.stdin.read() if text == "-" else text
    path = mem.add_note(kind, title, body, description=description, tags=list(tags) or None)
    note = mem.read_note(path)
    if as_json:
        echo_json({"path": path, "kind": kind, "title": note.title, "description": note.description})
    else:
        say("created ", path)
    if "/" in title or "\\" in title:  # `../../x`, `/tmp/x`: confined, and said so (trial 26)
        say(
            ("note", "yellow"),
            f": the title {title!r} names a path; the note is {path}, inside the root",
            stderr=True,
        )


@note_group.command("show")
@click.argument("path")
@click.option("--offset", type=click.IntRange(min=0), default=0, help="Start at this character of the text.")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=None,
    help=f"At most this many characters of text (default: all; {READ_LIMIT} with --json).",
)
@json_option()
@pass_state
def note_show(state: CliState, path: str, offset: int, limit: int | None, as_json: bool) -> None:
    """Print a note as it is on disk; PATH is relative to the root (or absolute inside it).

    `episodes/2026-11-28.md#1030-fix-ci` (a search hit's anchor) prints that one episode.
    A note whose frontmatter does not parse (a merge conflict) is printed as it is, with a
    warning line on stderr. With --json the text is cut at 100000 characters unless --limit
    says otherwise: `total_chars` is the whole size, `next_offset` where to go on (--offset).

    \b
    Example:
      memdir note show procedures/deploy-the-api.md
      memdir note show "episodes/2026-11-28.md#1030-fix-ci" --json
    """
    note = state.memory.read_note(path, offset, READ_LIMIT if as_json and limit is None else limit)
    if note.warning and not as_json:  # the text is still printed, as it is, so it can be fixed
        say(("warning", "yellow"), f": {note.path}: {note.warning}", stderr=True)
    if as_json:
        echo_json(note.to_dict())
    else:
        sys.stdout.write(note.text if note.text.endswith("\n") else note.text + "\n")


@click.command("restore")
@click.argument("path")
@json_option()
@pass_state
def restore_cmd(state: CliState, path: str, as_json: bool) -> None:
    """Bring an archived note back to where it came from, byte for byte.

    \b
    Example:
      memdir restore archive/procedures/deploy-api.md
    """
    restored = state.memory.restore(path)
    if as_json:
        echo_json({"restored": restored})
    else:
        say("restored ", restored)


COMMANDS: list[click.Command] = [init_cmd, note_group, restore_cmd]
