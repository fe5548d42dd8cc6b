"""Status: counts per kind, pending work, review items, activity this week (and more as parts land)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from core.consolidation.state import EpisodeState

if TYPE_CHECKING:
    from core.memory import Memory


def count_notes(mem: Memory) -> dict[str, int]:
    """Markdown files per kind."""
    counts: Counter[str] = Counter()
    for rel in mem.store.iter_paths(("knowledge", "procedures", "episodes", "skills", "review")):
        counts[rel.split("/", 1)[0]] += 1
    return {k: counts.get(k, 0) for k in ("knowledge", "procedures", "episodes", "skills", "review")}


def pending_episodes(mem: Memory) -> int:
    """Episodes not yet consolidated (new or edited since)."""
    state = EpisodeState(mem.root)
    return sum(1 for ep in mem.episodes.iter_episodes() if state.is_pending(ep.id, ep.hash))


def collect_status(mem: Memory) -> dict[str, Any]:
    """The `memdir status --json` document."""
    now = datetime.now(timezone.utc)
    week_events = sum(1 for _ in mem.activity.read(since=now - timedelta(days=7), until=now + timedelta(seconds=1)))
    counts = count_notes(mem)
    return {
        "root": str(mem.root),
        "notes": counts,
        "episode_count": sum(1 for _ in mem.episodes.iter_episodes()),
        "pending_episodes": pending_episodes(mem),
        "activity_events_7d": week_events,
        "review_open": counts["review"],
        "archived": [e for e in mem.store.archive_log() if e.get("action") == "archive"][-20:],
    }
