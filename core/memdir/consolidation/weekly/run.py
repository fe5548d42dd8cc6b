"""WeeklyDistiller: tasks repeated with success in [until - 7 days, until) become procedures.

Pipeline: read the week's activity -> group into tasks -> keep successful tasks not yet distilled (or
whose review item a person rejected, `refused.py`) -> embed their abstracted text (cached) -> calibrate ->
cluster (blocked agglomerative) -> split clusters of sibling task types by template induction over the whole
week (`templates.py`) -> keep clusters with >= min_successes distinct tasks -> distil -> duplicate check
against procedures/ and skills/ -> write a procedure or raise a review item. State is saved after every
procedure, so a killed run loses nothing and a second run over the same week changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from memdir.activity import ActivityEvent, ReadStats
from memdir.consolidation.weekly.aliases_again import extend_aliases
from memdir.consolidation.weekly.distill import distil_builtin
from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.embed_cache import EmbeddingCache
from memdir.consolidation.weekly.evidence import ClusterEvidence, cluster_evidence
from memdir.consolidation.weekly.failed_repeats import count_failed_repeats
from memdir.consolidation.weekly.failures import assign_failures
from memdir.consolidation.weekly.generic_calls import shared_tools
from memdir.consolidation.weekly.kinds_by_steps import StepKinds, is_task_type
from memdir.consolidation.weekly.lessons import LessonWriter
from memdir.consolidation.weekly.lexicon import WeekLexicon
from memdir.consolidation.weekly.place import Placer
from memdir.consolidation.weekly.refused import open_state
from memdir.consolidation.weekly.repeats import count_repeats
from memdir.consolidation.weekly.similarity import Calibrator, centred_threshold, make_calibrator
from memdir.consolidation.weekly.span_dates import week_name
from memdir.consolidation.weekly.tasks import Task, group_tasks
from memdir.consolidation.weekly.week_calls import only_week_calls, week_wide_tools
from memdir.consolidation.weekly.week_clusters import cluster_week
from memdir.consolidation.weekly.week_events import calls_read, redacted_events
from memdir.consolidation.weekly.week_why import no_kind_line, not_a_kind_line
from memdir.consolidation.weekly.weekly_state import WeeklyState, signature, weekly_status
from memdir.consolidation.weekly.window import week_window
from memdir.lifecycle.review import ReviewQueue
from memdir.locks import file_lock
from memdir.runs.gitcommit import commit_run
from memdir.runs.report import RunReport

if TYPE_CHECKING:
    from memdir.activity import ActivityLog
    from memdir.config import Config
    from memdir.consolidation.weekly.llm_brief import ClusterBrief
    from memdir.consolidation.weekly.llm_distill import WeeklyLLM
    from memdir.index.embedder import Embedder
    from memdir.llm.base import LLMEngine
    from memdir.notes.store import NoteStore

ALLOW = ("procedures", "review")
__all__ = ["WeeklyDistiller", "WeeklyState", "signature", "week_window", "weekly_status"]


class WeeklyDistiller:
    """Runs one weekly distillation; writes only procedures/ and review/ (never skills/).

    It takes exactly the parts it uses: the store (procedures, skills), the activity log it
    reads, the config, an embedder (a callable: the model loads only when a week has tasks to
    embed), the review queue and an LLM engine (None: the built-in distiller).
    """

    def __init__(
        self,
        *,
        store: NoteStore,
        activity: ActivityLog,
        config: Config,
        embedder: Callable[[], Embedder],
        review: ReviewQueue,
        llm: LLMEngine | None = None,
        linkage: str = "complete",
        cache_dir: Path | None = None,
    ) -> None:
        self.store = store
        self.root = store.root
        self.activity = activity
        self.config = config
        self.embedder = embedder
        self.review = review
        self.llm = llm
        self.th = config.thresholds
        self.linkage = linkage
        self.cache_dir = cache_dir or store.root / ".memdir" / "cache" / "weekly-embeddings"
        self._cache: EmbeddingCache | None = None
        self._cal: Calibrator | None = None
        self._window_ids: set[str] = set()
        self._week: list[Task] = []
        self._done: set[str] = set()
        self._events: dict[str, list[ActivityEvent]] = {}  # task id -> its events, for the LLM's brief
        self._tasks_by_id: dict[str, Task] = {}
        self._lexicon: WeekLexicon | None = None
        self._kinds_all: list[list[Task]] = []  # every kind of the week with enough successes (`plan`)
        self._assigned: set[str] = set()  # failed tasks a kind of the week took (`failures.py`)
        self._texts: dict[str, str] = {}
        self._kinds: StepKinds | None = None
        self.zone = config.schedule.named_zone()  # the window's midnights (UTC when None)

    # -- embedding -----------------------------------------------------------------
    def _embed(self, texts: list[str], save: bool) -> np.ndarray:
        if self._cache is None:
            self._cache = EmbeddingCache(self.cache_dir, self.embedder())
        if self._cal is None:
            self._cal = make_calibrator(lambda t: self._cache.embed(t, save=save))  # type: ignore[union-attr]
        return self._cal.transform(self._cache.embed(texts, save=save))

    # -- the run -------------------------------------------------------------------
    def run(self, until: date | None = None, dry_run: bool = False) -> RunReport:
        """Distil the week before `until`; with dry_run, report (and diff) what would change."""
        report = RunReport(job="weekly", dry_run=dry_run, started_at=self.store.stamp())
        self.store.unread.clear()  # what this run cannot read, not what an earlier one could not
        if dry_run:
            self._run(until, report)
        else:
            with file_lock(self.root / ".memdir" / "locks" / "weekly.lock", timeout=5.0):
                self._run(until, report)
                commit_run(self.root, self.config, report)  # `git.autocommit`: one commit per run
        if self.store.unread:  # notes the run could not read: named once in the report (`lint` says why)
            report.stats["notes_unread"] = sorted(self.store.unread)
        report.settle()  # each path once, with how many times it was updated
        report.finished_at = self.store.stamp()
        return report

    def plan(
        self, until: date | None, report: RunReport, save: bool = True
    ) -> tuple[list[list[Task]], np.ndarray, list[list[int]]]:
        """The week's selected clusters of fresh successful tasks (writes nothing but the embedding cache).

        All successful tasks of the week are clustered, those distilled by an earlier run too, so
        a rerun sees the very clusters the first run saw; a cluster is selected when it holds
        min_successes fresh (not yet distilled) tasks, and only those are returned.
        Returns (clusters of tasks, per-task calibrated vectors, clusters as indexes into those vectors).
        """
        since, end = week_window(until, zone=self.zone)
        stats = ReadStats()
        events = redacted_events(self.activity.read(since, end, stats))
        tasks = group_tasks(events)
        if self.llm is not None:  # the model also sees thoughts and results (llm_brief.py)
            self._events = {}
            for ev in events:
                if ev.task_id:
                    self._events.setdefault(ev.task_id, []).append(ev)
        self._window_ids = {t.task_id for t in tasks}
        self._week = tasks
        self._tasks_by_id = {t.task_id: t for t in tasks}
        state = open_state(self.store, save)  # a rejected item's tasks are placed again (`refused.py`)
        ok = [t for t in tasks if t.succeeded]
        done = set(state.tasks)
        self._done = done  # tasks an earlier run placed: never a repeat to count again
        report.processed = len(tasks)
        report.stats.update(
            window=f"[{since.isoformat()}, {end.isoformat()})",
            events=stats.events,
            malformed_lines=stats.malformed,
            tasks=len(tasks),
            successful_tasks=len(ok),
            already_distilled=sum(1 for t in ok if t.task_id in done),
        )
        if ok and not any(calls_read(t) for t in ok):  # the log's shape hides its calls: the CLI says so
            report.stats["no_call_read"] = len(ok)
        clusters, vecs = self._cluster(ok, tasks, report, save=save)
        new = [[i for i in c if ok[i].task_id not in done] for c in clusters]
        selected = [c for c in new if len(c) >= self.th.min_successes]
        # every kind of the week, those an earlier run placed too: their failed tasks are theirs (`failed_repeats`)
        self._kinds_all = [[ok[i] for i in c] for c in clusters if len(c) >= self.th.min_successes]
        report.stats["clusters_selected"] = len(selected)
        if why := no_kind_line([len(c) for c in new], self.th.min_successes):  # said by the run (trial 30 #9)
            report.stats["no_kind"] = why
        report.skipped = len(tasks) - sum(len(c) for c in selected)
        return [[ok[i] for i in c] for c in selected], vecs, selected

    def _run(self, until: date | None, report: RunReport) -> None:
        self._assigned = set()
        self._place(until, report)
        if any(t.outcome == "failure" for t in self._week):  # a kind's, placed by this run or an earlier one
            kinds = self._failures(self._kinds_all, not report.dry_run) if self._kinds_all else []
            self._assigned |= {t.task_id for f in kinds for t in f}
        count_failed_repeats(  # the others that ran a procedure's first steps and stopped (N2)
            self.store, self._week, self._assigned, report, self.th.initial_confidence
        )
        since, _ = week_window(until, zone=self.zone)
        extend_aliases(self.store, report.updated, self._week, lambda: self._before(since), report)

    def _before(self, since: datetime) -> list[Task]:
        """The tasks of the activity log before `since`, redacted as the week's (`aliases_again.py`)."""
        return group_tasks(redacted_events(self.activity.read(None, since, ReadStats(), warn=False)))

    def _place(self, until: date | None, report: RunReport) -> None:
        groups, vecs, selected = self.plan(until, report, save=not report.dry_run)
        count_repeats(  # N4; a task that ran a note's steps and more: its review item (fix32b)
            self.store, self._week, groups, report, self.th.initial_confidence, self._done, self.review
        )
        if not groups:
            return
        since, end = week_window(until, zone=self.zone)
        save = not report.dry_run
        state = open_state(self.store, save)
        placer = Placer(
            self.store, self.review, self.th, lambda t: self._embed(t, save=save), self._window_ids
        )
        # named by its ISO week: a task's `YYYY-MM-DD` value (`until`, the last day) is never the procedure's
        window = week_name(since.date(), (end - timedelta(days=1)).date())
        failed = self._failures(groups, save)
        self._assigned = {t.task_id for f in failed for t in f}
        drafts = self._drafts(groups, vecs, selected)
        placer.learn_generic(drafts)
        wide = week_wide_tools([t.tools for t in self._week], len(groups))
        llm_run: WeeklyLLM | None = None
        if self.llm is not None:
            from memdir.consolidation.weekly.llm_distill import WeeklyLLM

            llm_run = WeeklyLLM(self.llm, self.config.llm)
        for group, draft, failures, members in zip(groups, drafts, failed, selected, strict=True):
            ids = sorted(t.task_id for t in group)
            sig = signature(ids)
            if sig in state.clusters and state.clusters[sig]["action"] != "rejected":
                continue
            done = placer.by_sources.get(sig)
            if done:  # written by a run that was killed before it saved its state
                if save:
                    state.mark(sig, ids, done, "created")
                placer.placed[sig] = (done, True)
                continue
            draft.distinctive_steps = self._kinds.of_tasks(group) if self._kinds else 0
            if not is_task_type(draft, "no_call_read" not in report.stats) or only_week_calls(draft, wide):
                # different intents that share only steps unrelated to them (a `git pull`): no task type
                report.stats["not_a_task_type"] = report.stats.get("not_a_task_type", 0) + 1
                report.skipped += len(group)
                continue
            for key, n in (
                ("exploration_steps_dropped", draft.dropped),
                ("retries_collapsed", draft.retries),
                ("search_loops_folded", draft.searches),
            ):
                report.stats[key] = report.stats.get(key, 0) + n
            if failures:
                report.stats["failed_tasks_of_kept_types"] = report.stats.get(
                    "failed_tasks_of_kept_types", 0
                ) + len(failures)
            if llm_run is not None:
                brief = self._brief(group, draft, failures, placer, vecs[members], save)
                better = llm_run.distil(brief, draft, report)
                if better is None:
                    continue  # left pending (model unreachable, budget spent, answer rejected): report says why
                draft = better
            last = max(t.end or t.start or end for t in group)
            placer.place(draft, sig, ids, window, state, report, last, group, failures)
        if groups and report.stats.get("not_a_task_type") == len(groups):  # every group: no kind
            report.stats["no_kind"] = not_a_kind_line(len(groups))
        LessonWriter(self.store, report, self.review).write_all(groups, drafts, failed, state, placer.placed)
        if llm_run is not None:
            report.stats.update(llm_run.stats())

    def _drafts(self, groups: list[list[Task]], vecs: np.ndarray, selected: list[list[int]]) -> list[Draft]:
        """The built-in draft of each selected cluster; every request of the week read with it (round 47)."""
        shared, asked = shared_tools([[t.tools for t in g] for g in groups]), [t.intent for t in self._week]
        return [distil_builtin(g, vecs[m], shared, asked) for g, m in zip(groups, selected, strict=True)]

    def evidence(self, until: date | None = None) -> list[ClusterEvidence]:
        """Per kept cluster of the week: its successes, built-in draft, failures and closest notes (writes nothing)."""
        report = RunReport(job="weekly", dry_run=True)
        groups, vecs, selected = self.plan(until, report, save=False)
        if not groups:
            return []
        placer = Placer(
            self.store, self.review, self.th, lambda t: self._embed(t, save=False), self._window_ids
        )
        drafts = self._drafts(groups, vecs, selected)
        placer.learn_generic(drafts)
        wide = week_wide_tools([t.tools for t in self._week], len(groups))
        out = []
        for group, draft, failures in zip(groups, drafts, self._failures(groups, False), strict=True):
            draft.distinctive_steps = self._kinds.of_tasks(group) if self._kinds else 0
            if is_task_type(draft, "no_call_read" not in report.stats) and not only_week_calls(draft, wide):
                sig = signature(sorted(t.task_id for t in group))
                out.append(
                    cluster_evidence(sig, group, draft, failures, placer.closest(draft), placer.titles)
                )
        return out

    def failures_by_type(self, until: date | None = None) -> list[tuple[str, list[Task]]]:
        """(built-in title, failed tasks) per kept cluster of the week: the input of avoidance lessons."""
        return [
            (e.draft_title, [self._tasks_by_id[t.task_id] for t in e.failures]) for e in self.evidence(until)
        ]

    def _failures(self, groups: list[list[Task]], save: bool) -> list[list[Task]]:
        failed = [t for t in self._week if t.outcome == "failure"]
        if self._lexicon is None or not failed:
            return [[] for _ in groups]
        return assign_failures(
            groups,
            failed,
            lambda t: self._embed(t, save=save),
            self._lexicon,
            centred_threshold(self.th.cluster),
            self._texts,
        )

    def _cluster(
        self, ok: list[Task], week: list[Task], report: RunReport, save: bool
    ) -> tuple[list[list[int]], np.ndarray]:
        """Clusters as lists of indexes into ok (deterministic order), and per-task calibrated vectors
        (week_clusters: meaning, wording and tools, then template induction over the whole week)."""
        if not ok:
            return [], np.zeros((0, 1), dtype=np.float32)
        found = cluster_week(ok, week, self.th, self.linkage, lambda t: self._embed(t, save=save))
        self._lexicon, self._texts, self._kinds = found.lexicon, found.texts, found.kinds
        assert self._cache is not None
        report.stats.update(
            unique_tasks=found.unique_tasks,
            embedded_new=self._cache.misses,
            embedding_cache_hits=self._cache.hits,
            **found.stats,
        )
        if found.notes:
            report.stats["cluster_notes"] = found.notes
        return found.clusters, found.vecs

    def _brief(
        self,
        group: list[Task],
        draft: Draft,
        failures: list[Task],
        placer: Placer,
        vecs: np.ndarray,
        save: bool,
    ) -> ClusterBrief:
        """What the model is shown about one cluster: traces, failures of its type, the closest note.

        The failures are the cluster's own (as for avoidance lessons), then other failed tasks whose
        intent reads like the cluster's (a failed attempt that took other steps is worth seeing).
        """
        from memdir.consolidation.weekly.llm_brief import brief_for, similar_failures

        others = [t for t in self._week if t.outcome == "failure" and t not in failures]
        like = similar_failures(
            vecs, others, lambda t: self._embed(t, save=save), centred_threshold(self.th.cluster)
        )
        found = placer.closest(draft, k=1)
        closest = (found[0].path, found[0].similarity) if found else (None, 0.0)
        return brief_for(group, draft, [*failures, *like], self._events, closest, self.store)
