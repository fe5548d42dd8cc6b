"""A varying span of a template (each task's value) and a template part (constant text or a span)."""

from __future__ import annotations

from dataclasses import dataclass

EDGE = " \t\"'`.,;:!?()[]{}<>「」（）"


@dataclass
class Span:
    """Where the tasks differ: each task's value (`""` when a task has nothing there)."""

    values: dict[str, str]
    name: str = ""
    ref: Span | None = None  # in a one-intent title: the step span this word is a value of

    def seen(self) -> list[str]:
        """Distinct non-empty values, in task order."""
        return list(dict.fromkeys(v for v in self.values.values() if v.strip()))

    def key(self, task: str) -> str:
        """A task's value, normalised for comparing spans (case, surrounding quotes and spaces)."""
        return self.values.get(task, "").strip(EDGE).lower()


Part = str | Span
