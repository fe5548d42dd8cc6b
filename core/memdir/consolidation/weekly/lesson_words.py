"""The words of a weekly lesson that speak for its kind of task, not for one task.

"When it applies", "How to check" and the description name a step for every task of the kind, so a
value one task wrote (`/data/ckpt/gemma-2-9b-jcommonsense-20261124-e02f6d1/train.log`: a run name, a
date, a hash) is written `<…>`: a word with a digit in it stays only when at least half of the kind's
tasks (and two or more; a task and its retry count once) wrote it (`kumo-gpu01`, `tail -n 20`). "What failed" keeps each task's
steps as they were logged: that is its evidence. The lesson's file is named after its failure (the
error's message: `cuda-out-of-memory.md`), not after its procedure, and its description is cut at a
sentence or a word, never inside one.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.lesson_causes import is_retry_of
from memdir.notes.gist import clip
from memdir.paths import slugify

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task

_SEGMENT = re.compile(r"[^\s'\"=,;:()`/]+")
MASK = "<…>"
_EPOCH = datetime.min.replace(tzinfo=timezone.utc)
MAX_DESCRIPTION = 200
_GENERIC = frozenset(
    ["failed", "failure", "fail", "error", "errored", "unknown-error", "失敗", "エラー", "失敗した"]
)


def common_words(tasks: list[Task]) -> set[str]:
    """Words (path segments included) written in a step by at least half of the tasks, and two or more;
    a task and its retry (`lesson_causes.is_retry_of`) count as one."""
    families: list[list[Task]] = []
    for t in sorted(tasks, key=lambda t: (t.start or t.end or _EPOCH, t.task_id)):
        homes = [f for f in families if any(is_retry_of(t, o) for o in f)]
        # a retry that names a family's values is of that family, not of the first one it says "retry" near
        home = next((f for f in homes if any(_names_values(t, o) for o in f)), homes[0] if homes else None)
        if home is None:
            families.append([t])
        else:
            home.append(t)
    counts: dict[str, int] = {}
    for fam in families:
        for w in {w for t in fam for s in t.steps for w in _SEGMENT.findall(s.render())}:
            counts[w] = counts.get(w, 0) + 1
    need = max(2, (len(families) + 1) // 2)
    return {w for w, n in counts.items() if n >= need}


def varied_words(tasks: list[Task]) -> set[str]:
    """Words that stand where another task of the kind wrote another word in the same step (the same
    command, the other words alike): one task's value (`portal.acme.example.com` where another task wrote
    `portal.globex.example.com`), written `<…>` like a word with a digit (trial 25 #6)."""
    runs = [(t.task_id, _SEGMENT.findall(s.render())) for t in tasks for s in t.steps]
    out: set[str] = set()
    for i, (a, x) in enumerate(runs):
        for b, y in runs[i + 1 :]:
            if a == b or len(x) != len(y) or not x or x[0] != y[0]:
                continue
            diff = [k for k in range(len(x)) if x[k] != y[k]]
            if diff and len(diff) * 2 < len(x):
                out.update(x[k] for k in diff)
                out.update(y[k] for k in diff)
    return out


def _names_values(later: Task, failed: Task) -> bool:
    said, before = set(later.intent.lower().split()), failed.intent.lower().split()
    values = {w for w in before if any(c.isdigit() for c in w)}
    return bool(values) and values <= said


def general(text: str, common: set[str], varied: set[str] | frozenset[str] = frozenset()) -> str:
    """`text` with each word that holds a digit and is not common to the kind, or that another task wrote
    otherwise (`varied_words`), written `<…>`."""

    def one(m: re.Match[str]) -> str:
        w = m.group(0)
        if w in varied and w not in common:
            return MASK
        return w if w in common or not any(c.isdigit() for c in w) or w == MASK else MASK

    return _SEGMENT.sub(one, text)


def error_gist(error: str) -> str:
    """What an error message says, without the program or exception that prefixes it and the details
    after it (`torch.cuda.OutOfMemoryError: CUDA out of memory. Tried …` -> `CUDA out of memory`)."""
    parts = [p.strip() for p in re.split(r":\s+", error) if p.strip()]
    said = [p for p in parts if len(p.split()) >= 2] or parts
    # the last part is the message (`prog: context: message`; `An error occurred (…) when …: Access Denied`)
    first = re.split(r"(?<=[.!?])\s+|。", said[-1])[0] if said else ""
    head = re.split(r"\s*[(,;（、]", first)[0]  # `out of memory (oom-killer), rss 31.8 GB` -> `out of memory`
    return (head if len(head.split()) >= 2 else first).rstrip(".。 ")


_TOOL = re.compile(r"^([^\s:=]{1,60}):\s")
_VALUE = re.compile(r"[=@/\\\d\"'`<>{}\[\]]")


def step_action(step: str) -> str:
    """What a step does, without one task's values: its tool (`mail.send: to=… subject=…` -> `mail.send`),
    else its words up to the first that holds a value (a key's `=`, a digit, a path, an address, a quote):
    `kubectl rollout restart deploy/api-7` -> `kubectl rollout restart` (trial 17: a lesson's file named
    `…-subject-reminder-invoice-inv-2025-124-is.md` after one client's invoice)."""
    m = _TOOL.match(step)
    if m:
        return m.group(1)
    words: list[str] = []
    for w in step.split():
        if _VALUE.search(w) or len(words) == 4:
            break
        words.append(w)
    return " ".join(words) or step.split(" ", 1)[0][:40]


_WHEN = re.compile(
    r"(?<![\w.])(?:\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?|\d{4}/\d{1,2}/\d{1,2}"
    r"|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{4}年\d{1,2}月\d{1,2}日)(?![\w])"
)


def without_dates(gist: str) -> str:
    """An error's gist with its dates as the value they are, not one task's (`date`, as a placeholder with no
    key of its own is named): a lesson named `…-not-before-2063-05-08` after one task's refusal (round 59)."""
    return _WHEN.sub("date", gist)


def lesson_name(error: str, step: str, fallback: str, job: str = "") -> str:
    """The lesson's file name: the job it is about (`job`, the procedure's or the kind of task's name, cut
    to 40 characters), then its error's message, else the step that failed, else `fallback`.

    A message that only says it failed (`failed`, `Error`, `失敗`) names nothing: the step does. The bare
    error named no job: two jobs timing out gave `the-operation-has-timed-out.md` and `…-2.md` (trial 14)."""
    if error_gist(error) and slugify(error_gist(error), default="") not in _GENERIC:
        name = slugify(without_dates(error_gist(error)), max_length=60, default="")
    else:
        name = slugify(f"{step_action(step)} failed", max_length=60, default="")
    lead = slugify(job, max_length=40, default="") if job else ""
    if lead and name and lead not in name:
        return slugify(f"{lead}-{name}", max_length=100, default="") or fallback
    return name or fallback


def description(text: str) -> str:
    """A description of at most 200 characters, cut after a sentence or a word."""
    return clip(" ".join(text.split()), MAX_DESCRIPTION)
