"""The decision tools: `decision_add`, `decision_list`, `decision_outcome` (as `memdir decision add|list`,
`memdir outcome`; the old tool name `outcome` still works, see arguments.py)."""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from pydantic import Field

from memdir.mcp.results import DecisionList, DecisionResult, DecisionRow, OutcomeResult
from memdir.mcp.session import run, run_masked


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def decision_add(
    ctx: Context,
    title: Annotated[str, Field(description="What was decided, as a short title.")],
    chosen: Annotated[str, Field(description="The option chosen.")] = "",
    options: Annotated[list[str] | None, Field(description="The options considered.")] = [],  # noqa: B006 (never changed)
    reason: Annotated[str, Field(description="Why, in words (as the CLI's --reason; also `reasons`).")] = "",
    tradeoff: Annotated[
        str, Field(description="What it costs, in words (as the CLI's --tradeoff; also `tradeoffs`).")
    ] = "",
    follow_up: Annotated[
        str, Field(description='When to ask how it went: a date (YYYY-MM-DD) or days ("14d", the default).')
    ] = "",
    track_outcome: Annotated[
        bool, Field(description="Follow the outcome up (as the CLI without --no-track).")
    ] = True,
) -> DecisionResult:
    """Record a decision you or the user just took (knowledge/decisions/), to be followed up later.

    `follow_up` is a date (YYYY-MM-DD) or a number of days ("14d", the default): from then on
    `context` lists it among decisions to follow up, so the next session asks how it went.
    """
    path, warning = run_masked(
        ctx,
        lambda mem: mem.add_decision(
            title, list(options or []), chosen, reason, tradeoff, follow_up, track_outcome
        ),
    )
    return {"path": path, "warning": warning}


def decision_list(
    ctx: Context,
    due_only: Annotated[
        bool, Field(description="Only the open decisions whose follow-up has come (as --due).")
    ] = False,
) -> DecisionList:
    """List decision notes with their status; `due_only` keeps the open ones whose follow-up has come."""
    rows = run(ctx, lambda mem: mem.decisions(due_only=due_only))
    out: list[DecisionRow] = [
        {
            "path": str(r.get("path", "")),
            "title": str(r.get("title", "")),
            "status": str(r.get("status", "")),
            "chosen": str(r.get("chosen", "")),
            "follow_up_at": _text(r.get("follow_up_at")),
            "due": bool(r.get("due")),
        }
        for r in rows
    ]
    return {"decisions": out}


def decision_outcome(
    ctx: Context,
    path: Annotated[str, Field(description='The decision note ("knowledge/decisions/....md").')],
    text: Annotated[str, Field(description="What came of it, in a sentence or two.")],
    result: Annotated[
        Literal["success", "failure", "partial", "reverted"],
        Field(description="How it went (as the CLI's --result; also `outcome`)."),
    ],
) -> OutcomeResult:
    """Record what came of a decision: success/failure/reverted resolve it, partial keeps it open.

    A failure or a revert also writes a lesson that cites the decision (its path is returned).
    """
    res, warning = run_masked(ctx, lambda mem: mem.record_outcome(path, text, result))
    return {
        "path": str(res.get("path", path)),
        "status": str(res.get("status", "")),
        "outcome": str(res.get("outcome", result)),
        "follow_up_at": _text(res.get("follow_up_at")),
        "lesson": _text(res.get("lesson")),
        "warning": warning,
    }
