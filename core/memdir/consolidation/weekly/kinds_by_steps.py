"""Kinds told by their steps: tasks of a kind the wording kept apart, brought together by what they did.

Requests paraphrased in two languages cluster by language (`agreement.py` cuts clusters only where
a part could be a kind). `StepKinds` counts a group's *distinctive* steps (`StepAgreement.distinctive`:
taken by most of it and by no other successful task of the week), gathers a kind spread over
clusters that are no kind (`gather_by_steps`), and keeps a kind whole that template induction would
split by wording when its members agree on such steps (`one_kind`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from memdir.consolidation.weekly.agreement import MIN_AGREEMENT, StepAgreement, Work

if TYPE_CHECKING:
    from memdir.consolidation.weekly.draft import Draft
    from memdir.consolidation.weekly.tasks import Task

# A cluster whose tasks phrase their intents differently is a task type only when at least this many
# of its consensus steps act on what its intents name (ALFWorld's "put" type, phrased three ways).
MIN_SPECIFIC_STEPS = 2
MAX_LOOSE = 400  # tasks of clusters that are no kind, cut anew by their steps (O(n^2) agreement)


class StepKinds:
    """Distinctive steps of groups of the week's successful tasks (`ok`, a subset of `week`)."""

    def __init__(self, agreement: StepAgreement, week: Sequence[Task], ok: Sequence[Task]) -> None:
        self.agreement = agreement
        self._week = {id(t): n for n, t in enumerate(week)}
        self._ids = [t.task_id for t in week]
        self._ok_rows = {n for n, t in enumerate(week) if t.succeeded}
        self._ok = [self._week[id(t)] for t in ok]
        self._tools = [frozenset(t.tools) for t in week]
        self._calls = [frozenset(_shape(action, text) for action, text in t.work) for t in week]

    def distinctive(self, members: list[int]) -> int:
        """Distinctive steps of the successful tasks `ok[i]` for i in members."""
        mine = {self._ok[i] for i in members}
        return self.agreement.distinctive(sorted(mine), self._ok_rows - mine)

    def of_tasks(self, group: Sequence[Task]) -> int:
        """Distinctive steps of a group of tasks (by id)."""
        ids = {t.task_id for t in group}
        mine = {n for n, tid in enumerate(self._ids) if tid in ids}
        return self.agreement.distinctive(sorted(mine), self._ok_rows - mine)

    def makes_calls_of(self, one: int, members: Sequence[int]) -> bool:
        """Whether task `one` makes every call most of the members make (`ok` indexes), by the call's tool and
        the names of its arguments (half of them at least the same): a cancel through the same tool, or
        another command of one CLI, is other work."""
        held = Counter(c for i in members for c in self._calls[self._ok[i]])
        mine = self._calls[self._ok[one]]
        return all(
            any(tool == other and 2 * len(names & theirs) >= len(names | theirs) for other, theirs in mine)
            for (tool, names), c in held.items()
            if 2 * c > len(members)
        )

    def tools_of(self, one: int) -> frozenset[str]:
        """The tools task `one` (an `ok` index) called."""
        return self._tools[self._ok[one]]

    def own_calls(self, members: Sequence[int]) -> frozenset[str]:
        """Tools most of the members (`ok` indexes) call and no other successful task of the week calls."""
        mine = [self._ok[i] for i in members]
        held = Counter(t for n in mine for t in self._tools[n])
        others = set().union(*(self._tools[n] for n in self._ok_rows - set(mine)))
        return frozenset(t for t, c in held.items() if 2 * c > len(mine) and t not in others)

    def one_kind(
        self, members: list[int], work: Sequence[Work], parts: list[list[int]], min_steps: int
    ) -> bool:
        """Members (`ok` indexes; `work` their steps) that template induction cut into `parts` are one
        kind: all agree on the steps as well as the largest part's do, on distinctive steps."""
        agree = self.agreement.agreement(work)
        main = max(parts, key=len)
        return bool(agree.min() >= agree[np.ix_(main, main)].min()) and self.distinctive(members) >= min_steps


def gather_by_steps(
    agreement: StepAgreement,
    groups: dict[int, list[int]],
    work: Sequence[tuple[int, Work]],
    span: tuple[int, int],
    distinctive: Callable[[list[int]], int],
    min_steps: int,
) -> int:
    """Bring together a kind whose tasks the clustering spread over clusters that are no kind.

    Requests paraphrased in two languages cluster by language: two English plan changes with a one-off
    that reads alike, the Japanese one with a Japanese export and another one-off. Such clusters are
    too small, or their members disagree on the steps with no part that could be a kind (`apart_tags`
    leaves them). Their tasks are cut anew by the steps alone (complete linkage at `MIN_AGREEMENT`); a
    part of span[0] tasks or more becomes a cluster of its own when at least `min_steps` steps most of
    it took are taken by no other successful task (`distinctive(indexes)`): a sign-in or a step that
    other one-offs share brings nothing together. `groups` is changed in place; returns the parts made.
    """
    low, high = span
    loose: list[int] = []
    for members in groups.values():
        if len(members) > high:
            continue
        if len(members) >= low and distinctive(members) >= min_steps:
            continue  # a kind by its own steps already
        loose.extend(m for m in members if agreement.keys(work[m][1]))
    if not low <= len(loose) <= MAX_LOOSE:
        return 0
    made = 0
    for part in agreement.parts([work[m][1] for m in loose]):
        mine = _trimmed(agreement, [loose[j] for j in part], work)
        if len(mine) < low or distinctive(mine) < min_steps:
            continue
        taken = set(mine)
        for members in groups.values():
            members[:] = [m for m in members if m not in taken]
        groups[max(groups) + 1] = sorted(mine)
        made += 1
    for label in [k for k, v in groups.items() if not v]:
        del groups[label]
    return made


def _trimmed(agreement: StepAgreement, part: list[int], work: Sequence[tuple[int, Work]]) -> list[int]:
    """The part without members that agree with it closer to the cut (`MIN_AGREEMENT`) than to how its
    other members agree among themselves: `keiri`'s one-off `kr-odd-2` agrees 0.53 with approvals that
    agree at 1.0 and leaves; a list save that scrolled first (0.87) stays."""
    part = list(part)
    while len(part) > 2:
        agree = agreement.agreement([work[m][1] for m in part])
        worst = int(np.argmin(agree.sum(axis=1)))  # the least alike on the whole
        rest = [i for i in range(len(part)) if i != worst]
        if agree[worst].min() >= (agree[np.ix_(rest, rest)].min() + MIN_AGREEMENT) / 2:
            break  # closer to how the others agree than to the cut
        del part[worst]
    return part


def is_task_type(draft: Draft, calls_read: bool = True) -> bool:
    """A kind of task: most intents read alike, or enough of its steps act on what they name or on one value.

    A cluster without consensus steps is what the clustering found (intents alike in meaning);
    only shared steps that have nothing to do with differing intents (a `git pull`) disqualify.
    Intents phrased a new way each time still name one kind of work when one varying value
    runs through several of the shared steps (`role/{service}/…`, `deployment/{service}`), or when
    several steps most of them took are taken by no other successful task of the week
    (`distinctive_steps`: a kind asked in two languages; a `git pull` that other tasks run is no such step).
    In a week where no call was read at all (`calls_read` False: the log's shape hides them), a cluster without
    consensus steps has only its requests to say it is one kind, and most must read alike (trial 28: two
    Japanese reminders and two Japanese bookings, alike only in their script, were one step-less procedure).
    """
    return (
        draft.intents_agree
        or (not draft.consensus and calls_read)
        or max(draft.specific_steps, draft.threaded_steps, draft.distinctive_steps) >= MIN_SPECIFIC_STEPS
    )


def _shape(action: str, text: str) -> tuple[str, frozenset[str]]:
    """A call's tool and the names of its arguments (`slot.date=…`, `--owner …`), its values aside."""
    return action, frozenset(re.findall(r"([^\W\d][\w.-]*)=", text) + re.findall(r"--([\w-]+)", text))


def join_one_offs(kinds: StepKinds, groups: dict[int, list[int]]) -> int:
    """A task left alone in its cluster joins the one kind whose own call it makes (round 47).

    A terse request (`آزمایشی، دوشنبه ۱۰، یک نفر`) or a chatty one (a taster asked for in a long story)
    reads alike to no member of its kind, so complete linkage and `rehome` leave it alone, and the kind is
    written from three of its four sources. It joins a cluster of 2 or more when it calls a tool
    most of them call and no other successful task of the week calls (`StepKinds.own_calls`, with it among
    them) and makes every call most of them make, with half of its arguments' names at least (an exploration
    of its own aside: `listOpenSlots`); its values and free text (`notes=…`) may differ, as its wording does.
    A cancel through the booking tool, or another command of one CLI (`distribution-group create` beside
    `permission add`), is other work and stays. One such cluster only. `groups`
    (label -> `ok` indexes) is changed in place; returns the moves.
    """
    moved = 0
    for label in sorted(groups):
        if len(groups[label]) != 1:
            continue
        i = groups[label][0]
        homes = [
            other
            for other, members in groups.items()
            if other != label
            and len(members) >= 2
            and kinds.own_calls([*members, i])
            and kinds.makes_calls_of(i, members)
        ]
        if len(homes) == 1:
            groups[homes[0]].append(i)
            groups[label] = []
            moved += 1
    for label in [k for k, v in groups.items() if not v]:
        del groups[label]
    return moved


def set_apart_strangers(kinds: StepKinds, groups: dict[int, list[int]], min_members: int) -> int:
    """A member that makes none of its kind's own calls leaves it (round 50). A kind's own calls are the
    tools most of its other members call and no successful task outside them calls (`StepKinds.own_calls`:
    `zakaz_kvevri` of four qvevri orders); a follow-up from one of their customers (`status_zakaza`, "are our
    qvevri fired yet?") reads like them and joined them, and with it no step was most of the kind's own. Only
    from a cluster that keeps `min_members` without it; the member is a one-off of its own. `groups` (label
    -> `ok` indexes) is changed in place; returns the members set apart."""
    moved = 0
    for label in sorted(groups):
        members = groups[label]
        if len(members) <= min_members:
            continue
        strangers = [
            i
            for i in members
            if (own := kinds.own_calls([m for m in members if m != i])) and not own & kinds.tools_of(i)
        ]
        if len(strangers) != 1:
            continue
        groups[label] = [m for m in members if m != strangers[0]]
        groups[max(groups) + 1] = [strangers[0]]
        moved += 1
    return moved


def settle_members(kinds: StepKinds, groups: dict[int, list[int]], min_members: int) -> int:
    """A one-off that makes a kind's own calls joins it (`join_one_offs`), then a member that makes none of
    them leaves it (`set_apart_strangers`); returns the moves."""
    return join_one_offs(kinds, groups) + set_apart_strangers(kinds, groups, min_members)
