"""The `log_event` tool: `Memory.log` (as `memdir log`)."""

from __future__ import annotations

from typing import Literal, cast

from mcp.server.mcpserver import Context

from memdir.mcp.results import EventResult
from memdir.mcp.session import run


def log_event(
    ctx: Context,
    type: str,
    task_id: str | None = None,
    summary: str | None = None,
    tool: str | None = None,
    input: str | None = None,
    outcome: Literal["success", "failure"] | None = None,
    error: str | None = None,
) -> EventResult:
    """Append one event to the activity log, so that repeated successful work becomes a procedure.

    `type` is task_start (with `summary`: the task's intent in one short line), tool_use (with
    `tool` and `input`), tool_result (with `tool`, `outcome`, and for a failure the error text in
    `error`: it becomes the lesson), task_end (with `outcome`), or any other string. Give every event of one
    task the same `task_id`. Always end a task with its outcome: a task without one never counts
    as a success. Never put secrets in `input`.
    """
    event = {"type": type, "task_id": task_id, "summary": summary, "tool": tool, "input": input}
    written = run(ctx, lambda mem: mem.log(**event, outcome=outcome, error=error))
    return cast(EventResult, written)
