"""Test helper: a built-in weekly draft from requests and their tool inputs (one tool, all successes)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memdir.consolidation.weekly.distill import distil_builtin
from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.steps import Step, action_of
from memdir.consolidation.weekly.tasks import Task


def draft(
    intents: list[str], steps: list[list[str]], tool: str = "terminal", replies: Sequence[str] = ()
) -> Draft:
    """Distil tasks `t0`, `t1`, ... (intent i ran the inputs steps[i] with `tool`, then replied replies[i])."""
    tasks = []
    for i, (intent, inputs) in enumerate(zip(intents, steps, strict=True)):
        ss = [Step(tool, x, action_of(tool, x)) for x in inputs]
        if replies:
            ss.append(Step("reply", replies[i], "reply", kind="response"))
        tasks.append(Task(f"t{i}", intent, tools=[tool] * len(inputs), steps=ss, outcome="success"))
    return distil_builtin(tasks, np.eye(len(tasks), dtype=np.float32))
