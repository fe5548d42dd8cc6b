"""WeeklyDistiller: tasks repeated with success in [until - 7 days, until) become procedures.

Pipeline: read the week's activity -> group into tasks -> keep successful tasks not yet
distilled -> embed their abstracted text (cached) -> calibrate -> cluster (blocked
agglomerative) -> split clusters of sibling task types by template induction over the
whole week (`templates.py`) -> keep clusters with >= min_successes distinct tasks -> distil ->
duplicate check against procedures/ and skills/ -> write a procedure or raise a review
item. State is saved after every procedure, so a killed run loses nothing and a second
run over the same week changes nothing.
"""

from __future__ import annotations

import difflib
import logging
import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from memdir.activity import ReadStats
from memdir.consolidation.weekly.clustering import ClusterStats, cluster_tasks
from memdir.consolidation.weekly.dedupe import DuplicateIndex, note_tools
from memdir.consolidation.weekly.distill import Draft, distil_builtin, parse_llm_reply
from memdir.consolidation.weekly.render import render_body
from memdir.consolidation.weekly.embed_cache import EmbeddingCache
from memdir.consolidation.weekly.features import TaskFeatures
from memdir.consolidation.weekly.lexicon import WeekLexicon
from memdir.consolidation.weekly.similarity import Calibrator, centred_threshold, make_calibrator
from memdir.consolidation.weekly.tasks import Task, group_tasks
from memdir.consolidation.weekly.templates import SplitStats, TemplateSplitter
from memdir.consolidation.weekly.weekly_state import WeeklyState, signature, weekly_status
from memdir.errors import LLMError, MemdirError
from memdir.lifecycle.review import ReviewQueue
from memdir.locks import file_lock
from memdir.notes.frontmatter import render_note
from memdir.paths import slugify
from memdir.runs.redact import redact_text
from memdir.runs.report import RunReport

if TYPE_CHECKING:
    from memdir.activity import ActivityLog
    from memdir.config import Config
    from memdir.index.embedder import Embedder
    from memdir.llm.base import LLMEngine
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

ALLOW = ("procedures", "review")
# Template induction checks clusters near the min_successes margin, where one sibling task type can tip
# the count. A cluster with more than this many times min_successes successful tasks is far from it;
# in such heavy weeks every wording variant of a kind repeats 3+ times and splitting would only
# yield near-duplicate procedures (docs/weekly.md, scale).
SPLIT_MAX_FACTOR = 4
# A cluster whose tasks phrase their intents differently is a task type only when at least this many
# of its consensus steps act on what its intents name (ALFWorld's "put" type, phrased three ways).
MIN_SPECIFIC_STEPS = 2
__all__ = ["WeeklyDistiller", "WeeklyState", "signature", "week_window", "weekly_status"]


def week_window(until: date | None, now: datetime | None = None) -> tuple[datetime, datetime]:
    """[until - 7 days, until) at UTC midnight; without until, the 7 days up to now."""
    if until is None:
        end = now or datetime.now(timezone.utc)
    else:
        end = datetime.combine(until, time(0), tzinfo=timezone.utc)
    return end - timedelta(days=7), end


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
        report = RunReport(job="weekly", dry_run=dry_run, started_at=_now())
        if dry_run:
            self._run(until, report)
        else:
            with file_lock(self.root / ".memdir" / "locks" / "weekly.lock", timeout=5.0):
                self._run(until, report)
        report.finished_at = _now()
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
        since, end = week_window(until)
        stats = ReadStats()
        tasks = group_tasks(self.activity.read(since, end, stats))
        self._window_ids = {t.task_id for t in tasks}
        state = WeeklyState(self.root)
        ok = [t for t in tasks if t.succeeded]
        done = set(state.tasks)
        report.processed = len(tasks)
        report.stats.update(
            window=f"[{since.isoformat()}, {end.isoformat()})",
            events=stats.events,
            malformed_lines=stats.malformed,
            tasks=len(tasks),
            successful_tasks=len(ok),
            already_distilled=sum(1 for t in ok if t.task_id in done),
        )
        clusters, vecs = self._cluster(ok, tasks, report, save=save)
        new = [[i for i in c if ok[i].task_id not in done] for c in clusters]
        selected = [c for c in new if len(c) >= self.th.min_successes]
        report.stats["clusters_selected"] = len(selected)
        report.skipped = len(tasks) - sum(len(c) for c in selected)
        return [[ok[i] for i in c] for c in selected], vecs, selected

    def _run(self, until: date | None, report: RunReport) -> None:
        groups, vecs, selected = self.plan(until, report, save=not report.dry_run)
        if not groups:
            return
        since, end = week_window(until)
        state = WeeklyState(self.root)
        existing = self._existing(save=not report.dry_run)
        window = f"{since.date().isoformat()} to {end.date().isoformat()} (exclusive)"
        llm_calls = 0
        for group, members in zip(groups, selected, strict=True):
            ids = sorted(t.task_id for t in group)
            sig = signature(ids)
            if sig in state.clusters:
                continue
            done = existing[1].get(sig)
            if done:  # written by a run that was killed before it saved its state
                if not report.dry_run:
                    state.mark(sig, ids, done, "created")
                continue
            draft = distil_builtin(group, vecs[members])
            if not draft.intents_agree and draft.specific_steps < MIN_SPECIFIC_STEPS:
                # different intents that share only steps unrelated to them (a `git pull`): no task type
                report.stats["not_a_task_type"] = report.stats.get("not_a_task_type", 0) + 1
                report.skipped += len(group)
                continue
            if self.llm is not None and llm_calls < self.config.llm.max_calls:
                llm_calls += 1
                draft = self._llm_draft(group, draft, report)
            self._place(draft, sig, ids, window, existing, state, report)
        if self.llm is not None:
            report.stats.update(self.llm.usage.to_dict())

    def _cluster(
        self, ok: list[Task], week: list[Task], report: RunReport, save: bool
    ) -> tuple[list[list[int]], np.ndarray]:
        """Clusters as lists of indexes into ok (deterministic order), and per-task calibrated vectors.

        Meaning, wording and tools cluster the given successful tasks; then template induction
        over the whole week (`templates.py`) splits clusters whose texts are different task types.
        """
        if not ok:
            return [], np.zeros((0, 1), dtype=np.float32)
        text = {t.task_id: t.intent_text() for t in week}  # ok is a subset of week
        lexicon = WeekLexicon([(text[t.task_id], t.actions, t.intent) for t in week], self.th.min_successes)
        keys = [t.key(text[t.task_id]) for t in ok]
        first: dict[str, int] = {}
        for i, k in enumerate(keys):
            first.setdefault(k, i)
        row = {k: r for r, k in enumerate(first)}
        reps = [ok[i] for i in first.values()]
        intents = [text[t.task_id] for t in reps]
        uvecs = self._embed(intents, save=save)
        feats = TaskFeatures(uvecs, [lexicon.skeleton_text(x) for x in intents], [t.actions for t in reps])
        cstats = ClusterStats()
        labels = cluster_tasks(feats, centred_threshold(self.th.cluster), linkage=self.linkage, stats=cstats)
        groups: dict[int, list[int]] = {}
        for i, k in enumerate(keys):
            groups.setdefault(int(labels[row[k]]), []).append(i)
        sstats = SplitStats()
        splitter = TemplateSplitter(lexicon, sstats)
        refined: list[list[int]] = []
        for g in groups.values():
            n_ok = len({ok[i].task_id for i in g})
            if not self.th.min_successes <= n_ok <= SPLIT_MAX_FACTOR * self.th.min_successes:
                refined.append(
                    g
                )  # cannot qualify however it is split, or far from the margin (see SPLIT_MAX_FACTOR)
                continue
            entries = [lexicon.entry(text[ok[i].task_id], ok[i].actions) for i in g]
            refined.extend([g[j] for j in part] for part in splitter.split(entries))
        assert self._cache is not None
        report.stats.update(
            unique_tasks=len(reps),
            embedded_new=self._cache.misses,
            embedding_cache_hits=self._cache.hits,
            graph_edges=cstats.edges,
            components=cstats.components,
            largest_component=cstats.largest_component,
            clusters=cstats.clusters,
            template_checks=sstats.clusters_checked,
            template_splits=sstats.splits,
            template_ejections=sstats.ejected,
        )
        if cstats.notes:
            report.stats["cluster_notes"] = cstats.notes
        ordered = sorted(refined, key=lambda g: min(ok[i].task_id for i in g))
        return ordered, uvecs[[row[k] for k in keys]]

    def _llm_draft(self, group: list[Task], draft: Draft, report: RunReport) -> Draft:
        from memdir.llm.prompts import load_prompt, render

        llm = self.llm
        assert llm is not None
        try:
            system, user = load_prompt("weekly_distill")
            from memdir.consolidation.weekly.distill import llm_payload

            payload = redact_text(llm_payload(group, draft))  # secrets never leave the machine
            reply = llm.complete(system, render(user, tasks=payload), json_mode=True)
            return parse_llm_reply(reply.text, draft)
        except (LLMError, MemdirError) as exc:
            report.errors.append(f"LLM distillation failed, used the built-in draft: {exc}")
            return draft

    # -- duplicate check and writing -----------------------------------------------
    def _existing(self, save: bool) -> tuple[DuplicateIndex, dict[str, str]]:
        """Procedures and skills for the duplicate check, and weekly notes by the signature of their sources."""
        index = DuplicateIndex(lambda texts: self._embed(texts, save=save))
        items: list[tuple[str, str, list[str] | None]] = []
        by_sources: dict[str, str] = {}
        for note in self.store.iter_notes(("procedures", "skills")):
            sources = note.get("sources")
            sources = [str(s) for s in sources] if isinstance(sources, list) else []
            if sources:
                by_sources[signature(sources)] = note.path
            if sources and note.get("origin") == "weekly" and all(s in self._window_ids for s in sources):
                continue  # a sibling distilled from this same week: the clustering already set them apart
            items.append((note.path, note.title, note_tools(note)))
        index.add_many(items)
        return index, by_sources

    def _place(
        self,
        draft: Draft,
        sig: str,
        ids: list[str],
        window: str,
        existing: tuple[DuplicateIndex, dict[str, str]],
        state: WeeklyState,
        report: RunReport,
    ) -> None:
        dry = report.dry_run
        index, by_sources = existing
        body = redact_text(render_body(draft, window))
        tools = list(dict.fromkeys(draft.tools))
        target, sim = index.best(draft.title, tools)
        if target is not None and sim >= self.th.duplicate:
            kind = "evidence" if target.startswith("skills/") else "merge_candidate"
            if dry:
                report.review.append(f"review/ ({kind} for {target}, similarity {sim:.3f})")
                return
            path = self.review.raise_item(
                kind=kind,
                target=target,
                title=draft.title,
                body=body,
                similarity=round(sim, 4),
                sources=ids,
                key=f"weekly:{target}:{sig}",
                description=f"Weekly: {draft.description}",
            )
            if path:
                report.review.append(path)
            state.mark(sig, ids, path, "review")
            return
        meta = {
            "description": redact_text(draft.description),
            "confidence": self.th.initial_confidence,
            "success_count": 0,
            "failure_count": 0,
            "origin": "weekly",
            "sources": ids,
            "tools": tools,
            "created_at": _now(),
            "updated_at": _now(),
        }
        text = render_note(meta, body)
        rel = self.store.unique_path("procedures", draft.stem or slugify(redact_text(draft.title), max_length=60))
        if dry:
            report.created.append(rel)
            report.diff += "".join(difflib.unified_diff([], text.splitlines(True), "/dev/null", f"b/{rel}"))
        else:
            self.store.create(rel, text, allow=ALLOW)
            report.created.append(rel)
            state.mark(sig, ids, rel, "created")
        if not dry:
            by_sources[sig] = rel


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
