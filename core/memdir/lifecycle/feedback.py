"""Outcome reports: success/failure counts, smoothed confidence, last_used."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memdir.errors import NoteError
from memdir.lifecycle.outcome_notes import feedback_lines
from memdir.lifecycle.usage import record_use
from memdir.notes.body_sections import append_to_section
from memdir.notes.cas_retry import retry_on_conflict
from memdir.notes.store import NoteStore

DEFAULT_PRIOR = 0.4
OUTCOME_HEADING = "## Outcome notes"  # where outcome lines go, wherever the section is in the note
OUTCOME_TYPES = ("lesson", "rule")  # knowledge notes whose use is counted like a procedure's


def smoothed_confidence(successes: int, failures: int, prior: float = DEFAULT_PRIOR) -> float:
    """The design's confidence: (s + 2*c0) / (s + f + 2), rounded to 4 places."""
    return round((successes + 2 * prior) / (successes + failures + 2), 4)


def _count(meta: Any, key: str) -> int:
    value = meta.get(key, 0)
    try:
        count = int(value or 0)
    except (TypeError, ValueError, OverflowError):
        raise NoteError(f"`{key}` is not a number: {value!r}") from None
    if count < 0:  # never reset it silently: `memdir lint` reports it, a person fixes it
        raise NoteError(f"`{key}` is negative ({count}); fix the note by hand (`memdir lint`)")
    return count


def prior_of(meta: Mapping[str, object], default: float = DEFAULT_PRIOR) -> float:
    """The prior c0: `confidence_prior` if the note says so, else the default (0.4)."""
    value: Any = meta.get("confidence_prior")  # float() below says whether it is a number
    if value is None:
        value = default
        conf = meta.get("confidence")
        if meta.get("origin") == "human" and isinstance(conf, int | float) and not isinstance(conf, bool):
            # A person's confidence is the prior: the c0 that gives it with the counts the note already has.
            s, f = _count(meta, "success_count"), _count(meta, "failure_count")
            value = (float(conf) * (s + f + 2) - s) / 2
            # confidence is stored to 4 places: the c0 it gives is only that exact (0.4 -> 0.4001)
            if abs(value - default) <= 5e-5 * (s + f + 2) / 2 + 1e-9:
                value = default
    try:
        prior = float(value)
    except (TypeError, ValueError):
        raise NoteError(f"`confidence_prior` is not a number: {value!r}") from None
    return round(min(1.0, max(0.0, prior)), 4)


@dataclass
class FeedbackResult:
    """The counts and confidence of a note after an outcome report."""

    path: str
    success_count: int
    failure_count: int
    confidence: float
    previous_confidence: float | None
    last_used: str


Outcome = tuple[bool, "str | None", datetime]  # (success, note, when)


def apply_feedback(
    store: NoteStore,
    path: str,
    success: bool,
    note: str | None = None,
    when: datetime | None = None,
    initial_confidence: float = DEFAULT_PRIOR,
) -> FeedbackResult:
    """Apply one outcome report to a note, changing only the keys it must (the prior c0 from the config).

    The note must track outcomes: a procedure, or a knowledge note that has a `type: lesson` or
    `rule` or already counts outcomes (`success_count`/`failure_count`). A plain knowledge note
    (a fact, a decision) is refused with one line: its confidence is not earned by use.
    """
    check_tracks_outcomes(store, path)
    return apply_outcomes(
        store,
        path,
        [(success, note, when or store.now())],
        initial_confidence=initial_confidence,
    )


def check_tracks_outcomes(store: NoteStore, path: str) -> None:
    """NoteError unless the note at path is one whose outcomes are counted (see apply_feedback)."""
    rel = store.relpath(path)
    if not rel.startswith("knowledge/"):
        return
    meta = store.read(rel).meta
    kind = str(meta.get("type") or "")
    if kind in OUTCOME_TYPES or "success_count" in meta or "failure_count" in meta:
        return
    hint = "record its result with `memdir outcome`" if kind == "decision" else "it keeps no outcome counts"
    raise NoteError(f"feedback is for procedures and lessons, not a knowledge note ({hint})", rel)


def check_feedback_target(store: NoteStore, path: str) -> str:
    """The root-relative path of a note `feedback` can apply to, checked as `apply_feedback` checks it.

    PathError for a path leaving the root, NoteNotFound for a missing (misspelt, moved) note,
    NoteError for a note feedback cannot count. `t.feedback()` calls it so an agent learns of a
    wrong path when it reports, not from a statistic of the next daily run (trial 22 #10).
    """
    rel = store.relpath(path)
    if not rel.startswith(("procedures/", "knowledge/")) or not rel.endswith(".md"):
        raise NoteError("feedback applies to procedures/ and knowledge/ notes", rel)
    store.read(rel)
    check_tracks_outcomes(store, rel)
    return rel


def apply_outcomes(
    store: NoteStore,
    path: str,
    outcomes: Sequence[Outcome],
    record_usage: bool = True,
    initial_confidence: float = DEFAULT_PRIOR,
    logged: bool = False,
) -> FeedbackResult:
    """Apply several outcome reports to one note in a single compare-and-swap write (re-read and retried on a race).
    `logged`: they are logged feedback events (lifecycle/outcome_notes: one use, one count)."""
    rel = store.relpath(path)
    if not rel.startswith(("procedures/", "knowledge/")):
        raise NoteError("feedback applies to procedures/ and knowledge/ notes", rel)
    if not outcomes:
        raise NoteError("no outcome to apply", rel)
    result = retry_on_conflict(lambda: _apply_once(store, rel, outcomes, initial_confidence, logged))
    if record_usage:
        record_use(store.root, rel, max(when for _, _, when in outcomes), count=len(outcomes))
    return result


def _apply_once(
    store: NoteStore, rel: str, outcomes: Sequence[Outcome], initial_confidence: float, logged: bool = False
) -> FeedbackResult:
    current = store.read(rel)
    meta = current.meta
    try:
        s, f = _count(meta, "success_count"), _count(meta, "failure_count")
        prior = prior_of(meta, initial_confidence)
    except NoteError as exc:
        if exc.path:
            raise
        raise NoteError(str(exc), rel) from None
    lines, wins, losses = feedback_lines(current.body, outcomes, store.day, logged)  # one use, one count (N3)
    s, f = s + wins, f + losses
    latest = max(when for _, _, when in outcomes)
    conf = smoothed_confidence(s, f, prior)
    last_used = max(store.day(latest), str(meta.get("last_used") or ""))
    changes: dict[str, Any] = {
        "success_count": s,
        "failure_count": f,
        "confidence": conf,
        "last_used": last_used,
    }
    if meta.get("origin") == "human" and "confidence_prior" not in meta and abs(prior - DEFAULT_PRIOR) > 1e-9:
        changes["confidence_prior"] = round(prior, 4)
    body = append_to_section(current.body, OUTCOME_HEADING, lines) if lines else None
    prev = meta.get("confidence")
    store.update_meta(rel, changes, expected_hash=current.hash, body=body)
    return FeedbackResult(
        path=rel,
        success_count=s,
        failure_count=f,
        confidence=conf,
        previous_confidence=float(prev) if isinstance(prev, int | float) else None,
        last_used=last_used,
    )
