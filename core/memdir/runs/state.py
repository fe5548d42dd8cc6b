"""Run state under `.memdir/state/`: which inputs were consolidated, keyed by id and hash."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from memdir.masked_refs import stored_ref
from memdir.notes.atomic import atomic_write_bytes
from memdir.redaction import redact_text, redact_value

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
    """Episodes already consolidated: episode id -> content hash.

    Keys are ids as this file stores them (`save` masks secrets, so a key is looked up in its
    masked form too); ids an earlier memdir stored masked twice are read back as today's ids. An
    episode whose notes are written but whose lesson step is not done yet (a person's save won the
    race, or the run was killed) is also under `lessons`: it counts as pending, and the next run
    repeats only that step for it.
    """

    def __init__(self, root: Path) -> None:
        super().__init__(root / ".memdir" / "state" / "episodes.json")
        for name in ("done", "lessons"):
            table = self.data.get(name)
            self.data[name] = {stored_ref(k): v for k, v in table.items()} if isinstance(table, dict) else {}

    @property
    def done(self) -> dict[str, str]:
        """id -> hash of consolidated episodes."""
        return self.data["done"]  # type: ignore[no-any-return]

    @property
    def lessons(self) -> dict[str, str]:
        """id -> hash of consolidated episodes whose lesson step is still to do."""
        return self.data["lessons"]  # type: ignore[no-any-return]

    def is_pending(self, episode_id: str, episode_hash: str) -> bool:
        """True when the episode is new, was edited since it was consolidated, or waits for its lesson step."""
        return self.needs_routing(episode_id, episode_hash) or self.needs_lessons(episode_id, episode_hash)

    def needs_routing(self, episode_id: str, episode_hash: str) -> bool:
        """True when the episode is new or was edited since it was consolidated."""
        return self.done.get(_key(episode_id)) != episode_hash

    def needs_lessons(self, episode_id: str, episode_hash: str) -> bool:
        """True when this version of the episode was consolidated but its lesson step is not done."""
        return self.lessons.get(_key(episode_id)) == episode_hash

    def mark(self, episode_id: str, episode_hash: str, lessons: bool = False) -> None:
        """Record an episode as consolidated, with `lessons` its lesson step still to do (call save() after)."""
        self.done[_key(episode_id)] = episode_hash
        if lessons:
            self.lessons[_key(episode_id)] = episode_hash

    def lessons_done(self, episode_id: str) -> None:
        """Record that the episode's lesson step is done (call save() after)."""
        self.lessons.pop(_key(episode_id), None)


def _key(episode_id: str) -> str:
    """The id as the state file keeps it: `save` masks secrets in keys too."""
    return stored_ref(redact_text(episode_id))


episode_key = _key  # public name for readers of the state (consolidation/daily/run_gone.py)
