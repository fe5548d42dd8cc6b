"""Clustering the week's successful tasks: meaning, wording and tools, then agreement on their steps, then
template induction over the whole week.

Each distinct task (by its key) is embedded once; tasks that disagree on the steps with the kind they fell
into are set apart and the week clustered again (at most AGREEMENT_ROUNDS times); a member is brought back
from a one-off and kinds are gathered by their distinctive steps (`agreement.py`, `kinds_by_steps.py`); a
cluster near the min_successes margin is split by template induction (`templates.py`) unless its own steps
make it one kind. `run.WeeklyDistiller._cluster` calls `cluster_week` and puts its stats in the report.
Moved out of run.py unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from memdir.consolidation.weekly.agreement import StepAgreement, apart_tags
from memdir.consolidation.weekly.clustering import FREE, ClusterStats, cluster_tasks
from memdir.consolidation.weekly.features import TaskFeatures, work_tokens
from memdir.consolidation.weekly.kinds_by_steps import (
    MIN_SPECIFIC_STEPS,
    StepKinds,
    gather_by_steps,
    settle_members,
)
from memdir.consolidation.weekly.lexicon import WeekLexicon
from memdir.consolidation.weekly.rehome import rehome
from memdir.consolidation.weekly.same_values import WeekValues
from memdir.consolidation.weekly.similarity import centred_threshold
from memdir.consolidation.weekly.tasks import Task
from memdir.consolidation.weekly.templates import SplitStats, TemplateSplitter

if TYPE_CHECKING:
    from memdir.config import Thresholds

# Template induction checks clusters near the min_successes margin, where one sibling task type can tip
# the count. A cluster with more than this many times min_successes successful tasks is far from it;
# in such heavy weeks every wording variant of a kind repeats 3+ times and splitting would only
# yield near-duplicate procedures (docs/weekly.md, scale).
SPLIT_MAX_FACTOR = 4
AGREEMENT_ROUNDS = 3  # clusterings at most: tasks that do not agree with their kind are set apart


@dataclass
class WeekClusters:
    """The week's clusters (indexes into the successful tasks, in a deterministic order) and what the run
    keeps of their making: per-task calibrated vectors, the week's lexicon, intent texts and step kinds."""

    clusters: list[list[int]]
    vecs: np.ndarray
    lexicon: WeekLexicon
    texts: dict[str, str]  # task id -> intent text, for every task of the week
    kinds: StepKinds
    unique_tasks: int
    stats: dict[str, Any] = field(default_factory=dict)  # the report's clustering stats, in their order
    notes: list[str] = field(default_factory=list)


def cluster_week(
    ok: list[Task], week: list[Task], th: Thresholds, linkage: str, embed: Callable[[list[str]], np.ndarray]
) -> WeekClusters:
    """Cluster the successful tasks `ok` (a non-empty subset of `week`); `embed` gives calibrated vectors."""
    text = {t.task_id: t.intent_text() for t in week}  # ok is a subset of week
    lexicon = WeekLexicon([(text[t.task_id], t.actions, t.intent) for t in week], th.min_successes)
    keys = [t.key(text[t.task_id]) for t in ok]
    first: dict[str, int] = {}
    for i, k in enumerate(keys):
        first.setdefault(k, i)
    row = {k: r for r, k in enumerate(first)}
    per_key = Counter(keys)
    reps = [ok[i] for i in first.values()]
    intents = [text[t.task_id] for t in reps]
    uvecs = embed(intents)
    feats = TaskFeatures(
        uvecs,
        [lexicon.skeleton_text(x) for x in intents],
        [t.actions for t in reps],
        [work_tokens(t.work) for t in reps],
        counts=[per_key[k] for k in first],
        values=WeekValues([t.work for t in week], th.min_successes).sparse([t.work for t in reps]),
        asked=[t.asked for t in reps],
    )
    agreement = StepAgreement([t.work for t in week], th.min_successes)
    kinds = StepKinds(agreement, week, ok)
    tags = np.full(feats.n, FREE, dtype=np.int64)
    span = (th.min_successes, SPLIT_MAX_FACTOR * th.min_successes)
    thr = centred_threshold(th.cluster)
    works = [(row[k], t.work) for k, t in zip(keys, ok, strict=True)]
    for _ in range(AGREEMENT_ROUNDS):  # tasks that disagree on the steps are set apart, then again
        cstats = ClusterStats()
        labels = cluster_tasks(feats, thr, linkage, stats=cstats, apart=tags)
        groups: dict[int, list[int]] = {}
        for i, k in enumerate(keys):
            groups.setdefault(int(labels[row[k]]), []).append(i)
        found = [[works[i] for i in g] for g in groups.values()]
        if not apart_tags(agreement, found, tags, *span):
            break
    rehome(agreement, groups, works, feats, thr, tags, span[0])  # a kind's member back from a one-off
    settle_members(kinds, groups, th.min_successes)  # one that reads like none but makes its call
    gathered = gather_by_steps(agreement, groups, works, span, kinds.distinctive, MIN_SPECIFIC_STEPS)
    sstats = SplitStats()
    splitter = TemplateSplitter(lexicon, sstats)
    refined: list[list[int]] = []
    for g in groups.values():
        n_ok = len({ok[i].task_id for i in g})
        if not th.min_successes <= n_ok <= SPLIT_MAX_FACTOR * th.min_successes:
            refined.append(
                g
            )  # cannot qualify however it is split, or far from the margin (see SPLIT_MAX_FACTOR)
            continue
        entries = [lexicon.entry(text[ok[i].task_id], ok[i].actions) for i in g]
        parts = splitter.split(entries)
        if len(parts) > 1 and kinds.one_kind(g, [works[i][1] for i in g], parts, MIN_SPECIFIC_STEPS):
            parts = [list(range(len(g)))]  # worded apart (a reason added), one kind by its own steps
        refined.extend([g[j] for j in part] for part in parts)
    stats = {
        "graph_edges": cstats.edges,
        "components": cstats.components,
        "largest_component": cstats.largest_component,
        "clusters": cstats.clusters,
        "template_checks": sstats.clusters_checked,
        "template_splits": sstats.splits,
        "template_ejections": sstats.ejected,
        "tasks_set_apart": int((tags != FREE).sum()),
        "kinds_gathered_by_steps": gathered,
    }
    ordered = sorted(refined, key=lambda g: min(ok[i].task_id for i in g))
    vecs = uvecs[[row[k] for k in keys]]
    return WeekClusters(ordered, vecs, lexicon, text, kinds, len(reps), stats, cstats.notes)
