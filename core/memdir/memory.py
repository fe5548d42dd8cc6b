"""Memory: the library API over one memory root; the CLI is a thin layer over it.

The facade is also the composition root: it owns the parts (store, episode and activity logs,
config, embedder, LLM engine, index service, review queue: built in `memory_root`) and hands each
subsystem exactly the parts it needs. No subsystem imports this module; only `cli/`, the MCP server,
`agents/` and scripts do.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from memdir.arguments import (
    int_arg,
    optional_datetime,
    optional_number,
    optional_text,
    outcome_arg,
    tags_arg,
    text_arg,
)
from memdir.errors import MemdirError, StoreWriteError
from memdir.inputs import check_query, not_ahead
from memdir.memory_root import MemoryRoot
from memdir.notes.episodes import Episode

if TYPE_CHECKING:
    from memdir.agents.notes import NoteView
    from memdir.agents.recall import MemoryHit
    from memdir.agents.tasks import TaskLogger
    from memdir.consolidation.daily.run import DailyConsolidator
    from memdir.consolidation.weekly.run import WeeklyDistiller
    from memdir.daemon.service import Daemon, DaemonOptions
    from memdir.index.sync import Progress, SyncReport
    from memdir.lifecycle.feedback import FeedbackResult
    from memdir.llm.base import LLMEngine
    from memdir.notes.lint import LintProblem
    from memdir.runs.report import RunReport
    from memdir.status import StatusDocument

LAYOUT = ("knowledge", "procedures", "episodes", "skills", "activity", "review", "archive")


class Memory(MemoryRoot):
    """One memory root: notes, episodes, activity, index, consolidation."""

    # -- setup and writing inputs
    def init(self) -> list[str]:
        """Create the layout (idempotent); returns the folders created."""
        created = []
        where = self.root
        try:
            if (
                self.root.exists() and not self.root.is_dir()
            ):  # a file in the way: one line, not NotADirectoryError
                raise NotADirectoryError(20, "a file is there, not a folder")
            for name in LAYOUT:
                p = where = self.root / name
                if not p.exists():
                    p.mkdir(parents=True)
                    created.append(name)
            gi = where = self.root / ".gitignore"
            if not gi.exists():
                gi.write_text(".memdir/\n", encoding="utf-8")
        except OSError as exc:
            raise StoreWriteError(str(where), exc) from None
        return created

    def add_episode(self, text: str, title: str | None = None, at: datetime | None = None) -> Episode:
        """Append an episode to its day's file (with `git.autocommit` in a Git work tree: one commit)."""
        text_arg(text, "add_episode", "text")
        optional_text(title, "add_episode", "title")
        optional_datetime(at, "add_episode", "at")
        self.check_root()
        return self._committed(
            lambda: self.episodes.add(text, title=title, at=at),
            lambda ep: (f"memdir episode: {ep.id}\n", [ep.file]),
        )

    def restore_episodes(self, ids: list[str] | None = None, dismiss: bool = False) -> list[str]:
        """Append again the sections memdir wrote that their day file lost (an editor saved over them),
        all or those of `ids`; with `dismiss`, forget their copies instead. Returns the episode ids."""
        from memdir.notes import episode_copies

        self.check_root()
        if dismiss:
            return [s.id for s in episode_copies.dismiss(self.root, ids)]
        return [s.id for s in episode_copies.restore(self.store, ids)]

    def add_note(
        self,
        kind: str,
        title: str,
        text: str = "",
        description: str | None = None,
        tags: list[str] | None = None,
    ) -> str:
        """Create a note by hand (`knowledge`, `procedures` or `skills`; origin: human); returns its path."""
        from memdir.agents.notes import add_note

        for name, value in (("kind", kind), ("title", title), ("text", text)):
            text_arg(value, "add_note", name)
        optional_text(description, "add_note", "description")
        tags = tags_arg(tags, "add_note")
        self.check_root()
        conf = self.config.thresholds.initial_confidence
        return self._committed(
            lambda: add_note(self.store, kind, title, text, description, tags, initial_confidence=conf),
            lambda path: (f"memdir note add: {path}\n", [path]),
        )

    def read_note(self, path: str, offset: int = 0, limit: int | None = None) -> NoteView:
        """One note by path (`file.md#anchor` for one episode), confined to the root; `offset` and
        `limit` (characters) read a window of its text (the view says the total and where to go on)."""
        from memdir.agents.notes import read_note

        text_arg(path, "read_note", "path")
        int_arg(offset, "read_note", "offset", 0)
        if limit is not None:
            int_arg(limit, "read_note", "limit", 1)
        self.check_root()
        return read_note(self.store, path, offset, limit)

    def log(self, **event: object) -> dict[str, object]:
        """Append one activity event (fields of the design's activity format)."""
        self.check_root()
        return self.activity.append(event)

    # -- search and index
    def search(
        self,
        query: str,
        k: int = 5,
        kind: str | None = None,
        tags: list[str] | None = None,
        min_confidence: float | None = None,
        mode: str = "hybrid",
        weak: bool = False,
    ) -> list[MemoryHit]:
        """Hybrid (lexical + vector) search; hits carry path, score, description, tags, episode anchor
        and `relevant` (the relevance floor).

        Only relevant hits are returned, as by `memdir search` and MCP: a query nothing matches gives
        `[]`. `weak=True` also returns the hits below the floor, marked `relevant=False` (for ranking
        benchmarks and tuning)."""
        from memdir.agents.newer_notes import with_newer_notes
        from memdir.agents.recall import mark_hits
        from memdir.index.search import search_memory
        from memdir.lifecycle.usage import queue_hits

        text_arg(query, "search", "query")
        int_arg(k, "search", "k", 1)
        optional_text(kind, "search", "kind")
        tags = tags_arg(tags, "search")
        optional_number(min_confidence, "search", "min_confidence")
        text_arg(mode, "search", "mode")
        if not query.strip():
            raise MemdirError("empty query: say what to look for")
        check_query(query)
        self.check_root()
        hits = search_memory(
            self.index,
            query,
            k=k,
            kind=kind,
            tags=tags,
            min_confidence=min_confidence,
            mode=mode,
        )
        marked = [h for h in mark_hits(self.index, self.store, query, hits, mode) if weak or h.relevant]
        used = [h.path for h in marked if h.relevant]
        if used:  # the usage signal (.memdir/state/usage.json, never the notes): relevant hits only
            queue_hits(self.root, used)
        return with_newer_notes(self.store, marked)  # a note a newer one changes: both (trial 26 #10)

    def sync_index(self, progress: Progress | None = None) -> SyncReport:
        """Bring the index in step with the files; returns a SyncReport."""
        self.check_root()
        return self.index.sync(progress=progress)

    def rebuild_index(self, progress: Progress | None = None) -> SyncReport:
        """Drop and recreate the index from the files."""
        self.check_root()
        return self.index.rebuild(progress=progress)

    # -- consolidation
    def daily_consolidator(
        self, engine: LLMEngine | None = None, sync_index: bool = True, lock_timeout: float = 600.0
    ) -> DailyConsolidator:
        """The daily job wired to this root (engine: this root's LLM unless given); for scripts and tests."""
        from memdir.consolidation.daily.run import DailyConsolidator

        return DailyConsolidator(
            store=self.store,
            episodes=self.episodes,
            activity=self.activity,
            config=self.config,
            embedder=self._get_embedder,
            review=self.review,
            engine=engine if engine is not None else self.llm,
            index=self.index if sync_index else None,
            lock_timeout=lock_timeout,
        )

    def weekly_distiller(self, linkage: str = "complete", cache_dir: Path | None = None) -> WeeklyDistiller:
        """The weekly job wired to this root; for scripts and tests that tune it."""
        from memdir.consolidation.weekly.run import WeeklyDistiller

        return WeeklyDistiller(
            store=self.store,
            activity=self.activity,
            config=self.config,
            embedder=self._get_embedder,
            review=self.review,
            llm=self.llm,
            linkage=linkage,
            cache_dir=cache_dir,
        )

    def consolidate_daily(self, day: date | None = None, dry_run: bool = False) -> RunReport:
        """Route pending episodes to knowledge, procedures or skip."""
        self.check_root()
        return self.daily_consolidator().run(day=day, dry_run=dry_run)

    def consolidate_weekly(self, until: date | None = None, dry_run: bool = False) -> RunReport:
        """Distil tasks repeated with success in [until - 7 days, until) into procedures."""
        self.check_root()
        return self.weekly_distiller().run(until=until, dry_run=dry_run)

    # -- lifecycle
    def feedback(
        self, path: str, success: bool, note: str | None = None, at: datetime | None = None
    ) -> FeedbackResult:
        """Report an outcome of using a procedure (counts, confidence, last_used; one commit with autocommit).

        `success` is True or False, or the word `"success"` or `"failure"`; any other value (`"no"`,
        `"false"`, `0`, `None`) raises InputError and records nothing. `at` is when it was used (default:
        now; a naive time is wall time where the root's days are, as for `add_episode`): it dates the
        outcome line and `last_used` (trial 26 #13).
        """
        from memdir.index.moves import moved_hint
        from memdir.lifecycle.feedback import apply_feedback

        text_arg(path, "feedback", "path")
        success = outcome_arg(success, "feedback")
        optional_text(note, "feedback", "note")
        optional_datetime(at, "feedback", "at")
        self.check_root()
        c0 = self.config.thresholds.initial_confidence
        when = None if at is None else self.episodes.in_days_zone(at)
        if when is not None:
            not_ahead(when, "feedback at")
        return self._committed(
            lambda: moved_hint(self.root, lambda: apply_feedback(self.store, path, success, note, when, c0)),
            lambda r: (
                f"memdir feedback: {'success' if success else 'failure'} on {r.path} "
                f"(confidence {r.confidence:.2f})\n",
                [r.path],
            ),
        )

    def add_decision(
        self,
        title: str,
        options: list[str] | None = None,
        chosen: str = "",
        reasons: str = "",
        tradeoffs: str = "",
        follow_up: str = "",
        track_outcome: bool = True,
    ) -> str:
        """Write an open decision note (knowledge/decisions/); returns its path.

        `follow_up` is a date (YYYY-MM-DD), a number of days (`14d`) or '' (14 days).
        """
        from memdir.lifecycle.decisions import DecisionInput, add_decision

        self.check_root()
        spec = DecisionInput(title, list(options or []), chosen, reasons, tradeoffs, follow_up, track_outcome)
        return add_decision(self.store, spec)

    def record_outcome(self, path: str, text: str, result: str) -> dict[str, object]:
        """Append an outcome (success|failure|partial|reverted) to a decision note."""
        from memdir.lifecycle.decisions import record_outcome

        self.check_root()
        return record_outcome(self.store, path, text, result)

    def decisions(self, due_only: bool = False, today: date | None = None) -> list[dict[str, object]]:
        """Decision notes as dicts (path, title, status, follow_up_at, due); only the due ones with due_only."""
        from memdir.agents.context import scan_frontmatter
        from memdir.agents.followups import list_decisions

        self.check_root()
        heads = scan_frontmatter(self.store, ("knowledge",))
        return list_decisions(self.store, today or datetime.now(timezone.utc).date(), heads, due_only)

    def restore(self, path: str) -> str:
        """Bring an archived note back; returns its restored path (forgetting counts it as a touch). With
        `git.autocommit`, one commit: the note back and its archived copy gone (archive/ is in VERB_DIRS)."""
        from memdir.lifecycle.forgetting import restore_note

        self.check_root()
        back = functools.partial(restore_note, self.store, path)
        return self._committed(back, lambda p: (f"memdir restore: {p}\n", [p]))

    # -- reporting
    def status(self) -> StatusDocument:
        """Counts, pending work, daemon and index state (the `status --json` document)."""
        from memdir.status import collect_status

        self.check_root()
        return collect_status(self.store, self.episodes, self.activity, self.config.schedule, self.index)

    def lint(self) -> list[LintProblem]:
        """Problems found in the notes (each with a path and a message), then in the activity log."""
        from memdir.status import lint_problems

        self.check_root()
        return lint_problems(self.store, self.activity)

    # -- agents
    def context(self, query: str | None = None, budget: int = 1500, kind: str | None = None) -> str:
        """A compact Markdown block of pinned and relevant memory for an agent's prompt."""
        from memdir.agents.closest_across import across_line
        from memdir.agents.context import build_context

        optional_text(query, "context", "query")
        int_arg(budget, "context", "budget")
        optional_text(kind, "context", "kind")
        if query is not None and not query.strip():
            raise MemdirError("empty query: describe the task in a few words (or give no query)")
        if query is not None:
            check_query(query)
        self.check_root()
        search = functools.partial(self.search, weak=False)  # never recall what did not match
        across = functools.partial(across_line, self.index)  # the other-language note that came closest
        return build_context(self.store, search, query=query, budget=budget, kind=kind, across=across)

    def task(
        self,
        intent: str,
        task_id: str | None = None,
        *,
        clock: Callable[[], datetime] | None = None,
        **fields: object,
    ) -> TaskLogger:
        """A context manager that logs task_start, tool_use and task_end events (fields go on every event).

        `t.feedback(path, success)` checks the note at once, as `feedback()` does (a path outside the
        root, a missing note, a note that keeps no outcome counts: the error is raised and nothing
        is logged); the next daily run applies the event.
        """
        from memdir.agents.tasks import TaskLogger

        text_arg(intent, "task", "intent")
        optional_text(task_id, "task", "task_id")
        self.check_root()
        return TaskLogger(
            self.activity, intent, task_id=task_id, clock=clock, check_target=self._feedback_target, **fields
        )

    def _feedback_target(self, path: str) -> str:
        """The root-relative path of a note feedback can apply to, else the error `feedback()` raises."""
        from memdir.index.moves import moved_hint
        from memdir.lifecycle.feedback import check_feedback_target

        return moved_hint(self.root, lambda: check_feedback_target(self.store, path))

    # -- the daemon
    def daemon(
        self,
        jobs: Mapping[str, Callable[[Memory], object]] | None = None,
        options: DaemonOptions | None = None,
    ) -> Daemon:
        """The daemon of this root; `jobs` (name -> `job(mem)`) replace the defaults, else MEMDIR_DAEMON_JOB_*."""
        from memdir.daemon.service import Daemon, jobs_from_env

        chosen: dict[str, Callable[[Memory], object]] = {
            "daily": Memory.consolidate_daily,
            "weekly": Memory.consolidate_weekly,
        }
        chosen.update(jobs if jobs is not None else jobs_from_env())
        bound = {name: functools.partial(job, self) for name, job in chosen.items()}
        return Daemon(
            self.root,
            self.config.schedule,
            bound,
            episodes=self.episodes,
            activity=self.activity,
            index=self.index,
            options=options,
        )
