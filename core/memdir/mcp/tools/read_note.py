"""The `read_note` tool: `Memory.read_note` (as `memdir note show`), confined to the root."""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import Context
from pydantic import Field

from memdir.agents.notes import READ_LIMIT
from memdir.mcp.results import NoteResult
from memdir.mcp.session import run_read

MAX_LIMIT = 1_000_000


def read_note(
    ctx: Context,
    path: Annotated[
        str,
        Field(
            description='A path as search returned it, or an episode anchor ("episodes/2026-11-28.md#1030-x").'
        ),
    ],
    offset: Annotated[
        int, Field(ge=0, description="Where to start in the text (characters); 0 is the start.")
    ] = 0,
    limit: Annotated[
        int,
        Field(ge=1, le=MAX_LIMIT, description="How many characters of text at most."),
    ] = READ_LIMIT,
) -> NoteResult:
    """Read one note in full: its text exactly as stored, with title, description, tags, confidence.

    `path` is relative to the memory root, as search returns it (e.g. "procedures/deploy-api.md");
    an episode anchor ("episodes/2026-11-28.md#1030-fix-ci") reads that one episode. Paths outside
    the root, and files that are not notes, are refused. `warning` says what to fix by hand (an
    unresolved merge conflict, frontmatter that does not parse: the text is then the file as it is).
    A text longer than `limit` characters (100000 unless asked) is cut: `total_chars` is the whole
    size, `next_offset` where the rest starts (pass it as `offset`), and `warning` says so.
    """
    note = run_read(ctx, lambda mem: mem.read_note(path, offset, limit))
    return {
        "path": note.path,
        "kind": note.kind,
        "title": note.title,
        "description": note.description,
        "tags": note.tags,
        "confidence": note.confidence,
        "text": note.text,
        "warning": note.warning,
        "total_chars": note.total_chars,
        "next_offset": note.next_offset,
    }
