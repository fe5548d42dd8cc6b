"""Draft: a procedure ready to render, whichever engine made it (built-in or an LLM's reply)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass
class Draft:
    """A procedure ready to render: title, description, steps, legend, sources and how it was made."""

    title: str
    description: str
    steps: list[str]
    sources: list[str]
    tools: list[str] = field(default_factory=list)
    values: dict[str, list[str]] = field(default_factory=dict)  # placeholder -> values seen
    engine: str = "builtin"
    stem: str = ""  # file name without .md
    consensus: bool = True  # False: the tasks share no steps (the body says what they share)
    step_values: dict[str, list[str]] = field(default_factory=dict)  # placeholder -> spelling in steps
    shared: list[str] = field(default_factory=list)  # without consensus: what the tasks had in common
    dropped: int = 0  # exploration steps left out
    retries: int = 0  # repeated calls of one step made one
    searches: int = 0  # search loops folded
    intents_agree: bool = True  # most tasks phrased their intent alike
    specific_steps: int = 0  # consensus steps that act on the task's own values
    threaded_steps: int = 0  # consensus steps sharing a placeholder with another step
    distinctive_steps: int = 0  # steps most tasks took that no other successful task of the week took
    value_tasks: dict[str, dict[str, int]] = field(default_factory=dict)  # placeholder -> value -> tasks
    run_notes: list[str] = field(default_factory=list)  # periods relative to the run (`run_period.py`)
    started: list[datetime | None] = field(default_factory=list)  # the tasks' start times
    keyed: dict[str, str] = field(default_factory=dict)  # step -> its line with nested keys (`keyed_args`)
    returned: dict[str, str] = field(
        default_factory=dict
    )  # placeholder -> the earlier step whose result it is
    unsourced: list[str] = field(default_factory=list)  # placeholders no request states, no step returns
