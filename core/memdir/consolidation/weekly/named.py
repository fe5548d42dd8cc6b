"""What a person's procedure names, and whether a draft's steps run it (the duplicate check's third way).

A person writes a procedure in prose: "Open the ticket (`helpdesk` ticket.get)", "発注番号で入荷予定を確認する
（`wms` の「入荷予定照会」）". Its first heading and its wording say little about a draft distilled from
the log, and its code spans alone (`helpdesk`, `wms`) say less. What it *names* does: the code spans,
the terms quoted in 「」『』 or “”, and the identifiers in its prose (`ticket.get`, `invoice_resent`,
`/etc/nginx/nginx.conf`, `入荷仮置き-A`): the commands, tool actions, templates, macros, hosts and
paths its steps run; a clock reading (`[00:09]` of a transcribed voice memo) is none. A draft runs a line of the note when one of its steps holds most of what the line
names (more than half of it, one term not a tool's name: tools say only how the work was logged); a note the draft runs line by line
is the same work, whatever either calls it. What a line names in parentheses beside a term outside them is an
aside, often the other case ("Send it with the template “TPL-JA” (English clients: “TPL-EN”)"): the line is
run too when a step holds more than half of what it names outside its parentheses.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

# a placeholder in a note: `{name}` or `<name>` (dedupe.py reads it from here)
PLACEHOLDER = re.compile(r"\{[^\W\d_][\w-]*\}|<[^<>\s]{1,40}>")
_CODE = re.compile(r"`+([^`]+)`+")
_QUOTED = re.compile(r"「([^「」]+)」|『([^『』]+)』|“([^“”]+)”")
# an identifier in prose: words joined by . _ / : or - (ticket.get, invoice_resent, 入荷仮置き-A)
_IDENT = re.compile(r"[^\W_]+(?:[._/:-]+[^\W_]+)+|[^\W_]*_[\w]+")
# a clock reading in prose (a voice memo's `**[00:09]**` stamps, `at 14:30`) names no command (round 33)
_CLOCK = re.compile(r"^\d{1,2}(?::\d{2}){1,2}$")
_TOOL_PREFIX = re.compile(r"^\s*([\w.:-]{1,40}): (?=`)")
_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s")
_ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")


class NamedLine(NamedTuple):
    """What one note line names (`terms`), and of those the ones outside its parentheses (`main`)."""

    terms: list[str]
    main: list[str]


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()


def named_terms(line: str) -> list[str]:
    """What a note line names: code spans, quoted terms, prose identifiers (placeholders cut out), squashed."""
    terms: list[str] = []
    rest = line
    for found in (_CODE, _QUOTED):
        for m in found.finditer(rest):
            text = next(g for g in m.groups() if g is not None)
            if (command := command_terms(text)) is not None:
                terms += command
                continue
            terms += [p for p in (_squash(s) for s in PLACEHOLDER.split(text)) if len(p) > 1]
        rest = found.sub(" ", rest)
    idents = _IDENT.findall(PLACEHOLDER.sub(" ", rest))
    terms += [t.lower() for t in idents if len(t) > 2 and not _CLOCK.match(t)]
    return list(dict.fromkeys(terms))


_COMMAND = re.compile(r"^(?:\S*/)?([^\W\d][\w.-]*)((?:\s+--[^\W\d][\w-]*(?:[= ]\S+)?)+)\s*$")
_FLAG = re.compile(r"--([^\W\d][\w-]*)")


def command_terms(span: str) -> list[str] | None:
    """A command line with long flags (`./tools/certcheck --platform <platform> --build <version>`) as what
    an agent's call of it holds: the base name (`certcheck`, a tool's name) and each flag as the call's
    `key=` argument (`platform=`, `build=`); None when the span is no such command."""
    m = _COMMAND.match(span.strip())
    if m is None:
        return None
    return [m.group(1).lower()] + [f"{f.lower().replace('-', '_')}=" for f in _FLAG.findall(m.group(2))]


def step_tool(step: str) -> str:
    """The tool a draft step is prefixed with (`helpdesk: `…``), lower case, or ''."""
    m = _TOOL_PREFIX.match(step)
    return m.group(1).lower() if m else ""


def runs(line: NamedLine, step: str, tools: set[str]) -> bool:
    """A step runs a note line when it holds more than half of the line's terms, or of those outside its
    parentheses, one of them not a tool name (a line naming an endpoint and its `/bank-account` is not run
    by a call of that endpoint alone)."""
    own = _squash(step)

    def most(terms: Sequence[str]) -> bool:
        held = [t for t in terms if t in own or _pair_held(t, own) or _list_held(t, own)]
        return any(t not in tools for t in held) and 2 * len(held) > len(terms)

    return most(line.terms) or (line.main != line.terms and most(line.main))


_PAIR = re.compile(r"^([^=:]{2,40})[=:]([^=:]{2,80})$")


def _pair_held(term: str, own: str) -> bool:
    """A `key = value` the note names is held when the step holds the key and then the value, however
    the log writes the pair (`証明書種別 = 住民票の写し` in `field=証明書種別 value=住民票の写し`)."""
    m = _PAIR.match(term)
    if m is None or (at := own.find(m.group(1))) < 0:
        return False
    return own.find(m.group(2), at + len(m.group(1))) >= 0


_LIST_PARTS = re.compile(r"^[^\W_]{1,12}(?:/[^\W_]{1,12})+$")


def _list_held(term: str, own: str) -> bool:
    """A list of short values the note writes with `/` (`en/ja`) is held when the step writes the same
    values in order with `,` `;` `+` or `|` between them (`languages=en,ja`)."""
    if _LIST_PARTS.match(term) is None:
        return False
    parts = [re.escape(p) for p in term.split("/")]
    return re.search(r"(?<![^\W_])" + r"[,;+|]".join(parts) + r"(?![^\W_])", own) is not None


@dataclass
class NamedMatch:
    """How much of a note a draft runs: the note's naming lines, those run, the draft's steps that run one."""

    lines: int = 0
    lines_run: int = 0
    steps: int = 0  # the draft's steps with code
    steps_run: list[int] = field(default_factory=list)

    def same_work(self) -> bool:
        """The draft runs more than half of the note's naming lines (>= 2) with at least half of its own steps."""
        return (
            self.lines >= 2
            and 2 * self.lines_run > self.lines
            and len(self.steps_run) >= 2
            and 2 * len(self.steps_run) >= self.steps
        )


def outside_asides(line: str) -> str:
    """The line with what it writes in parentheses blanked (not parentheses inside a code span)."""
    masked = _CODE.sub(lambda m: "x" * len(m.group()), line)
    out = line
    for m in _ASIDE.finditer(masked):
        out = out[: m.start()] + " " * (m.end() - m.start()) + out[m.end() :]
    return out


def note_lines(body: str) -> list[NamedLine]:
    """What each line of a note's steps names (its list items, else every line), lines naming nothing left out."""
    lines = [ln for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    items = [ln for ln in lines if _LIST_ITEM.match(ln)] or lines
    return [line for line in (named_line(ln) for ln in items) if line.terms]


def named_line(line: str) -> NamedLine:
    """What one line names, and of that what it names outside its parentheses."""
    terms = named_terms(line)
    main = [t for t in named_terms(outside_asides(line)) if t in terms]
    return NamedLine(terms, main or terms)


def named_match(lines: Sequence[NamedLine], steps: Sequence[str]) -> NamedMatch:
    """Which of a note's naming lines (`note_lines`) the draft's steps run, and which steps run one."""
    coded = [i for i, s in enumerate(steps) if _CODE.search(s)]
    tools = {t for s in steps if (t := step_tool(s))}
    out = NamedMatch(lines=len(lines), steps=len(coded))
    run_by: set[int] = set()
    for line in lines:
        hit = [i for i in coded if runs(line, steps[i], tools)]
        if hit:
            out.lines_run += 1
            run_by.update(hit)
    out.steps_run = sorted(run_by)
    return out
