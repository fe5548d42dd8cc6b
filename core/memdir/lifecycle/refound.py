"""A procedure found again: the weekly run re-distils a kind of work a procedure already holds.

When the new successful tasks add nothing the note lacks, those that followed the note (ran its steps
with its constants, `consolidation/weekly/follows.py`) are what `feedback --success` would report, and
the kind's failed tasks that followed it are what `feedback --failure` would (trial 16 #1: successes
alone made confidence a count of uses). Each task not yet in the note's `sources` adds one success or
one failure (the design's confidence), `last_used` becomes the last task's day, the task ids join
`sources` and `updated_at` is the write's time, in one compare-and-swap write. A task already in
`sources` is never counted twice, so a rerun of the same week changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from memdir.lifecycle.feedback import DEFAULT_PRIOR, _count, prior_of, smoothed_confidence
from memdir.lifecycle.repeat_lines import with_repeat_lines
from memdir.lifecycle.usage import record_use
from memdir.notes.cas_retry import retry_on_conflict
from memdir.notes.store import NoteStore


def _sources(meta: Any) -> list[str]:
    raw = meta.get("sources")
    if raw is None:
        return []
    return [str(s) for s in raw] if isinstance(raw, list) else [str(raw)]


def record_refound(
    store: NoteStore,
    path: str,
    task_ids: Sequence[str],
    when: datetime,
    initial_confidence: float = DEFAULT_PRIOR,
    failed_ids: Sequence[str] = (),
    repeat_lines: Sequence[tuple[str, datetime]] = (),
    failure_reasons: Mapping[str, str] | None = None,
) -> tuple[int, int]:
    """Count each of `task_ids` not yet in the note's sources as one success, each of `failed_ids` as one
    failure; returns (successes, failures) counted. `repeat_lines`: (task id, when) of weekly repeats, each
    counted one given its Outcome-notes line in the same write (`repeat_lines.py`): never a count without it;
    `failure_reasons`: the failed ones among them, with what each failure said (their line says it)."""
    rel = store.relpath(path)

    def once() -> tuple[int, int]:  # one read and one compare-and-swap write (retried on a race)
        note = store.read(rel)
        meta = note.meta
        have = _sources(meta)
        fresh = [t for t in dict.fromkeys(task_ids) if t not in have]
        lost = [t for t in dict.fromkeys(failed_ids) if t not in have and t not in fresh]
        sources = have + fresh + lost
        dated = [(t, store.day(w)) for t, w in repeat_lines]
        body = with_repeat_lines(note.body, sources, dated, failure_reasons) if dated else None
        if not fresh and not lost and body is None:
            return 0, 0
        s = _count(meta, "success_count") + len(fresh)
        f = _count(meta, "failure_count") + len(lost)
        prior = prior_of(meta, initial_confidence)
        changes: dict[str, Any] = {
            "success_count": s,
            "failure_count": f,
            "confidence": smoothed_confidence(s, f, prior),
            "last_used": max(store.day(when), str(meta.get("last_used") or "")),
            "sources": sources,
            "updated_at": store.stamp(),
        }
        if not fresh and not lost:  # only a line an earlier count lacks: the counts stay
            changes = {}
        store.update_meta(rel, changes, expected_hash=note.hash, body=body)
        return len(fresh), len(lost)

    successes, failures = retry_on_conflict(once)
    if successes or failures:
        record_use(store.root, rel, when, count=successes + failures)
    return successes, failures
