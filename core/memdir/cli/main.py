"""Entry point of the `memdir` command: global options, command registration, error handling."""

from __future__ import annotations

import io
import logging
import os
import sys

import click

from memdir import __version__
from memdir.cli import (
    consolidate_cmds,
    context_cmds,
    daemon_cmds,
    decision_cmds,
    eval_cmds,
    index_cmds,
    mcp_cmds,
    note_cmds,
    review_cmds,
    status_cmds,
    write_cmds,
)
from memdir.cli.common import CliState
from memdir.errors import MemdirError
from memdir.redaction import redact_text


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option(
    "--root",
    type=click.Path(file_okay=False),
    envvar="MEMDIR_ROOT",
    help="Memory root (default: $MEMDIR_ROOT, else ./memory_root, else the root the current folder is in);"
    " only `init` creates one.",
)
@click.option("-v", "--verbose", count=True, help="Log more (-v info, -vv debug) to stderr.")
@click.version_option(__version__, prog_name="memdir")
@click.pass_context
def cli(ctx: click.Context, root: str | None, verbose: int) -> None:
    """memdir: a Markdown memory for agents and people.

    \b
    Example:
      memdir --root ./memory_root search "rotate the db password"
    """
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    ctx.obj = CliState(root)


COMMAND_MODULES = (
    note_cmds,
    write_cmds,
    index_cmds,
    context_cmds,
    consolidate_cmds,
    review_cmds,
    status_cmds,
    daemon_cmds,
    mcp_cmds,
    eval_cmds,
    decision_cmds,
)
for module in COMMAND_MODULES:
    for command in module.COMMANDS:
        cli.add_command(command)


def _one_line(exc: BaseException) -> str:
    """An error as one printable line (no traceback; text that was not UTF-8 shown escaped)."""
    text = str(exc) if isinstance(exc, MemdirError) else f"{type(exc).__name__}: {exc}"
    text = " ".join(text.split()) or type(exc).__name__
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def main(argv: list[str] | None = None) -> None:
    """Run the CLI: any error becomes one line and exit 1 (MEMDIR_DEBUG=1 re-raises with the traceback)."""
    args = sys.argv[1:] if argv is None else argv
    for (
        arg
    ) in args:  # bytes that were not UTF-8 arrive as lone surrogates: refuse, never search or store them
        if any("\udc80" <= ch <= "\udcff" for ch in arg):
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            click.echo(f"error: argument {shown!r} is not valid UTF-8", err=True)
            sys.exit(1)
    try:
        cli.main(args=argv, prog_name="memdir", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(1)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        usage = io.StringIO()  # a usage error quotes what was typed (`No such option '-----BEGIN…'`): masked
        exc.show(file=usage)
        try:
            click.echo(redact_text(usage.getvalue()), err=True, nl=False)
        except UnicodeEncodeError:  # a usage error quoting an argument that was not UTF-8
            click.echo(f"Error: {_one_line(click.ClickException(exc.format_message()))}", err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:  # `memdir search x | head`: the reader left; nothing to report
        sys.exit(1)
    except Exception as exc:  # MemdirError, and anything unexpected: one line, never a traceback
        if os.environ.get("MEMDIR_DEBUG"):
            raise
        click.echo(f"error: {redact_text(_one_line(exc))}", err=True)
        sys.exit(1)
    sys.exit(0)


if __name__ == "__main__":
    main()
