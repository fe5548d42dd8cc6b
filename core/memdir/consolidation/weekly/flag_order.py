"""The same flags in another order are the same call: one order per command over the week.

A CLI takes its options in any order: one person runs `jakumi shukka yoyaku --kosu 60 --shijo 大田市場
--bin 定温便`, another `jakumi shukka yoyaku --shijo 大田市場 --bin 定温便 --kosu 60`. Compared as text
(steps, spans, agreement) the two read as different calls, and each task's order splits a kind into
one-offs. A command is its head (the words before the first option) and its options, each with the
values written after it up to the next option. Calls of one tool with the same head and the same set of
options are written in the order most of the week's tasks used (of equals, the earliest task's), before
anything compares them. A call whose input is quoted text, names an option twice, writes one with `=`
or before its subcommand, is left as it was: moving its words could change what it says.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from memdir.consolidation.weekly.steps import Step


class _Task(Protocol):
    steps: list[Step]


_OPTION = re.compile(r"^--?[^\W\d][\w-]*$")
_WORD = re.compile(r"^[^\W\d_]+(?:[-_][^\W\d_]+)*$")
_QUOTED = re.compile(r"[\"'`]|(?:^|\s)--?[\w-]+=")

Key = tuple[str, tuple[str, ...], frozenset[str]]
Parsed = tuple[tuple[str, ...], list[tuple[str, list[str]]]]


def parse(text: str) -> Parsed | None:
    """(head, [(option, its values)]) of a command with two or more distinct options, else None.

    None too when its options come before its subcommand (`kubectl --context c -n ns rollout …`: which
    words are values is not known) or one is written with `=` (`--timeout=300s`)."""
    if _QUOTED.search(text):
        return None
    words = text.split()
    head: list[str] = []
    groups: list[tuple[str, list[str]]] = []
    for word in words:
        if _OPTION.match(word):
            groups.append((word, []))
        elif groups:
            groups[-1][1].append(word)
        else:
            head.append(word)
    names = [name for name, _ in groups]
    if len(_command(head)) < 2 or len(names) < 2 or len(set(names)) < len(names):
        return None
    return tuple(head), groups


def _command(head: Sequence[str]) -> tuple[str, ...]:
    """The command's words: its head up to a value, at most 3 (`jakumi shukka yoyaku`, `doors grant`)."""
    words = []
    for word in head[:3]:
        if not _WORD.match(word):
            break
        words.append(word)
    return tuple(words)


def _key(tool: str, parsed: Parsed) -> Key:
    """The tool, the command's words and its set of options."""
    head, groups = parsed
    return tool, _command(head), frozenset(name for name, _ in groups)


def settle_flag_order(tasks: Sequence[_Task]) -> None:
    """Rewrite the week's calls of one command to one form: its head and the positional words an option
    never takes elsewhere (`doors grant --zones A M-1` when others write `--zones A` alone), then its options
    in the order most tasks used (of equals, the first task's: `tasks` in the order they started)."""
    orders: dict[Key, Counter[tuple[str, ...]]] = {}
    first: dict[Key, dict[tuple[str, ...], int]] = {}
    arity: dict[Key, dict[str, int]] = {}
    for rank, task in enumerate(tasks):
        seen: set[tuple[Key, tuple[str, ...]]] = set()
        for step in task.steps:
            if step.kind != "tool" or (parsed := parse(step.input)) is None:
                continue
            key, order = _key(step.tool, parsed), tuple(name for name, _ in parsed[1])
            least = arity.setdefault(key, {})
            for name, values in parsed[1]:
                least[name] = min(least.get(name, len(values)), len(values))
            if (key, order) not in seen:  # a retry counts once: the order a task used
                seen.add((key, order))
                orders.setdefault(key, Counter())[order] += 1
                first.setdefault(key, {}).setdefault(order, rank)
    best = {
        key: min(c, key=lambda o: (-c[o], first[key][o])) for key, c in orders.items() if sum(c.values()) > 1
    }
    if not best:
        return
    for task in tasks:
        steps = []
        for step in task.steps:
            call = parse(step.input) if step.kind == "tool" else None
            if call is not None and (canon := best.get(key := _key(step.tool, call))) is not None:
                head, took = list(call[0]), dict(call[1])
                for name in canon:
                    keep = max(1, arity[key][name]) if took[name] else 0
                    head += took[name][keep:]
                    took[name] = took[name][:keep]
                words = [*head, *(w for name in canon for w in (name, *took[name]))]
                step = replace(step, input=" ".join(words))
            steps.append(step)
        task.steps = steps
