"""A task's intent, and the text every task of the week states, which is no one's request.

`intent` reads what the task was for (its start's summary, a stated intent, the requester's own words,
else the first telling summary). `settle_intents` is the week's look: a text that is the intent of every
task of the week (three or more) is no request, whatever kinds they are of: the business's own name on
the line's incoming-call record (`store: ぽぷら豊橋店`), a desk's greeting. Each such task is read again
without it; the request is then the next free text the requester wrote (the caller's transcript).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.request_text import request_text

REPLY_TYPES = ("response_sent",)
THOUGHT_TYPES = ("thought",)
_NOT_INTENT = frozenset(["tool_use", "tool_result", "thought", "response_sent", "task_end", "feedback"])
MIN_TASKS = 3  # a text shared by every task of a smaller week may be its one kind's request
MIN_LISTED_CHARS = 16  # a listing's text; a shorter one (`Repair`, `修理`) may be a form's choice of work
MIN_WORKS = 3  # different sets of calls among the tasks a listing heads: several kinds and one-offs


class Task(Protocol):
    """What `settle_intents` reads and sets of a task (`tasks.Task`)."""

    task_id: str
    intent: str
    tools: list[str]


def text_field(event: ActivityEvent, *keys: str) -> str:
    """The first of `keys` the event holds as a non-empty string, on one line."""
    for key in keys:
        value = event.get(key)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())
    return ""


def intent(events: Sequence[ActivityEvent], skip: frozenset[str] = frozenset()) -> str:
    """The task's intent: the task_start summary, else a stated intent, else the requester's own words
    (`request_text`, none of `skip`), else the first telling summary."""
    return read_intent(events, skip)[0]


def read_intent(events: Sequence[ActivityEvent], skip: frozenset[str] = frozenset()) -> tuple[str, bool]:
    """The task's intent (`intent`), and whether it is a request: what the task was asked to do.

    A task logged with no start and no requester's words (trial 25: two `tool_use` lines and a
    `task_end`) is read from what it has, its end, its reply or its thought, else its first call: that
    text says what the agent did or thought, no request (False), and such a task joins a kind only by
    its calls (`features.TaskFeatures`).
    """
    for e in events:
        if e.type == "task_start" and (text := text_field(e, "summary", "intent", "goal", "description")):
            return text, True
    for e in events:
        if text := text_field(e, "intent", "goal", "description", "task"):
            return text, True
    # a task logged without its start: a summary on its first event is the request ("速報を出して：…"),
    # not the reply that reports it done
    if events and events[0].type == "tool_use" and (text := text_field(events[0], "summary", "prompt")):
        return text, True
    # no stated intent: what the requester wrote (`request: {text, …}`, an `inquiry` event's body), not the agent
    if text := request_text(events, skip):
        return text, True
    for types in (None, ("task_end",), REPLY_TYPES, THOUGHT_TYPES, ()):
        for e in events:  # () last: any event's summary
            if (e.type not in _NOT_INTENT if types is None else not types or e.type in types) and (
                text := text_field(e, "summary", "text", "message", "prompt")
            ):
                return text, types is None
    return "", False


def settle_intents(tasks: Sequence[Task], events: Mapping[str, Sequence[ActivityEvent]]) -> None:
    """A requester's text that is every task's intent (the week's own constant) gives way to the next one;
    so does one that is the intent of `MIN_TASKS` tasks or more that did other work (`_listed`)."""
    if len(tasks) < MIN_TASKS:
        return
    shared = {t.intent for t in tasks}
    if len(shared) == 1 and (text := next(iter(shared))):
        _read_again(tasks, events, text)
        return
    for text in _listed(tasks):
        _read_again([t for t in tasks if t.intent == text], events, text)


def _read_again(tasks: Sequence[Task], events: Mapping[str, Sequence[ActivityEvent]], text: str) -> None:
    for task in tasks:
        evs = sorted(events[task.task_id], key=lambda e: e.ts)
        if request_text(evs) != text:
            continue  # a stated intent, not a requester's text
        if again := request_text(evs, frozenset([text])):
            task.intent = again


def _listed(tasks: Sequence[Task]) -> list[str]:
    """Texts that head the requests of `MIN_TASKS` tasks or more whose calls differ (round 63): a shop's listing
    each inquiry is sent from (`紀州棕櫚箒 長柄 七玉 焼印入れ 名入れ【受注製作・送料無料】`, beside what each buyer
    wrote), which an order, a question about a past order and an order the desk turned down all carry. A
    person does not write one long text word for word on work of several kinds; a desk's listing does. Only a
    text of several words (a form's one-word choice is the work's) is read past, to what each task's requester
    wrote beside it."""
    by_text: dict[str, list[Task]] = {}
    for task in tasks:
        if len(task.intent) >= MIN_LISTED_CHARS:
            by_text.setdefault(task.intent, []).append(task)
    return [
        text
        for text, mine in by_text.items()
        if len(mine) >= MIN_TASKS and len({frozenset(t.tools) for t in mine}) >= MIN_WORKS
    ]
