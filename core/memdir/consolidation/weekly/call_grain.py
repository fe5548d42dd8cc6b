"""One call written at two granularities is one call: `ns.thing.verb {args}` and `ns {action: thing.verb, args}`.

A logger can name each operation as a tool of its own (`docket.cases.get` with `{case}`) or one tool per
namespace with the operation among its arguments (`docket` with `{action: "cases.get", case}`), and change
from one to the other mid-week. Compared as written, the two are different actions, and a kind whose tasks
used both loses the call's constant. A call of tool `T` whose input names, as one of its first words or as a
`key=value`, an `X` such that the week also calls a tool `T.X` (the separators `.`, `_`, `/`, `:` alike) is a
call of `T.X`: the tool that name spells, its input without that word. The finer name is the one kept: it
is what both forms say.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memdir.consolidation.weekly.steps import Step, action_of

MAX_WORD = 6  # the operation is among the first words of the input (`action=…` or bare `cases.get`)
_SEP = re.compile(r"[._/:]+")
_KEYED = re.compile(r"^[\w-]+=")


def _norm(name: str) -> str:
    return _SEP.sub(".", name.strip().lower()).strip(".")


def as_finest_tools(steps: list[Step]) -> list[Step]:
    """The week's steps with each coarse call (`docket` + `cases.get`) written as the finer tool the week
    also calls (`docket.cases.get`); every other step as it was."""
    fine: dict[str, str] = {}
    for s in steps:
        if s.kind == "tool" and "." in _norm(s.tool):
            fine.setdefault(_norm(s.tool), s.tool.strip())
    if not fine:
        return steps
    out: list[Step] = []
    for s in steps:
        out.append(_finer(s, fine) if s.kind == "tool" else s)
    return out


def _finer(step: Step, fine: dict[str, str]) -> Step:
    words = step.input.split()
    base = _norm(step.tool)
    for n, word in enumerate(words[:MAX_WORD]):
        value = _KEYED.sub("", word).strip("'\"`,;()[]{}")
        name = f"{base}.{_norm(value)}" if value else ""
        if name in fine and name != base:
            tool = fine[name]
            text = " ".join(words[:n] + words[n + 1 :])
            return replace(step, tool=tool, input=text, action=action_of(tool, text), plain="")
    return step


def renamed_tools(tools: list[str], before: list[Step], after: list[Step]) -> list[str]:
    """A task's tools (in order of use) with each call `as_finest_tools` renamed under its new name."""
    out = list(tools)
    at = 0
    for old, new in zip(before, after, strict=True):
        if old.tool == new.tool:
            continue
        i = next((i for i in range(at, len(out)) if out[i] == old.tool), -1)
        if i >= 0:
            out[i], at = new.tool, i + 1
    return out
