"""Group activity events into tasks: intent, tools, steps and outcome (per the design's rules).

A task is every event with one `task_id`; an event without one is a task of its own.
A task succeeded when `outcome: success` is the last explicit outcome it reports;
no outcome means unknown, which never counts as success.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.similarity import abstract_text

TOOL_EVENT_TYPES = ("tool_use",)
_WORD = re.compile(r"(?<![{\w])[^\W\d_][\w-]{2,}(?![\w}])")
_STOP = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "from",
        "into",
        "onto",
        "that",
        "this",
        "then",
        "than",
        "them",
        "they",
        "their",
        "there",
        "what",
        "when",
        "where",
        "which",
        "who",
        "how",
        "all",
        "any",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "not",
        "but",
        "you",
        "your",
        "our",
        "out",
        "off",
        "via",
        "per",
        "its",
        "it's",
        "get",
        "set",
        "use",
    ]
)
MAX_STEPS = 200
MAX_INTENT = 1000  # characters of the intent that take part in clustering


@dataclass(frozen=True)
class Step:
    """One observed action of a task: the tool and its input (or a summary)."""

    tool: str
    input: str = ""

    def render(self) -> str:
        """`tool: input`, or just the input when it already starts with the tool's name."""
        if not self.input:
            return self.tool
        if self.input.lower().startswith(self.tool.lower()):
            return self.input
        return f"{self.tool}: {self.input}"


@dataclass
class Task:
    """The events of one task_id, reduced to what clustering and distillation need."""

    task_id: str
    intent: str = ""
    tools: list[str] = field(default_factory=list)  # in order of first use, with repeats
    steps: list[Step] = field(default_factory=list)
    outcome: str | None = None  # last explicit outcome: success | failure | None (unknown)
    start: datetime | None = None
    end: datetime | None = None
    events: int = 0

    @property
    def succeeded(self) -> bool:
        """True only when the last explicit outcome is success."""
        return self.outcome == "success"

    def tool_signature(self) -> str:
        """Tools in order of first use; `(twice)` / `(many)` mark repeated use."""
        counts = Counter(self.tools)
        parts = []
        for name in dict.fromkeys(self.tools):
            n = counts[name]
            parts.append(name if n == 1 else f"{name} (twice)" if n == 2 else f"{name} (many)")
        return ", ".join(parts)

    def object_words(self) -> set[str]:
        """Words the task's own tool inputs act on (arguments, not tool names or stop words)."""
        tools = {t.lower() for t in self.tools}
        words: set[str] = set()
        for step in self.steps:
            for w in _WORD.findall(step.input.lower()):
                if w not in tools and w not in _STOP:
                    words.add(w)
        return words

    def intent_text(self) -> str:
        """What gets embedded: the intent (else the first step) with instance details abstracted.

        Besides `abstract_text`, words of the intent (but its first) that the task's tool
        inputs act on (its objects: "put a mug in shelf" + "take mug 1 from ...") become `{obj}`.
        """
        text = (self.intent or (self.steps[0].render() if self.steps else ""))[:MAX_INTENT]
        if not text:
            return "(no intent)"
        objects = self.object_words()
        if objects:
            head, _, rest = text.strip().partition(" ")  # the leading verb is never an object
            rest = _WORD.sub(lambda m: "{obj}" if m.group(0).lower() in objects else m.group(0), rest)
            text = f"{head} {rest}".strip()
        return abstract_text(text)

    def key(self, intent_text: str | None = None) -> str:
        """Tasks with the same key are the same for clustering: abstracted intent plus tools.

        `intent_text` is this task's `intent_text()` when the caller has computed it already.
        """
        text = self.intent_text() if intent_text is None else intent_text
        return f"{text} | tools: {self.tool_signature()}"


def _text_field(event: ActivityEvent, *keys: str) -> str:
    for key in keys:
        value = event.get(key)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())
    return ""


def _as_input(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return " ".join(value.split())[:500]
    if isinstance(value, dict):
        return " ".join(f"{k}={v}" for k, v in value.items())[:500]
    if isinstance(value, list):
        return " ".join(str(v) for v in value)[:500]
    return str(value)[:500]


def _task_key(event: ActivityEvent) -> str:
    return event.task_id or f"event:{event.source or event.ts.isoformat()}"


def group_tasks(events: Iterable[ActivityEvent]) -> list[Task]:
    """Tasks from events (any order), each with its intent, tools, steps and outcome; sorted by start."""
    by_id: dict[str, list[ActivityEvent]] = {}
    for ev in events:
        by_id.setdefault(_task_key(ev), []).append(ev)
    tasks = [_build(tid, evs) for tid, evs in by_id.items()]
    tasks.sort(key=lambda t: (t.start or datetime.min, t.task_id))
    return tasks


def _build(task_id: str, events: list[ActivityEvent]) -> Task:
    events = sorted(events, key=lambda e: e.ts)  # stable: same-ts events keep file order
    task = Task(task_id=task_id, start=events[0].ts, end=events[-1].ts, events=len(events))
    start_intent = next((_text_field(e, "summary", "intent") for e in events if e.type == "task_start"), "")
    task.intent = start_intent or next(
        (s for e in events if (s := _text_field(e, "summary", "intent", "description"))), ""
    )
    for ev in events:
        tool = ev.get("tool")
        if ev.type in TOOL_EVENT_TYPES or (isinstance(tool, str) and tool and ev.type != "tool_result"):
            name = str(tool).strip() if isinstance(tool, str) and tool.strip() else ev.type
            task.tools.append(name)
            if len(task.steps) < MAX_STEPS:
                task.steps.append(Step(name, _as_input(ev.get("input")) or _text_field(ev, "summary")))
        listed = ev.get("tools")
        if isinstance(listed, list):
            task.tools.extend(str(t) for t in listed if isinstance(t, str | int) and str(t).strip())
        outcome = ev.get("outcome")
        if isinstance(outcome, str) and outcome in ("success", "failure"):
            task.outcome = outcome
    return task
