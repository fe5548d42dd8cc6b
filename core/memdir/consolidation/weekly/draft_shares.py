"""What a draft's steps and tasks share: steps threading one value, tools most tasks used (from `distill`)."""

from __future__ import annotations

import re

from memdir.consolidation.weekly.tasks import Task

_PLACEHOLDER = re.compile(r"\{([^\W\d_][\w-]{0,40})\}")  # as `distill`'s


def threaded(steps: list[str]) -> int:
    """Steps that use a placeholder some other step uses too: one value threaded through the work."""
    names = [set(_PLACEHOLDER.findall(s)) for s in steps]
    count: dict[str, int] = {}
    for ns in names:
        for n in ns:
            count[n] = count.get(n, 0) + 1
    return sum(1 for ns in names if any(count[n] >= 2 for n in ns))


def shared_tools(tasks: list[Task]) -> list[str]:
    """What tasks without common steps did share: the tools (or listed tools) most of them used."""
    n = len(tasks)
    counts: dict[str, int] = {}
    for t in tasks:
        for name in dict.fromkeys(t.tools):
            counts[name] = counts.get(name, 0) + 1
    common = [f"`{k}` ({v} of {n} tasks)" for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    return [f"Tools seen: {', '.join(common)}"] if common else []
