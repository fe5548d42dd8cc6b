"""A call every task of the week makes sets no kind apart (round 45).

Set 45's Hebrew desk ends every task, the two kinds', the failed ones' and the one-offs' alike, with one notify
call (`shlach_hodaa`). Its three one-offs (a price question, a visit's status, holiday hours) clustered together,
kept that call alone as their consensus, and became an unexpected procedure `Shlach hodaa`. A call the whole
week makes says how this desk answers, not what a task asked for: a cluster whose every call is such a call is
no kind, however alike its requests read.

Only where the week has other clusters (a week of one kind whose every task makes the same calls keeps them) and
other tools (a week whose every call goes through one tool, ALFWorld's `alfworld` or an `api`, tells its kinds
apart by what the calls carry), never for a generic tool (`http_request`, `run_command`), and only for a cluster
none of whose steps is its own (`distinctive_steps`).
"""

from __future__ import annotations

from collections.abc import Sequence

from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.generic_calls import generic


def week_wide_tools(tasks: Sequence[Sequence[str]], clusters: int) -> frozenset[str]:
    """The tools every task of the week calls (each task: its tools), when the week has two clusters or more."""
    if clusters < 2 or len(tasks) < 2:
        return frozenset()
    common = set(tasks[0])
    for tools in tasks[1:]:
        common &= set(tools)
    if all(set(tools) <= common for tools in tasks):
        return (
            frozenset()
        )  # one tool carries all the week's work (ALFWorld's `alfworld`, an `api`): no sign-off
    return frozenset(t for t in common if not generic(t))


def only_week_calls(draft: Draft, wide: frozenset[str]) -> bool:
    """Whether every call of the draft's steps is one every task of the week makes (`week_wide_tools`) and
    none of its steps is its own (`distinctive_steps`: a week whose every call goes through one `api` tool
    tells its kinds apart by what the calls carry)."""
    return (
        bool(wide)
        and bool(draft.consensus)
        and bool(draft.tools)
        and set(draft.tools) <= wide
        and draft.distinctive_steps == 0
    )
