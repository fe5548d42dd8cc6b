"""State of weekly distillation under `.memdir/state/weekly.json`, and the `weekly` status section.

The state records every cluster already handled (by the signature of its task ids) and the
task ids it consumed, so a second run over the same week changes nothing.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import TypedDict, cast

from memdir.runs.state import JsonState


class ClusterRecord(TypedDict):
    """How a cluster was handled: the note or review item written, when, from how many tasks."""

    path: str | None
    action: str  # created | review | rejected (the item turned down; its tasks placed again)
    at: str
    tasks: int


class WeeklyStatus(TypedDict):
    """The `weekly` section of `memdir status`."""

    procedures_distilled: int
    review_items_raised: int
    tasks_consumed: int
    last_at: str | None


class WeeklyState(JsonState):
    """Clusters already handled (signature -> outcome) and the task ids they consumed."""

    def __init__(self, root: Path) -> None:
        super().__init__(root / ".memdir" / "state" / "weekly.json")
        self.data.setdefault("clusters", {})
        self.data.setdefault("tasks", {})
        self.data.setdefault("refused", {})

    @property
    def clusters(self) -> dict[str, ClusterRecord]:
        """signature -> {path, action, at, tasks}."""
        return cast(dict[str, ClusterRecord], self.data["clusters"])

    @property
    def tasks(self) -> dict[str, str]:
        """task id -> signature of the cluster that consumed it."""
        return self.data["tasks"]  # type: ignore[no-any-return]

    @property
    def refused(self) -> dict[str, list[str]]:
        """task id -> notes a person refused for it (a weekly review item rejected; `refused.py`)."""
        return self.data["refused"]  # type: ignore[no-any-return]

    def mark(self, signature: str, task_ids: list[str], path: str | None, action: str) -> None:
        """Record a handled cluster and its tasks, and save at once."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.clusters[signature] = {"path": path, "action": action, "at": now, "tasks": len(task_ids)}
        for tid in task_ids:
            self.tasks[tid] = signature
        self.save()


def signature(task_ids: list[str]) -> str:
    """A stable id for a cluster: hash of its sorted task ids."""
    return hashlib.sha1("\n".join(sorted(task_ids)).encode("utf-8")).hexdigest()[:16]


def weekly_status(root: Path) -> WeeklyStatus:
    """The `weekly` section of `memdir status`: what weekly runs distilled so far (read-only)."""
    path = root / ".memdir" / "state" / "weekly.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except (OSError, ValueError):
        data = {}
    clusters = data.get("clusters", {}) if isinstance(data, dict) else {}
    entries = [c for c in clusters.values() if isinstance(c, dict)]
    return {
        "procedures_distilled": sum(1 for c in entries if c.get("action") == "created"),
        "review_items_raised": sum(1 for c in entries if c.get("action") == "review"),
        "tasks_consumed": len(data.get("tasks", {})) if isinstance(data, dict) else 0,
        "last_at": max((str(c.get("at", "")) for c in entries), default=None),
    }
