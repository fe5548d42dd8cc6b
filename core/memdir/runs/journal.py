"""The run journal: a plan written before any note changes, then one line per applied step.

`.memdir/journal/<job>.plan.json` holds every operation with its final text and the
episodes it settles; `<job>.done` gets one line per applied operation. Operations are
idempotent (a create whose file already holds the planned text, or an update whose file
already has the new hash, counts as done), so a run killed at any point is finished by
the next one without duplicates. The journal is removed once the episodes are marked.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from memdir.confined import append_bytes
from memdir.notes.atomic import atomic_write_bytes

log = logging.getLogger(__name__)


@dataclass
class Op:
    """One planned write: create a note, update one (CAS on expected_hash), raise a review item, or archive a
    note (`archive`: moved whole; `archive_copy`: `text`, the note as it was, kept beside a change to it)."""

    op: str  # create | update | review | archive | archive_copy
    path: str  # target note (for review: the note the item is about)
    text: str = ""  # full new text (create / update)
    expected_hash: str | None = None  # update: the hash the file had when planned
    episodes: list[str] = field(default_factory=list)  # episode ids this op settles
    review: dict[str, Any] = field(default_factory=dict)  # review: raise_item arguments
    reason: str = ""  # archive, archive_copy: the archive log's reason

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Op:
        """Rebuild from the journal's JSON."""
        fields: dict[str, Any] = {
            k: data[k]
            for k in ("op", "path", "text", "expected_hash", "episodes", "review", "reason")
            if k in data
        }
        return cls(**fields)


@dataclass
class Plan:
    """Everything one run will do, fixed before the first write."""

    run_id: str
    started_at: str
    ops: list[Op]
    episodes: dict[str, str]  # episode id -> hash, marked done once their ops are applied
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> bytes:
        """Deterministic JSON bytes."""
        data = {
            "run_id": self.run_id,
            "started_at": self.started_at,
            "meta": self.meta,
            "episodes": self.episodes,
            "ops": [asdict(o) for o in self.ops],
        }
        return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1).encode("utf-8")

    @classmethod
    def from_json(cls, raw: bytes) -> Plan:
        """Parse a plan written by to_json."""
        data = json.loads(raw.decode("utf-8"))
        return cls(
            data["run_id"],
            data["started_at"],
            [Op.from_dict(o) for o in data["ops"]],
            dict(data["episodes"]),
            dict(data.get("meta") or {}),
        )


class Journal:
    """Plan + progress files for one job under `.memdir/journal/`."""

    def __init__(self, root: Path, job: str) -> None:
        self.root = root
        base = root / ".memdir" / "journal"
        self.plan_path = base / f"{job}.plan.json"
        self.done_path = base / f"{job}.done"

    def pending(self, discard_torn: bool = True) -> Plan | None:
        """The plan of a run that did not finish, or None. A torn plan file means nothing was applied."""
        if not self.plan_path.exists():
            return None
        try:
            return Plan.from_json(self.plan_path.read_bytes())
        except (ValueError, KeyError, TypeError) as exc:
            if discard_torn:
                log.warning(
                    "discarding unreadable journal %s (%s): no step of it was applied", self.plan_path, exc
                )
                self.clear()
            return None

    def begin(self, plan: Plan) -> None:
        """Write the plan atomically (before any note changes) and reset progress."""
        with contextlib.suppress(FileNotFoundError):
            self.done_path.unlink()
        atomic_write_bytes(self.plan_path, plan.to_json(), root=self.root)

    def done(self) -> set[int]:
        """Indexes of ops recorded as applied (a torn last line is ignored)."""
        if not self.done_path.exists():
            return set()
        out = set()
        for line in self.done_path.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.strip().isdigit():
                out.add(int(line))
        return out

    def step(self, index: int) -> None:
        """Record op `index` as applied (append + fsync)."""
        append_bytes(self.done_path, f"{index}\n".encode(), root=self.root)

    def clear(self) -> None:
        """Remove the journal (the run is complete)."""
        for p in (self.plan_path, self.done_path):
            with contextlib.suppress(FileNotFoundError):
                p.unlink()
