"""CLI: memdir mcp (the MCP server; the SDK is imported only when this command runs)."""

from __future__ import annotations

import json
import sys

import click

from memdir.cli.common import CliState, json_option, pass_state, say


@click.command("mcp")
@click.option(
    "--http",
    "port",
    type=click.IntRange(1, 65535),
    help="Serve streamable HTTP on http://127.0.0.1:PORT/mcp instead of stdio.",
)
@click.option(
    "--read-only", is_flag=True, help="Serve only the reading tools (search, read_note, context, ...)."
)
@json_option(
    "Print {transport, url, root, read_only, tools} at start (to stderr with stdio: stdout is the protocol)."
)
@pass_state
def mcp_cmd(state: CliState, port: int | None, read_only: bool, as_json: bool) -> None:
    """Serve this memory root to agents over the Model Context Protocol (stdio, or HTTP on 127.0.0.1).

    Tools: search, read_note, context, list_review, decision_list, and unless --read-only
    add_episode, log_event, feedback, decision_add, decision_outcome; every note is also a resource
    (memdir://notes/<path>). See docs/mcp.md for Claude Code, Claude Desktop and Cursor settings.

    \b
    Example:
      memdir --root ~/memory mcp
      memdir --root ~/memory mcp --http 8765 --read-only
    """
    mem = state.memory  # refuses a missing root before the SDK loads
    from memdir.mcp.server import serve, tool_names

    url = f"http://127.0.0.1:{port}/mcp" if port else None
    info = {
        "transport": "http" if port else "stdio",
        "url": url,
        "root": str(mem.root),
        "read_only": read_only,
        "tools": tool_names(read_only),
    }
    if as_json:
        stream = sys.stdout if port else sys.stderr
        stream.write(json.dumps(info, ensure_ascii=False) + "\n")
        stream.flush()
    elif port:
        say(f"memdir MCP server for {mem.root} at {url}" + (" (read-only)" if read_only else ""), stderr=True)
    serve(mem, "http" if port else "stdio", port=port or 0, read_only=read_only)


COMMANDS: list[click.Command] = [mcp_cmd]
