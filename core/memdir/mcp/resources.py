"""Notes as MCP resources: `memdir://notes/{+path}` reads a note through the store (confined to the root)."""

from __future__ import annotations

from urllib.parse import quote

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ResourceError
from mcp_types import Resource

from memdir.agents.notes import READ_LIMIT
from memdir.errors import MemdirError
from memdir.mcp.session import ServerState, one_line, run_read
from memdir.memory import Memory

TEMPLATE = "memdir://notes/{+path}"
LISTED = ("knowledge", "procedures", "skills", "episodes")
MIME = "text/markdown"


def uri_of(path: str) -> str:
    """The resource URI of a root-relative note path (non-ASCII names percent-encoded)."""
    return "memdir://notes/" + quote(path, safe="/")


def note(ctx: Context, path: str) -> str:
    """A note of the memory root, exactly as stored (Markdown with YAML frontmatter); past READ_LIMIT
    characters it is cut, and a last line says so and how to read the rest (`read_note` with `offset`)."""
    try:
        view = run_read(ctx, lambda mem: mem.read_note(path, 0, READ_LIMIT))
    except Exception as exc:  # ToolError from run(): a resource reports it as a ResourceError
        raise ResourceError(one_line(str(exc))) from None
    if view.next_offset is None:
        return view.text
    return (
        f"{view.text}\n\n[memdir: cut at {view.next_offset} of {view.total_chars} characters; read the rest "
        f"with the read_note tool, offset={view.next_offset}]\n"
    )


def list_notes(state: ServerState) -> list[Resource]:
    """Every note of the root as a resource (path as its name), sorted by path."""

    def paths(mem: Memory) -> list[str]:
        return list(mem.store.iter_paths(LISTED))

    with state.lock:
        try:
            found = paths(state.memory)
        except MemdirError:
            found = []
    return [Resource(uri=uri_of(p), name=p, mime_type=MIME) for p in found]
