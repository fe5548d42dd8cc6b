"""Why a weekly run found no kind, in one line the run prints (trial 30 #9).

A week of four tour bookings (two English, two Japanese) printed "5 looked at, 5 skipped … nothing to change" and
`--json` only `components 2, largest_component 2`: nothing told the user that the tasks fell in two groups of two
where a kind needs three. The line says how many new successful tasks there were, in how many groups of alike
tasks, the largest group, and what a kind needs; or that the groups big enough share no steps of their own.
"""

from __future__ import annotations

from collections.abc import Sequence


def no_kind_line(sizes: Sequence[int], min_successes: int) -> str | None:
    """Why no group of new successful tasks (`sizes`: each group's new tasks) became a kind; None when one did
    or the week had no new success."""
    fresh = sum(sizes)
    if not fresh or any(n >= min_successes for n in sizes):
        return None
    need = f"a kind needs {min_successes} alike (thresholds.min_successes)"
    if fresh < min_successes:
        return f"no kind this week: {fresh} new successful task(s); {need}"
    groups = [n for n in sizes if n]
    return (
        f"no kind this week: {fresh} new successful tasks in {len(groups)} group(s) of alike tasks, "
        f"the largest {max(groups)}; {need}"
    )


def not_a_kind_line(skipped: int) -> str:
    """Groups big enough whose tasks share no steps of their own and whose requests read apart."""
    return (
        f"{skipped} group(s) of tasks were no kind: their requests read apart and they share no steps "
        "of their own (a shared sign-in or `git pull` is not a kind)"
    )
