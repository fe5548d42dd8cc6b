"""Group activity events into tasks: intent, tools, steps, thoughts and outcome (per the design's rules).

A task is every event with one `task_id`; an event without one is a task of its own.
A task succeeded when `outcome: success` is the last explicit outcome it reports;
no outcome means unknown, which never counts as success.

Any shape of log: a step is a `tool_use` (or any event naming a `tool`, except results: `call_results`), a
`tool_result` that follows no call of its own (loggers that write only results), or a
`response_sent` (the reply, as a `reply` step). A `tool_result` marks its call failed when it
says so (`outcome: failure`, an `error`, a non-zero `exit_code`). `thought` events are kept as
evidence. Actions (`memdir.consolidation.weekly.steps`) are settled over the whole week: a
`tool:verb` whose verb only one task used is an argument (`ssh web-1 ...`), not a verb.
Framework shapes are first read as calls and results of their own (`jsonrpc_calls`, `openai_items`,
`anthropic_blocks`, `genai_spans`, `run_events`, `content_parts`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.anthropic_blocks import anthropic_calls
from memdir.consolidation.weekly.call_grain import as_finest_tools, renamed_tools
from memdir.consolidation.weekly.call_results import call_ids, failure_text, is_result, says_failed
from memdir.consolidation.weekly.call_returns import Returned, returned_values
from memdir.consolidation.weekly.content_parts import part_events
from memdir.consolidation.weekly.flag_order import settle_flag_order
from memdir.consolidation.weekly.genai_spans import as_events
from memdir.consolidation.weekly.jsonrpc_calls import paired_calls
from memdir.consolidation.weekly.keyed_args import input_of, keys_of, purpose_of
from memdir.consolidation.weekly.memory_calls import memory_call
from memdir.consolidation.weekly.openai_items import openai_calls
from memdir.consolidation.weekly.own_results import answers, call_ids_in, own_failure
from memdir.consolidation.weekly.reply_templates import templated_reply
from memdir.consolidation.weekly.request_text import free_text, reply_text
from memdir.consolidation.weekly.result_error import result_error
from memdir.consolidation.weekly.run_events import run_event
from memdir.consolidation.weekly.script_words import MARKS
from memdir.consolidation.weekly.similarity import abstract_text
from memdir.consolidation.weekly.stated_step import STOP as _STOP
from memdir.consolidation.weekly.stated_step import named_step
from memdir.consolidation.weekly.steps import (
    INPUT_KEYS,
    Step,
    action_of,
    action_word,
    as_week_tools,
    fold_retries,
    input_text,
    searched_value,
)
from memdir.consolidation.weekly.task_intent import REPLY_TYPES, THOUGHT_TYPES, settle_intents
from memdir.consolidation.weekly.task_intent import read_intent as _read_intent
from memdir.consolidation.weekly.task_intent import text_field as _text_field

TOOL_EVENT_TYPES = ("tool_use",)
RESULT_TYPES = ("tool_result",)
# a word whole, its combining marks in it (`కవర్లు`: `\w` holds no mark, round 60)
_WORD = re.compile(rf"(?<![{{\w{MARKS}])[^\W\d_][\w{MARKS}-]{{2,}}(?![\w{MARKS}}}])")
MAX_STEPS = 200
MAX_INTENT = 1000  # characters of the intent that take part in clustering
MAX_THOUGHTS = 20


@dataclass
class Task:
    """The events of one task_id, reduced to what clustering and distillation need."""

    task_id: str
    intent: str = ""
    tools: list[str] = field(default_factory=list)  # in order of first use, with repeats
    steps: list[Step] = field(default_factory=list)
    outcome: str | None = None  # last explicit outcome: success | failure | None (unknown)
    start: datetime | None = None
    end: datetime | None = None
    events: int = 0
    thoughts: list[str] = field(default_factory=list)
    error: str = ""  # the last error the task's events reported
    stated: str = ""  # the reason its end gave for a failure (`task_end`'s summary, `t.failure("...")`)
    listed_tools: list[str] = field(default_factory=list)  # `tools` lists of events (no steps of their own)
    subjects: list[str] = field(
        default_factory=list
    )  # the subject lines of its replies (an e-mail's `subject`)
    returns: tuple[Returned, ...] = ()  # what its calls' results returned (`call_returns.py`)
    # its intent is a request (a start's summary, the requester's words); False: read from its end, reply,
    # thought or first call, and it joins a kind only by its calls (`task_intent.read_intent`, trial 25)
    asked: bool = True

    @property
    def succeeded(self) -> bool:
        """True only when the last explicit outcome is success."""
        return self.outcome == "success"

    @property
    def folded(self) -> list[Step]:
        """The steps with retries folded (a failed call and its retry are one step, the retry)."""
        return fold_retries(self.steps)

    @property
    def actions(self) -> list[str]:
        """What the task did, independent of the log's tool granularity: step actions, else listed tools.

        A retried call counts once (`fold_retries`): a task with a retry is compared like its kind's others.
        """
        acts = [s.action or s.tool for s in self.folded if s.kind == "tool"]
        return acts + [t for t in self.listed_tools if t not in acts]

    @property
    def work(self) -> list[tuple[str, str]]:
        """(action, input) of each tool call, retries folded: what the task did, for the "same work" similarity."""
        return [(s.action or s.tool, s.plain or s.input) for s in self.folded if s.kind == "tool"]

    def tool_signature(self) -> str:
        """Actions in order of first use; `(twice)` / `(many)` mark repeated use."""
        counts = Counter(self.actions)
        parts = []
        for name in dict.fromkeys(self.actions):
            n = counts[name]
            parts.append(name if n == 1 else f"{name} (twice)" if n == 2 else f"{name} (many)")
        return ", ".join(parts)

    def object_words(self) -> set[str]:
        """Words the task's own tool inputs act on (arguments, not tool names, verbs or stop words)."""
        skip = {t.lower() for t in self.tools} | {action_word(a) for a in self.actions}
        words: set[str] = set()
        for step in self.steps:
            if step.kind != "tool":
                continue
            for w in _WORD.findall(step.input.lower()):
                if w not in skip and w not in _STOP:
                    words.add(w)
        return words

    def intent_text(self) -> str:
        """What gets embedded: the intent (else the first step) with instance details abstracted.

        Besides `abstract_text`, words of the intent (but its first) that the task's tool
        inputs act on (its objects: "put a mug in shelf" + "take mug 1 from ...") become `{obj}`.
        """
        text = (self.intent or (self.steps[0].render() if self.steps else ""))[:MAX_INTENT]
        if not text:
            return "(no intent)"
        objects = self.object_words()
        if objects:
            head, _, rest = text.strip().partition(" ")  # the leading verb is never an object
            rest = _WORD.sub(lambda m: "{obj}" if m.group(0).lower() in objects else m.group(0), rest)
            text = f"{head} {rest}".strip()
        return abstract_text(text)

    def key(self, intent_text: str | None = None) -> str:
        """Tasks with the same key are the same for clustering: abstracted intent plus actions.

        `intent_text` is this task's `intent_text()` when the caller has computed it already.
        """
        text = self.intent_text() if intent_text is None else intent_text
        return f"{text} | tools: {self.tool_signature()}" + ("" if self.asked else " | no request")

    def failing_step(self) -> Step | None:
        """The step that failed last (its result said so); else, when the task's end stated why it failed,
        the step that reason names (`named_step`) or None; else the last step that is no reply (a reply
        reports, it does nothing to check); None without steps."""
        failed = [s for s in self.steps if s.failed]
        if failed:
            return failed[-1]
        if self.stated:
            return named_step(self.steps, self.stated)
        acted = [s for s in self.steps if s.kind != "response"] or self.steps
        return acted[-1] if acted else None


def _action(event: ActivityEvent, tool: str, text: str) -> str:
    """The step's action; a call whose one argument is a search (`{"query": …}`) names no verb of its own."""
    if any(searched_value(event.get(key)) for key in INPUT_KEYS):
        return tool.strip().lower()
    return action_of(tool, text)


# calls that are the agent's answer to the requester (smolagents' `final_answer`, DSPy ReAct's `finish`):
# the reply, not a step
_REPLY_TOOLS = frozenset(
    ["final_answer", "finalanswer", "final_response", "respond_to_user", "reply_to_user", "finish"]
)


def _reply_call(event: ActivityEvent, tool: str) -> str:
    """The answer a call gives the requester ('' when the call is no reply): its one argument's text."""
    flag = event.get("is_final_answer")
    if tool.strip().lower().replace("-", "_") not in _REPLY_TOOLS and flag is not True:
        return ""
    for key in INPUT_KEYS:
        value = event.get(key)
        if isinstance(value, dict) and len(value) == 1:
            value = next(iter(value.values()))
        if text := input_text(value):
            return text
    return _text_field(event, "action_output", "output", "summary") or tool


def _failed(event: ActivityEvent) -> tuple[bool, str]:
    """Whether a result event reports a failure, and the error text it gives (`result_error.py`)."""
    return result_error(event)


def _task_key(event: ActivityEvent) -> str:
    return event.task_id or f"event:{event.source or event.ts.isoformat()}"


def group_tasks(events: Iterable[ActivityEvent]) -> list[Task]:
    """Tasks from events (any order), each with its intent, tools, steps and outcome; sorted by start."""
    by_id: dict[str, list[ActivityEvent]] = {}
    for ev in (
        read for event in events for part in part_events(event) for read in as_events(run_event(part))
    ):  # ADK content parts, OTel GenAI spans, LangGraph runs
        by_id.setdefault(_task_key(ev), []).append(ev)
    tasks = [_build(tid, anthropic_calls(openai_calls(paired_calls(evs)))) for tid, evs in by_id.items()]
    for task in tasks:
        task.returns = returned_values(by_id[task.task_id])
    settle_intents(tasks, by_id)
    _settle_actions(tasks)
    tasks.sort(key=lambda t: (t.start or datetime.min, t.task_id))
    settle_flag_order(tasks)
    return tasks


def _settle_actions(tasks: list[Task]) -> None:
    """A `tool:verb` whose verb only one task of the week used is an argument (`ssh web-1 ...`): the tool alone.

    First, a call of one namespace tool naming an operation the week also calls as a tool (`docket` +
    `cases.get`, `docket.cases.get`) is that tool (`as_finest_tools`); a dispatcher's `tool:verb` whose verb
    the week also calls as a tool is that tool (`as_week_tools`).
    """
    for settle in (as_finest_tools, as_week_tools):
        if settle is as_week_tools and not any(":" in s.action for t in tasks for s in t.steps):
            continue
        every = settle([s for t in tasks for s in t.steps])
        at = 0
        for task in tasks:
            steps, at = every[at : at + len(task.steps)], at + len(task.steps)
            if settle is as_finest_tools:
                task.tools = renamed_tools(task.tools, task.steps, steps)
            task.steps = steps
    for task in tasks:  # the agent looking in its memory: no step of the work (`memory_calls.py`)
        task.steps = [s for s in task.steps if s.kind != "tool" or not memory_call(s.tool, s.input)]
        task.tools = [t for t in task.tools if not memory_call(t)]
    seen: Counter[str] = Counter(a for t in tasks for a in {s.action for s in t.steps})
    for task in tasks:
        task.steps = [
            replace(s, action=s.tool.lower())
            if ":" in s.action and seen[s.action] < 2 and s.kind == "tool"
            else s
            for s in task.steps
        ]


def _build(task_id: str, events: list[ActivityEvent]) -> Task:
    events = sorted(events, key=lambda e: e.ts)  # stable: same-ts events keep file order
    task = Task(task_id=task_id, start=events[0].ts, end=events[-1].ts, events=len(events))
    task.intent, task.asked = _read_intent(events)
    open_call: dict[str, int] = {}  # tool -> index of its latest call without a result yet
    called: set[str] = set()  # the ids of the task's calls so far
    by_id: dict[str, int] = {}  # every id a call's record carries -> its step
    for ev in events:
        tool = ev.get("tool", ev.get("tool_name"))
        name = str(tool).strip() if isinstance(tool, str) and tool.strip() else ""
        if ev.type in RESULT_TYPES or (name and is_result(ev, INPUT_KEYS, called)):
            bad, error = _failed(ev)
            if says_failed(ev) and not bad:  # `retry-prompt`: the call failed, its text says why
                bad, error = True, failure_text(ev)[:300]
            idx = open_call.pop(name, None) if name else (len(task.steps) - 1 if task.steps else None)
            if idx is None and name and (text := input_of(ev, name)) and len(task.steps) < MAX_STEPS:
                task.tools.append(name)  # a logger that writes results only: the result is the step
                task.steps.append(
                    Step(
                        name,
                        text,
                        action_of(name, text),
                        failed=bad,
                        error=error,
                        purpose=purpose_of(ev, name),
                        keys=keys_of(ev, name),
                    )
                )
            elif idx is not None and bad:
                task.steps[idx] = replace(task.steps[idx], failed=True, error=error)
            if error:
                task.error = error
        elif ev.type in REPLY_TYPES:
            text = _text_field(ev, "summary", "text", "message") or templated_reply(ev) or reply_text(ev)
            if not free_text(text) and (said := reply_text(ev)):  # a log line's label (`message: Outbound
                text = said  # SMS`) beside the reply's prose (`sms.body`) is no reply (round 41)
            if text and len(task.steps) < MAX_STEPS:
                task.steps.append(Step("reply", text, "reply", kind="response"))
            if subject := _text_field(ev, "subject"):
                task.subjects.append(subject)
        elif ev.type in THOUGHT_TYPES:
            text = _text_field(ev, "summary", "text", "thought")
            if text and len(task.thoughts) < MAX_THOUGHTS:
                task.thoughts.append(text)
        elif name and (answer := _reply_call(ev, name)):
            if len(task.steps) < MAX_STEPS and answer != name:  # `final_answer`: the reply (`finish`: none)
                task.steps.append(Step("reply", answer, "reply", kind="response"))
        elif not name and (answered := answers(ev, open_call, by_id)):
            for idx, tool_name, bad, error in answered:  # results naming their call inside (`own_results`)
                open_call.pop(tool_name, None)
                if bad:
                    task.steps[idx] = replace(task.steps[idx], failed=True, error=error)
                    task.error = error or task.error
        elif ev.type in TOOL_EVENT_TYPES or name:
            name = name or ev.type
            task.tools.append(name)
            if len(task.steps) < MAX_STEPS:
                text = input_of(ev, name) or _text_field(ev, "summary")
                step = Step(
                    name, text, _action(ev, name, text), purpose=purpose_of(ev, name), keys=keys_of(ev, name)
                )
                bad, error = own_failure(ev)  # a call and its result in one record
                task.steps.append(replace(step, failed=bad, error=error) if bad else step)
                open_call[name] = len(task.steps) - 1
                called.update(call_ids(ev))
                by_id.update(dict.fromkeys(call_ids_in(ev.data), open_call[name]))
        if ev.type not in RESULT_TYPES and (error := _text_field(ev, "error")):
            task.error = error[:300]
        listed = ev.get("tools")
        if isinstance(listed, list):
            names = [str(t) for t in listed if isinstance(t, str | int) and str(t).strip()]
            task.tools.extend(names)
            task.listed_tools.extend(n for n in names if n not in task.listed_tools)
        outcome = ev.get("outcome")
        if isinstance(outcome, str) and outcome in ("success", "failure"):
            task.outcome = outcome
            if ev.type == "task_end":  # `t.failure("calendar.book returned 409")`: the reason it failed
                said = _text_field(ev, "summary") if outcome == "failure" else ""
                task.stated = said[:300]
    if " ".join(task.stated.lower().split()) == " ".join(task.intent.lower().split()):
        task.stated = ""  # a logger that ends a task with its request (`summary: Deploy the auth service`)
    if task.stated and not task.error:
        task.error = task.stated
    return task
