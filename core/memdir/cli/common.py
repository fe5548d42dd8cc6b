"""Shared CLI plumbing: the Memory for --root (which must exist), output, --json, stdin, flag checks.

Output never interprets rich markup: the console is made with `markup=False`, so a path such as
`notes[/b].md` or a note saying `[red]x[/red]` prints literally. Styling goes through
`styled()`, which builds a `rich.text.Text` from (text, style) parts, never from a markup string.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import click

from memdir.errors import InputError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from memdir.memory import Memory

F = TypeVar("F", bound=Callable[..., object])


class CliState:
    """Per-invocation state: the root option and a lazily opened Memory (the root must exist)."""

    def __init__(self, root: str | None) -> None:
        self.root = root
        self._memory: Memory | None = None

    @property
    def memory(self) -> Memory:
        """The Memory for this invocation's root; RootNotFound (exit 1, nothing created) when there is none."""
        if self._memory is None:
            from memdir.memory import Memory
            from memdir.memory_root import check_root, locate_root

            # --root, else $MEMDIR_ROOT, else ./memory_root, else the root the current folder is in (like git)
            path, default = locate_root(self.root)
            check_root(path, default=default)  # neither --root nor MEMDIR_ROOT: the message says so
            self._memory = Memory(path)
        return self._memory


pass_state = click.make_pass_decorator(CliState)


def json_option(help: str = "Print the result as JSON (shapes: docs/cli-json.md).") -> Callable[[F], F]:
    """The `--json` flag every verb has."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def console(stderr: bool = False) -> Console:
    """A rich console that never reads markup or emoji codes in what it prints."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False, emoji=False)


def styled(*parts: str | tuple[str, str]) -> Text:
    """Text from plain strings and (text, style) pairs; the text is never parsed as markup."""
    from rich.text import Text

    return Text.assemble(*parts)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def shown(text: str) -> str:
    """Text from a note made safe for one terminal line: control characters (ESC, OSC, newlines) as `\\xNN`."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def say(*parts: str | tuple[str, str], stderr: bool = False) -> None:
    """Print one line built by styled()."""
    console(stderr).print(styled(*parts))


def echo_json(data: object) -> None:
    """Print data as indented JSON (UTF-8, keys in insertion order)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def text_arg(value: str, what: str, max_bytes: int | None = None) -> str:
    """An argument, or standard input when it is `-`; blank text is a usage error.

    With max_bytes, standard input is read no further than the cap (a 50 MB pipe costs nothing).
    """
    if value == "-":
        if max_bytes is not None:
            value = sys.stdin.read(max_bytes + 1)  # characters: max_bytes + 1 of them exceed max_bytes
            if len(value.encode("utf-8", "surrogateescape")) > max_bytes:
                raise InputError(
                    f"the {what} on standard input is over {max_bytes:,} bytes; give the part that matters"
                )
        else:
            value = sys.stdin.read()
    if not value.strip():
        raise click.UsageError(f"empty {what}" + ("" if value == "" else " (only blanks)"))
    return value


def exclusive(**flags: object) -> None:
    """Refuse two flags of one group given together (`--success --failure`): a usage error, exit 2."""
    given = [name for name, value in flags.items() if value not in (None, False, ())]
    if len(given) > 1:
        names = " and ".join(f"--{n.replace('_', '-')}" for n in given)
        raise click.UsageError(f"{names} cannot be used together")
