"""The `add_episode` tool: `Memory.add_episode` (as `memdir episode add`)."""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import Context
from pydantic import Field

from memdir.inputs import parse_when
from memdir.mcp.results import EpisodeResult
from memdir.mcp.session import run_masked


def add_episode(
    ctx: Context,
    text: Annotated[str, Field(description="What happened, in 3-8 plain sentences.")],
    title: Annotated[
        str | None, Field(description="A short heading (default: the text's first line).")
    ] = None,
    at: Annotated[
        str | None,
        Field(description='When it happened, ISO 8601 (e.g. "2026-11-28T10:30:00+09:00"; default: now).'),
    ] = None,
) -> EpisodeResult:
    """Record what happened in this session as an episode (its day's file in episodes/).

    Write 3-8 plain sentences: the goal, what you did, what worked, what did not, and any lesson
    or decision. `title` is a short heading (default: the first line). `at` is when it happened,
    ISO 8601 (e.g. "2026-11-28T10:30:00+09:00"; default: now); it picks the day's file and the
    heading's time. The daily consolidation turns episodes into knowledge and procedures. Never
    include secrets: one that is sent is masked, and `warning` says so.
    """
    ep, warning = run_masked(
        ctx, lambda mem: mem.add_episode(text, title=title, at=parse_when(at, "at") if at else None)
    )
    return {"id": ep.id, "file": ep.file, "anchor": ep.anchor, "title": ep.title, "warning": warning}
