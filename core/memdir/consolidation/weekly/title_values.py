"""A title's values are the steps' placeholders: never a value some tasks wrote, never a piece of one.

Requests are grouped by how alike they read, and values count in that: of four requests to evaluate a
checkpoint, the two that ran `qwen2.5-…-jsquad-…` on `jsquad` read most alike, and aligned alone they give
`Evaluate {object} qwen2.5-{jsquad}-jsquad-{jsquad2} step {step} on jsquad`: a title fixed to `jsquad` while
the steps' `{bench}` varies, the run name cut into holes the steps never use, one of them named after a
value. When the phrasing a title follows keeps such a value (`keeps_values`), every value of the steps'
varying placeholders that a request writes whole is one mark (`marked_values`), the requests are grouped
and aligned again, and each mark is that step placeholder in the title (`unmarked`):
`Evaluate {object} {ckpt} step {step} on {bench}`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.align import atoms
from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.spans import Template, find_word
from memdir.consolidation.weekly.title_step_values import writes_step_value


def _parts(value: str) -> set[str]:
    return {a.lower() for a in atoms(value) if len(a) > 1 and a.isalnum()}


def keeps_values(template: Template, step_spans: Sequence[Span], intents: Mapping[str, str]) -> bool:
    """Whether a title template keeps what the steps vary: a word of its text that is part of a step value the
    requests write, in some tasks, not all (`on jsquad`, `qwen2.5-…` while others ran `gemma-2-9b-…`), or a hole
    that is no step placeholder and holds only a piece of each task's step value (`{object}-{value}` for the
    steps' `{build}`)."""
    if writes_step_value(template, step_spans, intents):  # `at 10:00` beside the steps' `{slot}`
        return True
    varying = [s for s in step_spans if len(s.seen()) >= 2]
    words = _parts(template.constant())
    for step in varying:
        # a message or an argument no request writes (`full test suite passes`) is no value here
        if not any(v.strip() and find_word(intents.get(t, ""), v.strip()) for t, v in step.values.items()):
            continue
        having = [_parts(v) for v in step.values.values()]
        if any(0 < sum(1 for h in having if w in h) < len(having) for w in words):
            return True
    for span in template.spans:
        if any(span.values == {t: step.values.get(t) for t in span.values} for step in varying):
            continue  # the hole is a step placeholder itself (`{package}`, beside the steps' `httpx==0.28.1`)
        for step in varying:
            both = [t for t, v in span.values.items() if v.strip() and step.values.get(t, "").strip()]
            if both and all(
                span.values[t].strip() in step.values[t] and span.values[t].strip() != step.values[t].strip()
                for t in both
            ):
                return True
    return False


_MARK = 0xE000  # private-use characters: one atom each, never written by a request
_MARKS = 256


def marked_values(
    intents: Mapping[str, str], step_spans: Sequence[Span]
) -> tuple[dict[str, str], dict[str, dict[int, tuple[Span, str]]]]:
    """Each intent with the values of the steps' varying placeholders it writes whole (longest first) as
    one mark per placeholder, and per task what each mark stands for (the step span, the intent's text)."""
    varying: list[Span] = []
    for span in step_spans:
        if len(span.seen()) >= 2 and not any(s.values == span.values for s in varying):
            varying.append(span)
    marked: dict[str, str] = {}
    found: dict[str, dict[int, tuple[Span, str]]] = {}
    for task, intent in intents.items():
        hits: list[tuple[int, int, int]] = []
        for k, span in enumerate(varying[:_MARKS]):
            value = span.values.get(task, "").strip()
            where = find_word(intent, value) if len(value) > 1 else None
            if where is not None:
                hits.append((where[0], where[1], k))
        taken: list[tuple[int, int, int]] = []
        for hit in sorted(hits, key=lambda h: (h[0] - h[1], h[0])):
            if not any(hit[0] < end and start < hit[1] for start, end, _ in taken):
                taken.append(hit)
        text = intent
        for start, end, k in sorted(taken, reverse=True):
            text = text[:start] + chr(_MARK + k) + text[end:]
        marked[task] = text
        found[task] = {k: (varying[k], intent[start:end]) for start, end, k in taken}
    return marked, found


def unmarked(
    template: Template, found: Mapping[str, Mapping[int, tuple[Span, str]]], tasks: Sequence[str]
) -> Template:
    """The template of `tasks` with each mark back as a placeholder of its step span (`ref`), each task's text."""
    marks = re.compile(f"([{chr(_MARK)}-{chr(_MARK + _MARKS - 1)}])")

    def back(text: str, task: str) -> str:
        return marks.sub(lambda m: found[task].get(ord(m.group(1)) - _MARK, (None, ""))[1], text)

    parts: list[str | Span] = []
    for part in template.parts:
        if isinstance(part, Span):
            parts.append(Span({t: back(v, t) for t, v in part.values.items()}, part.name, part.ref))
            continue
        for piece in marks.split(part):
            k = ord(piece) - _MARK if len(piece) == 1 and marks.fullmatch(piece) else -1
            if k < 0:
                parts.append(piece)
                continue
            values = {t: found[t][k][1] for t in tasks if k in found.get(t, {})}
            step = next(found[t][k][0] for t in values)
            parts.append(Span(values, ref=step))
    return Template([p for p in parts if p != ""])
