"""Placeholders: spans of the title and the steps that stand for the same thing, one name each.

Two spans are one placeholder when every task they share gave them the same value (case and
surrounding quotes aside), so `Deploy the {service} service`, `SERVICE={service}` and
`https://staging.example.com/{service}/healthz` use one name. A step value that extends a
title value by an instance suffix (`spraybottle 2` for `spraybottle`) is the same placeholder;
the legend shows both. Names come from `memdir.consolidation.weekly.naming`, title spans first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from memdir.consolidation.weekly.naming import candidates, choose
from memdir.consolidation.weekly.span_dates import same_day
from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.spans import Template, find_word
from memdir.consolidation.weekly.written_alike import written_alike

_SUFFIX = re.compile(r"\s+\d+$")
_EDGE = " \t\"'`.,;:!?()[]{}<>"


@dataclass
class Placeholder:
    """One name, the spans it stands for, and the values seen (title values first)."""

    name: str = ""
    spans: list[Span] = field(default_factory=list)
    in_title: bool = False
    extended: bool = False  # steps show the title value plus an instance suffix
    preset: str | None = None  # the first step's key for an identifier (`id_values`), once read

    def values(self) -> list[str]:
        """Distinct values over all its spans: each task's value in the first span that has one.

        When steps extend the title's values, a task seen only in steps shows its step value
        without the instance suffix (`lettuce` for `lettuce 1`).
        """
        out: dict[str, None] = {}
        done: set[str] = set()
        for n, span in enumerate(self.spans):
            for task, value in span.values.items():
                if task in done or not value.strip():
                    continue
                done.add(task)
                if n and self.extended:
                    value = _SUFFIX.sub("", value)
                out[value] = None
        return list(out)

    def value_tasks(self) -> dict[str, int]:
        """How many tasks wrote each value (title and step spellings), for a legend that shows none seen once."""
        tasks: dict[str, set[str]] = {}
        for n, span in enumerate(self.spans):
            for task, value in span.values.items():
                if not value.strip():
                    continue
                tasks.setdefault(value, set()).add(task)
                if n and self.extended:
                    tasks.setdefault(_SUFFIX.sub("", value), set()).add(task)
        return {v: len(t) for v, t in tasks.items()}

    def task_values(self) -> dict[str, str]:
        """Each task's value, in the first span that has one."""
        out: dict[str, str] = {}
        for span in self.spans:
            for task, value in span.values.items():
                if value.strip():
                    out.setdefault(task, value)
        return out

    def step_values(self) -> list[str]:
        """Distinct values of the spans after the first one (the steps' spelling when extended)."""
        seen: dict[str, None] = {}
        for s in self.spans[1:]:
            seen.update(dict.fromkeys(s.seen()))
        return list(seen)


def _in_intents(span: Span, intents: Mapping[str, str]) -> bool:
    """Every task's value (instance suffix aside) is written in that task's intent."""
    for task, value in span.values.items():
        intent = intents.get(task, "")
        word = _SUFFIX.sub("", value).strip(_EDGE)
        if intent and word and find_word(intent, word) is None and not _spelt(word, intent):
            return False
    return True


_JOINED = re.compile(r"[a-z]+(?:[_-][a-z]+)+")


def _spelt(word: str, intent: str) -> bool:
    """A call's snake-case or kebab-case value (`nail_trim`) the request writes as words (`a nail trim`)."""
    return _JOINED.fullmatch(word) is not None and find_word(intent, re.sub("[_-]", " ", word)) is not None


def _same(a: Span, b: Span, least: int = 2) -> bool:
    common = [t for t in a.values if t in b.values and a.key(t) and b.key(t)]
    if len(common) < least:
        return False
    return all(a.key(t) == b.key(t) for t in common) or written_alike(a, b, common)


def _trailed(title: Span, step: Span) -> bool:
    """A title value that is the step's value with a remark after it in one task's request or more
    (`2026-08-17 (late events landed)` for `2026-08-17`): the same placeholder; the remark is cut."""
    common = [t for t in title.values if t in step.values and title.key(t) and step.key(t)]
    if not common or not all(
        title.key(t) == step.key(t) or title.key(t).startswith(step.key(t) + " ") for t in common
    ):
        return False
    if all(title.key(t) == step.key(t) for t in common):
        return False
    for t in common:
        title.values[t] = step.values[t].strip(_EDGE)
    return True


def _extends(title: Span, step: Span) -> bool:
    common = [t for t in title.values if t in step.values and title.key(t) and step.key(t)]
    return len(common) >= 1 and all(
        step.key(t).startswith(title.key(t) + " ") and step.key(t)[len(title.key(t)) + 1 :].isdigit()
        for t in common
    )


def assign(
    title: Template | None, steps: list[Template], intents: Mapping[str, str] | None = None
) -> list[Placeholder]:
    """Group the spans of the title and the steps into placeholders and name them (in place).

    A step span joins a title placeholder only when each of its tasks wrote its value in its own
    intent (`intents`), so a source that happens to equal the target in two tasks stays apart.
    """
    intents = intents or {}
    groups: list[Placeholder] = []
    texts = ([title] if title is not None else []) + steps
    late: list[Span] = []
    for n, tpl in enumerate(texts):
        is_title = title is not None and n == 0
        for span in tpl.spans:
            if span.ref is not None:
                late.append(span)  # a one-intent title's word: joins its step span's group below
                continue
            fits = is_title or _in_intents(span, intents)
            # a title placeholder needs one shared task when every value is written in its task's intent
            home = next(
                (
                    g
                    for g in groups
                    if (_same(g.spans[0], span, 1) if g.in_title else _same(g.spans[0], span))
                    and (fits or not g.in_title)
                ),
                None,
            )
            if home is None and not is_title and fits:
                home = next((g for g in groups if g.in_title and _trailed(g.spans[0], span)), None)
            if home is None and not is_title and fits:
                home = next((g for g in groups if g.in_title and _extends(g.spans[0], span)), None)
                if home is not None:
                    home.extended = True
            if home is None and not is_title:  # `11月24日` in the title, `2026-11-24` in the steps: one date
                home = next((g for g in groups if g.in_title and same_day(g.spans[0], span)), None)
                if home is not None:
                    home.extended = True
            if home is None:
                home = Placeholder(in_title=is_title)
                groups.append(home)
            home.spans.append(span)
    for span in late:
        home = next((g for g in groups if any(span.ref is s for s in g.spans)), None)
        if home is None:
            home = Placeholder()
            groups.append(home)
        home.in_title = True
        home.spans.insert(0, span)  # the title's spelling first; the steps' tasks follow
        home.extended = home.extended or any(
            s.key(t) != span.key(t) for s in home.spans[1:] for t in span.values
        )
    groups.sort(key=lambda g: not g.in_title)  # title placeholders pick their names first
    _name(groups, texts, title is not None)
    return groups


def rename(groups: list[Placeholder], steps: list[Template]) -> None:
    """Name the placeholders again from the steps alone (in place), once the title whose holes named them
    first was given up (round 29: the engraving text was `{value3}` because a dropped request title's holes
    took `{value}` … `{value5}`; now `text={text}`): in the order the steps first use them."""
    first = {id(s): (n, k) for n, tpl in enumerate(steps) for k, s in enumerate(tpl.spans)}
    last = (len(steps), 0)
    groups.sort(key=lambda g: min((first.get(id(s), last) for s in g.spans), default=last))
    for g in groups:
        g.in_title = False
    _name(groups, steps, False)


def _name(groups: list[Placeholder], texts: list[Template], titled: bool) -> None:
    taken: set[str] = set()
    for g in groups:
        evidence = []
        for n, tpl in enumerate(texts):
            for span in tpl.spans:
                if any(span is s for s in g.spans):
                    left, right = tpl.context(span)
                    evidence += candidates(left, right, span.seen(), titled and n == 0)
        # an identifier's key names its value before another key the same value is sent under (`id_values`)
        if g.preset is None:  # the first step's key, before any name is given
            g.preset = next((s.name for s in g.spans if s.name), "")
        preset = g.preset
        evidence += [c for c in evidence if c[1] == preset]
        g.name = choose(evidence, taken)
        taken.add(g.name)
        for span in g.spans:
            span.name = g.name
