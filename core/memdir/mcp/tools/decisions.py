"""The decision tools: `decision_add`, `decision_list`, `outcome` (as `memdir decision add|list`, `memdir outcome`)."""

from __future__ import annotations

from typing import Literal

from mcp.server.mcpserver import Context

from memdir.mcp.results import DecisionList, DecisionResult, DecisionRow, OutcomeResult
from memdir.mcp.session import run


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def decision_add(
    ctx: Context,
    title: str,
    chosen: str = "",
    options: list[str] | None = None,
    reasons: str = "",
    tradeoffs: str = "",
    follow_up: str = "",
    track_outcome: bool = True,
) -> DecisionResult:
    """Record a decision you or the user just took (knowledge/decisions/), to be followed up later.

    `follow_up` is a date (YYYY-MM-DD) or a number of days ("14d", the default): from then on
    `context` lists it among decisions to follow up, so the next session asks how it went.
    """
    path = run(
        ctx,
        lambda mem: mem.add_decision(
            title, list(options or []), chosen, reasons, tradeoffs, follow_up, track_outcome
        ),
    )
    return {"path": path}


def decision_list(ctx: Context, due_only: bool = False) -> DecisionList:
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


def outcome(
    ctx: Context, path: str, text: str, result: Literal["success", "failure", "partial", "reverted"]
) -> OutcomeResult:
    """Record what came of a decision: success/failure/reverted resolve it, partial keeps it open.

    A failure or a revert also writes a lesson that cites the decision (its path is returned).
    """
    res = run(ctx, lambda mem: mem.record_outcome(path, text, result))
    return {
        "path": str(res.get("path", path)),
        "status": str(res.get("status", "")),
        "outcome": str(res.get("outcome", result)),
        "follow_up_at": _text(res.get("follow_up_at")),
        "lesson": _text(res.get("lesson")),
    }
