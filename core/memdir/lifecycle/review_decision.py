"""What accepting or rejecting a review item did (`review.ReviewQueue.accept` / `reject`)."""

from __future__ import annotations

from typing import TypedDict


class ReviewDecision(TypedDict, total=False):
    """What accepting or rejecting an item did (an accept adds its merge or move result)."""

    id: str
    kind: str
    archived: str
    target: str
    already_merged: bool
    sources: list[str]
    destination: str
    already_moved: bool
    written: str  # rule_candidate: the rule note written
    status: str  # outcome_proposal: the decision's status after it
    not_written: str  # a usage report of another scope: why accepting wrote nothing (review_usage)
