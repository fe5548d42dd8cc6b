"""A task of a light week that runs a procedure's steps and more: one review item on the note (fix32b).

`repeats.py` counts a task outside the week's selected clusters as a procedure's success only when it ran
the note exactly. A task that ran the note's steps and **added** a call, or ran one of its steps with
another value, got nothing in a week where its kind ran fewer than `min_successes` times, while the same
work 3 times a week gets a `merge_candidate` on the note naming what the tasks added (`place.py`,
`stale.py`). Here it gets the same item: the steps the task took that the note does not list and the
values it wrote otherwise, the task ids as its sources; the note is not touched until a person accepts.

A task **extends** a note when the note has `MIN_LINES` or more coded lines, each with a constant of its
own, and the task ran each of them: as written (`repeats.py`'s match) or, for a minority of them, with
another value (its nearest call, of the tool the line names when it names one the task calls, sharing
`SAME` of the tokens); at least `MIN_HELD` lines as written; and it made a decisive call no line is, or
ran a line otherwise. So a one-off that shares one call with a note (a `notify`, a `send`, a `search`) is
never taken for it: it runs one of the note's lines, not all of them.

A call is proposed as a step only when most of those tasks made it (`MIN_TASKS` or more, more than half
of them, by its tool), as a consensus step needs the kind's majority: one task's one-off lookup
(`資料検索 {"query": "Store A shelf map"}`) is exploration, not a step to add (trial 27 #4). A proposed step
says where it goes: after the note's step the task ran just before it (`after step 2`), as `candidate_body`
writes it. Values a task wrote otherwise are said however many tasks did.

The item's key is the note and the tasks (`weekly-repeat:<note>:<signature>`), so a rerun of the week
raises nothing new, and a rejected item is never raised again.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.changed import SAME
from memdir.consolidation.weekly.follows import _pattern, _spans, act_texts, line_tool
from memdir.consolidation.weekly.named import PLACEHOLDER
from memdir.consolidation.weekly.render import candidate_body
from memdir.consolidation.weekly.weekly_state import signature
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task
    from memdir.lifecycle.review import ReviewQueue
    from memdir.runs.report import RunReport

MIN_LINES = 2  # coded lines a note needs before a task that runs them all repeats (or extends) it
MIN_HELD = 2  # of them, run as written
MIN_TASKS = 2  # tasks that made an added call before it is proposed as a step (and more than half of them)
_NUMBER = re.compile(r"^\s*(\d+)[.)]\s")


@dataclass
class Extension:
    """What one task ran beyond a note: calls the note makes nowhere, and its steps run with other values."""

    added: list[str] = field(default_factory=list)  # `tool: `input`` of each added call
    changed: list[tuple[str, str]] = field(default_factory=list)  # (the note's line, the task's input)
    places: dict[str, str] = field(
        default_factory=dict
    )  # added call -> `after step N` (the note's line before)


def constant(tokens: list[str]) -> bool:
    """The span writes some text of its own besides placeholders."""
    return any(ch.isalnum() for ch in PLACEHOLDER.sub("", " ".join(tokens)))


def coded_lines(task: Task, note_lines: Sequence[str]) -> list[tuple[str, str, list[list[str]]]] | None:
    """(line, the tool it names that the task calls or '', its code spans) of each coded line, or None when
    the note has fewer than `MIN_LINES` of them or one is only placeholders (it holds any call)."""
    tools = {tool for tool, _ in act_texts(task)}
    out = []
    for ln in note_lines:
        if spans := _spans(ln):
            tool = line_tool(ln)
            out.append((ln, tool if tool in tools else "", spans))
    if len(out) < MIN_LINES or not all(any(constant(t) for t in s) for _, _, s in out):
        return None
    return out


def lines_run(task: Task, note_lines: Sequence[str]) -> tuple[list[bool], list[bool]] | None:
    """Which of the note's coded lines the task ran with their constants (one flag per line, in order) and which
    of its calls ran one (one flag per call); None when the task made no call or the note is no coded note."""
    acts = act_texts(task)
    coded = coded_lines(task, note_lines)
    if not acts or coded is None:
        return None
    used = [False] * len(acts)
    ran: list[bool] = []
    for _, tool, spans in coded:
        patterns = [_pattern(t) for t in spans if constant(t)]
        hit = False
        for i, (act_tool, texts) in enumerate(acts):
            if (not tool or act_tool == tool) and any(p.fullmatch(x) for p in patterns for x in texts):
                used[i] = hit = True
        ran.append(hit)
    return ran, used


def extends(task: Task, note_lines: Sequence[str]) -> Extension | None:
    """What the task ran beyond the note when it ran the note's steps and more (module doc); None otherwise
    (it ran them exactly, or not all of them)."""
    acts = act_texts(task)
    coded = coded_lines(task, note_lines)
    if not acts or coded is None:
        return None
    used = [False] * len(acts)
    ran: dict[int, str] = {}  # call -> the note's line it ran
    held = 0
    missed: list[tuple[str, str, list[list[str]]]] = []
    for line, tool, spans in coded:
        patterns = [_pattern(t) for t in spans if constant(t)]
        hit = False
        for i, (act_tool, texts) in enumerate(acts):
            if (not tool or act_tool == tool) and any(p.fullmatch(x) for p in patterns for x in texts):
                used[i] = hit = True
                ran.setdefault(i, line)
        held += hit
        if not hit:
            missed.append((line, tool, spans))
    out = Extension()
    for line, tool, spans in missed:  # a line run with another value: its nearest call not yet taken
        best: tuple[float, int] | None = None
        for i, (act_tool, texts) in enumerate(acts):
            if used[i] or (tool and act_tool != tool):
                continue
            r = max(
                difflib.SequenceMatcher(a=s, b=x.split(), autojunk=False).ratio()
                for s in spans
                for x in texts
            )
            if r >= SAME and (best is None or r > best[0]):
                best = (r, i)
        if best is None:
            return None  # a step of the note the task did not run: not the note's work
        used[best[1]] = True
        ran[best[1]] = line
        out.changed.append((line, acts[best[1]][1][-1]))
    if held < MIN_HELD or 2 * held <= len(coded):
        return None
    out.added = [f"{tool}: `{texts[-1]}`" for (tool, texts), u in zip(acts, used, strict=True) if not u]
    for i, ((tool, texts), u) in enumerate(zip(acts, used, strict=True)):
        before = [ran[j] for j in range(i) if j in ran]
        if not u and before and _NUMBER.match(before[-1]):
            out.places[f"{tool}: `{texts[-1]}`"] = f"after {_step(before[-1])}"
    return out if out.added or out.changed else None


def _tool(step: str) -> str:
    return step.split(": `", 1)[0]


def _step(line: str) -> str:
    m = _NUMBER.match(line)
    return f"step {m.group(1)}" if m else f"`{line.strip()}`"


def raise_extended(
    review: ReviewQueue, target: str, found: Sequence[tuple[Task, Extension]], report: RunReport
) -> str | None:
    """One `merge_candidate` on `target` for the tasks that ran its steps and more; its path (None when dry,
    or raised before)."""
    ids = sorted(t.task_id for t, _ in found)
    by_tool = Counter(tool for _, e in found for tool in {_tool(s) for s in e.added})  # tasks per added call
    many = {t for t, n in by_tool.items() if n >= MIN_TASKS and 2 * n > len(found)}
    added = list(dict.fromkeys(s for _, e in found for s in e.added if _tool(s) in many))
    places = {s: p for _, e in found for s, p in e.places.items() if s in added}
    changed = list(
        dict.fromkeys(
            f"- {_step(line)} writes `{' '.join(_spans(line)[0])}`; task `{t.task_id}` wrote `{ran}`"
            for t, e in found
            for line, ran in e.changed
        )
    )
    if not added and not changed:  # one task's one-off calls: exploration, no step of the note
        return None
    body = redact_text(candidate_body(added, ids, {}, changed=changed, places=places))
    stem = target.rsplit("/", 1)[-1].removesuffix(".md")
    n = len(ids)
    title = f"{n} task{'s' if n > 1 else ''} ran {stem} and more"
    description = redact_text(
        f"Weekly: {n} successful task{'s' if n > 1 else ''} ({', '.join(ids)}) ran every step of this note "
        "and more; too few of its kind ran this week for a cluster, so nothing was counted: what it added is below"
    )
    if report.dry_run:
        report.review.append(f"review/ (merge_candidate for {target}: {description})")
        return None
    key = f"weekly-repeat:{target}:{signature(ids)}"
    path = review.raise_item("merge_candidate", target, title, body, None, ids, key, None, description)
    if path:
        report.review.append(path)
    return path


__all__ = ["Extension", "coded_lines", "constant", "extends", "raise_extended"]
