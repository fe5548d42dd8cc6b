"""Applying a daily plan: each op written through the NoteStore and stepped in the journal, or, in a dry run,
shown as a diff; the note-size check that keeps a planned note readable.

The run (`run.py`, step 6) calls `within_note_size` on the plan, then `apply_plan` (or `preview_plan`); a run
resumed after a kill applies the journal's plan again, and an op already on disk counts as done
(`_as_stored`). An op a write refused leaves its episodes pending. Moved out of run.py unchanged.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from memdir.consolidation.daily.route_sections import SectionState
from memdir.consolidation.daily.run_text import diff_of, unsaid_item
from memdir.errors import MemdirError
from memdir.lifecycle.review import item_id_for
from memdir.notes.model import hash_bytes, hash_text
from memdir.notes.newlines import keep_line_endings
from memdir.notes.note_checks import MAX_NOTE_BYTES
from memdir.runs.journal import Journal, Op, Plan
from memdir.runs.report import WRITE_REFUSED, RunReport, retry_reason
from memdir.runs.state import EpisodeState

if TYPE_CHECKING:
    from memdir.lifecycle.review import ReviewQueue
    from memdir.notes.store import NoteStore

log = logging.getLogger("memdir.consolidation.daily.run")  # the run's logger: its lines keep their name

ALLOW = ("knowledge", "procedures", "review")
ARCHIVE_OPS = ("archive", "archive_copy")


def apply_plan(
    store: NoteStore, review: ReviewQueue, plan: Plan, journal: Journal, report: RunReport
) -> None:
    """Apply the plan's ops not yet done (the journal steps each one), then mark its episodes and sections."""
    done = journal.done()
    failed: dict[str, str] = {}  # episode id -> why it stays pending
    for i, op in enumerate(plan.ops):
        if i in done:
            record_op(op, report, None if op.op in ("review", *ARCHIVE_OPS) else op.path)
            continue
        try:
            path = apply_op(store, review, op)
        except MemdirError as exc:
            log.warning("daily: %s %s failed: %s", op.op, op.path, exc)
            report.errors.append(f"{op.op} {op.path}: {exc}")
            failed.update(dict.fromkeys(op.episodes, retry_reason(exc) or WRITE_REFUSED))
            continue
        journal.step(i)
        record_op(op, report, path)
    state = EpisodeState(store.root)
    for eid, h in sorted(plan.episodes.items()):
        if eid in failed:
            report.leave_pending(1, failed[eid])
        else:
            state.mark(eid, h, lessons=True)  # the lesson step (after the index sync) closes it
    records = plan.meta.get("sections") or {}
    SectionState(store.root).put_all(
        {k: v for k, v in records.items() if isinstance(v, dict) and v.get("episode") not in failed},
        {
            o.path: hash_text(o.text)
            for o in plan.ops
            if o.op in ("create", "update") and not failed.keys() & set(o.episodes)
        },
    )
    state.save()
    journal.clear()


def apply_op(store: NoteStore, review: ReviewQueue, op: Op) -> str | None:
    """Write one op (a review item raised); the path written, or None."""
    if op.op == "review":
        return review.raise_item(**unsaid_item(op.review, lambda p: store.read(p).body))
    if op.op == "archive_copy":  # the note as it was, before this run takes a retired section out of it
        return store.archive_copy(op.path, op.text, op.reason)
    if op.op == "archive":  # a note that only told a retired section (plan_retire)
        return store.archive(op.path, op.reason, op.expected_hash) if store.exists(op.path) else None
    current = store.current_hash(op.path)
    if current is not None and current in (hash_text(op.text), _as_stored(store, op)):
        return op.path  # already applied (a resumed run)
    expected = None if op.op == "create" else op.expected_hash
    store.write(op.path, op.text, expected, allow=ALLOW)
    return op.path


def record_op(op: Op, report: RunReport, path: str | None) -> None:
    """Name the path an op wrote in the report (created, updated or review)."""
    if path is None:
        return
    if op.op in ARCHIVE_OPS:
        report.archived.append(path)
        report.stats.setdefault("retired", []).append(
            {"path": op.path, "archived": path, "reason": op.reason}
        )
    elif op.op == "create" and path not in report.created:
        report.created.append(path)
    elif op.op == "update" and op.expected_hash != hash_text(op.text) and path not in report.updated:
        report.updated.append(path)
    elif op.op == "review" and path not in report.review:
        report.review.append(path)


def preview_plan(store: NoteStore, plan: Plan, report: RunReport) -> None:
    """A dry run: the diff of every op, nothing written."""
    chunks = []
    for op in plan.ops:
        if op.op in ARCHIVE_OPS:
            record_op(op, report, f"archive/{op.path}")
            continue
        if op.op == "review":
            rel = f"review/{item_id_for(op.review['key'])}.md"
            report.review.append(rel)
            sim = op.review["similarity"]
            new = f"{op.review['kind']} -> {op.review['target']}" + (
                f" (similarity {sim})\n\n" if sim else "\n\n"
            )
            chunks.append(diff_of("", new + str(op.review["body"]).strip() + "\n", rel))
            continue
        old = "" if op.op == "create" else store.read(op.path).text
        if old == op.text:
            continue
        (report.created if op.op == "create" else report.updated).append(op.path)
        chunks.append(diff_of(old, op.text, op.path))
    report.diff = "".join(chunks)


def _as_stored(store: NoteStore, op: Op) -> str:
    """The hash op's text has once written over the file there now (a CRLF note keeps CRLF)."""
    try:
        return hash_bytes(keep_line_endings(store.read_bytes(op.path), op.text.encode("utf-8")))
    except MemdirError:
        return ""


def within_note_size(ops: list[Op], report: RunReport) -> list[Op]:
    """The ops whose note stays readable; one report line per note that would grow past MAX_NOTE_BYTES.

    Such a note is not written (memdir would then refuse to read it); its episodes stay in their
    day files, counted as skipped, and are not tried again until they change.
    """
    kept = []
    for op in ops:
        size = len(op.text.encode("utf-8", "surrogatepass"))
        if op.op in ("create", "update") and size > MAX_NOTE_BYTES:
            report.errors.append(
                f"{op.op} {op.path}: skipped, the note would be {size:,} bytes (> {MAX_NOTE_BYTES:,}, the most "
                f"memdir reads); its {len(op.episodes)} episode(s) stay in episodes/ as they are"
            )
            report.skipped += len(op.episodes)
            continue
        kept.append(op)
    return kept
