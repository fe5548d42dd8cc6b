"""Status: counts per kind, pending work, review items, activity this week, daemon, jobs, index, weekly.

A read-only view across the subsystems (it sits above the daemon, below the facade): it takes the
store, the episode and activity logs, the `schedule` config section and the index service, and
never writes anything.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime, timedelta, timezone
from typing import TYPE_CHECKING, TypedDict

from memdir.activity import ReadStats
from memdir.daemon.info import daemon_status, jobs_status
from memdir.daemon.runs import RunJournal
from memdir.errors import ConfigError
from memdir.notes.episode_copies import lost_line as lost_line  # the line status prints (cli)
from memdir.notes.episode_copies import lost_sections
from memdir.notes.lint import LintProblem, lint_root
from memdir.notes.outside import outside_notes
from memdir.runs.state import EpisodeState

if TYPE_CHECKING:
    from pathlib import Path

    from memdir.activity import ActivityLog
    from memdir.config import ScheduleConfig
    from memdir.consolidation.weekly.weekly_state import WeeklyStatus
    from memdir.daemon.info import DaemonStatus, JobStatus
    from memdir.daemon.runs import RunRecord
    from memdir.index.catalog import IndexInfo
    from memdir.index.service import IndexService
    from memdir.jsonvalue import JSONObject
    from memdir.notes.episodes import EpisodeLog, UnreadFile
    from memdir.notes.store import NoteStore

KINDS = ("knowledge", "procedures", "episodes", "skills", "review")
RECENT_RUNS = 5


class UnreadEpisodeFile(TypedDict):
    """A day file the daily run cannot read (a name or frontmatter date that does not exist, broken YAML)."""

    file: str
    reason: str
    episodes: int  # its sections, counted as pending until a person fixes the file


class OutsideNotesInfo(TypedDict):
    """Markdown files in the root outside memdir's folders (`notes.outside`): not memory until moved."""

    count: int
    places: list[str]  # top-level folders (`Projects/`) or files holding them
    line: str  # the one line `init`, `status` and `lint` print ('' when count is 0)


class StatusDocument(TypedDict):
    """The `memdir status --json` document (docs/daemon.md and the README describe each section)."""

    root: str
    notes: dict[str, int]
    episode_count: int
    pending_episodes: int
    unread_episode_files: list[UnreadEpisodeFile]  # each waits for a person's fix, named by status
    too_large_episodes: list[str]  # day files or episodes no run reads (too large; trial 26), never pending
    lost_episodes: list[str]  # ids of sections memdir appended that their day file no longer holds (trial 27)
    pending_today: int  # of the pending: today's, which a daily run without --date leaves for tomorrow
    pending_later: dict[str, int]  # of the pending: per day after today (a day file from another zone)
    daily_unfinished_run: str | None
    activity_events_7d: int
    activity_malformed_7d: int  # lines of the last 7 days' files no read takes as an event
    review_open: int
    archived: list[JSONObject]
    daemon: DaemonStatus
    jobs: dict[str, JobStatus]
    recent_runs: list[RunRecord]  # the last finished runs of any job and kind (CLI, daemon), newest first
    index: IndexInfo
    weekly: WeeklyStatus
    links_out: list[str]  # note folders that are symlinks out of the root: skipped, never read
    outside_notes: OutsideNotesInfo


def lint_problems(store: NoteStore, activity: ActivityLog) -> list[LintProblem]:
    """`memdir lint`: the notes' problems, then each activity line every read skips (named once, here),
    then each activity line holding a secret-like value (the key, never the value)."""
    skipped = [
        LintProblem(f"{name}:{line}", "warning", f"not an activity event ({why}): skipped by every read")
        for name, line, why in activity.malformed()
    ]
    secrets = [
        LintProblem(f"{name}:{line}", "warning", ACTIVITY_SECRET.format(_keys(keys)))
        for name, line, keys in activity.secrets()
    ]
    lines = sorted(
        [*skipped, *secrets], key=lambda p: (p.path.rsplit(":", 1)[0], int(p.path.rsplit(":", 1)[1]))
    )
    return [*lint_root(store), *lines]


def _keys(keys: list[str]) -> str:
    """`input.command`, `a key of `headers`` ...: where the values stand, at most three named."""
    named = [k if k.startswith("a key") else f"`{k}`" for k in keys[:3]]
    return ", ".join(named) + (f" and {len(keys) - 3} more" if len(keys) > 3 else "")


ACTIVITY_SECRET = (
    "{} holds a secret-like value (not shown here), written by a tool or agent that appended the line itself "
    "(`memdir log` and the MCP `log_event` mask it): rotate the credential, and delete it from the line"
)


def count_notes(store: NoteStore) -> dict[str, int]:
    """Markdown files per kind."""
    counts: Counter[str] = Counter()
    for rel in store.iter_paths(KINDS):
        counts[rel.split("/", 1)[0]] += 1
    return {k: counts.get(k, 0) for k in KINDS}


def pending_episodes(episodes: EpisodeLog) -> int:
    """Episodes not yet consolidated (new or edited since), those of day files that cannot be read too."""
    return _episode_counts(episodes)[1]


def _episode_counts(
    episodes: EpisodeLog,
) -> tuple[int, int, list[UnreadEpisodeFile], dict[str, int], list[str]]:
    """(episodes, pending ones, day files that cannot be read, day -> pending ones, day files and episodes too
    large to consolidate): the unread files' sections count as episodes and pending, the too large ones as
    neither (no run reads them)."""
    state = EpisodeState(episodes.store.root)
    unread: list[UnreadFile] = []
    refused: list[str] = []
    total = 0
    days: Counter[str] = Counter()
    for ep in episodes.iter_episodes(unread=unread, refused=refused):
        total += 1
        if state.is_pending(ep.id, ep.hash):
            days[ep.day.isoformat() if ep.day else ""] += 1
    waiting = sum(u.episodes for u in unread)
    files: list[UnreadEpisodeFile] = [
        {"file": u.file, "reason": u.reason, "episodes": u.episodes} for u in unread
    ]
    large = [line.split(": ", 1)[0] for line in refused]
    return total + waiting, sum(days.values()) + waiting, files, dict(sorted(days.items())), large


def collect_status(
    store: NoteStore,
    episodes: EpisodeLog,
    activity: ActivityLog,
    schedule: ScheduleConfig,
    index: IndexService,
) -> StatusDocument:
    """The `memdir status --json` document."""
    now = datetime.now(timezone.utc)
    read = ReadStats()  # malformed lines: one count here, each named by `lint` (no warning per call)
    week_events = sum(
        1 for _ in activity.read(now - timedelta(days=7), now + timedelta(seconds=1), read, warn=False)
    )
    counts = count_notes(store)
    total, pending, unread, days, large = _episode_counts(episodes)
    try:  # what a daily run without --date leaves: today's and later days', today in the run's zone
        today = schedule.today().isoformat()
    except ConfigError:  # an unknown zone: status still answers (the run and the daemon name the error)
        today = date.today().isoformat()
    return {
        "root": str(store.root),
        "notes": counts,
        "episode_count": total,
        "pending_episodes": pending,
        "unread_episode_files": unread,
        "too_large_episodes": large,
        "lost_episodes": [s.id for s in lost_sections(store.root)],
        "pending_today": days.get(today, 0),
        "pending_later": {d: n for d, n in days.items() if d > today},
        "daily_unfinished_run": _unfinished_daily(store),
        "activity_events_7d": week_events,
        "activity_malformed_7d": read.malformed,
        "review_open": counts["review"],
        "archived": [
            e
            for e in store.archive_log()
            if e.get("action") == "archive" and not str(e.get("path", "")).startswith("review/")
        ][-20:],
        "daemon": daemon_status(store.root),
        "jobs": jobs_status(store.root, schedule),
        "recent_runs": RunJournal(store.root).history()[-RECENT_RUNS:][::-1],
        "index": _index_section(index),
        "weekly": _weekly_section(store),
        "links_out": store.links_out(),
        "outside_notes": outside_info(store.root),
    }


def outside_info(root: Path) -> OutsideNotesInfo:
    """The `outside_notes` section: Markdown files beside memdir's folders, which nothing reads."""
    found = outside_notes(root)
    return {"count": found.count, "places": found.places, "line": found.line()}


def _weekly_section(store: NoteStore) -> WeeklyStatus:
    """The `weekly` section (what weekly distillation produced so far)."""
    from memdir.consolidation.weekly.weekly_state import weekly_status

    return weekly_status(store.root)


def _unfinished_daily(store: NoteStore) -> str | None:
    """Run id of a daily run that was interrupted (the next run completes it), else None."""
    from memdir.runs.journal import Journal

    has_journal = (store.root / ".memdir" / "journal").is_dir()
    plan = Journal(store.root, "daily").pending(discard_torn=False) if has_journal else None
    return plan.run_id if plan else None


def _index_section(index: IndexService) -> IndexInfo:
    """The `index` section: notes, chunks, embedder, bad files skipped, stale or not (never syncs)."""
    try:
        info = index.info()
    except Exception as exc:  # status must report, never fail
        return {"built": False, "error": str(exc)}
    if info.get("pending"):  # searched by their words only until embedded (trial 27 #2)
        info["hint"] = "run `memdir index sync` to embed the notes waiting for vectors"
    return info
