"""The `feedback` tool: `Memory.feedback` (as `memdir feedback`)."""

from __future__ import annotations

from typing import Literal

from mcp.server.mcpserver import Context

from memdir.mcp.results import FeedbackResult
from memdir.mcp.session import run


def feedback(
    ctx: Context, path: str, outcome: Literal["success", "failure"], note: str | None = None
) -> FeedbackResult:
    """Report whether following a procedure worked; this updates its counts and confidence.

    `path` is the procedure's path as search returned it (e.g. "procedures/deploy-api.md"), or a
    lesson's (knowledge/lessons/...). Report once per use: "success" raises its confidence,
    "failure" lowers it. `note` is one line about what happened (e.g. "step 3 timed out"); it is
    kept in the note under "## Outcome notes".
    """
    res = run(ctx, lambda mem: mem.feedback(path, success=outcome == "success", note=note))
    return {
        "path": res.path,
        "success_count": res.success_count,
        "failure_count": res.failure_count,
        "confidence": res.confidence,
        "previous_confidence": res.previous_confidence,
    }
