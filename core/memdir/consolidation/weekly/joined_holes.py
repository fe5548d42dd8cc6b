"""A placeholder that is two others written side by side is written as those two (trial 26 #9).

A message an agent posts writes the task's values together (`text=Nightly 1144 xbox green`): the steps that
differ between the tasks in `1144 xbox` made one span, named by nothing around it, `{value}` ("a value,
different between the tasks"), while the build and the platform are `{build}` and `{platform}` in every other
step and in the reply. When every task's value of a placeholder is, word for word and in one order, the values
two or more other placeholders have for that task, its steps write those placeholders instead
(`text=Nightly {build} {platform} green`) and it leaves the legend.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class _Named(Protocol):
    name: str

    def task_values(self) -> dict[str, str]: ...


def _parts(whole: dict[str, str], others: Sequence[tuple[str, dict[str, str]]]) -> list[str] | None:
    """The names of the placeholders whose values, in order, make each task's value of `whole` (None if none)."""
    tasks = list(whole)
    if len(tasks) < 2:
        return None
    first = whole[tasks[0]].lower().split()
    if len(first) < 2:
        return None
    names: list[str] = []
    for word in first:
        hit = [n for n, vals in others if vals.get(tasks[0], "").lower() == word]
        if len(hit) != 1:
            return None
        names.append(hit[0])
    by_name = dict(others)
    for t in tasks:
        words = whole[t].lower().split()
        if len(words) != len(names) or any(
            by_name[n].get(t, "").lower() != w for n, w in zip(names, words, strict=True)
        ):
            return None
    return names


def split_joined(groups: Sequence[_Named], steps: list[str]) -> list[str]:
    """`steps` with each placeholder that joins others' values written as those placeholders (module doc)."""
    values = [(g.name, g.task_values()) for g in groups if g.name]
    out = list(steps)
    for name, vals in values:
        mark = "{" + name + "}"
        if not any(mark in s for s in out):
            continue
        names = _parts(vals, [(n, v) for n, v in values if n != name])
        if names:
            out = [s.replace(mark, " ".join("{" + n + "}" for n in names)) for s in out]
    return out
