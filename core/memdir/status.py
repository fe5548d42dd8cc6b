"""Status: counts per kind, pending work, review items, activity this week (and more as parts land)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from memdir.runs.state import EpisodeState

if TYPE_CHECKING:
    from memdir.memory import Memory


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
        "daily_unfinished_run": _unfinished_daily(mem),
        "activity_events_7d": week_events,
        "review_open": counts["review"],
        "archived": [e for e in mem.store.archive_log()
                     if e.get("action") == "archive" and not str(e.get("path", "")).startswith("review/")][-20:],
        **_daemon_sections(mem),
        "index": _index_section(mem),
        "weekly": _weekly_section(mem),
    }


def _weekly_section(mem: Memory) -> dict[str, Any]:
    """The `weekly` section (what weekly distillation produced so far)."""
    from memdir.consolidation.weekly.run import weekly_status

    return weekly_status(mem)


def _unfinished_daily(mem: Memory) -> str | None:
    """Run id of a daily run that was interrupted (the next run completes it), else None."""
    from memdir.runs.journal import Journal

    plan = Journal(mem.root, "daily").pending(discard_torn=False) if (mem.state_dir / "journal").is_dir() else None
    return plan.run_id if plan else None


def _index_section(mem: Memory) -> dict[str, Any]:
    """The `index` section: notes, chunks, embedder, bad files skipped, stale or not (never syncs)."""
    from memdir.index.service import IndexService

    try:
        return IndexService(mem).info()
    except Exception as exc:  # status must report, never fail
        return {"built": False, "error": str(exc)}


def _daemon_sections(mem: Memory) -> dict[str, Any]:
    """The `daemon` (pid, heartbeat) and `jobs` (next and last runs) sections."""
    from memdir.daemon.info import daemon_status, jobs_status

    return {"daemon": daemon_status(mem), "jobs": jobs_status(mem)}
