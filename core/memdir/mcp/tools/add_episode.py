"""The `add_episode` tool: `Memory.add_episode` (as `memdir episode add`)."""

from __future__ import annotations

from mcp.server.mcpserver import Context

from memdir.inputs import parse_when
from memdir.mcp.results import EpisodeResult
from memdir.mcp.session import run


def add_episode(ctx: Context, text: str, title: str | None = None, at: str | None = None) -> EpisodeResult:
    """Record what happened in this session as an episode (its day's file in episodes/).

    Write 3-8 plain sentences: the goal, what you did, what worked, what did not, and any lesson
    or decision. `title` is a short heading (default: the first line). `at` is when it happened,
    ISO 8601 (e.g. "2026-11-28T10:30:00+09:00"; default: now); it picks the day's file and the
    heading's time. The daily consolidation turns episodes into knowledge and procedures. Never
    include secrets.
    """
    ep = run(ctx, lambda mem: mem.add_episode(text, title=title, at=parse_when(at, "at") if at else None))
    return {"id": ep.id, "file": ep.file, "anchor": ep.anchor, "title": ep.title}
