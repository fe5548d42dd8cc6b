"""Apply `feedback` events from the activity log, each exactly once.

An event is identified by its file name, its line's content and which occurrence of that
exact line it is, which stays stable in an append-only log. The ledger
(`.memdir/state/feedback.json`) marks an event `pending` with the target's hash before
the write and `applied` after it, so a run killed in between neither loses nor doubles it.
With `until` (a daily run for one day) an event logged at or after it is left for a later run, and its
file is not marked as read in full.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypedDict, cast

from memdir.activity import ActivityEvent, ActivityLog
from memdir.errors import MemdirError, PathError
from memdir.lifecycle.feedback import DEFAULT_PRIOR, apply_outcomes
from memdir.lifecycle.outcome_notes import logged_note
from memdir.lifecycle.usage import record_uses
from memdir.locks import file_lock
from memdir.notes.archived import gone_message
from memdir.notes.store import NoteStore
from memdir.runs.state import JsonState

log = logging.getLogger(__name__)

PATH_FIELDS = ("procedure", "path", "note_path")


class FeedbackEventRecord(TypedDict, total=False):
    """The ledger's entry for one feedback event."""

    status: str  # pending | applied | invalid
    path: str
    before: str | None  # the target's hash before the write (status pending)
    source: str
    error: str


class FeedbackEventsResult(TypedDict):
    """What one pass over the feedback events did: the notes updated (one entry per event), the problems."""

    applied: list[str]
    invalid: list[str]
    errors: list[str]


class FeedbackLedger(JsonState):
    """event key -> {status, path, ...}; files -> [size, mtime_ns] already scanned in full."""

    def __init__(self, root: Path) -> None:
        super().__init__(root / ".memdir" / "state" / "feedback.json")
        self.data.setdefault("events", {})
        self.data.setdefault("files", {})

    @property
    def events(self) -> dict[str, FeedbackEventRecord]:
        """Per-event status."""
        return cast(dict[str, FeedbackEventRecord], self.data["events"])

    @property
    def files(self) -> dict[str, list[int]]:
        """Activity files whose every feedback event is settled, with their size and mtime."""
        return self.data["files"]  # type: ignore[no-any-return]


@dataclass
class PendingFeedback:
    """One feedback event not yet applied."""

    key: str
    event: ActivityEvent
    path: str | None
    success: bool | None


def _note_of(event: ActivityEvent) -> str | None:
    note = event.get("note")
    return note if isinstance(note, str) else None


def _event_path(event: ActivityEvent) -> str | None:
    for name in PATH_FIELDS:
        value = event.get(name)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def scan_feedback(
    activity: ActivityLog, ledger: FeedbackLedger, until: datetime | None = None
) -> tuple[list[PendingFeedback], dict[str, list[int]]]:
    """Feedback events not yet settled (logged before `until` when given), oldest first, and the signatures
    of the files scanned in full (a file with an event left for later is not one)."""
    found: list[PendingFeedback] = []
    scanned: dict[str, list[int]] = {}
    for file in activity.files():
        st = file.stat()
        sig = [st.st_size, st.st_mtime_ns]
        if ledger.files.get(file.name) == sig:
            continue
        later = False
        seen: dict[bytes, int] = {}
        with open(file, "rb") as fh:
            for lineno, raw in enumerate(fh, 1):
                if b'"feedback"' not in raw:
                    continue
                line = raw.rstrip(b"\r\n")
                occurrence = seen.get(line, 0)
                seen[line] = occurrence + 1
                event = ActivityLog._parse_line(raw, f"{file.name}:{lineno}")
                if event is None or event.type != "feedback":
                    continue
                key = hashlib.sha256(
                    file.name.encode() + b"\n" + line + b"\n" + str(occurrence).encode()
                ).hexdigest()[:32]
                entry = ledger.events.get(key)
                if entry and entry.get("status") != "pending":
                    continue
                if until is not None and event.ts >= until:
                    later = True  # a later day's event: its own day's run applies it
                    continue
                outcome = event.get("outcome")
                success = True if outcome == "success" else False if outcome == "failure" else None
                found.append(PendingFeedback(key, event, _event_path(event), success))
        if not later:
            scanned[file.name] = sig
    found.sort(key=lambda p: p.event.ts)
    return found, scanned


def _group(
    store: NoteStore, pending: list[PendingFeedback], out: dict[str, Any]
) -> dict[str, list[PendingFeedback]]:
    """Valid events by target note (in time order); invalid ones go to out['invalid']."""
    groups: dict[str, list[PendingFeedback]] = {}
    for item in pending:
        where = item.event.source
        if item.path is None or item.success is None:
            out["invalid"].append(
                (item, f"{where}: feedback event needs `procedure` and outcome success|failure")
            )
            continue
        try:
            rel = store.relpath(item.path)
        except PathError as exc:
            out["invalid"].append((item, f"{where}: {exc}"))
            continue
        if not rel.startswith(("procedures/", "knowledge/")):
            out["invalid"].append(
                (item, f"{where}: {rel}: feedback applies to procedures/ and knowledge/ notes")
            )
            continue
        groups.setdefault(rel, []).append(item)
    return groups


def apply_feedback_events(
    store: NoteStore,
    activity: ActivityLog,
    dry_run: bool = False,
    initial_confidence: float = DEFAULT_PRIOR,
    until: datetime | None = None,
) -> FeedbackEventsResult:
    """Apply every unapplied feedback event (logged before `until` when given); returns {applied: [paths, one
    per event], invalid: [...], errors: [...]}."""
    root = store.root
    out: dict[str, Any] = {"applied": [], "invalid": [], "errors": []}
    if dry_run:  # read only: no lock file, no ledger write
        pending, _ = scan_feedback(activity, FeedbackLedger(root), until)
        groups = _group(store, pending, out)
        out["invalid"] = [msg for _, msg in out["invalid"]]
        out["applied"] = [rel for rel, items in groups.items() for _ in items]
        return FeedbackEventsResult(applied=out["applied"], invalid=out["invalid"], errors=out["errors"])
    with file_lock(root / ".memdir" / "locks" / "feedback-events.lock"):
        ledger = FeedbackLedger(root)
        pending, scanned = scan_feedback(activity, ledger, until)
        groups = _group(store, pending, out)
        invalid = out["invalid"]
        out["invalid"] = [msg for _, msg in invalid]
        for item, msg in invalid:
            ledger.events[item.key] = {"status": "invalid", "source": item.event.source, "error": msg}
        todo: dict[str, list[PendingFeedback]] = {}
        for rel, items in groups.items():
            before = store.current_hash(rel)
            crashed = [it for it in items if (ledger.events.get(it.key) or {}).get("status") == "pending"]
            if crashed and any(ledger.events[it.key].get("before") != before for it in crashed):
                for it in crashed:  # the note was written before a crash: these are done
                    ledger.events[it.key] = {"status": "applied", "path": rel, "source": it.event.source}
                    out["applied"].append(rel)
                items = [it for it in items if it not in crashed]
            if not items:
                continue
            if before is None:
                for it in items:
                    msg = f"{it.event.source}: {rel}: {gone_message(store.root, rel)}"
                    out["invalid"].append(msg)
                    ledger.events[it.key] = {"status": "invalid", "source": it.event.source, "error": msg}
                continue
            todo[rel] = items
            for it in items:
                ledger.events[it.key] = {
                    "status": "pending",
                    "path": rel,
                    "before": before,
                    "source": it.event.source,
                }
        ledger.save()  # every write below is now recognisable after a crash
        failed = False
        uses: dict[str, tuple[int, datetime]] = {}
        for rel, items in todo.items():
            outcomes = [
                (bool(it.success), logged_note(_note_of(it.event), it.event.source), it.event.ts.astimezone())
                for it in items
            ]
            try:
                apply_outcomes(
                    store,
                    rel,
                    outcomes,
                    record_usage=False,
                    initial_confidence=initial_confidence,
                    logged=True,
                )
            except MemdirError as exc:  # a conflict or an unreadable note: retry next run
                failed = True
                out["errors"].append(f"{rel}: {exc}")
                for it in items:
                    ledger.events.pop(it.key, None)
                continue
            uses[rel] = (len(items), max(o[2] for o in outcomes))
            for it in items:
                ledger.events[it.key] = {"status": "applied", "path": rel, "source": it.event.source}
                out["applied"].append(rel)
        if not failed:
            ledger.files.update(scanned)
        ledger.save()
    record_uses(root, uses)
    if out["applied"]:
        log.info("applied %d feedback event(s)", len(out["applied"]))
    return FeedbackEventsResult(applied=out["applied"], invalid=out["invalid"], errors=out["errors"])
