"""Memory: the library API over one memory root; the CLI is a thin layer over it."""

from __future__ import annotations

import os
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memdir.activity import ActivityLog
from memdir.config import Config, load_config
from memdir.notes.episodes import Episode, EpisodeLog
from memdir.notes.store import NoteStore

if TYPE_CHECKING:
    from memdir.index.embedder import Embedder
    from memdir.index.search import SearchHit
    from memdir.lifecycle.feedback import FeedbackResult
    from memdir.llm.base import LLMEngine
    from memdir.runs.report import RunReport

LAYOUT = ("knowledge", "procedures", "episodes", "skills", "activity", "review", "archive")


class Memory:
    """One memory root: notes, episodes, activity, index, consolidation."""

    def __init__(
        self,
        root: str | os.PathLike[str] | None = None,
        config: Config | None = None,
        embedder: Embedder | None = None,
        llm: LLMEngine | None = None,
    ) -> None:
        self.config = config or load_config(root)
        self.root = Path(self.config.root)
        self.store = NoteStore(self.root)
        self.episodes = EpisodeLog(self.store)
        self.activity = ActivityLog(self.root)
        self._embedder = embedder
        self._llm = llm
        self._index: Any = None

    # -- components (created lazily: heavy imports stay off paths that do not need them)
    @property
    def state_dir(self) -> Path:
        """`.memdir/` (derived and runtime state)."""
        return self.root / ".memdir"

    @property
    def embedder(self) -> Embedder:
        """The embedder configured for this root."""
        if self._embedder is None:
            from memdir.index.embedder import get_embedder

            self._embedder = get_embedder(self.config.index.embedder)
        return self._embedder

    @property
    def llm(self) -> LLMEngine | None:
        """The configured LLM engine, or None for the built-in offline engine."""
        if self._llm is None and self.config.llm.model:
            from memdir.llm.litellm_engine import LiteLLMEngine

            self._llm = LiteLLMEngine(self.config.llm)
        return self._llm

    @property
    def index(self) -> Any:
        """The vector + lexical index (memdir.index.service.IndexService)."""
        if self._index is None:
            from memdir.index.service import IndexService

            self._index = IndexService(self)
        return self._index

    # -- setup and writing inputs
    def init(self) -> list[str]:
        """Create the layout (idempotent); returns the folders created."""
        created = []
        for name in LAYOUT:
            p = self.root / name
            if not p.exists():
                p.mkdir(parents=True)
                created.append(name)
        gi = self.root / ".gitignore"
        if not gi.exists():
            gi.write_text(".memdir/\n", encoding="utf-8")
        return created

    def add_episode(self, text: str, title: str | None = None, at: datetime | None = None) -> Episode:
        """Append an episode to its day's file."""
        return self.episodes.add(text, title=title, at=at)

    def log(self, **event: Any) -> dict[str, Any]:
        """Append one activity event (fields of the design's activity format)."""
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
    ) -> list[SearchHit]:
        """Hybrid (lexical + vector) search; hits carry path, score, description."""
        from memdir.index.search import search_memory

        return search_memory(self, query, k=k, kind=kind, tags=tags, min_confidence=min_confidence, mode=mode)

    def sync_index(self, progress: Any = None) -> Any:
        """Bring the index in step with the files; returns a SyncReport."""
        return self.index.sync(progress=progress)

    def rebuild_index(self, progress: Any = None) -> Any:
        """Drop and recreate the index from the files."""
        return self.index.rebuild(progress=progress)

    # -- consolidation
    def consolidate_daily(self, day: date | None = None, dry_run: bool = False) -> RunReport:
        """Route pending episodes to knowledge, procedures or skip."""
        from memdir.consolidation.daily.run import DailyConsolidator

        return DailyConsolidator(self).run(day=day, dry_run=dry_run)

    def consolidate_weekly(self, until: date | None = None, dry_run: bool = False) -> RunReport:
        """Distil tasks repeated with success in [until - 7 days, until) into procedures."""
        from memdir.consolidation.weekly.run import WeeklyDistiller

        return WeeklyDistiller(self).run(until=until, dry_run=dry_run)

    # -- lifecycle
    def feedback(self, path: str, success: bool, note: str | None = None) -> FeedbackResult:
        """Report an outcome of using a procedure (updates counts, confidence, last_used)."""
        from memdir.lifecycle.feedback import apply_feedback

        return apply_feedback(self, path, success=success, note=note)

    def restore(self, path: str) -> str:
        """Bring an archived note back; returns its restored path."""
        return self.store.restore(path)

    # -- reporting
    def status(self) -> dict[str, Any]:
        """Counts, pending work, daemon and index state (the `status --json` document)."""
        from memdir.status import collect_status

        return collect_status(self)

    def lint(self) -> list[Any]:
        """Problems found in the notes (each with a path and a message)."""
        from memdir.notes.lint import lint_root

        return lint_root(self)

    # -- agents
    def context(self, query: str | None = None, budget: int = 1500, kind: str | None = None) -> str:
        """A compact Markdown block of pinned and relevant memory for an agent's prompt."""
        from memdir.agents.context import build_context

        return build_context(self, query=query, budget=budget, kind=kind)

    def task(self, intent: str, task_id: str | None = None, **fields: Any) -> Any:
        """A context manager that logs task_start, tool_use and task_end events."""
        from memdir.agents.tasks import TaskLogger

        return TaskLogger(self.activity, intent, task_id=task_id, **fields)
