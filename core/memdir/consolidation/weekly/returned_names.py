"""A value a step takes from an earlier step's result is one placeholder named for it (trial 21).

`send_email … vars.work_order=WO-wo-101` after `create_work_order` returned `{"work_order_id": "WO-wo-101"}`
was `vars.work_order=WO-wo-{work_order}`, `{work_order}: a number`: the alignment kept the part the tasks
shared, and an agent following it would make the id up. A token of a step (constant text glued to the spans
in it) that holds, in every task that fills it, the value one field of an earlier step's result returned in
that task (`call_returns.py`: the same tool and key in each task, at the same place in the token) is one
span of that value, named by the field's key (`{work_order_id}`); its legend says where it comes from: "the
`work_order_id` that step 2 (`create_work_order`) returns". A phone number matches by its digits
(`090-1111-2222` returned, `09011112222` sent).

A value the task had before the result is no returned one: one its request states (`2026-12-12` of
"12月12日14時で", `Dec 20`), or one it passed to that call or an earlier one (`get_lease unit=205` returning
`unit: 205`). Values shorter than 3 characters, or one value in every task, are never matched.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.naming import is_phone, key_name, singular
from memdir.consolidation.weekly.placeholders import Placeholder
from memdir.consolidation.weekly.span_types import Part, Span
from memdir.consolidation.weekly.spans import Template
from memdir.consolidation.weekly.tasks import Task
from memdir.consolidation.weekly.value_forms import date_said, digits

Marks = dict[int, tuple[str, str, bool]]  # id(span) -> (tool, key, one of a list) of the result it comes from
_TOKEN_END = re.compile(r"[\s'\"`()\[\]{}<>,;|&=]")
_INSIDE = re.compile(r"[^\s'\"`()\[\]{}<>,;|&=]{1,24}")
MIN_LENGTH = 3


def _name(key: str, listed: bool) -> str:
    """A placeholder's name from a result's key: one item of a listed `slots` is `{slot}`."""
    name = key_name(key)
    return singular(name) if listed and name else name


def _stated(value: str, task: Task, tool: str) -> bool:
    """Whether the task had the value before the result: its request states it, or an input up to the call."""
    said = task.intent.lower()
    if value.lower() in said:
        return True
    if date_said(value, said):  # `2026-12-12` asked as `12月12日`, `12/12`, `Dec 12`, `12 December`
        return True
    for step in task.steps:
        if value in step.input:
            return True
        if step.tool == tool:
            break
    return False


def _found(value: str, token: str) -> tuple[str, str] | None:
    """(text before, text after) the value in a token, or None; a phone number is the whole token by digits."""
    if is_phone(value) and is_phone(token) and digits(value) == digits(token):
        return "", ""
    at = token.find(value)
    return (token[:at], token[at + len(value) :]) if at >= 0 else None


def _match(
    tokens: Mapping[str, str], tasks: Mapping[str, Task], before: set[str]
) -> tuple[Span, str, str, tuple[str, str, bool]] | None:
    """The span of returned values the tokens hold (with the constant text around it), named by its key."""
    first = tasks[next(iter(tokens))]
    tried: set[tuple[str, str]] = set()
    for r in first.returns:
        if (r.tool, r.key) in tried or r.tool not in before:
            continue
        tried.add((r.tool, r.key))
        values: dict[str, str] = {}
        edges: set[tuple[str, str]] = set()
        for tid, token in tokens.items():
            hit = next(
                (
                    (x.value, found)
                    for x in tasks[tid].returns
                    if (x.tool, x.key) == (r.tool, r.key)
                    and len(x.value) >= MIN_LENGTH
                    and (found := _found(x.value, token)) is not None
                    and not _stated(x.value, tasks[tid], r.tool)
                ),
                None,
            )
            if hit is None:
                break
            found = hit[1]
            values[tid] = token[len(found[0]) : len(token) - len(found[1])]
            edges.add(found)
        if len(values) == len(tokens) and len(edges) == 1 and len(set(values.values())) >= 2:
            pre, post = edges.pop()
            span = Span(values, name=_name(r.key, r.listed))
            return span, pre, post, (r.tool, r.key, r.listed)
    return None


def _head(text: str) -> str:
    cut = max((m.end() for m in _TOKEN_END.finditer(text)), default=0)
    return text[cut:]


def _tail(text: str) -> str:
    m = _TOKEN_END.search(text)
    return text[: m.start()] if m else text


def mark_returned(parts: list[Part], tasks: Mapping[str, Task], before: set[str], marks: Marks) -> list[Part]:
    """A step's parts with each token holding an earlier step's returned value as one span (recorded in
    `marks`); `before`: the tools of the procedure's steps before this one."""
    if not before:
        return parts
    out: list[Part] = []
    i = 0
    while i < len(parts):
        p = parts[i]
        if not isinstance(p, Span) or p.ref is not None:
            out.append(p)
            i += 1
            continue
        j = i
        while (
            j + 2 < len(parts)
            and isinstance(sep := parts[j + 1], str)
            and _INSIDE.fullmatch(sep)
            and isinstance(parts[j + 2], Span)
        ):
            j += 2
        left = out[-1] if out and isinstance(out[-1], str) else ""
        right = parts[j + 1] if j + 1 < len(parts) and isinstance(parts[j + 1], str) else ""
        assert isinstance(right, str)
        pre, post = _head(left), _tail(right)
        run = parts[i : j + 1]
        tids = [t for t in p.values if t in tasks]
        tokens = {
            t: pre + "".join(x if isinstance(x, str) else x.values.get(t, "") for x in run) + post
            for t in tids
        }
        tokens = {t: v for t, v in tokens.items() if v.strip()}
        found = _match(tokens, tasks, before) if len(tokens) >= 2 else None
        if found is None:
            out.extend(run)
            i = j + 1
            continue
        span, head, tail, marks[id(found[0])] = found
        if left:
            out[-1] = left[: len(left) - len(pre)] + head
        elif head:
            out.append(head)
        out.append(span)
        rest = tail + right[len(post) :]
        i = j + 1
        if right:
            i += 1
        if rest:
            out.append(rest)
    return [x for x in out if x != ""]


def mark_steps(steps: Sequence[tuple[Template | None, set[str]]], tasks: Mapping[str, Task]) -> Marks:
    """Each step's template (in place) with the values earlier steps returned as spans; the marks made."""
    marks: Marks = {}
    before: set[str] = set()
    for tpl, tools in steps:
        if tpl is not None and any(t.returns for t in tasks.values()):
            tpl.parts = mark_returned(tpl.parts, tasks, before, marks)
        before |= tools
    return marks


def name_returned(groups: Sequence[Placeholder], marks: Marks) -> None:
    """Each placeholder of a returned value named by its result's key (unless another placeholder has it)."""
    for g in groups:
        mark = next((marks[id(s)] for s in g.spans if id(s) in marks), None)
        if mark is None:
            continue
        name = _name(mark[1], mark[2]) or g.name
        if name != g.name and all(o.name != name for o in groups):
            g.name = name
            for span in g.spans:
                span.name = name


def returned_legend(groups: Sequence[Placeholder], marks: Marks, steps: Sequence[str]) -> dict[str, str]:
    """Placeholder -> where its value comes from: "the `key` that step N (`tool`) returns"."""
    out: dict[str, str] = {}
    for g in groups:
        mark = next((marks[id(s)] for s in g.spans if id(s) in marks), None)
        slot = "{" + g.name + "}"
        use = next((n for n, s in enumerate(steps) if slot in s), None)
        if mark is None or use is None:
            continue
        tool, key, listed = mark
        at = next(
            (n for n in range(use - 1, -1, -1) if steps[n].startswith((f"{tool}:", f"{tool} ", tool))), None
        )
        where = f"step {at + 1} (`{tool}`)" if at is not None else f"`{tool}`"
        what = (
            f"the `{key}` that {where} returns" if key else f"what {where} returns (take it from that result)"
        )
        out[g.name] = f"{'one of ' if listed else ''}{what}"
    return out
