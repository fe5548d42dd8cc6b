"""A cluster's tasks in order of how typical each is (the medoid first), and a task with its secrets masked.
Split from distill.py; `redacted` is read by the evidence and lesson modules too."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from memdir.consolidation.weekly.tasks import Task
from memdir.runs.redact import redact_text

__all__ = ["medoid", "order_by_typicality", "redacted"]


def medoid(vectors: np.ndarray) -> int:
    """Index of the row with the highest mean similarity to the others (first on ties)."""
    if len(vectors) <= 2:
        return 0
    sims = vectors @ vectors.T
    return int(np.argmax(sims.sum(axis=1)))


def redacted(task: Task) -> Task:
    """A copy of the task with its intent, steps and thoughts redacted."""
    return replace(
        task,
        intent=redact_text(task.intent),
        steps=[
            replace(s, input=redact_text(s.input), error=redact_text(s.error), purpose=redact_text(s.purpose))
            for s in task.steps
        ],
        thoughts=[redact_text(t) for t in task.thoughts],
        error=redact_text(task.error),
    )


def order_by_typicality(tasks: list[Task], vectors: np.ndarray) -> list[Task]:
    """The medoid first, then the others by similarity to it."""
    if len(tasks) <= 1:
        return list(tasks)
    m = medoid(vectors)
    sims = vectors @ vectors[m]
    order = sorted(range(len(tasks)), key=lambda i: (i != m, -float(sims[i]), tasks[i].task_id))
    return [tasks[i] for i in order]
