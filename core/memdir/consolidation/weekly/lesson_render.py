"""A weekly lesson as Markdown: when it applies, what failed, what worked instead, how to check.

Built from observed wording only (`lessons.py` decides what is a lesson, `lesson_evidence.py` finds the
failures and what worked, `lesson_words.py` writes steps for the kind and the description).
"""

from __future__ import annotations

import re

from memdir.consolidation.weekly.lesson_desc import change_of, contradicts, lesson_description
from memdir.consolidation.weekly.lesson_evidence import Failure, TypeLessons
from memdir.consolidation.weekly.lesson_retry import Change
from memdir.consolidation.weekly.lesson_words import general
from memdir.notes.lesson_titles import lesson_heading
from memdir.runs.redact import redact_text

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
MAX_LINES = 12  # evidence lines kept per section


def code(text: str) -> str:
    quoted = text.replace("`", "'")
    return f"`{quoted}`"


def alternative_line(f: Failure) -> str:
    """What worked instead, as observed."""
    if f.asked:  # no step that could fix it differed: the request did
        return (
            f"- `{f.by}` asked for the same again with a change, \u201c{f.asked}\u201d, and the step that had "
            f"failed in `{f.task_id}` then worked"
        )
    if f.changed and len(f.steps) > 1:
        return _retry_line(f)
    if f.changed:
        advice = contradicts(f.error, change_of(f))
        return (
            f"- `{f.by}` ran {code(f.alternative)} where `{f.task_id}` had run {code(f.changed)}, and the "
            "step that had failed then worked"
            + (
                f"; the error itself said \u201c{advice}\u201d, which that change does not do: do what the error"
                " says first (the change is not shown to be the fix)"
                if advice
                else ""
            )
        )
    if f.before:
        return (
            f"- `{f.by}` ran {code(f.alternative)} before that same step, which then worked "
            f"(`{f.task_id}` had not run it)"
        )
    who = "the same task" if f.by == f.task_id else f"`{f.by}`"
    return f"- after {code(f.step)} failed in `{f.task_id}`, {who} took {code(f.alternative)} and succeeded"


def _retry_line(f: Failure) -> str:
    """Every call the retry changed or added against the failed task, in order, for the kind (re-check N2)."""

    def one(c: Change) -> str:
        if c.before:
            return f"{code(c.shown)} where `{f.task_id}` had run {code(c.shown_before)}"
        if c.repeat:
            return f"{code(c.shown)}, the same step again with `{c.part}` (`{f.task_id}` had not run it)"
        return f"{code(c.shown)} (`{f.task_id}` had not run it)"

    first = [one(c) for c in f.steps if not c.after]
    then = [one(c) for c in f.steps if c.after]
    advice = contradicts(f.error, change_of(f))
    return (
        f"- `{f.by}` ran, in order, "
        + "; then ".join(first)
        + ", and the step that had failed then worked"
        + (f"; after it, {'; then '.join(then)}" if then else "")
        + (
            f"; the error itself said \u201c{advice}\u201d, which that change does not do: do what the error"
            " says first (the change is not shown to be the fix)"
            if advice
            else ""
        )
    )


def failure_line(f: Failure) -> str:
    """One evidence line: which task, which step, which error."""
    when = f" ({f.day})" if f.day else ""
    if not f.step:  # the reason the task gave names none of its steps: no step is blamed
        return f"- `{f.task_id}`{when}: the task failed: {f.error} (the reason names none of its steps)"
    err = f": {f.error}" if f.error else " (no error recorded; the task ended in failure after it)"
    return f"- `{f.task_id}`{when}: {code(f.step)} failed{err}"


def context_of(found: TypeLessons) -> str:
    """The independent context a kind of task is: its procedure (else its title)."""
    return f"type:{found.target or found.title}"


# A title that is a request pasted whole, not a verb phrase: two clauses ("Customer says …, process the
# refund"), or a finite auxiliary in it ("Printer on floor {num} is jammed"): quoted, not "When you …".
_CLAUSES = re.compile(r"\S[,;:.!?]\s+\S")
_FINITE = re.compile(
    r"\s(?:is|are|was|were|has|have|had|does|did|do|can|could|will|would|should|must|won't|can't|"
    r"isn't|aren't|wasn't|doesn't|didn't|hasn't|haven't)\b",
    re.I,
)
_JA_PREDICATE = re.compile(r"[うくぐすつぬぶむるいただ]$")  # a verb or an adjective ends the title: no の


def _when(title: str) -> str:
    """The title as the condition of a sentence: `When you <verb phrase>`, or the request quoted."""
    if _CJK.search(title):
        return f"{title}{'' if _JA_PREDICATE.search(title) else 'の'}とき"
    if _CLAUSES.search(title) or _FINITE.search(title):
        return f"When a task asks \u201c{title}\u201d"
    return f"When you {title[:1].lower()}{title[1:]}"


def _applies(title: str, what: str, step: str, also: list[str]) -> str:
    """The "when it applies" sentence, in the language of the task's title (no step: the task as a whole)."""
    if not step:
        return f"{_when(title)}{what}。" if _CJK.search(title) else f"{_when(title)}{what}."
    more = ", ".join(code(s) for s in also)
    if _CJK.search(title):
        kind = what.replace(" (the task type of ", "（").replace("`)", "` の種類のタスク）") if what else ""
        return f"{_when(title)}{kind}、手順 {code(step)} で" + (f"（ほかに {more}）" if more else "") + "。"
    head = f"{_when(title)}{what}, at the step {code(step)}"
    return head + (f" (also {more})" if more else "") + "."


def render_lesson(
    found: TypeLessons, now: str, created: str | None = None, told: list[str] | None = None
) -> tuple[dict[str, object], str]:
    """Frontmatter and body of the lesson (observed wording only)."""
    fails = found.failures
    steps = list(dict.fromkeys(general(f.step, found.common, found.varied) for f in fails if f.step)) or [
        ""
    ]  # for the kind
    alts = [f for f in fails if f.alternative or f.asked]
    what = found.target and f" (the task type of `{found.target}`)" or ""
    lines = [
        lesson_heading(found.title),
        "",
        "## When it applies",
        _applies(found.title, what, steps[0], steps[1:4]),
        "",
        "## What failed",
        *[failure_line(f) for f in fails[:MAX_LINES]],
        "",
        "## What worked instead",
    ]
    if alts:
        lines += list(dict.fromkeys(alternative_line(f) for f in alts[:MAX_LINES]))
    else:
        proc = f"the steps of `{found.target}`" if found.target else "the steps of the successful tasks"
        lines.append(f"- no different approach was observed; the successful tasks of this type took {proc}")
    lines += told or []  # a daily lesson about the same failure (`lesson_twins.py`)
    check = general(next((f.check for f in alts if f.check), steps[0]), found.common, found.varied)
    lines += [
        "",
        "## How to check",
        (
            f"- before you report the task done, see that {code(check)} succeeded (read its result; a call that"
            " changes something is never run twice to check it)"
            + ("" if alts else " (it is where the failed tasks stopped)")
            if check
            else "- check the task's own result before you report it done (the failures name no step)"
        ),
    ]
    meta: dict[str, object] = {
        "type": "lesson",
        "description": redact_text(lesson_description(found)),  # the task and what to do differently
        "confidence": 0.4,
        "success_count": 0,
        "failure_count": 0,
        "support": len(found.task_ids),
        "origin": "weekly",
        "sources": found.task_ids,
        "applies_to": found.target or "",
        "contexts": [context_of(found)],
        "created_at": created or now,
        "updated_at": now,
    }
    return meta, redact_text("\n".join(lines) + "\n")
