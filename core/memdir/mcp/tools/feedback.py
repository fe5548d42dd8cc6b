"""The `feedback` tool: `Memory.feedback` (as `memdir feedback`)."""

from __future__ import annotations

from typing import Literal

from mcp.server.mcpserver import Context

from memdir.mcp.results import FeedbackResult
from memdir.mcp.session import run


def feedback(ctx: Context, path: str, outcome: Literal["success", "failure"]) -> FeedbackResult:
    """Report whether following a procedure worked; this updates its counts and confidence.

    `path` is the procedure's path as search returned it (e.g. "procedures/deploy-api.md").
    Report once per use: "success" raises its confidence, "failure" lowers it.
    """
    res = run(ctx, lambda mem: mem.feedback(path, success=outcome == "success"))
    return {
        "path": res.path,
        "success_count": res.success_count,
        "failure_count": res.failure_count,
        "confidence": res.confidence,
        "previous_confidence": res.previous_confidence,
    }
