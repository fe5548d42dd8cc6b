"""Run state under `.memdir/state/`: which inputs were consolidated, keyed by id and hash."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from memdir.notes.atomic import atomic_write_bytes
from memdir.redaction import redact_value

log = logging.getLogger(__name__)


class JsonState:
    """A small JSON document written atomically; a corrupted file is kept aside and started afresh."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data: dict[str, Any] = self._load()

    def _load(self) -> dict[str, Any]:
        if not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(data, dict):
                return data
            raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError) as exc:
            aside = self.path.with_suffix(self.path.suffix + ".corrupt")
            log.warning(
                "state file %s is corrupted (%s); moved to %s and starting afresh", self.path, exc, aside
            )
            self.path.replace(aside)
            return {}

    def save(self) -> None:
        """Write the document atomically, with any secret in it masked (it never holds one on purpose)."""
        data = json.dumps(redact_value(self.data), ensure_ascii=False, sort_keys=True, indent=1).encode(
            "utf-8"
        )
        atomic_write_bytes(self.path, data)


class EpisodeState(JsonState):
    """Episodes already consolidated: episode id -> content hash."""

    def __init__(self, root: Path) -> None:
        super().__init__(root / ".memdir" / "state" / "episodes.json")
        self.data.setdefault("done", {})

    @property
    def done(self) -> dict[str, str]:
        """id -> hash of consolidated episodes."""
        return self.data["done"]  # type: ignore[no-any-return]

    def is_pending(self, episode_id: str, episode_hash: str) -> bool:
        """True when the episode is new or was edited since it was consolidated."""
        return self.done.get(episode_id) != episode_hash

    def mark(self, episode_id: str, episode_hash: str) -> None:
        """Record an episode as consolidated (call save() after)."""
        self.done[episode_id] = episode_hash
