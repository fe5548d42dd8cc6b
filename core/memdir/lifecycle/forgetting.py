"""Forgetting: move stale or failing auto-distilled notes to `archive/` (never delete them).

Rules (config `forget`):
- procedures with `origin: daily|weekly` whose last reported use (`last_used`, or the
  usage signal, or a successful task citing it in the activity log, `cited.py`, or
  `created_at` when never used) is more than `unused_days` ago;
- such procedures with `confidence < min_confidence` after at least `min_failures` failures;
- knowledge with `origin: daily|weekly` neither retrieved by a search nor edited
  (`updated_at`, file mtime) for `knowledge_days`.
Notes with `protected: true`, `origin: human`, or no origin are never moved. `restore_note`
brings a note back byte for byte, and counts as a touch: a restored note is not forgotten
again until the rules hold anew from the restore. The failing rule needs a failure reported
after the restore: the restore records the note's `failure_count` in the archive log, and only
a higher count (a new failure) lets the rule apply again; the unused rules count their full
period from the restore.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any, TypedDict

from memdir.activity import parse_ts
from memdir.errors import MemdirError
from memdir.lifecycle.cited import cited_successes
from memdir.lifecycle.corrections import has_corrections, lesson_path, write_lesson
from memdir.lifecycle.usage import all_usage
from memdir.notes.model import Note
from memdir.paths import ARCHIVE_DIR

if TYPE_CHECKING:
    from memdir.activity import ActivityLog
    from memdir.config import ForgetConfig
    from memdir.lifecycle.usage import UsageEntry
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

AUTO_ORIGINS = ("daily", "weekly")


@dataclass
class ForgetDecision:
    """A note chosen to be forgotten, and why."""

    path: str
    reason: str
    hash: str
    note: Note | None = None  # a procedure archived for failing: its outcome notes become a lesson


def _when(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=timezone.utc)
    return parse_ts(str(value)) if value else None


def _latest(*values: Any) -> datetime | None:
    stamps = [d for d in (_when(v) for v in values) if d is not None]
    return max(stamps) if stamps else None


def is_protected(note: Note) -> bool:
    """True for notes forgetting must never move: protected, human-written, or of unknown origin."""
    protected = note.meta.get("protected")
    if protected is True or str(protected).lower() in ("true", "yes", "1"):
        return True
    return str(note.meta.get("origin") or "").lower() not in AUTO_ORIGINS


def _number(value: Any, default: float) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


@dataclass(frozen=True)
class Restore:
    """The last restore of a note: when, and its `failure_count` then (None: a log from before it was kept)."""

    at: datetime
    failures: int | None = None


def _failed_since(restored: Restore, failures: int, last: datetime | None) -> bool:
    """Whether a failure was reported after the restore: the count grew (or, in an older log, any later use)."""
    if restored.failures is not None:
        return failures > restored.failures
    return last is not None and last > restored.at


def judge_procedure(
    note: Note,
    usage: UsageEntry,
    cfg: ForgetConfig,
    now: datetime,
    restored: Restore | None = None,
    cited: datetime | None = None,
) -> str | None:
    """Why this procedure should be archived now, or None to keep it (`cited`: a logged successful use)."""
    failures = int(_number(note.meta.get("failure_count"), 0))
    confidence = _number(note.meta.get("confidence"), 1.0)
    last = _latest(note.meta.get("last_used"), usage.get("last_used"))
    new_evidence = restored is None or _failed_since(restored, failures, last)
    if failures >= cfg.min_failures and confidence < cfg.min_confidence and new_evidence:
        return f"confidence {confidence:g} < {cfg.min_confidence:g} after {failures} failures"
    last = _latest(last, cited)  # a logged successful use is a use, not an outcome report
    since = _latest(last or note.meta.get("created_at"), restored.at if restored else None)
    if since is None:
        return None
    days = (now - since).days
    if days > cfg.unused_days:
        what = "last used" if last else "never used since creation"
        return f"{what} {days} days ago (> {cfg.unused_days})"
    return None


def judge_knowledge(
    note: Note,
    usage: UsageEntry,
    mtime: datetime,
    cfg: ForgetConfig,
    now: datetime,
    restored: Restore | None = None,
) -> str | None:
    """Why this knowledge note should be archived now, or None to keep it."""
    touched = _latest(
        note.meta.get("created_at"),
        note.meta.get("updated_at"),
        mtime,
        usage.get("last_retrieved"),
        usage.get("last_used"),
        restored.at if restored else None,
    )
    if touched is None:
        return None
    days = (now - touched).days
    if days > cfg.knowledge_days:
        return f"not retrieved or edited for {days} days (> {cfg.knowledge_days})"
    return None


def last_restores(store: NoteStore) -> dict[str, Restore]:
    """Each note's last restore from the archive (from archive/archive-log.jsonl)."""
    out: dict[str, Restore] = {}
    for entry in store.archive_log():
        ts, path, count = parse_ts(entry.get("ts")), entry.get("path"), entry.get("failure_count")
        if entry.get("action") != "restore" or not ts or not isinstance(path, str):
            continue
        if path not in out or ts >= out[path].at:
            failures = count if isinstance(count, int) and not isinstance(count, bool) else None
            out[path] = Restore(ts, failures)
    return out


def restore_note(store: NoteStore, archived: str) -> str:
    """Bring an archived note back byte for byte (`NoteStore.restore`); returns its path.

    The archive log's restore entry records the note's `failure_count`, so the failing rule waits
    for a failure reported after the restore instead of archiving the note again the next night.
    """
    rel = store.relpath(archived)
    rel = rel if rel.startswith(f"{ARCHIVE_DIR}/") else f"{ARCHIVE_DIR}/{rel}"
    extra: dict[str, object] = {}
    try:
        count = store.read(rel).meta.get("failure_count")
    except MemdirError:  # not a readable note (a review item, a person's odd file): restored all the same
        count = None
    if isinstance(count, int) and not isinstance(count, bool):
        extra["failure_count"] = count
    return store.restore(rel, extra=extra)


def find_forgettable(
    store: NoteStore, cfg: ForgetConfig, now: datetime | None = None, activity: ActivityLog | None = None
) -> list[ForgetDecision]:
    """The notes the forgetting rules would archive now (nothing is moved).

    With `activity`, a procedure the unused rule would archive is kept when a successful task in
    the log within `unused_days` cites it (`cited.py`; read only when some procedure is unused).
    """
    now = now or datetime.now().astimezone()
    usage = all_usage(store.root)
    restored = last_restores(store)
    out = []
    procedures: dict[str, Note] = {}
    for note in store.iter_notes(("procedures", "knowledge")):
        if is_protected(note):
            continue
        info = usage.get(note.path, {})
        if note.path.startswith("procedures/"):
            procedures[note.path] = note
            reason = judge_procedure(note, info, cfg, now, restored.get(note.path))
        else:
            try:
                mtime = datetime.fromtimestamp(os.stat(store.abspath(note.path)).st_mtime, timezone.utc)
            except OSError:
                continue
            reason = judge_knowledge(note, info, mtime, cfg, now, restored.get(note.path))
        if reason:
            failing = " used " not in f" {reason}" and note.path.startswith("procedures/")
            out.append(ForgetDecision(note.path, reason, note.hash, note if failing else None))
    unused = [d.path for d in out if d.path.startswith("procedures/") and " used " in f" {d.reason}"]
    if activity is None or not unused:
        return out
    since = (now - timedelta(days=cfg.unused_days + 1)).date()
    cited = cited_successes(activity, unused, since)
    if not cited:
        return out
    kept = []
    for d in out:
        if d.path in cited:
            note = procedures[d.path]
            why = judge_procedure(note, usage.get(d.path, {}), cfg, now, restored.get(d.path), cited[d.path])
            if why is None:
                log.info("kept %s: a logged task used it on %s", d.path, cited[d.path].date())
                continue
        kept.append(d)
    return kept


class Forgotten(TypedDict, total=False):
    """One note the forgetting rules archived (or would archive: no `archived` on a dry run)."""

    path: str
    archived: str
    reason: str
    lesson: str  # the lesson that carries a failing procedure's corrections (`corrections.py`)


class ForgetResult(TypedDict):
    """What one forgetting pass did."""

    archived: list[Forgotten]
    errors: list[str]
    enabled: bool


def forget(
    store: NoteStore,
    cfg: ForgetConfig,
    dry_run: bool = False,
    now: datetime | None = None,
    activity: ActivityLog | None = None,
) -> ForgetResult:
    """Archive what the rules select (unless disabled or dry run); returns {archived, errors, enabled}."""
    out: ForgetResult = {"archived": [], "errors": [], "enabled": cfg.enabled}
    if not cfg.enabled:
        return out
    for d in find_forgettable(store, cfg, now, activity):
        if dry_run:
            preview: Forgotten = {"path": d.path, "reason": d.reason}
            if d.note is not None and has_corrections(d.note):
                preview["lesson"] = lesson_path(store, d.note)
            out["archived"].append(preview)
            continue
        try:
            dest = store.archive(d.path, reason=f"forgotten: {d.reason}", expected_hash=d.hash)
        except MemdirError as exc:  # changed since read, or the filesystem refused: keep it this time
            out["errors"].append(f"{d.path}: {exc}")
            continue
        log.info("forgot %s -> %s (%s)", d.path, dest, d.reason)
        entry: Forgotten = {"path": d.path, "archived": dest, "reason": d.reason}
        if d.note is not None:
            try:
                lesson = write_lesson(store, d.note, dest, d.reason, now or datetime.now().astimezone())
            except MemdirError as exc:  # the archived note still holds every report: nothing is lost
                out["errors"].append(f"{d.path}: lesson of its corrections not written: {exc}")
            else:
                if lesson:
                    entry["lesson"] = lesson
        out["archived"].append(entry)
    return out
