"""A person's procedure written as command lines, and the agent's calls that do the same acts (trial 30 #1).

A person writes the work as the commands they type: `shop order show <order-no>`, `yamato label --service
cool-refrigerated --order <order-no>`, `shop order ship <order-no> --tracking <tracking-no>`, "email the
tracking link (template "Shipped-EN" or 「発送完了-JA」)". The agent does it through tools named otherwise:
`shop_get_order`, `yamato_create_label {service: cool-refrigerated}`, `shop_mark_shipped`, `send_email
{template: Shipped-EN}`. No line is run by a call's text (`named.py` looks for `shoporder show` in
`shop_get_order`), the titles are near but under the duplicate threshold (0.80), and the weekly wrote a
second procedure beside the person's.

Here a call **acts** a note line in two ways:

- **by a constant**: the line names a value the call passes, or a value its placeholder took in the
  tasks (`cool-refrigerated`, `Shipped-EN`, `発送完了-JA`); only values that read as identifiers count
  (joined parts or a digit beside letters, or a non-Latin term; never a plain word like `express`, nor digits
  alone like `10:00`), and not values another kind of the run passes too;
- **by the act**: a command of the line (its words before the flags and holes: `shop order show`) and the
  call's tool name (`shop_get_order`) share two or more words (`order` = `orders`, `ship` = `shipped`),
  and their other words do not name two different acts (`get` and `show` both read; `shop_get_order`
  against `shop order refund` reads where the line refunds: no act).

A line that only opens or shows (`shop order show <order-no>`, no constant) is left out: every kind of one
system starts so, and a note on reprinting a job (`press job show`, `press proof reprint --profile
fogra39-coated`, `press job invoice`) read the proof kind's first call and its profile as its own.
The note is the kind's (`same_work`) when the calls act more than half of its other naming lines (>= 2) with at
least two steps and half of them, **and** at least one line is acted by a constant no other kind passes:
the kind's own values written down. Sharing the system's words (`shop order …`) alone is never enough.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from memdir.consolidation.weekly.action_titles import READS, singular
from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.named import named_terms
from memdir.consolidation.weekly.tool_verbs import ACTS

_CODE = re.compile(r"`+([^`]+)`+")
_HOLE = re.compile(r"\{[^{}]*\}|<[^<>\s]{1,40}>")
_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s")
_STEP = re.compile(r"^\s*([\w.:/-]{1,60}): `(.*)`\s*$")
_PAIR = re.compile(r"(?:^|\s)[^\W\d][\w.-]*=([^\s`{}=]+)")
_HOLE_NAME = re.compile(r"\{([^{}]+)\}")
_WORD = re.compile(r"[A-Za-z]+|[^\W\d_]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_NON_LATIN = re.compile(r"[^\x00-\x7f]")


def stem(word: str) -> str:
    """A word as its act or thing: lower case, singular, without -ed, -ing or a last e (`shipped` -> `ship`)."""
    w = singular(word.lower())
    for tail in ("ing", "ed"):
        if w.endswith(tail) and len(w) - len(tail) >= 3:
            w = w[: -len(tail)]
            if len(w) >= 4 and w[-1] == w[-2]:  # shipp -> ship
                w = w[:-1]
            break
    return w[:-1] if len(w) > 3 and w.endswith("e") else w  # fire, firing -> fir


def _words(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(_CAMEL.sub(" ", text.replace("_", " ")))]


def own_constant(value: str) -> bool:
    """A value that reads as an identifier: joined parts (`cool-refrigerated`), a digit beside letters, or
    a non-Latin term of two characters or more; a plain word (`express`, `yes`) names nothing of its own,
    nor do digits alone (`10:00`, `2026-11-21`, `4521-0001-1058`)."""
    v = value.strip().strip("\"'").lower()
    if len(v) < 4 and not (_NON_LATIN.search(v) and len(v) >= 2):
        return False
    if _NON_LATIN.search(v):
        return True
    if not re.search(r"[a-z]", v):  # a time, a date, a tracking number: an instance, not the kind's
        return False
    return bool(re.search(r"[a-z0-9][-_./:][a-z0-9]", v) or (re.search(r"\d", v) and re.search(r"[a-z]", v)))


@dataclass
class NoteLine:
    """One naming line of a note: its commands' words (each command one list) and the constants it names."""

    commands: list[list[str]] = field(default_factory=list)
    constants: set[str] = field(default_factory=set)

    def reads(self) -> bool:
        """A line that only opens or shows (`shop order show <order-no>`): every kind of the system starts so."""
        return not self.constants and all(any(w in READS for w in cmd) for cmd in self.commands)


def note_lines(body_lines: Sequence[str]) -> list[NoteLine]:
    """The lines of a note's steps (its list items, else every line) that name a command or a constant."""
    items = [ln for ln in body_lines if _ITEM.match(ln)] or [
        ln for ln in body_lines if not ln.lstrip().startswith("#")
    ]
    out = []
    for line in items:
        found = NoteLine()
        for span in _CODE.findall(line):
            words: list[str] = []
            tokens = span.split()
            for n, tok in enumerate(tokens):
                if tok.startswith("-"):
                    nxt = tokens[n + 1] if n + 1 < len(tokens) else ""
                    if nxt and not nxt.startswith("-") and not _HOLE.fullmatch(nxt) and own_constant(nxt):
                        found.constants.add(nxt.lower())
                    break  # a command's words come before its first flag
                if not _HOLE.search(tok):
                    words += _words(tok.rsplit("/", 1)[-1])
            if len(words) >= 2:
                found.commands.append(words)
        found.constants |= {t for t in named_terms(line) if own_constant(t) and " " not in t}
        if found.commands or found.constants:
            out.append(found)
    return out


@dataclass
class Call:
    """A draft step as its tool's words and the constants it passes (its placeholders' seen values too)."""

    words: list[str]
    constants: set[str]


def calls(steps: Sequence[str], values: Mapping[str, Sequence[str]]) -> list[Call | None]:
    """Each draft step as a `Call` (None for a step that is no call: a reply, a note)."""
    out: list[Call | None] = []
    for step in steps:
        m = _STEP.match(step)
        if m is None:
            out.append(None)
            continue
        consts = {v.lower() for v in _PAIR.findall(m.group(2)) if own_constant(v)}
        for hole in _HOLE_NAME.findall(m.group(2)):
            consts |= {str(v).lower() for v in values.get(hole, []) if own_constant(str(v))}
        out.append(Call(_words(m.group(1)), consts))
    return out


def _same_act(tool: list[str], command: list[str]) -> bool:
    """Two or more shared words, and the words left on each side name no two different acts."""
    shared = set(tool) & set(command)
    if len(shared) < 2:
        return False
    left_t = {w for w in tool if w not in shared and w in ACTS}
    left_c = {w for w in command if w not in shared}  # a command's other words are its subcommands
    if not left_t or not left_c:
        return True
    if left_t <= READS:  # the call reads: the line must read too
        return left_c <= READS
    return bool(left_t & left_c)


@dataclass
class CommandMatch:
    """How much of a note's command lines a draft's calls act, and by which of its own constants."""

    lines: int = 0
    lines_acted: int = 0
    by_constant: int = 0  # lines acted by a constant no other kind of the run passes
    steps: int = 0  # the draft's calls
    steps_acting: list[int] = field(default_factory=list)

    def same_work(self) -> bool:
        """More than half of the note's naming lines (>= 2) acted, by >= 2 and half of the calls, one line
        at least by the kind's own constant."""
        return (
            self.lines >= 2
            and 2 * self.lines_acted > self.lines
            and len(self.steps_acting) >= 2
            and 2 * len(self.steps_acting) >= self.steps
            and self.by_constant >= 1
        )


def command_match(
    body_lines: Sequence[str],
    steps: Sequence[str],
    values: Mapping[str, Sequence[str]],
    others: Sequence[tuple[Sequence[str], Mapping[str, Sequence[str]]]] = (),
) -> CommandMatch:
    """Which of a note's command lines the draft's calls act (module doc); `others`: the run's other drafts
    (steps, values), whose constants are no evidence for this kind."""
    lines = [ln for ln in note_lines(body_lines) if not ln.reads()]
    mine = calls(steps, values)
    theirs = {c for s, v in others for call in calls(s, v) if call for c in call.constants}
    out = CommandMatch(lines=len(lines), steps=sum(1 for c in mine if c))
    acting: set[int] = set()
    for line in lines:
        hit = False
        own = False
        for i, call in enumerate(mine):
            if call is None:
                continue
            shared = call.constants & line.constants
            if shared or any(_same_act(call.words, cmd) for cmd in line.commands):
                acting.add(i)
                hit = True
                own = own or bool(shared - theirs)
        out.lines_acted += hit
        out.by_constant += own
    out.steps_acting = sorted(acting)
    return out


def person_commands(
    body_lines: Sequence[str], draft: Draft, drafts: Sequence[Draft], intent: float
) -> tuple[float, list[str]] | None:
    """A person's note (`body_lines`) whose command lines the draft's calls act, by the kind's own constants
    (`command_match`): (similarity, the draft's steps the note lacks), or None."""
    others = [(d.steps, d.values) for d in drafts if d is not draft]
    c = command_match(body_lines, draft.steps, draft.values, others)
    if not c.same_work():
        return None
    added = [s for i, s in enumerate(draft.steps) if i not in c.steps_acting]
    return max(intent, c.lines_acted / c.lines), added
