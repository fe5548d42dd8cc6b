"""A procedure drafted by the model, and its Markdown body (imports nothing heavy: run.py uses it always).

Beside the built-in draft's title, description and steps, the model gives preconditions, a way to
check the result, and the legend of its own `{placeholders}`: what each stands for and the values
the tasks showed (only values that occur in the tasks are kept: every line traces to a task).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.render import render_body


@dataclass
class LLMDraft(Draft):
    """A Draft from the model: plus preconditions, verification and a placeholder legend."""

    preconditions: list[str] = field(default_factory=list)
    verification: list[str] = field(default_factory=list)
    legend: dict[str, str] = field(default_factory=dict)  # placeholder -> what it stands for
    model: str = ""


def render_draft(draft: Draft, window: str) -> str:
    """The procedure's Markdown body: the model's sections for an LLMDraft, else the built-in body."""
    if not isinstance(draft, LLMDraft):
        return render_body(draft, window)
    lines = [
        f"# {draft.title}",
        "",
        f"Distilled ({draft.engine}){f' with {draft.model}' if draft.model else ''} from {len(draft.sources)} "
        f"successful tasks in the activity log, {window}.",
    ]
    if draft.preconditions:
        lines += ["", "## Before you start", ""] + [f"- {p}" for p in draft.preconditions]
    lines += ["", "## Steps", ""] + [f"{i}. {s}" for i, s in enumerate(draft.steps, 1)]
    if draft.verification:
        lines += ["", "## Check the result", ""] + [f"- {v}" for v in draft.verification]
    if draft.legend:
        lines += ["", "## Placeholders", ""]
        for name, meaning in draft.legend.items():
            seen = draft.values.get(name) or []
            tail = ("; seen as " + ", ".join(f"`{v}`" for v in seen)) if seen else ""
            lines.append(f"- `{{{name}}}`: {meaning or 'a value that varies between the tasks'}{tail}")
    if draft.tools:
        lines += ["", "Tools used: " + ", ".join(f"`{t}`" for t in draft.tools)]
    return "\n".join(lines)
