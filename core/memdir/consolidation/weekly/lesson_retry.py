"""Every call a retry added or changed against the failed attempt, aligned as steps, in order.

A retry that worked can differ from the failed attempt in more than one call: `zip -s 90m …` where the
failed task ran `zip …`, and then a second upload of the split archive's other part (`curl … file=@….z01
…`), which the failed task never ran (trial 25 re-check N2: the lesson said only "add `-s 90m` to `zip`",
and an agent following it would upload one part of two). The retry's steps are aligned with the failed
task's (each of the failed task's steps answers at most one of the retry's, in order):

- a step of the failed task run with other arguments is *changed*;
- a step the failed task did not run, before the step that had failed, is *added* when it acts and at
  least two successes of the kind take it (a step only this one success took first is its exploration);
- after the step that had failed worked, the same step run again with other arguments (the other part,
  the second file) is *added*; the steps every success runs after it (a notice, a reply) are the task's
  own, not the retry's change.

Waits and looks (`lesson_causes.is_wait_or_look`) and replies are never a change. Each change is written
for the kind (`general_kept`): a value one task wrote is `<…>`, the place where the retry differs stays
(`file=<…>.z01`), so no one task's file names are the rule.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.lesson_causes import is_wait_or_look
from memdir.consolidation.weekly.lesson_words import MASK, general

if TYPE_CHECKING:
    from memdir.consolidation.weekly.steps import Step
    from memdir.consolidation.weekly.tasks import Task


@dataclass
class Change:
    """One call of the retry that the failed attempt did not make as it was."""

    step: str  # the retry's step, as logged (redacted)
    before: str = ""  # the failed task's version of it ('' when the failed task ran no such step)
    after: bool = False  # run after the step that had failed, which then worked
    repeat: str = ""  # for an added step: the failed task's step it runs again with other arguments
    shown: str = ""  # `step` for the kind (`general_kept`), filled once the kind's words are known
    shown_before: str = ""  # `before` for the kind
    part: str = ""  # the place it differs from `before` (or `repeat`), for the kind (`file=<…>.z01`)

    @property
    def added(self) -> bool:
        return not self.before


def _norm(text: str) -> str:
    return " ".join(text.split())


def retry_changes(
    task: Task, ok: Task, at: int, upto: list[Step], same: Callable[[Step, Step], bool], later: list[Task]
) -> list[Change]:
    """What `ok` (a retry of `task` whose step `at` is the one that failed in `task`) did otherwise, in order."""
    used: set[int] = set()
    out: list[Change] = []
    for k, s in enumerate(ok.steps):
        if s.kind == "response" or s.failed or is_wait_or_look(s):
            continue
        j = next((j for j, f in enumerate(upto) if j not in used and same(s, f)), None)
        if j is not None:
            used.add(j)
            if _norm(s.input) != _norm(upto[j].input):
                out.append(Change(s.render(), before=upto[j].render(), after=k > at))
            continue
        again = next((f for f in upto if same(s, f)), None)
        if k > at:
            if again is not None and _norm(s.input) != _norm(again.input):
                out.append(Change(s.render(), after=True, repeat=again.render()))
            continue
        if again is None and sum(1 for o in later if any(same(s, x) for x in o.steps)) >= 2:
            out.append(Change(s.render()))
    return out


_SPLIT = re.compile(r"(?<=[._@/=:-])")  # a token's parts, each ending at a separator


def _kept_token(old: str, new: str, common: set[str], varied: set[str]) -> str:
    """`new` for the kind where it stands in place of `old`: their shared start as the kind's words, the
    rest as written (`file=@acme_7.zip` -> `file=@acme_7.z01`: `file=<…>.z01`)."""
    a, b = _SPLIT.split(old), _SPLIT.split(new)
    n = 0
    while n < min(len(a), len(b)) - 1 and a[n] == b[n]:
        n += 1
    head = "".join(b[:n])
    if head and head[-1] in "._-" and n > 0:  # `name.` + `z01`: the separator goes with the tail
        head, tail = head[:-1], head[-1] + "".join(b[n:])
    else:
        tail = "".join(b[n:])
    shown = general(head, common, varied) if head else ""
    return shown + tail


def general_kept(new: str, old: str, common: set[str], varied: set[str]) -> tuple[str, str]:
    """`new` written for the kind, what differs from `old` kept (the change is the lesson), and that
    difference alone; with no `old`, `new` for the kind."""
    if not old:
        shown = general(new, common, varied)
        return shown, shown
    a, b = old.split(), new.split()
    out: list[str] = []
    parts: list[str] = []
    for op, a0, a1, b0, b1 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out += [general(w, common, varied) for w in b[b0:b1]]
        elif op == "insert":
            out += b[b0:b1]
            parts += b[b0:b1]
        elif op == "replace":
            olds = a[a0:a1] + [""] * max(0, (b1 - b0) - (a1 - a0))
            kept = [
                _kept_token(o, w, common, varied) if o else w for o, w in zip(olds, b[b0:b1], strict=False)
            ]
            out += kept
            parts += kept
    return " ".join(out), " ".join(parts) or MASK


def show(changes: list[Change], common: set[str], varied: set[str]) -> None:
    """Fill each change's text for the kind (after the kind's words are known)."""
    for c in changes:
        c.shown, c.part = general_kept(c.step, c.before or c.repeat, common, varied)
        if c.before:
            c.shown_before = general_kept(c.before, c.step, common, varied)[0]
