"""Words of a distilled procedure: its steps, its legend and its Markdown body.

A tool step is the tool (when the input does not start with it) and the step's text in code:
``bash: `make deploy SERVICE={service} ENV=staging` ``, then what it is for when every task's call
described it in the same words (``Bash: `ssh gpu01 nvidia-smi` — check which GPUs are free``). A reply step says what was replied
when the replies share their wording, else that the requester was told the result. A folded
search says which actions it repeated and the kinds of places tried in more than one task.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from memdir.consolidation.weekly.align import atoms
from memdir.consolidation.weekly.configured import as_configured
from memdir.consolidation.weekly.consensus import Column, common_prefix
from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.keyed_args import keyed_text
from memdir.consolidation.weekly.naming import EMAIL, MONTH, all_phones
from memdir.consolidation.weekly.placeholders import Placeholder
from memdir.consolidation.weekly.reply_templates import template_line
from memdir.consolidation.weekly.span_dates import DATE, period_name
from memdir.consolidation.weekly.spans import Template
from memdir.consolidation.weekly.title_language import language
from memdir.consolidation.weekly.unsourced import NO_SOURCE
from memdir.consolidation.weekly.value_forms import value_form

MAX_TRIED = 6
MAX_PURPOSE = 120  # characters of a step's purpose said after its code
_WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass
class StepText:
    """A rendered step and whether it acts on what the task is about (a placeholder of the title)."""

    text: str
    specific: bool = False
    keyed: str = ""  # the line with nested arguments keyed (`keyed_args.py`), "" when it is the same


def one_line(text: str, limit: int = 200) -> str:
    """Text on one line, cut at `limit` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


REPLY_AGREE = 0.5  # share of a task's reply the replies all wrote, for the reply to be quoted


def _differs(tpl: Template, task: str) -> int:
    """How much of a task's reply differs from the others': a value of up to 3 words is one thing."""
    n = 0
    for span in tpl.spans:
        words = len(span.values.get(task, "").split())
        n += 0 if words == 0 else 1 if words <= 3 else words
    return n


def code(text: str) -> str:
    """Inline Markdown code that survives backticks in the text."""
    if "`" not in text:
        return f"`{text}`"
    return f"`` {text} ``"


def render_column(
    column: Column,
    tpl: Template | None,
    following: Sequence[Template],
    groups: list[Placeholder],
    search: Column | None = None,
) -> StepText:
    """One consensus step as a line of the procedure (a search, a search ending in this step, or a step)."""
    if tpl is None:
        assert search is not None
        return StepText(_search(search, following, groups))
    text = tpl.render()
    titled = {g.name for g in groups if g.in_title}
    specific = any(span.name in titled for span in tpl.spans)
    kinds = {s.kind for s in column.steps.values()}
    if kinds == {"response"} and (line := template_line(text, code)):
        return StepText(line, specific)  # a templated reply: its id and values (`reply_templates.py`)
    if kinds == {"response"}:
        constant = "".join(p for p in tpl.parts if isinstance(p, str))
        said = len(_WORD.findall(constant))
        # the replies mostly agree: in each task's reply the constant words outweigh what differs,
        # a value of up to 3 words counting as one (`Booked {name} to {target} on {date}`); else the
        # aligned form reads as a garbled sentence (`Bumped {x} from {v} to {y} the {z} committed.`)
        ratios = sorted(said / max(1, said + _differs(tpl, t)) for t in column.steps)
        if not tpl.spans or said >= 2 and ratios[len(ratios) // 2] >= REPLY_AGREE:
            return StepText(f"Reply: “{text}”", specific)
        # what the replies report that the other steps carry too (the package, its new version)
        shared = [
            n
            for n in dict.fromkeys(sp.name for sp in tpl.spans)
            if any(g.name == n and (g.in_title or len(g.spans) > 1) for g in groups)
        ]
        said_also = " (" + ", ".join(f"{{{n}}}" for n in shared) + ")" if shared else ""
        langs = [language(s.input) for s in column.steps.values()]
        if 2 * langs.count("ja") > len(
            langs
        ):  # the replies it stands for are mostly Japanese: so is the line
            return StepText(f"Reply: 依頼者に結果を返信する{said_also}。", specific and bool(shared))
        return StepText(f"Reply to the requester with the result{said_also}.", specific and bool(shared))
    prefix = common_prefix(column)
    line = f"{prefix}: {code(text)}" if prefix else code(text)
    if search is None and (meant := purpose(column)):
        line += f" — {meant}"
    if search is not None:
        found = _found(following, groups, {span.name for span in tpl.spans})
        how, tried = _search_parts(search)
        line = f"Find {found}: search likely places one at a time ({how}{tried}), then {line} where it is"
    keyed = keyed_text(text, (s.keys for s in column.steps.values()))
    return StepText(line, specific, line.replace(code(text), code(keyed), 1) if keyed != text else "")


def purpose(column: Column) -> str:
    """What a step is for, when every task's call said it in the same words (`Check which GPUs are free`:
    "check which GPUs are free"), else ''. A description one task gave, or the tasks' different ones, is
    no part of the procedure."""
    said = {" ".join(s.purpose.split()).rstrip(".。") for s in column.steps.values()}
    if len({x.lower() for x in said}) != 1 or not (text := one_line(said.pop(), MAX_PURPOSE)):
        return ""
    return text[0].lower() + text[1:] if re.match(r"[A-Z][a-z]", text) else text


def _search(column: Column, following: Sequence[Template], groups: list[Placeholder]) -> str:
    """A folded search: `go to` / `open` likely places one at a time, the kinds tried, until what."""
    how, tried = _search_parts(column)
    return f"Search likely places one at a time ({how}{tried}) until you find {_found(following, groups)}"


def _search_parts(column: Column) -> tuple[str, str]:
    """How a search went (its actions) and the kinds of places tried in more than one task."""
    heads: Counter[str] = Counter()
    verbs: Counter[str] = Counter()  # ... by the tasks that used them: one task's `close` is not said
    steps: Counter[str] = Counter()
    for search in column.searches.values():
        seen: set[str] = set()
        used: set[str] = set()
        for step in search.steps:
            words = [a for a in atoms(step.text()) if not a.isspace()]
            verb = " ".join(_verb_words(words))
            steps[verb] += 1
            used.add(verb)
            seen.update(w.lower() for w in words[len(verb.split()) :] if _WORD.fullmatch(w))
        heads.update(seen)
        verbs.update(used)
    tried = [w for w, c in heads.most_common() if c >= 2][:MAX_TRIED]
    least = 2 if len(column.searches) >= 2 else 1
    ranked = sorted((v for v in verbs if v and verbs[v] >= least), key=lambda v: (-steps[v], v))
    acts = " / ".join(code(v) for v in ranked[:3])
    return acts, f"; tried in several tasks: {', '.join(sorted(tried))}" if tried else ""


def _verb_words(words: list[str]) -> list[str]:
    """The leading words of a step that are not its object: up to the first word with a digit's neighbour."""
    out: list[str] = []
    for i, w in enumerate(words):
        if any(c.isdigit() for c in w) or (i + 1 < len(words) and any(c.isdigit() for c in words[i + 1])):
            break
        out.append(w)
    return out[:3] or words[:1]


def _found(following: Sequence[Template], groups: list[Placeholder], visited: set[str] | None = None) -> str:
    """What a search looks for: the title placeholder the next steps act on, else what they need.

    When the search ends in a visit of `visited` (`navigate target={source}`), the next step's first
    other placeholder is what was found there (`pick object={object} source={source}`), even when the
    title names it in another language.
    """
    titled = {g.name for g in groups if g.in_title}
    if visited:  # following[0] is the visit; the step after it acts on what was found
        names = [span.name for t in following[1:2] for span in t.spans if span.name not in visited]
        name = next((n for n in names if n in titled), names[0] if names else "")
        if name:
            return "{" + name + "}"
    for tpl in following:
        for span in tpl.spans:
            if span.name in titled:
                return "{" + span.name + "}"
    return "what the next step needs"


_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+[\w.-]*")
_IP = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}", re.I)
_NUMBERED = re.compile(r"[^\W\d_][\w-]*[ _]\d+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?|\d{1,4}/\d{1,2}/\d{1,4}")


_NUMBERS = re.compile(r"\d+(?:,\d+)+")
_IDENT = re.compile(r"(?=.*[A-Za-z])(?=.*(?:\d|[A-Za-z0-9][-_.+][A-Za-z0-9]))[A-Za-z0-9_.+-]+")
_AROUND = " \"'`()[]<>「」（）,;:.!?"
_NAME = re.compile(r"[A-Z][^\W\d_]*\.?(?:[ -][A-Z][^\W\d_]*\.?){1,3}")


def _shape(values: list[str]) -> str:
    """What kind of value a placeholder takes, said without showing one (`8000)`, a request's bracket
    taken with the number, is a number)."""
    vals = [v.strip(_AROUND) for v in values if v.strip(_AROUND)]
    if form := value_form(vals):  # `10:00` is a time, `¥12,000` an amount (`value_forms.py`)
        return form
    if vals and all(_IP.fullmatch(v) for v in vals):  # `10.0.0.1` is an address, not a version
        return "an IP address"
    if vals and all_phones(vals):  # before a number: `+48601234567` is no amount
        return "a phone number"
    for pattern, what in ((_DATE, "a date"), (_NUMBER, "a number"), (_VERSION, "a version")):
        # `2.32.3` is a version; `1,284` and `12` are numbers
        if vals and all(pattern.fullmatch(v) for v in vals):
            return what
    if vals and all(v.startswith(("http://", "https://")) for v in vals):
        return "a URL"
    if vals and all(MONTH.match(v) for v in vals):
        return "a month"
    if vals and (period := period_name(vals)):  # `July 2026`, `Q2 2026`, `2026年8月`
        return "a month of a year" if period == "month" else "a period of a year (a month, a quarter)"
    if vals and all(DATE.fullmatch(v) for v in vals):  # `2026/07/31`, `2026年7月31日`
        return "a date"
    if vals and all(EMAIL.match(v) for v in vals):
        return "an e-mail address"
    if vals and all("/" in v and " " not in v and re.search(r"/[^\W\d_]", v) for v in vals):
        return "a path"  # `Te2/0/5` is no path: a name
    if vals and all(_NUMBERED.fullmatch(v) for v in vals):
        return "a thing and its number"
    if vals and all(_NUMBERS.fullmatch(v) for v in vals):
        return "a list of numbers"
    if vals and all(_IDENT.fullmatch(v) for v in vals):  # `callcenter-b3`, a run name: one token, not a word
        return "an identifier"
    if vals and all(" " not in v for v in vals):
        return "a name" if all(v[:1].isupper() for v in vals) else "a word"
    if vals and all(_NAME.fullmatch(v) for v in vals):  # `Anna Kowalska`, `Jean-Luc Martin`
        return "a name"
    return "a value"


def shown_values(vals: list[str], tasks: dict[str, int] | None) -> list[str]:
    """The values a legend may show: those more than one task wrote (none seen once is left anywhere)."""
    if tasks is None:
        return list(vals)
    return [v for v in vals if tasks.get(v, 0) >= 2]


def legend_line(
    name: str, vals: list[str], tasks: dict[str, int] | None, steps: list[str] | None = None, source: str = ""
) -> str:
    """One placeholder: its kind, how many values were seen, and the values several tasks shared."""
    if not vals:
        return f"- `{{{name}}}`: named by the model"
    shown = shown_values(vals, tasks)
    if tasks is not None and len(vals) > len(shown):
        what = _shape(vals)
        if steps and _shape(steps) != what:  # the title names the thing, the steps add its number
            what = f"{what} ({_shape(steps)} in the steps)"
        what = source or what  # the value an earlier step returns (`returned_names.py`)
        line = f"- `{{{name}}}`: {what}, different between the tasks ({len(vals)} value{'' if len(vals) == 1 else 's'} seen)"
        if shown:
            line += "; more than one task used " + ", ".join(code(v) for v in shown)
        return line
    line = f"- `{{{name}}}`: seen as " + ", ".join(code(v) for v in shown)
    step_shown = shown_values(steps or [], tasks)
    if step_shown:
        line += " (in steps: " + ", ".join(code(v) for v in step_shown) + ")"
    return line


def legend(draft: Draft) -> list[str]:
    """`## Placeholders` lines: each placeholder, its kind, and the values more than one task wrote."""
    return [
        legend_line(
            name, vals, draft.value_tasks.get(name), draft.step_values.get(name), draft.returned.get(name, "")
        )
        + (f"; {NO_SOURCE}" if name in draft.unsourced and name not in draft.returned else "")
        for name, vals in draft.values.items()
    ]


def render_body(draft: Draft, window: str) -> str:
    """Markdown body of the procedure (a cluster without consensus steps says so instead of listing steps)."""
    n = len(draft.sources)
    lines = [f"# {draft.title}", ""]
    if draft.consensus:
        lines += [
            f"Distilled ({draft.engine}) from {n} successful tasks in the activity log, {window}.",
            "",
            "## Steps",
            "",
        ]
        lines += [f"{i}. {as_configured(draft.keyed.get(s, s))}" for i, s in enumerate(draft.steps, 1)]
    else:
        lines += [
            f"Seen {n} times with success in the activity log, {window}. The tasks shared this "
            "intent but no steps that most of them took, so there is no step list to follow yet.",
            "",
            "## What the tasks had in common",
            "",
        ]
        lines += [f"- {s}" for s in draft.shared] or ["- Only the intent."]
    if draft.values or draft.run_notes:  # and the periods relative to the run (`run_period.py`)
        lines += ["", "## Placeholders", ""] + legend(draft) + draft.run_notes
    if draft.tools and draft.consensus:
        lines += ["", "Tools used: " + ", ".join(f"`{t}`" for t in draft.tools)]
    return "\n".join(lines)


_SLOT = re.compile(r"\{([^\W\d_][\w-]*)\}")


def reports_work(step: str, steps: Sequence[str]) -> bool:
    """A reply that reports the values the work used (`Reply: “Evaluated {run} step-{step} on jsquad”`):
    every placeholder it names, at least one, is one the other steps act on. It tells the requester how a
    task went; offered for a person's note, it is no step of the work (a reply of its own words, an
    answer with a link, stays)."""
    if not step.startswith(("Reply: ", "Reply to the requester")):
        return False
    names = set(_SLOT.findall(step))
    used = {n for s in steps if s != step for n in _SLOT.findall(s)}
    return bool(names) and names <= used


def candidate_body(
    new_steps: list[str],
    sources: list[str],
    values: dict[str, list[str]],
    value_tasks: dict[str, dict[str, int]] | None = None,
    resolved: dict[str, str] | None = None,
    changed: Sequence[str] = (),
    places: Mapping[str, str] | None = None,
    title: str = "",
    returned: Mapping[str, str] | None = None,
) -> str:
    """What a merge candidate adds to an existing procedure: its new steps and placeholders only, and
    the values the note writes that the new tasks wrote otherwise (`changed.py`). `places`: where a step
    goes among the note's numbered steps ("after step 6", `listed.placed`), said after it. The legend names
    the placeholders of the steps it is under, never the item's `title`'s, which accepting does not append
    (trial 24 re-check N7), and says of a value an earlier call returns where it comes from (`returned`).

    A placeholder the note already writes (`resolved`: name -> the note's spelling, `<version>`) is
    written as the note does; every other one is in the legend appended with the steps.
    """
    lines = []
    if changed:
        lines += ["Values this note writes that the new tasks wrote otherwise:", "", *changed]
        lines += [""] if new_steps else []
    if new_steps:
        mine = resolved or {}
        slot = re.compile(r"\{([A-Za-z][\w-]*)\}")
        where = places or {}
        steps = [
            as_configured(slot.sub(lambda m: mine.get(m.group(1), m.group(0)), s))  # no credential slot
            + (f" ({where[s]})" if where.get(s) else "")
            for s in new_steps
        ]
        lines += ["Steps the new tasks took that this note does not list:", ""]
        lines += [f"- {s}" for s in steps]
        # only the steps' own: the title is not appended to the note (trial 24 re-check N7: `{country}`)
        used = {m for s in new_steps for m in slot.findall(s) if m not in mine}
        counts = value_tasks or {}  # the draft's step numbers are no steps of the note: the call is named
        source = {k: re.sub(r"step \d+ \((`[^`]+`)\)", r"\1", v) for k, v in (returned or {}).items()}
        named = [
            legend_line(k, v, counts.get(k), source=source.get(k, "")) for k, v in values.items() if k in used
        ]
        named += [legend_line(k, [], None) for k in sorted(used - set(values))]
        if named:
            lines += ["", "Placeholders:", ""] + named
    return "\n".join(lines)
