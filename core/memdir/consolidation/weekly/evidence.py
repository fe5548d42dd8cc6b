"""What one kept cluster offers a distiller (built-in or LLM) and the learning-from-failure work.

`ClusterEvidence` is plain data: the successful tasks with their steps, the built-in consensus
draft, the failed tasks of the same type (with the step that failed and the error, where the log
says), and the closest existing procedures with their similarity. Everything in it is redacted.
`to_dict()` is JSON-ready; `prompt_payload()` is what the weekly prompt receives as `{{tasks}}`.
`WeeklyDistiller.evidence(until)` returns one per kept cluster without writing anything.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.tasks import Task
from memdir.consolidation.weekly.typical import redacted
from memdir.jsonvalue import JSONObject

if TYPE_CHECKING:
    from memdir.consolidation.weekly.dedupe import Match
    from memdir.consolidation.weekly.draft import Draft

MAX_TASKS = 8
MAX_STEPS = 40
MAX_FAILURES = 5


@dataclass
class TaskEvidence:
    """One task as evidence: intent, steps (rendered), outcome, and for a failure what failed."""

    task_id: str
    intent: str
    steps: list[str]
    outcome: str | None
    failed_step: str = ""
    error: str = ""
    thoughts: list[str] = field(default_factory=list)


@dataclass
class NearbyProcedure:
    """An existing procedure or skill close to the cluster, with the content similarity and its parts."""

    path: str
    title: str
    similarity: float
    intent: float
    step_coverage: float


@dataclass
class ClusterEvidence:
    """Evidence for one kept cluster (see the module docstring)."""

    signature: str
    draft_title: str
    draft_steps: list[str]
    draft_placeholders: dict[str, list[str]]
    consensus: bool
    successes: list[TaskEvidence]
    failures: list[TaskEvidence]
    closest: list[NearbyProcedure]

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict."""
        return asdict(self)

    def prompt_payload(self) -> str:
        """JSON for the weekly prompt: the tasks, the built-in draft, failed attempts, closest procedures."""
        data = {
            "tasks": [
                {"task_id": t.task_id, "intent": t.intent, "steps": t.steps, "thoughts": t.thoughts[:3]}
                for t in self.successes[:MAX_TASKS]
            ],
            "built_in_draft": {
                "title": self.draft_title,
                "steps": self.draft_steps,
                "placeholders": self.draft_placeholders,
                "has_consensus_steps": self.consensus,
            },
            "failed_attempts": [
                {
                    "task_id": t.task_id,
                    "intent": t.intent,
                    "steps": t.steps,
                    "failed_step": t.failed_step,
                    "error": t.error,
                }
                for t in self.failures[:MAX_FAILURES]
            ],
            "closest_procedures": [
                {"path": c.path, "title": c.title, "similarity": round(c.similarity, 3)} for c in self.closest
            ],
        }
        return json.dumps(data, ensure_ascii=False, indent=1)


def task_evidence(task: Task) -> TaskEvidence:
    """A task as (redacted) evidence; a failure names its failing step and error."""
    t = redacted(task)
    ev = TaskEvidence(
        t.task_id, t.intent, [s.render() for s in t.steps[:MAX_STEPS]], t.outcome, thoughts=t.thoughts[:5]
    )
    if t.outcome == "failure":
        step = t.failing_step()
        ev.failed_step = step.render() if step else ""
        ev.error = (step.error if step and step.error else t.error)[:300]
    return ev


def cluster_evidence(
    signature: str,
    successes: list[Task],
    draft: Draft,
    failures: list[Task],
    closest: list[Match],
    titles: dict[str, str],
) -> ClusterEvidence:
    """Put a cluster's evidence together (`titles`: path -> title of the closest notes)."""
    return ClusterEvidence(
        signature=signature,
        draft_title=draft.title,
        draft_steps=list(draft.steps),
        draft_placeholders=dict(draft.values),
        consensus=draft.consensus,
        successes=[task_evidence(t) for t in successes],
        failures=[task_evidence(t) for t in failures],
        closest=[
            NearbyProcedure(
                m.path,
                titles.get(m.path, ""),
                round(m.similarity, 4),
                round(m.intent, 4),
                round(m.coverage, 4),
            )
            for m in closest
        ],
    )
