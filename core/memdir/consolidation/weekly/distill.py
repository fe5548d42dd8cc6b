"""Distil a cluster of successful tasks into a procedure draft (built-in engine or an LLM).

Built-in: the observed steps of the cluster's most typical successful task (its medoid),
with the parts of its intent that vary between the tasks turned into `{placeholders}`
(found by aligning the intents word by word) and numbers, quoted strings, URLs and
paths in its steps abstracted. It only selects and arranges observed wording.
"""

from __future__ import annotations

import difflib
import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from memdir.consolidation.weekly.similarity import PATH_PATTERN, abstract_text
from memdir.consolidation.weekly.tasks import Task
from memdir.errors import LLMError

log = logging.getLogger(__name__)

MAX_STEPS = 40
MAX_LLM_TASKS = 8
ALIGN_MIN = 0.6  # intents aligned word by word only when this similar (difflib ratio)
_CLASSES = ("url", "email", "str", "path", "date", "num", "name")
_STEP_SUBS = (
    (re.compile(r"\b(?:https?|ftp|file)://\S+"), "{url}"),
    (re.compile(r"\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'"), "{str}"),
    (PATH_PATTERN, "{path}"),
    (re.compile(r"(?<![\w{])[-+]?\d+(?:[.,:]\d+)*(?![\w}])"), "{num}"),
)


@dataclass
class Draft:
    """A procedure ready to render: title (generalised intent), description, steps, sources."""

    title: str
    description: str
    steps: list[str]
    sources: list[str]
    tools: list[str] = field(default_factory=list)
    values: dict[str, list[str]] = field(default_factory=dict)  # placeholder -> values seen
    engine: str = "builtin"


def medoid(vectors: np.ndarray) -> int:
    """Index of the row with the highest mean similarity to the others (first on ties)."""
    if len(vectors) <= 2:
        return 0
    sims = vectors @ vectors.T
    return int(np.argmax(sims.sum(axis=1)))


def _norm(token: str) -> str:
    return token.lower().strip(".,;:!?()[]\"'")


def _placeholder_name(values: list[str], used: set[str]) -> str:
    classes = {abstract_text(v) for v in values}
    base = "value"
    if len(classes) == 1:
        only = next(iter(classes)).strip("{}")
        if only in _CLASSES:
            base = only
    name, n = base, 2
    while name in used:
        name, n = f"{base}{n}", n + 1
    used.add(name)
    return name


def _objects_in_order(task: Task) -> list[str]:
    """The task's object words in the order its intent mentions them."""
    objects = task.object_words()
    words = [_norm(t) for t in task.intent.split()][1:]  # the leading verb is never an object
    return list(dict.fromkeys(w for w in words if w in objects))


def generalise_intent(tasks: list[Task], pivot: int) -> tuple[str, dict[str, list[str]], dict[str, str]]:
    """The pivot's intent with what varies across the tasks as `{placeholders}`.

    Object words (what the task's tool inputs act on) become `{object}`, `{object2}`...;
    words that differ from the other intents that read alike (paraphrases are left out
    of the comparison) become `{value}`...; numbers, quotes, URLs, paths and dates are
    abstracted too. Returns (template, placeholder -> values seen, pivot literal -> placeholder).
    """
    base_task = tasks[pivot]
    values: dict[str, list[str]] = {}
    literal: dict[str, str] = {}
    used: set[str] = set()
    all_objs = [_objects_in_order(t) for t in tasks]
    # an object every task names alike is part of the task type ("issue"), not a placeholder
    common = set.intersection(*(set(o) for o in all_objs)) if len(all_objs) > 1 else set()
    all_objs = [[w for w in o if w not in common] for o in all_objs]
    objs = all_objs[pivot]
    others_objs = [o for j, o in enumerate(all_objs) if j != pivot]
    obj_name: dict[str, str] = {}
    for k, word in enumerate(objs):
        name = "object" if k == 0 else f"object{k + 1}"
        used.add(name)
        obj_name[word] = name
        literal[word] = name
        values[name] = list(dict.fromkeys([word] + [o[k] for o in others_objs if len(o) > k]))[:10]
    base = [
        ("{" + obj_name[_norm(t)] + "}" + _trail(t)) if _norm(t) in obj_name else t
        for t in (base_task.intent or base_task.task_id).split()
    ]
    variable = [False] * len(base)
    spans_by_other: list[list[tuple[int, int, list[str]]]] = []
    key = [_norm(t) for t in base]
    for j, task in enumerate(tasks):
        if j == pivot or not task.intent:
            continue
        objects = task.object_words() - common
        other = task.intent.split()
        okey = ["{obj}" if k and _norm(t) in objects else _norm(t) for k, t in enumerate(other)]
        bkey = ["{obj}" if k.startswith("{object") else k for k in key]
        sm = difflib.SequenceMatcher(a=bkey, b=okey, autojunk=False)
        if sm.ratio() < ALIGN_MIN:
            continue  # a paraphrase: word positions say nothing
        spans = []
        for op, a0, a1, b0, b1 in sm.get_opcodes():
            if op == "equal":
                continue
            for i in range(a0, a1):
                variable[i] = True
            spans.append((a0, a1, other[b0:b1]))
        spans_by_other.append(spans)
    out: list[str] = []
    i = 0
    while i < len(base):
        if not variable[i] or base[i].startswith("{"):
            out.append(base[i])
            i += 1
            continue
        j = i
        while j < len(base) and variable[j] and not base[j].startswith("{"):
            j += 1
        pivot_value = " ".join(base[i:j]).strip(".,;:!?")
        seen = [pivot_value]
        for spans in spans_by_other:
            seen.extend(" ".join(v).strip(".,;:!?") for a0, a1, v in spans if a0 < j and a1 > i and v)
        seen = [x for x in dict.fromkeys(seen) if x]
        name = _placeholder_name(seen, used)
        out.append("{" + name + "}" + _trail(base[j - 1]))
        values[name] = seen[:10]
        if pivot_value:
            literal[pivot_value] = name
        i = j
    return generalise_step(" ".join(out), {}), values, literal


def _trail(token: str) -> str:
    return token[-1] if token[-1:] in ".,;:!?" else ""


def generalise_step(text: str, literal: dict[str, str]) -> str:
    """A step with the pivot's variable values and instance details (numbers, quotes, paths) abstracted."""
    out = text
    for value, name in sorted(literal.items(), key=lambda kv: -len(kv[0])):
        if len(value) >= 2:
            # whole words only: "in" of the intent is not the "in" of an action's "in/on" or "a/b/c"
            out = re.sub(rf"(?<![\w{{/]){re.escape(value)}(?![\w}}/])", "{" + name + "}", out, flags=re.I)
    for pattern, repl in _STEP_SUBS:
        out = pattern.sub(repl, out)
    return out


def _collapse(lines: list[str]) -> list[str]:
    out: list[tuple[str, int]] = []
    for line in lines:
        if out and out[-1][0] == line:
            out[-1] = (line, out[-1][1] + 1)
        else:
            out.append((line, 1))
    return [f"{s} (repeat as needed, seen {n}x)" if n > 1 else s for s, n in out]


def _one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def distil_builtin(tasks: list[Task], vectors: np.ndarray) -> Draft:
    """Built-in draft from successful tasks and their (calibrated) vectors."""
    pivot = medoid(vectors)
    title, values, literal = generalise_intent(tasks, pivot)
    best = tasks[pivot]
    tools = list(dict.fromkeys(t for task in tasks for t in task.tools))
    steps = _collapse([generalise_step(s.render(), literal) for s in best.steps])
    if len(steps) > MAX_STEPS:
        steps = steps[:MAX_STEPS] + [f"… ({len(steps) - MAX_STEPS} more steps in {best.task_id})"]
    if not steps:
        steps = [title + (f" (tools: {', '.join(tools)})" if tools else "")]
    desc = _one_line(
        f"Steps for tasks like: {title.rstrip('.')} (distilled from {len(tasks)} successful tasks)"
    )
    return Draft(
        title=_one_line(title[:1].upper() + title[1:]),
        description=desc,
        steps=steps,
        sources=sorted(t.task_id for t in tasks),
        tools=tools,
        values=values,
    )


def llm_payload(tasks: list[Task], draft: Draft) -> str:
    """The tasks (intent and steps, trimmed) as JSON for the LLM prompt."""
    shown = [
        {"task_id": t.task_id, "intent": t.intent, "steps": [s.render() for s in t.steps[:MAX_STEPS]]}
        for t in tasks[:MAX_LLM_TASKS]
    ]
    return json.dumps(
        {"tasks": shown, "built_in_draft": {"title": draft.title, "steps": draft.steps}},
        ensure_ascii=False,
        indent=1,
    )


def parse_llm_reply(text: str, fallback: Draft) -> Draft:
    """A Draft from the LLM's JSON reply (title, description, steps); raises LLMError when unusable."""
    m = re.search(r"\{.*\}", text, re.S)
    try:
        data: Any = json.loads(m.group(0) if m else text)
    except (ValueError, RecursionError):  # RecursionError: JSON nested too deep
        raise LLMError("weekly distillation: the model did not return JSON") from None
    steps = data.get("steps") if isinstance(data, dict) else None
    if not isinstance(steps, list) or not steps or not all(isinstance(s, str) and s.strip() for s in steps):
        raise LLMError("weekly distillation: the reply has no list of steps")
    title = (
        data.get("title") if isinstance(data.get("title"), str) and data["title"].strip() else fallback.title
    )
    desc = data.get("description")
    desc = desc if isinstance(desc, str) and desc.strip() else fallback.description
    return Draft(
        title=_one_line(title),
        description=_one_line(desc),
        steps=[_one_line(s, 400) for s in steps[:60]],
        sources=fallback.sources,
        tools=fallback.tools,
        values=fallback.values,
        engine="llm",
    )


def render_body(draft: Draft, window: str) -> str:
    """Markdown body of the procedure."""
    lines = [
        f"# {draft.title}",
        "",
        f"Distilled ({draft.engine}) from {len(draft.sources)} successful tasks "
        f"in the activity log, {window}.",
        "",
        "## Steps",
        "",
    ]
    lines += [f"{i}. {s}" for i, s in enumerate(draft.steps, 1)]
    if draft.values:
        lines += ["", "## Placeholders", ""]
        lines += [
            f"- `{{{k}}}`: seen as " + ", ".join(f"`{v}`" for v in vals) for k, vals in draft.values.items()
        ]
    if draft.tools:
        lines += ["", "Tools used: " + ", ".join(f"`{t}`" for t in draft.tools)]
    return "\n".join(lines)
