"""One memory root and its parts: where the root is (`locate_root`, `check_root`) and the parts the
facade builds over it (store, episode and activity logs, config, embedder, LLM engine, index
service, review queue), created lazily so heavy imports stay off paths that do not need them.

`Memory` (`memdir.memory`) is a `MemoryRoot` with the verbs; like it, no subsystem imports this module.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from memdir.activity import ActivityLog
from memdir.arguments import root_arg
from memdir.config import LAYOUT_FOLDERS, Config, enclosing_root, load_config, resolve_root
from memdir.errors import RootNotFound
from memdir.notes.episodes import EpisodeLog
from memdir.notes.store import NoteStore
from memdir.runs.gitcommit import commit_verb

_T = TypeVar("_T")

if TYPE_CHECKING:
    from memdir.index.embedder import Embedder
    from memdir.index.service import IndexService
    from memdir.lifecycle.review import ReviewQueue
    from memdir.llm.base import LLMEngine

ROOT_MARKERS = LAYOUT_FOLDERS  # any one of them makes a folder a root (a Git clone has no empty ones)


def check_root(root: Path, default: bool = False) -> None:
    """Raise RootNotFound unless root is a folder with memdir's layout (one of its folders, or memdir.yaml).

    One folder is enough: a root cloned from Git has no empty folders. Nothing is created.
    """
    if root.is_dir() and (
        (root / "memdir.yaml").is_file() or any((root / name).is_dir() for name in ROOT_MARKERS)
    ):
        return
    why = (
        ""
        if not root.exists()
        else (" (not a folder)" if not root.is_dir() else " (no memdir folders in it)")
    )
    if default:
        why += " (the default root: set --root or MEMDIR_ROOT, or run memdir inside a root)"
    raise RootNotFound(f"no memory root at {root}{why}; run memdir init {root}", str(root))


def locate_root(root: str | os.PathLike[str] | None = None) -> tuple[Path, bool]:
    """The root a verb works on, and whether it is the default one (neither given nor MEMDIR_ROOT).

    The argument, else $MEMDIR_ROOT, else ./memory_root when it is a root, else the root the
    current folder is in (as Git finds `.git`), else ./memory_root (which `check_root` then
    refuses, saying it was the default). The CLI and `Memory()` share it (trial 22 #6).
    """
    given = root not in (None, "") or bool(os.environ.get("MEMDIR_ROOT"))
    path = resolve_root(root).absolute()
    if given:
        return path, False
    try:
        check_root(path)
    except RootNotFound:
        found = enclosing_root(Path.cwd())
        if found is not None:
            return found, False
    return path, True


class MemoryRoot:
    """One memory root and its parts; `Memory` adds the verbs."""

    def __init__(
        self,
        root: str | os.PathLike[str] | None = None,
        config: Config | None = None,
        embedder: Embedder | None = None,
        llm: LLMEngine | None = None,
    ) -> None:
        root = root_arg(root)
        self._default_root = False
        if config is None and root in (None, ""):  # `Memory()`: the root the CLI would use (trial 22 #6)
            found, self._default_root = locate_root(root)
            root = found
        self.config = config or load_config(root)
        self.root = Path(self.config.root)
        self.store = NoteStore(self.root, self.config.schedule.timezone)
        self.episodes = EpisodeLog(self.store)
        self.activity = ActivityLog(self.root)
        self._embedder = embedder
        self._llm = llm
        self._index: IndexService | None = None
        self._queries: Embedder | None = None

    # -- components (created lazily: heavy imports stay off paths that do not need them)
    @property
    def state_dir(self) -> Path:
        """`.memdir/` (derived and runtime state)."""
        return self.root / ".memdir"

    def check_root(self) -> None:
        """Raise RootNotFound unless this root exists with memdir's layout (one of its folders, or memdir.yaml),
        as the CLI checks it. Every verb but `init` calls it first, so a missing root is one clear line and not
        a failed lock file under `.memdir/locks/` (trial 22 #7), and an existing folder without memdir's layout
        (`Memory("~")`, a mistyped one) is refused, never written into (trial 22 re-check N2). A root with one
        of its folders is used as it is: the others are made as notes need them."""
        check_root(self.root.absolute(), default=self._default_root)

    @property
    def embedder(self) -> Embedder:
        """The embedder configured for this root."""
        if self._embedder is None:
            from memdir.index.embedder import get_embedder

            self._embedder = get_embedder(self.config.index.embedder)
        return self._embedder

    def _get_embedder(self) -> Embedder:
        """The embedder as a callable: subsystems load the model only when they need it."""
        return self.embedder

    def _query_embedder(self) -> Embedder:
        """The index's embedder: a query is embedded once per search (ranking, then the relevance floor)."""
        if self._queries is None:
            from memdir.agents.recall import QueryCache

            self._queries = QueryCache(self.embedder)
        return self._queries

    @property
    def llm(self) -> LLMEngine | None:
        """The configured LLM engine, or None for the built-in offline engine."""
        if self._llm is None and self.config.llm.model:
            from memdir.llm.litellm_engine import LiteLLMEngine

            self._llm = LiteLLMEngine(self.config.llm)
        return self._llm

    @property
    def index(self) -> IndexService:
        """The vector + lexical index of this root."""
        if self._index is None:
            from memdir.index.service import IndexService

            self._index = IndexService(self.store, self.config.index, self._query_embedder)
        return self._index

    @property
    def review(self) -> ReviewQueue:
        """The review queue (`review/`): list, get, accept, reject and raise items (with `git.autocommit`,
        each accept or reject is one commit)."""
        from memdir.lifecycle.review_commit import CommittedReviewQueue

        return CommittedReviewQueue(self.store, self.config.git.autocommit)

    def _committed(self, act: Callable[[], _T], describe: Callable[[_T], tuple[str, list[str]]]) -> _T:
        """act(); with `git.autocommit` in a Git work tree, one commit of what it wrote (`runs.gitcommit`)."""
        return commit_verb(self.root, self.config.git.autocommit, act, describe)
