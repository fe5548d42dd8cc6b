"""The `list_review` tool: the review queue (as `memdir review list`)."""

from __future__ import annotations

from mcp.server.mcpserver import Context

from memdir.mcp.results import ReviewItem, ReviewList
from memdir.mcp.session import run


def list_review(ctx: Context) -> ReviewList:
    """List the open review items: merge candidates, new evidence and move proposals.

    Each item names its `target` note and how similar the candidate is. These wait for a
    person: mention them when relevant, but do not act on them yourself.
    """
    items = run(ctx, lambda mem: mem.review.list_items())
    out: list[ReviewItem] = [
        {
            "id": it.id,
            "kind": it.kind,
            "target": it.target,
            "similarity": it.similarity,
            "description": it.description,
            "path": it.path,
        }
        for it in items
    ]
    return {"items": out}
