"""Failed tasks of the week, each given to the kept cluster of its type (if any).

A failure belongs to a cluster when its similarity to every successful task of that cluster
reaches the clustering threshold (the complete linkage the clustering itself uses, with the
same meaning + wording + tools features, actions standing for tools); of several such clusters,
the one it is most alike on average wins. Rows are unique tasks (same abstracted intent and
actions) and similarities are computed in blocks, never as an all-pairs matrix of the week.

Each row counts the tasks it stands for when tools are weighed, as in the clustering: counted as
one row, a kind of three tasks written alike had its own tools (`sentry.get_issue`, `jira.create`)
used by fewer than `MIN_TOOL_TASKS` tasks, so they weighed nothing, and a one-off that shared only a
common tool (`bash: ssh … restart`) read as alike as the kind's own tasks (trial 7, docs/weekly.md).

A failed task that stopped partway is compared with the kind up to where it stopped (trial 24 #8): a booking
that failed at its second call ran no third one, and the words its request shares with that third call's
arguments ("glaze firing" in a calendar title) were not read as the objects the successes act on, so it read
unlike every success. When the whole kind began with the very calls the failed task made (and went on), the
failure is compared with each success cut after those calls (`_reached`) and given to the kind by the same
complete linkage. A failed task whose successful re-run (the request asked again, the same first calls) is in
a kind is of that kind (trial 26 #11: a Japanese request among English ones read unlike them).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from memdir.consolidation.weekly.features import TaskFeatures, work_tokens
from memdir.consolidation.weekly.lesson_causes import is_retry_of
from memdir.consolidation.weekly.lexicon import WeekLexicon
from memdir.consolidation.weekly.steps import Step
from memdir.consolidation.weekly.tasks import Task

CHUNK = 512


def assign_failures(
    clusters: list[list[Task]],
    failures: list[Task],
    embed: Callable[[list[str]], np.ndarray],
    lexicon: WeekLexicon,
    threshold: float,
    texts_by_id: dict[str, str] | None = None,
) -> list[list[Task]]:
    """Per cluster, the failed tasks of its type (in time order); `threshold` is centred.

    `texts_by_id` holds tasks' `intent_text()` when the caller has computed them already.
    """
    known = texts_by_id or {}
    out: list[list[Task]] = [[] for _ in clusters]
    if not clusters or not failures:
        return out
    keys: dict[str, int] = {}
    texts: list[str] = []
    acts: list[list[str]] = []
    work: list[list[str]] = []
    counts: list[int] = []
    asked: list[bool] = []  # a failure with no request is of a kind only by its calls (`Task.asked`)
    seen: set[str] = set()

    def row(task: Task) -> int:
        text = known.get(task.task_id) or task.intent_text()
        key = task.key(text)
        if key not in keys:
            keys[key] = len(texts)
            texts.append(text)
            acts.append(task.actions)
            work.append(work_tokens(task.work))
            counts.append(0)
            asked.append(task.asked)
        if task.task_id not in seen:  # a row counts the tasks it stands for, each once
            seen.add(task.task_id)
            counts[keys[key]] += 1
        return keys[key]

    fail_rows = [row(t) for t in failures]  # first, so failure rows are 0 .. F-1
    n_fail = len(texts)
    member_rows = [[row(t) for t in c] for c in clusters]
    skeletons = [lexicon.skeleton_text(x) for x in texts]
    feats = TaskFeatures(embed(texts), skeletons, acts, work, counts=counts, asked=asked)
    best: dict[int, int] = {}
    for start in range(0, n_fail, CHUNK):
        sims = feats.block(start, min(n_fail, start + CHUNK))
        means = np.full((sims.shape[0], len(member_rows)), -np.inf, dtype=np.float32)
        for c, members in enumerate(member_rows):
            part = sims[:, members]
            ok = part.min(axis=1) >= threshold  # complete linkage: alike to every member
            means[ok, c] = part.mean(axis=1)[ok]
        winners = means.argmax(axis=1)
        for n in np.flatnonzero(np.isfinite(means.max(axis=1))):
            best[start + int(n)] = int(winners[n])
    for task, r in zip(failures, fail_rows, strict=True):
        if r in best:
            out[best[r]].append(task)
        elif (kind := _stopped_partway(task, clusters, embed, lexicon, threshold)) is not None or (
            kind := _rerun_in(task, clusters)
        ) is not None:
            out[kind].append(task)
    return out


def _rerun_in(failure: Task, clusters: list[list[Task]]) -> int | None:
    """The kept cluster holding the failure's re-run (trial 26 #11): a success, as late or later, whose request
        asks the failed one again (its values, or "again", `lesson_causes.is_retry_of`), names every number the failed
    one names, and which began with the
        very calls the failed task made. A request in the other language than most of the kind read unlike them."""
    acts = failure.actions
    if not acts:
        return None
    for c, members in enumerate(clusters):
        for m in members:
            later = m.start is None or failure.start is None or m.start >= failure.start
            same = _values(failure.intent) <= _values(
                m.intent
            )  # the same build, book, order: never another's
            if later and same and m.actions[: len(acts)] == acts and is_retry_of(m, failure):
                return c
    return None


def _values(text: str) -> set[str]:
    """The numbers a request names (`1144`, `9784101`)."""
    return set(re.findall(r"\d[\d.-]*\d|\d", text))


def _head(text: str) -> list[str]:
    """A call's first two words that are no value, flag or argument (`asset find --pool loaner` ->
    `asset find`): what tells one call of a generic tool from another when the log names one tool."""
    words: list[str] = []
    for tok in text.split():
        if tok.startswith("-") or "=" in tok or any(ch.isdigit() for ch in tok):
            continue
        words.append(tok.lower())
        if len(words) == 2:
            break
    return words


def _reached(task: Task, calls: int) -> Task:
    """`task` as it was after its first `calls` calls (retries folded): what a failure that stopped there saw."""
    kept: list[Step] = []
    for step in task.folded:
        if step.kind == "tool":
            if calls == 0:
                break
            calls -= 1
        kept.append(step)
    return replace(task, steps=kept, listed_tools=[], tools=[s.tool for s in kept if s.kind == "tool"])


def _stopped_partway(
    failure: Task,
    clusters: list[list[Task]],
    embed: Callable[[list[str]], np.ndarray],
    lexicon: WeekLexicon,
    threshold: float,
) -> int | None:
    """The kept cluster whose every success began with `failure`'s calls and went on, and which the failure
    is alike to once each success is cut where it stopped (module doc); the most alike on average."""
    acts = failure.actions
    if not acts:
        return None
    best: tuple[float, int] | None = None
    for c, members in enumerate(clusters):
        heads = [_head(x) for _, x in failure.work]
        if not members or not all(
            len(m.actions) > len(acts)
            and m.actions[: len(acts)] == acts
            and [_head(x) for _, x in m.work[: len(acts)]] == heads
            for m in members
        ):
            continue  # one generic tool (`admin_cli: asset find …`, `asset checkin …`): the calls' words too
        rows = [failure, *(_reached(m, len(acts)) for m in members)]
        texts = [t.intent_text() for t in rows]
        feats = TaskFeatures(
            embed(texts),
            [lexicon.skeleton_text(x) for x in texts],
            [t.actions for t in rows],
            [work_tokens(t.work) for t in rows],
            counts=[1] * len(rows),
        )
        sims = feats.block(0, 1)[0, 1:]
        if float(sims.min()) >= threshold and (best is None or float(sims.mean()) > best[0]):
            best = (float(sims.mean()), c)
    return best[1] if best else None
