"""The weekly LLM call: one structured call per selected cluster, the answer validated and traced.

`WeeklyAnswer` is both the `response_format` sent and what the reply is checked against. Tolerant
where it is safe: prose or a fence around the JSON, missing `preconditions` / `verification` /
`placeholders` (empty), `verification` as one string, `placeholders` as a {name: meaning} map,
braces around placeholder names, a `{placeholder}` used but not explained (its legend line is
generic). Strict where it is not: no steps, more than MAX_STEPS, a line with a character no note
may hold, fields of the wrong type. A rejected answer is
asked for once more with the reasons; if it fails again, or the model cannot be reached, or the
run's budget is spent, the cluster stays pending: nothing is written and the next run over that
week distils it (the built-in draft is not written in its place, so the exit code tells the truth).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memdir.consolidation.weekly.llm_brief import ClusterBrief
from memdir.consolidation.weekly.llm_draft import LLMDraft
from memdir.consolidation.weekly.titles import file_stem
from memdir.errors import LLMAnswerError, LLMError
from memdir.jsonvalue import JSONValue
from memdir.llm.budget import RunBudget
from memdir.llm.prompts import load_prompt, render
from memdir.llm.structured import bad_character, clean_text, extract_json, safe_line, validation_message
from memdir.runs.redact import redact_text

if TYPE_CHECKING:
    from memdir.config import LLMConfig
    from memdir.consolidation.weekly.draft import Draft
    from memdir.llm.base import LLMEngine
    from memdir.runs.report import RunReport

log = logging.getLogger(__name__)

MAX_STEPS = 40
MAX_LINE = 400
MAX_REPLY_CHARS = 64_000
_PLACEHOLDER = re.compile(r"\{([^{}\s]{1,40})\}")
_NAME = re.compile(r"^\w{1,40}$")
MODEL_FAILED = "the model call failed"
BUDGET = "the run's LLM budget is spent"
REJECTED = "the model's answer was rejected"


class PlaceholderAnswer(BaseModel):
    """One `{placeholder}` of the procedure: its name, what it stands for, values the tasks showed."""

    model_config = ConfigDict(extra="ignore")

    name: str = Field(description="the name used in braces, without the braces")
    meaning: str = Field(description="what it stands for, in a few words")
    examples: list[str] = Field(description="values of it seen in the tasks")


class WeeklyAnswer(BaseModel):
    """A generalised procedure for one kind of task."""

    model_config = ConfigDict(extra="ignore")

    title: str = Field(description="the generalised task, with {placeholders}")
    description: str = Field(description="one line: what this procedure is for")
    preconditions: list[str] = Field(description="what must hold before starting, as the tasks show")
    steps: list[str] = Field(description="short imperative steps in order")
    verification: list[str] = Field(description="how to check that it worked, as the tasks did")
    placeholders: list[PlaceholderAnswer]


def _normalise(data: JSONValue) -> JSONValue:
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for key in ("preconditions", "verification"):
        value = out.get(key)
        if value is None:
            out[key] = []
        elif isinstance(value, str):
            out[key] = [value] if value.strip() else []
    ph = out.get("placeholders")
    if ph is None:
        out["placeholders"] = []
    elif isinstance(ph, dict):
        out["placeholders"] = [{"name": k, "meaning": v if isinstance(v, str) else ""} for k, v in ph.items()]
    if isinstance(out["placeholders"], list):
        fixed = []
        for p in out["placeholders"]:
            if isinstance(p, dict):
                p = {"meaning": "", "examples": [], **p}
                if isinstance(p.get("name"), str):
                    p["name"] = p["name"].strip().strip("{}").strip()
            fixed.append(p)
        out["placeholders"] = fixed
    out.setdefault("description", "")
    return out


def _one_line(text: str, limit: int = MAX_LINE) -> str:
    text = " ".join(clean_text(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def parse_weekly(text: str, brief: ClusterBrief, fallback: Draft, model: str) -> LLMDraft:
    """An LLMDraft from the model's reply; raises LLMAnswerError (with reasons fit for a retry)."""
    data = _normalise(extract_json(text, MAX_REPLY_CHARS))
    try:
        ans = WeeklyAnswer.model_validate(data)
    except ValidationError as exc:
        raise LLMAnswerError(validation_message(exc)) from None
    lines = [ans.title, ans.description, *ans.preconditions, *ans.steps, *ans.verification]
    lines += [x for p in ans.placeholders for x in (p.name, p.meaning, *p.examples)]
    for line in lines:
        bad = bad_character(clean_text(line))
        if bad:
            raise LLMAnswerError(f"the answer holds {bad} in {safe_line(line, 40)!r}")
    steps = [_one_line(s) for s in ans.steps if s.strip()]
    if not steps:
        raise LLMAnswerError('"steps" is empty: give the steps of the procedure')
    if len(steps) > MAX_STEPS:
        raise LLMAnswerError(f'"steps" has {len(steps)} items; give at most {MAX_STEPS}')
    title = _one_line(ans.title, 200) or fallback.title
    pre = [_one_line(p) for p in ans.preconditions if p.strip()][:10]
    check = [_one_line(v) for v in ans.verification if v.strip()][:10]
    used = list(dict.fromkeys(_PLACEHOLDER.findall(" ".join([title, *pre, *steps, *check]))))
    declared = {p.name: p for p in ans.placeholders if _NAME.match(p.name)}
    # a placeholder the model did not explain keeps a generic line (and the built-in draft's values for
    # that name, if any): the procedure is still usable, and a retry would cost a call for a legend line
    legend = {u: _one_line(declared[u].meaning, 120) if u in declared else "" for u in used}
    values = {}  # only values the tasks show: every line of the note traces to its sources
    for u in used:
        seen = declared[u].examples if u in declared else fallback.values.get(u, [])
        values[u] = [
            e for e in dict.fromkeys(_one_line(x, 80) for x in seen) if e and e.lower() in brief.evidence
        ][:6]
    return LLMDraft(
        title=title,
        description=_one_line(ans.description, 200) or fallback.description,
        steps=steps,
        sources=fallback.sources,
        tools=fallback.tools,
        values={k: v for k, v in values.items() if v},
        step_values={k: v for k, v in fallback.step_values.items() if k in used},
        value_tasks={k: v for k, v in fallback.value_tasks.items() if k in used},
        stem=file_stem(title),
        engine="llm",
        model=model,
        preconditions=pre,
        verification=check,
        legend=legend,
    )


class WeeklyLLM:
    """The model calls of one weekly run: budget, stop on provider failure, one retry with reasons."""

    def __init__(self, engine: LLMEngine, config: LLMConfig) -> None:
        from memdir.config import LLMConfig

        own = getattr(engine, "config", None)  # an engine built with its own settings keeps them
        self.engine = engine
        self.budget = RunBudget(engine, own if isinstance(own, LLMConfig) else config)
        self.system, self.template = load_prompt("weekly_distill")
        self.stopped: str | None = None

    def distil(self, brief: ClusterBrief, fallback: Draft, report: RunReport) -> LLMDraft | None:
        """The model's draft for one cluster, or None when the cluster stays pending (reason in report)."""
        user = render(self.template, tasks=redact_text(brief.payload()))
        feedback = ""
        for attempt in (1, 2):
            reason = self._call(user + feedback, brief, fallback, report)
            if isinstance(reason, LLMDraft):
                return reason
            if reason is None:
                return None  # stopped: budget or provider; already counted
            log.warning("weekly LLM answer rejected (attempt %d): %s", attempt, reason)
            feedback = (
                f"\n\nYour previous answer could not be used: {reason}\n"
                "Answer again with the whole JSON object and nothing else."
            )
        report.errors.append(
            f"weekly {fallback.sources[0]}…: the model's answer was rejected twice ({reason})"
        )
        report.leave_pending(1, REJECTED)
        return None

    def _call(
        self, user: str, brief: ClusterBrief, fallback: Draft, report: RunReport
    ) -> LLMDraft | str | None:
        if self.stopped is None:
            refusal = self.budget.refusal(self.system, user)
            if refusal:
                self.stopped = BUDGET
                report.errors.append(refusal)
        if self.stopped is not None:
            report.leave_pending(1, self.stopped)
            return None
        try:
            reply = self.engine.complete(self.system, user, json_mode=True, schema=WeeklyAnswer)
        except LLMError as exc:
            self.stopped = MODEL_FAILED
            report.errors.append(str(exc))
            report.leave_pending(1, MODEL_FAILED, exc.cause)
            return None
        try:
            return parse_weekly(reply.text, brief, fallback, self.engine.model)
        except LLMAnswerError as exc:
            return str(exc)

    def stats(self) -> dict[str, object]:
        """This run's LLM figures."""
        return self.budget.stats()
