"""The `feedback` tool: `Memory.feedback` (as `memdir feedback`)."""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from pydantic import Field

from memdir.inputs import parse_when
from memdir.mcp.results import FeedbackResult
from memdir.mcp.session import run_masked


def feedback(
    ctx: Context,
    path: Annotated[
        str,
        Field(description='The procedure\'s path as search returned it (e.g. "procedures/deploy-api.md").'),
    ],
    outcome: Annotated[Literal["success", "failure"], Field(description="Whether following it worked.")],
    note: Annotated[
        str | None, Field(description='One line about what happened (e.g. "step 3 timed out").')
    ] = None,
    at: Annotated[
        str | None,
        Field(description='When it was used, ISO 8601 (e.g. "2026-11-28T10:30:00+09:00"; default: now).'),
    ] = None,
) -> FeedbackResult:
    """Report whether following a procedure worked; this updates its counts and confidence.

    `path` is the procedure's path as search returned it (e.g. "procedures/deploy-api.md"), or a
    lesson's (knowledge/lessons/...). Report once per use: "success" raises its confidence,
    "failure" lowers it. `note` is one line about what happened (e.g. "step 3 timed out"); it is
    kept in the note under "## Outcome notes" (a secret in it is masked, and `warning` says so). `at` is
    when it was used, ISO 8601 as `add_episode` takes it (default: now); it dates that line.
    """
    res, warning = run_masked(
        ctx,
        lambda mem: mem.feedback(
            path, success=outcome == "success", note=note, at=parse_when(at, "at") if at else None
        ),
    )
    return {
        "path": res.path,
        "success_count": res.success_count,
        "failure_count": res.failure_count,
        "confidence": res.confidence,
        "previous_confidence": res.previous_confidence,
        "warning": warning,
    }
