"""A note's constant the work moved away from: what the kind's tasks ran instead (trial 16, `fix16e`).

A re-find (`place.py`) counts as uses of a daily or weekly procedure only the tasks that followed it
(`follows.py`); the others ran the note's step with another value or an added flag. When `STALE_AT` or
more of the run's successful tasks of the kind did so, the note's constant is likely stale and a person is
told so in one review item (a `merge_candidate` on the note, never a second procedure, never an edit until
accepted). For each coded step of the note the tasks ran otherwise, the item says the note's value, the
tasks' values and how many tasks ran each, and proposes the step written again: with the tasks' value
when they all agree (`--retention 7d` -> `--retention 14d`), with a placeholder where they vary
(`configs/r50.yaml` -> `configs/{config}.yaml`: the text all the values share stays, the rest is named by
the flag before it or the folder it is in), with an added flag when every task added the same one.

That is for the note's own calls run with other values. When none of the kind's `STALE_AT` or more successful
tasks followed the note and each made other calls than the note's steps name (`own_calls`: a call the note
makes nowhere, or none of a call it names; trial 20 #2, a spay booking's `check_surgery_slot` where the
vaccination note checks with `check_availability`), the kind is other work that only reads like the note: it
gets its own procedure, and the note no use and no review item. A person's how-to whose code is a folder or a
value in its sentences names no call (trial 26 #7: `store/patch_notes/1.0.4/` in "Copy the patch notes from
…"); the tasks' calls are other calls when none of them runs or comes near any of its code.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.changed import SAME
from memdir.consolidation.weekly.dedupe import note_steps
from memdir.consolidation.weekly.follows import _pattern, _spans, act_texts, follows, line_tool
from memdir.consolidation.weekly.lesson_causes import is_wait_or_look
from memdir.consolidation.weekly.listed import numbered_lines
from memdir.consolidation.weekly.weekly_state import signature
from memdir.lifecycle.feedback import OUTCOME_HEADING
from memdir.notes.body_sections import drop_section

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task
    from memdir.lifecycle.review import ReviewQueue
    from memdir.runs.report import RunReport

STALE_AT = 3  # successful tasks of the kind that did not follow the note: a review item says so
_SEP = "/.=:,"


@dataclass
class Stale:
    """One coded step of the note the tasks ran otherwise."""

    line: str  # the note's line as written
    span: str  # its code
    proposed: str  # the code proposed instead
    changes: list[tuple[str, Counter[str]]] = field(default_factory=list)  # (note's value, tasks' values)
    tasks: int = 0


def _acts(task: Task) -> list[list[str]]:
    return [
        s.input.split()
        for s in task.folded
        if s.kind == "tool" and s.input.strip() and not is_wait_or_look(s)
    ]


def step_lines(body: str) -> list[str]:
    """A procedure's step lines: its numbered steps, not its reports of use (`## Outcome`) or legend."""
    body = drop_section(body, OUTCOME_HEADING)
    return numbered_lines(body) or note_steps(body)


def own_calls(tasks: Sequence[Task], note_lines: Sequence[str]) -> bool:
    """`STALE_AT` or more successful tasks, none of which followed the note, each calling other tools than
    the note's coded lines name (where each of them names its tool): the kind's own work (module doc)."""
    named = [line_tool(ln) for ln in note_lines if _spans(ln)]
    if len(tasks) < STALE_AT or not named:
        return False
    if not all(named):  # code in a person's sentences (a folder, a value): other calls come near none of it
        spans = [t for ln in note_lines for t in _spans(ln)]
        return all(not follows(t, note_lines) and not _comes_near(t, spans) for t in tasks)
    return all({tool for tool, _ in act_texts(t)} != set(named) and not follows(t, note_lines) for t in tasks)


def own_kind(report: RunReport, note: str, tasks: int) -> tuple[str, float, list[str]] | None:
    """The kind gets its own procedure beside `note` (`own_calls`): the run's summary says so (trial 26 #7);
    None, the duplicate the caller drops."""
    report.stats.setdefault("own_kind", []).append({"beside": note, "tasks": tasks})
    return None


def _comes_near(task: Task, spans: Sequence[list[str]]) -> bool:
    """Some decisive call of `task` runs one of the note's code spans (inside a longer call too), or comes near it
    (`changed.SAME`)."""
    texts = [x for _, xs in act_texts(task) for x in xs]
    return any(
        _pattern(s).search(a) or difflib.SequenceMatcher(a=a.split(), b=s, autojunk=False).ratio() >= SAME
        for a in texts
        for s in spans
    )


def _near(span: list[str], acts: list[list[str]]) -> list[str] | None:
    best, got = SAME, None
    for a in acts:
        r = difflib.SequenceMatcher(a=span, b=a, autojunk=False).ratio()
        if r >= best:
            best, got = r, a
    return got


def _cut(values: list[str]) -> tuple[str, str]:
    """The text every value shares at its start and its end, cut at a separator (`configs/`, `.yaml`)."""
    head = _common(values)
    head = head[: max(head.rfind(c) for c in _SEP) + 1] if any(c in head for c in _SEP) else ""
    rest = [v[len(head) :] for v in values]
    tail = _common([v[::-1] for v in rest])[::-1]
    tail = tail[min(tail.find(c) for c in _SEP if c in tail) :] if any(c in tail for c in _SEP) else ""
    if any(len(v) <= len(tail) for v in rest):
        tail = ""
    return head, tail


def _common(values: list[str]) -> str:
    out = values[0]
    for v in values[1:]:
        while not v.startswith(out):
            out = out[:-1]
    return out


def _name(before: str, head: str) -> str:
    if before.startswith("-") and len(before.lstrip("-")) > 1:
        return re.sub(r"\W+", "_", before.lstrip("-").split("=", 1)[0]).strip("_") or "value"
    folder = head.rstrip("/").rsplit("/", 1)[-1] if head.endswith("/") else ""
    word = re.sub(r"\W+", "_", folder).strip("_")
    return (word[:-1] if word.endswith("s") and len(word) > 3 else word) or "value"


def stale_steps(note_lines: Sequence[str], tasks: Sequence[Task]) -> list[Stale]:
    """The note's coded steps `tasks` (which did not follow it) ran with other values or added flags."""
    acts = {t.task_id: _acts(t) for t in tasks}
    out: list[Stale] = []
    for line in note_lines:
        for span in _spans(line):
            pat = _pattern(span)
            swaps: dict[int, Counter[str]] = {}
            added: Counter[str] = Counter()
            n = 0
            for tid in acts:
                run = _near(span, acts[tid])
                if run is None or pat.fullmatch(" ".join(run)):
                    continue
                n += 1
                ops = difflib.SequenceMatcher(a=span, b=run, autojunk=False).get_opcodes()
                for op, i1, i2, j1, j2 in ops:
                    if op == "replace" and i2 - i1 == j2 - j1:
                        for k in range(i2 - i1):
                            swaps.setdefault(i1 + k, Counter())[run[j1 + k]] += 1
                    elif op == "insert" and i1 == len(span):
                        added[" ".join(run[j1:j2])] += 1
            if n < STALE_AT or not (swaps or added):
                continue
            new = list(span)
            stale = Stale(line=line, span=" ".join(span), proposed="", tasks=n)
            for i, seen in sorted(swaps.items()):
                stale.changes.append((span[i], seen))
                if len(seen) == 1 and sum(seen.values()) == n:
                    new[i] = next(iter(seen))
                else:
                    head, tail = _cut([span[i], *seen])
                    new[i] = f"{head}{{{_name(span[i - 1] if i else '', head)}}}{tail}"
            if len(added) == 1 and sum(added.values()) == n:
                flag = next(iter(added))
                stale.changes.append(("", added))
                new.append(flag)
            stale.proposed = " ".join(new)
            if stale.proposed != stale.span:
                out.append(stale)
    return out


def stale_review(note: str, stale: Sequence[Stale], ids: Sequence[str]) -> tuple[str, str, str]:
    """(title, description, candidate) of the review item on `note` (module doc)."""
    tells: list[str] = []
    for s in stale:
        for old, seen in s.changes:
            ran = ", ".join(f"`{v}` ({c})" for v, c in sorted(seen.items(), key=lambda vc: (-vc[1], vc[0])))
            if old:
                tells.append(f"`{old}` in `{s.span}`: the tasks ran {ran}")
            else:
                tells.append(f"added to `{s.span}`: {ran}")
    n = max(s.tasks for s in stale)
    title = f"{n} tasks ran {note.rsplit('/', 1)[-1].removesuffix('.md')} with other constants"
    description = f"Weekly: {n} successful tasks of this kind did not run the note's constants: " + "; ".join(
        tells
    )
    lines = [
        f"{len(ids)} successful tasks of this kind this week did not follow the note (tasks "
        + ", ".join(f"`{i}`" for i in ids)
        + "); they ran its steps otherwise:",
        "",
        *(f"- {t}" for t in tells),
        "",
        "Proposed steps (accepting appends them to the note as a dated section; edit them first if you like):",
        "",
    ]
    for s in stale:
        lines.append(
            s.line.replace(f"`{s.span}`", f"`{s.proposed}`") if f"`{s.span}`" in s.line else s.proposed
        )
    return title, description, "\n".join(lines)


def raise_stale(
    review: ReviewQueue, target: str, lines: list[str], other: Sequence[Task], ids: list[str], rep: RunReport
) -> None:
    """`STALE_AT` or more tasks of the kind ran the note's steps otherwise: one review item says how; its key
    is the note and the tasks, so a rerun of the week raises nothing new."""
    if len(other) < STALE_AT or not (found := stale_steps(lines, other)):
        return
    title, description, body = stale_review(target, found, ids)
    if rep.dry_run:
        rep.review.append(f"review/ (merge_candidate for {target}: {description})")
        return
    key = f"weekly-stale:{target}:{signature(ids)}"
    path = review.raise_item("merge_candidate", target, title, body, None, list(ids), key, None, description)
    if path:
        rep.review.append(path)
