"""What the weekly model call is shown about one cluster (an adapter over today's Task objects).

The brief holds, redacted before anything is cut: the cluster's successful tasks with their traces
(thoughts, tool steps, results, in order), failed tasks of the same type (their pitfalls are what a
procedure should avoid), the built-in draft, and the closest existing procedure or skill (so the
model keeps its conventions and does not copy it). The weekly engineer's per-cluster object (steps,
consensus draft, failed tasks, closest procedures) will replace `brief_for`'s inputs; the payload
keeps its shape.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from memdir.errors import MemdirError
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.activity import ActivityEvent
    from memdir.consolidation.weekly.draft import Draft
    from memdir.consolidation.weekly.tasks import Task
    from memdir.notes.store import NoteStore

MAX_TASKS = 8
MAX_FAILED = 3
MAX_TRACE = 30  # lines per task
MAX_LINE = 240  # characters per trace line
MAX_CLOSEST_STEPS = 12


def _line(text: str, limit: int = MAX_LINE) -> str:
    text = " ".join(redact_text(text).split())  # redact first: a cut must never split a secret
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _field(ev: ActivityEvent, *keys: str) -> str:
    for key in keys:
        value = ev.get(key)
        if isinstance(value, str) and value.strip():
            return value
        if isinstance(value, dict | list) and value:
            return json.dumps(value, ensure_ascii=False)
    return ""


def trace_of(task: Task, events: list[ActivityEvent]) -> list[str]:
    """The task's thoughts, tool steps and results in order (its tool steps alone when no events)."""
    out: list[str] = []
    for ev in sorted(events, key=lambda e: e.ts):
        outcome = ev.get("outcome")
        tag = f" ({outcome})" if isinstance(outcome, str) and outcome else ""
        tool = ev.get("tool")
        if ev.type == "task_start":
            continue
        if ev.type == "thought":
            text = f"thought: {_field(ev, 'summary', 'text', 'thought')}"
        elif ev.type == "tool_result":
            code = ev.get("exit_code")
            if not tag and (code not in (None, 0) or ev.get("error")):
                tag = f" (failure{f', exit {code}' if code not in (None, 0) else ''})"
            text = f"result{tag}: {_field(ev, 'summary', 'error', 'output')}".rstrip(": ")
        elif isinstance(tool, str) and tool.strip():
            text = f"{tool.strip()}: {_field(ev, 'input', 'summary')}".rstrip(": ")
        elif ev.type in ("task_end", "response_sent"):
            text = f"{ev.type}{tag}: {_field(ev, 'summary')}".rstrip(": ")
        else:
            text = f"{ev.type}{tag}: {_field(ev, 'summary')}".rstrip(": ")
        out.append(_line(text))
    if not out:
        out = [_line(s.render()) for s in task.steps]
    return out[:MAX_TRACE] + ([f"… ({len(out) - MAX_TRACE} more lines)"] if len(out) > MAX_TRACE else [])


@dataclass
class ClusterBrief:
    """Everything the model sees about one cluster, already redacted and cut."""

    tasks: list[dict[str, object]]
    failed: list[dict[str, object]]
    draft: dict[str, object]
    closest: list[dict[str, object]] = field(default_factory=list)
    evidence: str = ""  # all the tasks' text, lower-cased: placeholder examples must occur in it

    def payload(self) -> str:
        """The brief as the JSON the prompt shows."""
        return json.dumps(
            {
                "successful_tasks": self.tasks,
                "failed_tasks_of_this_type": self.failed,
                "built_in_draft": self.draft,
                "closest_existing_procedures": self.closest,
            },
            ensure_ascii=False,
            indent=1,
        )


def similar_failures(
    group_vecs: np.ndarray, failed: list[Task], embed: Callable[[list[str]], np.ndarray], threshold: float
) -> list[Task]:
    """Failed tasks whose intent is as close to the cluster as its members are to each other (best first)."""
    if not failed or not len(group_vecs):
        return []
    vecs = embed([t.intent_text() for t in failed])
    sims = (vecs @ group_vecs.T).mean(axis=1)
    order = [int(i) for i in np.argsort(-sims, kind="stable") if sims[int(i)] >= threshold]
    return [failed[i] for i in order[:MAX_FAILED]]


def _task_view(task: Task, events: dict[str, list[ActivityEvent]]) -> dict[str, object]:
    return {
        "task_id": task.task_id,
        "intent": _line(task.intent or "(no intent)", 400),
        "outcome": task.outcome or "unknown",
        "trace": trace_of(task, events.get(task.task_id, [])),
    }


def _closest(store: NoteStore, match: tuple[str | None, float]) -> list[dict[str, object]]:
    path, sim = match
    if path is None:
        return []
    try:
        note = store.read(path)
    except MemdirError:
        return []
    steps = [ln.strip() for ln in note.body.splitlines() if ln.strip() and not ln.startswith("#")]
    return [
        {
            "title": _line(note.title, 160),
            "similarity": round(sim, 2),
            "lines": [_line(s, 160) for s in steps[:MAX_CLOSEST_STEPS]],
        }
    ]


def brief_for(
    group: list[Task],
    draft: Draft,
    failed: list[Task],
    events: dict[str, list[ActivityEvent]],
    closest: tuple[str | None, float],
    store: NoteStore,
) -> ClusterBrief:
    """The brief of one cluster from today's objects (tasks, built-in draft, failures, best match)."""
    shown = [_task_view(t, events) for t in group[:MAX_TASKS]]
    bad = [_task_view(t, events) for t in failed[:MAX_FAILED]]
    evidence = json.dumps(shown + bad, ensure_ascii=False).lower()
    return ClusterBrief(
        tasks=shown,
        failed=bad,
        draft={"title": _line(draft.title, 200), "steps": [_line(s) for s in draft.steps[:40]]},
        closest=_closest(store, closest),
        evidence=evidence,
    )
