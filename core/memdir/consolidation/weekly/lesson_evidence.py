"""The evidence of avoidance lessons: failed tasks, recoveries, and whether a lesson is adopted.

See `lessons.py` for the rules. A recovery is a failed step followed by a different step in a task
that succeeded (a step repeated as it was is a retry); a failed task's alternative is what a later
success of its type did differently: a step in place of the failing one, or a step it ran first.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.lesson_causes import changed_argument, is_wait_or_look, stated_change
from memdir.consolidation.weekly.lesson_retry import Change, retry_changes, show
from memdir.consolidation.weekly.lesson_words import common_words, varied_words
from memdir.consolidation.weekly.typical import redacted

if TYPE_CHECKING:
    from memdir.consolidation.weekly.steps import Step
    from memdir.consolidation.weekly.tasks import Task

SAME_STEP = 0.8  # difflib ratio at which two steps of different tasks are the same step


@dataclass
class Failure:
    """One task's failure: the step that failed and its error (as the log wrote them)."""

    task_id: str
    day: str
    step: str
    error: str
    alternative: str = ""  # the different step that worked instead ('' when none was observed)
    by: str = ""  # the task whose step it is (the same task for a recovery)
    before: bool = False  # the alternative was a step taken before the same step, which then worked
    check: str = ""  # the step after the alternative that confirmed it (or the alternative itself)
    changed: str = ""  # the failed task's own version of the step the retry ran differently
    asked: str = ""  # what the retry's request said changed (no step differed that could fix it)
    steps: list[Change] = field(default_factory=list)  # every call the retry added or changed, in order


@dataclass
class TypeLessons:
    """What a kind of task's failures teach: failures, recoveries and whether a lesson is adopted."""

    title: str
    target: str | None
    failures: list[Failure] = field(default_factory=list)
    undetailed: int = 0  # failed tasks without a step or an error in the log
    routine: int = 0  # recoveries at a step most successful tasks failed first (a check that guides the work)
    common: set[str] = field(default_factory=set)  # step words the kind's tasks share (`lesson_words.py`)
    varied: set[str] = field(
        default_factory=set
    )  # step words another task wrote otherwise (one task's values)

    @property
    def task_ids(self) -> list[str]:
        """Independent tasks that support the lesson (distinct ids, in order)."""
        return list(dict.fromkeys(f.task_id for f in self.failures))

    @property
    def adopted(self) -> bool:
        """One recovery with a re-verified alternative, or two or more independent failures."""
        return any(f.alternative or f.asked for f in self.failures) or len(self.task_ids) >= 2


# a request's own id, not an argument: JSON-RPC's `id`, `request_id`, a nonce or sequence number
_REQUEST_ID = re.compile(r"(?i)(?<![\w.])(?:id|request[_-]?id|req[_-]?id|nonce|seq)=\S+")


def _retry(a: Step, b: Step) -> bool:
    """The same call again (one task's retry): same tool and input, whitespace and the request's own id aside
    (`jsonrpc=2.0 id=705 …` then `jsonrpc=2.0 id=706 …`)."""
    if a.tool != b.tool:
        return False
    x, y = (_REQUEST_ID.sub("id=#", " ".join(s.input.split())) for s in (a, b))
    return x == y


_OPTION_VALUE = re.compile(r"((?:^|\s)--?[A-Za-z][\w-]*[ =]|[A-Za-z_][\w.]*=)\S+")


def _same(a: Step, b: Step) -> bool:
    """The same step in another task (its values may differ): alike as text, or alike once every
    option's value is masked (`add_record.py --name status --type CNAME …` and `… --name wiki --type TXT …`:
    every value differs, the step is one)."""
    if a.action != b.action:
        return False
    if difflib.SequenceMatcher(None, a.render(), b.render()).ratio() >= SAME_STEP:
        return True
    masked_a, masked_b = (_OPTION_VALUE.sub(r"\1#", s.render()) for s in (a, b))
    return difflib.SequenceMatcher(None, masked_a, masked_b).ratio() >= SAME_STEP


def utc_day(when: datetime) -> str:
    """`when`'s UTC date (a caller without a root's zone)."""
    return when.astimezone(timezone.utc).date().isoformat()


def _day(task: Task, day: Callable[[datetime], str]) -> str:
    """The day the task ended (else began) in the root's days (`day`: the store's write zone, trial 24 #9)."""
    when = task.end or task.start
    return day(when) if when else ""


def recoveries(task: Task, day: Callable[[datetime], str] = utc_day) -> list[Failure]:
    """In a successful task: each failed step followed by a different step that did not fail."""
    out: list[Failure] = []
    if not task.succeeded:
        return out
    steps = task.steps
    for i, step in enumerate(steps):
        if not step.failed:
            continue
        later = steps[i + 1 :]
        # a wait or a look (`sleep 30`, `cat app.log`) is not what worked: the next step that acts is,
        # unless the same call comes first and works (then it was retried, after waiting at most)
        nxt = next(
            (
                s
                for s in later
                if not (s.failed and _retry(s, step)) and (_retry(s, step) or not is_wait_or_look(s))
            ),
            None,
        )
        if nxt is None or nxt.failed or _retry(nxt, step):
            continue  # retried as it was (a retry is no alternative) or nothing worked after it
        check = _last_action(task, step, nxt)  # the task's last step that acts (a reply checks nothing)
        err = (step.error or "")[:300]
        alt = nxt.render()
        out.append(
            Failure(task.task_id, _day(task, day), step.render(), err, alt, by=task.task_id, check=check)
        )
        break  # one recovery per task: a task is one piece of evidence
    return out


def _last_action(task: Task, *like: Step) -> str:
    """The last step that does something (a reply is no check: `reply: Bumped …` is one task's text), with a
    tool of the steps in `like` (what failed, what worked instead): a step of another tool checks nothing
    about the failure (trial 24: a refund call's 404 was to be checked by running the claim script); then the
    last step of theirs, else what worked instead."""
    acts = [s for s in reversed(task.steps) if s.kind != "response"]
    tools = {s.tool for s in like}
    fit = next((s for s in acts if not tools or s.tool in tools), None)
    return fit.render() if fit else like[-1].render() if like else ""


_VALUE_TOKEN = re.compile(r"[^\s'\"=,;:()`]*[^\W_][^\s'\"=,;:()`]*")


def _mask_single(found: TypeLessons, tasks: list[Task]) -> None:
    """A value in a step only one task of the kind wrote — one its request named (its package, its
    version) or an address — becomes `<…>`: no value seen in one task only is written. Commands
    that one task alone ran (`mkdocs gh-deploy`) stay: they are what failed or what worked."""
    seen: dict[str, set[str]] = {}
    asked = " ".join(t.intent.lower() for t in tasks)
    for t in tasks:
        for s in t.steps:
            for w in _VALUE_TOKEN.findall(s.render()):
                seen.setdefault(w, set()).add(t.task_id)

    def value(w: str) -> bool:  # a value the request named (`pydantic`, `2.10.3`), or an address
        return len(seen.get(w, ())) == 1 and ("@" in w or w.lower() in asked)

    def mask(text: str) -> str:
        return _VALUE_TOKEN.sub(lambda m: "<…>" if value(m.group(0)) else m.group(0), text)

    for f in found.failures:
        f.step, f.check = mask(f.step), mask(f.check)
        if not f.changed:  # a changed argument is the lesson: its value stays
            f.alternative = mask(f.alternative)


def failure_of(task: Task, later: list[Task], day: Callable[[datetime], str] = utc_day) -> Failure:
    """A failed task's failing step and error; the alternative a later success of its type took, if any."""
    step = task.failing_step()
    text = step.render() if step else "" if task.steps else "(no steps recorded)"  # "": its reason names none
    error = (step.error if step and step.error else task.error)[:300]
    fail = Failure(task.task_id, _day(task, day), text, error)
    if step is None:
        return fail
    ends = task.end or task.start
    for ok in later:
        if ends and ok.start and ok.start < ends:
            continue
        at = next((k for k, s in enumerate(ok.steps) if _same(s, step)), None)
        if at is not None:  # the same step worked there: what did it do differently (`lesson_causes.py`)?
            if _differs(fail, task, ok, at, later):
                break
            continue  # it did the same steps: no different approach
        acts = [s for s in ok.steps if not is_wait_or_look(s) and not any(_same(s, f) for f in task.steps)]
        alt = next((s for s in acts if s.action == step.action), None) or next(iter(acts), None)
        if alt is not None:
            fail.alternative, fail.by = alt.render(), ok.task_id
            fail.check = _last_action(ok, step, alt)
            break
    return fail


def _differs(fail: Failure, task: Task, ok: Task, at: int, later: list[Task]) -> bool:
    """Record on `fail` what `ok` did differently before reaching the step that failed in `task`: one of
    its steps run with other arguments (a retry), a step that acts run first, else the retry's stated
    change; False when nothing that could fix it differs (a wait or a look is no fix)."""
    failing = task.failing_step()
    upto = (
        task.steps[: task.steps.index(failing) + 1]
        if failing is not None and failing in task.steps
        else task.steps
    )
    for s in ok.steps[: at + 1]:
        mine = next((f for f in upto if _same(s, f) and changed_argument(s, f, ok, task)), None)
        if mine is not None:
            fail.alternative, fail.changed, fail.by = s.render(), mine.render(), ok.task_id
            fail.check = ok.steps[at].render()  # the step that had failed, read where it then worked
            # and every other call the retry added or changed, in order (trial 25 re-check N2)
            fail.steps = retry_changes(task, ok, at, upto, _same, later)
            return True
    # a step only this one success took first is its own exploration (a `state show`), no remedy
    prep = [
        s
        for s in ok.steps[:at]
        if not any(_same(s, f) for f in task.steps)
        and not is_wait_or_look(s)
        and sum(1 for o in later if any(_same(s, x) for x in o.steps)) >= 2
    ]
    if prep:
        fail.alternative, fail.by, fail.before = prep[-1].render(), ok.task_id, True
        fail.check = _last_action(ok, *([failing] if failing else []), prep[-1])
        return True
    asked = stated_change(ok, task)
    if asked:
        fail.asked, fail.by, fail.check = asked, ok.task_id, _last_action(ok, *([failing] if failing else []))
        return True
    return False


def collect(
    title: str,
    target: str | None,
    successes: list[Task],
    failed: list[Task],
    day: Callable[[datetime], str] = utc_day,
) -> TypeLessons:
    """The failures and recoveries of one kind of task (redacted), oldest first; each dated by `day` (the
    root's `schedule.timezone` day when the caller passes the store's, as every date memdir writes)."""
    ok = sorted(
        (redacted(t) for t in successes),
        key=lambda t: (t.start or datetime.min.replace(tzinfo=timezone.utc), t.task_id),
    )
    found = TypeLessons(title, target)
    for task in sorted((redacted(t) for t in failed), key=lambda t: t.task_id):
        if not task.steps and not task.error:
            found.undetailed += 1  # a failure the log says nothing about is no evidence of what failed
            continue
        found.failures.append(failure_of(task, ok, day))
    failing = [[st for st in t.steps if st.failed] for t in ok]
    for task in ok:
        for rec in recoveries(task, day):
            step = next(st for st in task.steps if st.failed and st.render() == rec.step)
            routine = sum(1 for steps in failing if any(_same(step, st) for st in steps))
            if routine * 2 > len(ok):
                found.routine += 1  # most successes failed there first: the work's own check, not a mistake
                continue
            found.failures.append(rec)
    found.failures.sort(key=lambda f: (f.day, f.task_id))
    everyone = [*ok, *(redacted(t) for t in failed)]
    _mask_single(found, everyone)
    found.common = common_words(everyone)
    found.varied = varied_words(everyone)
    for f in found.failures:
        show(f.steps, found.common, found.varied)
    return found
