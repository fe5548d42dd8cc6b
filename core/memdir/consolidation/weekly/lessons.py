"""Avoidance lessons: what failed in a kind of task, what worked instead, how to check.

Input: the kept clusters of a weekly run (successful tasks of one type), the failed tasks the
run gave to each (`failures.py`) and the procedure (or note) each cluster was placed on.
A lesson is adopted for a type when

- one task recovered: a step failed, a *different* step was then taken and the task succeeded
  (re-verified by its own success; a step repeated as it was is a retry, not an alternative), or
  a failed task was followed by a later successful task of the type that did not take the failing
  step (the alternative is that task's step in its place); or
- two or more independent tasks failed (a task counts once however often it retried).

Support is counted over distinct task ids. Everything is built from observed wording (the
steps and errors as the log wrote them, redacted). What worked instead is what differs that can fix
the error, never a wait or a look (`lesson_causes.py`); "When it applies" and "How to check" name
steps for the kind, a value one task wrote as `<…>` (`lesson_words.py`). A lesson is
`knowledge/lessons/<its error's message>.md`;
the procedure of the type lists it in `lessons:` and, when this run wrote that procedure, in a
"Known failures" section. A lesson is about one error (trial 16 #4: NCCL timeouts were filed in the
CUDA-OOM lesson, under its name, description and check): a kind's failures are split by their error
(`_error_key`: the error's gist, else the call that failed), each its own lesson. A second failure of a
type with the same error adds evidence to its lesson (same file, found by `applies_to` and the error),
never a second file; a rerun changes nothing (the same ids give the same bytes). A single failure with no alternative is not a lesson: it stays a trace, one line under
"Known failures" of the procedure and an entry in the run report. That section is written once per procedure,
after all of the kind's errors are weighed, and lists every failed task (trial 22 re-check N3). A procedure found
again (`refound`) gets a later week's failures added to it (`known_more.py`); a failure with the error of an
earlier "not a lesson yet" line there makes the lesson with it (`_with_earlier`, trial 24 re-check #8).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.known_item import known_on_item
from memdir.consolidation.weekly.known_more import Entry, extend, not_yet, traces
from memdir.consolidation.weekly.lesson_evidence import Failure, TypeLessons, collect
from memdir.consolidation.weekly.lesson_render import (
    alternative_line,
    code,
    context_of,
    failure_line,
    render_lesson,
)
from memdir.consolidation.weekly.lesson_twins import daily_twins, see_also, told_lines
from memdir.consolidation.weekly.lesson_words import lesson_name
from memdir.consolidation.weekly.refused import refused_for
from memdir.consolidation.weekly.weekly_state import signature
from memdir.errors import NoteError
from memdir.lifecycle.lesson_links import link, retarget
from memdir.lifecycle.rules import contexts_of, raise_rule_candidates
from memdir.notes.frontmatter import render_note
from memdir.paths import slugify
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.consolidation.weekly.draft import Draft
    from memdir.consolidation.weekly.tasks import Task
    from memdir.consolidation.weekly.weekly_state import WeeklyState
    from memdir.lifecycle.review import ReviewQueue
    from memdir.notes.store import NoteStore
    from memdir.runs.report import RunReport

log = logging.getLogger(__name__)

LESSON_DIR = "knowledge/lessons"
ALLOW = ("knowledge", "procedures")
KNOWN_HEADING = "## Known failures"
_NO_STEP_LINE = (
    r"^- `[^`]+`[^:\n]*: the task failed: (.+) \(the reason names none of its steps\)$"  # failure_line
)


def _norm(error: str) -> str:
    return " ".join(re.sub(r"\d+", "#", error.lower()).split())[:200]


def _same_failure(step: str, error: str) -> str:
    """Another kind's failure is this lesson's when it is the same failure: the same step (values
    aside) with the same error, not any test failure (`exit code 1` at `pytest` and at `make`)."""
    return _norm(code(step)) + " | " + _norm(error)


def _error_key(step: str, error: str) -> str:
    """Which error a failure is, for one lesson per error: its message's gist (numbers aside); a failure with
    no message, or one that only says it failed, by the call that failed (its first word: values aside)."""
    name = lesson_name(error, "", "")
    if name in ("", "failed"):
        name = "step " + next(iter(code(step).split()), "")
    return _norm(name)


def _by_error(found: TypeLessons) -> list[TypeLessons]:
    """The kind's failures, one group per error, in order of first failure (adopted per group)."""
    groups: dict[str, list[Failure]] = {}
    for f in found.failures:
        groups.setdefault(_error_key(f.step, f.error), []).append(f)
    if len(groups) < 2:
        return [found]
    return [replace(found, failures=fs) for fs in groups.values()]


def _with_earlier(part: TypeLessons, earlier: list[Failure]) -> tuple[TypeLessons, list[str]]:
    """A kind found again: its procedure's earlier failures of this error that made no lesson join this week's
    (a second failure with the same error makes one, whichever week it ran: trial 24 re-check #8)."""
    if part.adopted or not part.failures:
        return part, []
    key = _error_key(part.failures[0].step, part.failures[0].error)
    same = [f for f in earlier if _error_key(f.step, f.error) == key and f.task_id not in part.task_ids]
    if not same:
        return part, []
    return replace(part, failures=[*same, *part.failures]), [f.task_id for f in same]


class LessonWriter:
    """Writes, or adds evidence to, the lessons of a weekly run's kept clusters."""

    def __init__(self, store: NoteStore, report: RunReport, review: ReviewQueue | None = None) -> None:
        self.store = store
        self.report = report
        self.review = review
        self.by_target: dict[str, dict[str, str]] = {}  # procedure -> error key ('' any) -> lesson
        self.by_error: dict[str, str] = {}  # an error another type failed with: the same lesson
        self.touched: list[str] = []
        # the procedure this run wrote -> its "Known failures" entries: (lesson or None, lines, tasks)
        self.known: dict[str, list[tuple[str | None, list[str], int]]] = {}
        for note in store.iter_notes((LESSON_DIR,)):
            target = note.meta.get("applies_to")
            failed = re.findall(r"^- `[^`]+`.*?: `(.+?)` failed: (.+)$", note.body, re.M) + [
                ("", err) for err in re.findall(_NO_STEP_LINE, note.body, re.M)
            ]
            if isinstance(target, str) and target:
                keys = {_error_key(step, err) for step, err in failed} or {""}
                for key in keys:
                    self.by_target.setdefault(target, {}).setdefault(key, note.path)
            for step, err in failed:
                self.by_error.setdefault(_same_failure(step, err), note.path)

    def write_all(
        self,
        groups: list[list[Task]],
        drafts: list[Draft],
        failed: list[list[Task]],
        state: WeeklyState,
        placed: Mapping[str, tuple[str | None, bool]],
    ) -> None:
        """One lesson (or trace) per kept cluster with failures or recoveries (placed clusters only).

        `placed`: signature -> (the note its lessons go with, written by this run) for the clusters this
        run placed; a dry run records nothing in `state`, so it reads them here and lists the very lessons
        the real run writes (trial 17: it listed one for a cluster that was no task type)."""
        for group, draft, fails in zip(groups, drafts, failed, strict=True):
            sig = signature(sorted(t.task_id for t in group))
            record = state.clusters.get(sig)
            if record is None and sig not in placed:
                continue  # not a task type, or not placed
            target, created = placed[sig] if record is None else (record.get("path"), False)
            item = target if record and record.get("action") == "review" else None
            if item:
                target = self._review_target(item)
            refused = refused_for(state, sorted(t.task_id for t in group))
            found = collect(draft.title, target, group, fails, self.store.day)
            if found.undetailed:
                stats = self.report.stats
                stats["failures_without_detail"] = stats.get("failures_without_detail", 0) + found.undetailed
            created = created or bool(record and record.get("action") == "created")
            if not found.failures:
                if found.undetailed and target and created and not self.report.dry_run:
                    text = (
                        f"{found.undetailed} failed task(s) of this kind; the log records no step or error."
                    )
                    self._known_failures(target, [], text)
                continue
            made: list[str] = []
            refound = bool(
                target and record and record.get("action") == "refound" and not self.report.dry_run
            )
            earlier = traces(self.store.read(target).body) if refound and target else []
            entries: list[Entry] = []
            for part in _by_error(found):  # one lesson per error
                part, before = _with_earlier(part, earlier) if refound else (part, [])
                new = len(self.report.created)
                rel = self.write(part, created_procedure=created, refused=refused)
                if rel:
                    self.touched.append(rel)
                    made += [rel] if rel in self.report.created[new:] else []
                lines = [failure_line(f) for f in part.failures if f.task_id not in before]
                entries.append((rel, lines, before))
            if (
                refound
                and target
                and extend(self.store, target, entries)
                and target not in self.report.updated
            ):
                self.report.updated.append(target)  # found again: its Known failures list this week's too
            if item and made and not self.report.dry_run:
                self._on_item(item, made)
            if (
                item and not self.report.dry_run
            ):  # a person's procedure: its failures on the item (trial 29 N2)
                known_on_item(self.store, item, [(rel, lines) for rel, lines, _ in entries])
            if target and target in self.known:
                self._write_known(target, self.known.pop(target))
        if self.review is not None and self.touched and not self.report.dry_run:
            self.report.review.extend(raise_rule_candidates(self.store, self.review, self.touched))

    def _review_target(self, item: str | None) -> str | None:
        if not item:
            return None
        try:
            value = self.store.read(item).meta.get("target")
        except NoteError:
            return None
        return value if isinstance(value, str) else None

    def _on_item(self, item: str, made: list[str]) -> None:
        """The review item whose tasks gave these lessons lists them: rejecting it unlinks them (`lesson_links`)."""
        try:
            have = self.store.read(item).str_list("lessons")
        except NoteError:
            return
        if set(made) - set(have):
            self.store.update_meta(item, {"lessons": list(dict.fromkeys([*have, *made]))}, allow=("review",))

    def write(
        self, found: TypeLessons, created_procedure: bool, refused: set[str] | frozenset[str] = frozenset()
    ) -> str | None:
        """Write or update the lesson (adopted) and link it from the procedure; returns its path."""
        dry = self.report.dry_run
        stats = self.report.stats
        if not found.adopted and not self._has_lesson(found):
            stats["failures_not_adopted"] = stats.get("failures_not_adopted", 0) + len(found.task_ids)
            if found.target and created_procedure and not dry:
                lines = [failure_line(f) for f in found.failures]
                self.known.setdefault(found.target, []).append((None, lines, len(found.task_ids)))
            return None
        now = self.store.stamp()
        mine = self.by_target.get(found.target or "", {})
        key = _error_key(found.failures[0].step, found.failures[0].error)
        existing = (
            mine.get(key)
            or mine.get("")
            or next(
                (
                    self.by_error[_same_failure(f.step, f.error)]
                    for f in found.failures
                    if f.error and _same_failure(f.step, f.error) in self.by_error
                ),
                None,
            )
        )
        if existing:
            rel = self._add_evidence(existing, found, now)
            if not dry:
                self._relink(rel, found, refused, created_procedure)
            return rel
        twins = [] if dry else daily_twins(self.store, found)
        meta, body = render_lesson(found, now, told=told_lines(twins))
        stem = found.target.rsplit("/", 1)[-1].removesuffix(".md") if found.target else ""
        first = found.failures[0]
        fallback = stem or slugify(redact_text(found.title), max_length=60) or "lesson"
        name = lesson_name(
            redact_text(first.error), redact_text(first.step), fallback, stem or redact_text(found.title)
        )  # the job it is about, then its failure
        rel = self.store.unique_path(LESSON_DIR, name)
        self.report.created.append(rel)
        stats["lessons_written"] = stats.get("lessons_written", 0) + 1
        if dry:
            return rel
        self.store.create(rel, render_note(meta, body), allow=ALLOW)
        for daily, _ in twins:
            see_also(self.store, daily, rel)
        for f in found.failures:
            if f.error:
                self.by_error.setdefault(_same_failure(f.step, f.error), rel)
        if found.target:
            self.by_target.setdefault(found.target, {})[key] = rel
            self._link(found.target, rel)
            if created_procedure:
                lines = [failure_line(f) for f in found.failures]
                self.known.setdefault(found.target, []).append((rel, lines, len(found.task_ids)))
        return rel

    def _has_lesson(self, found: TypeLessons) -> bool:
        """The kind's procedure has a lesson of this error already: a failure more is its evidence (lifecycle.md)."""
        f = found.failures[0] if found.failures else None
        return bool(
            f and found.target and _error_key(f.step, f.error) in self.by_target.get(found.target, {})
        )

    def _add_evidence(self, rel: str, found: TypeLessons, now: str) -> str:
        note = self.store.read(rel)
        known = set(note.str_list("sources"))
        new = [f for f in found.failures if f.task_id not in known]
        if not new:
            return rel  # a rerun, or evidence already there: nothing changes
        self.report.updated.append(rel)
        self.report.stats["lessons_given_evidence"] = self.report.stats.get("lessons_given_evidence", 0) + 1
        if self.report.dry_run:
            return rel
        ids = list(dict.fromkeys([*note.str_list("sources"), *(f.task_id for f in new)]))
        body = note.body.rstrip("\n")
        lines = "\n".join(failure_line(f) for f in new)
        if "## What worked instead" in body:
            head, _, tail = body.partition("\n## What worked instead")
            body = f"{head.rstrip()}\n{lines}\n\n## What worked instead{tail}"
        else:
            body += "\n" + lines
        more = "\n".join(
            dict.fromkeys(
                alternative_line(f)
                for f in new
                if (f.alternative or f.asked) and alternative_line(f) not in body
            )
        )
        if more:
            body = into_worked(body, more)
        ctx = list(dict.fromkeys([*contexts_of(dict(note.meta)), context_of(found)]))
        changes = {"sources": ids, "support": len(ids), "contexts": ctx, "updated_at": now}
        self.store.update_meta(rel, changes, body=redact_text(body + "\n"), allow=ALLOW)
        return rel

    def _relink(
        self, rel: str, found: TypeLessons, refused: set[str] | frozenset[str], created: bool
    ) -> None:
        """The kind's procedure links the lesson its failures gave, evidence new or not (trial 24 re-check N3):
        a lesson that applied to no note, or to a note a person refused for these tasks, now applies to the
        kind's procedure; one that applies to another note is linked from both."""
        if not found.target:
            return
        old = str(self.store.read(rel).meta.get("applies_to") or "")
        if old != found.target and (not old or old in refused):
            retarget(self.store, rel, old, found.target)
        elif old != found.target:
            link(self.store, found.target, rel)
        self.by_target.setdefault(found.target, {}).setdefault(
            _error_key(found.failures[0].step, found.failures[0].error), rel
        )
        if created and not any(lesson == rel for lesson, _, _ in self.known.get(found.target, [])):
            lines = [failure_line(f) for f in found.failures]
            self.known.setdefault(found.target, []).append((rel, lines, len(found.task_ids)))

    def _link(self, target: str, lesson: str) -> None:
        """List the lesson in the procedure's `lessons:` (a person's note stays byte for byte theirs; the
        lesson's `applies_to` names it)."""
        link(self.store, target, lesson)

    def _write_known(self, target: str, entries: list[tuple[str | None, list[str], int]]) -> None:
        """The "Known failures" section of a procedure this run wrote: every failed task of its kind (trial 22
        re-check N3: only the first error's were listed, under "One failed task" when two or three had failed).
        Each lesson made is named with its failures; the failures that made none are counted as they are."""
        try:
            note = self.store.read(target)
        except NoteError:
            return
        if KNOWN_HEADING in note.body or note.get("origin") not in ("weekly", "daily"):
            return
        parts: list[str] = []
        for lesson, lines, _ in entries:
            if lesson:
                parts.append(f"See `{lesson}`.\n" + "\n".join(lines))
        traces = [(lines, n) for lesson, lines, n in entries if not lesson]
        if traces:
            n = sum(k for _, k in traces)
            parts.append(
                not_yet(n, more=bool(parts)) + "\n" + "\n".join(line for lines, _ in traces for line in lines)
            )
        body = f"{note.body.rstrip()}\n\n{KNOWN_HEADING}\n\n" + "\n\n".join(parts) + "\n"
        self.store.update_meta(target, {}, body=redact_text(body), allow=ALLOW)

    def _known_failures(self, target: str, lines: list[str], text: str) -> None:
        try:
            note = self.store.read(target)
        except NoteError:
            return
        if KNOWN_HEADING in note.body:
            return
        body = f"{note.body.rstrip()}\n\n{KNOWN_HEADING}\n\n{text}\n" + "\n".join(lines) + "\n"
        self.store.update_meta(target, {}, body=redact_text(body), allow=ALLOW)


def into_worked(body: str, lines: str) -> str:
    """`lines` at the end of the lesson's "What worked instead", before the section after it ("How to check", a
    daily lesson's "Notes"; trial 25 second re-check M2: a retry's second call landed under "Notes")."""
    start = body.find("## What worked instead")
    end = body.find("\n## ", start + 1) if start >= 0 else -1
    if end < 0:
        return f"{body.rstrip()}\n{lines}"
    return f"{body[:end].rstrip()}\n{lines}\n{body[end:]}"
