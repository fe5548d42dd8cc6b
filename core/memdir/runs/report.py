"""RunReport: what one consolidation run did (or would do, with --dry-run)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from memdir.jsonvalue import JSONObject


@dataclass
class RunReport:
    """Outcome of one daily or weekly run; `to_dict()` is the `--json` output."""

    job: str  # "daily" | "weekly"
    dry_run: bool = False
    started_at: str = ""
    finished_at: str = ""
    created: list[str] = field(default_factory=list)  # new note paths
    updated: list[str] = field(default_factory=list)  # existing note paths that gained content
    review: list[str] = field(default_factory=list)  # review item paths raised
    archived: list[str] = field(default_factory=list)
    skipped: int = 0  # inputs routed to skip / tasks not selected
    processed: int = 0  # inputs looked at
    pending: int = 0  # inputs left for a later run (caps, LLM failure)
    errors: list[str] = field(default_factory=list)
    diff: str = ""  # unified diff of what would change (dry run)
    stats: dict[str, Any] = field(
        default_factory=dict
    )  # engine-specific figures (llm calls, tokens, cost...)

    @property
    def changed(self) -> bool:
        """True when the run changed (or would change) any file."""
        return bool(self.created or self.updated or self.review or self.archived)

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict."""
        return asdict(self)
