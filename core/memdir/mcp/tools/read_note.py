"""The `read_note` tool: `Memory.read_note` (as `memdir note show`), confined to the root."""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import Context
from pydantic import Field

from memdir.mcp.results import NoteResult
from memdir.mcp.session import run


def read_note(
    ctx: Context,
    path: Annotated[
        str,
        Field(
            description='A path as search returned it, or an episode anchor ("episodes/2026-11-28.md#1030-x").'
        ),
    ],
) -> NoteResult:
    """Read one note in full: its text exactly as stored, with title, description, tags, confidence.

    `path` is relative to the memory root, as search returns it (e.g. "procedures/deploy-api.md");
    an episode anchor ("episodes/2026-11-28.md#1030-fix-ci") reads that one episode. Paths outside
    the root, and files that are not notes, are refused. `warning` says what to fix by hand (an
    unresolved merge conflict, frontmatter that does not parse: the text is then the file as it is).
    """
    note = run(ctx, lambda mem: mem.read_note(path))
    return {
        "path": note.path,
        "kind": note.kind,
        "title": note.title,
        "description": note.description,
        "tags": note.tags,
        "confidence": note.confidence,
        "text": note.text,
        "warning": note.warning,
    }
