"""Did a task follow a note, or only do the same kind of work? (trial 16 #1)

A weekly re-find records a task as a use of a daily or weekly procedure (`lifecycle/refound.py`). Being of
the note's kind is not enough: an agent that launched the job with another config, or added a flag to the
note's command, did not run the note, and its outcome says nothing about the note's steps. A task follows
the note when each of its **decisive steps** is the note's step with the note's constants:

- a decisive step is a call that acts (`lesson_causes.is_wait_or_look` is false: `nvidia-smi`, `df -h`,
  `git status`, reading a file only look);
- each coded line of the note (its steps; each code span of a line, a search line writes several) that
  one of those steps comes near (`changed.SAME` of the tokens, difflib) must have been run as the note
  writes it: some step matches the span as a pattern, where a placeholder (`{config}`, `<exp>`) stands
  for any text and every other token is written as the note writes it. A changed value
  (`configs/r50.yaml` -> `configs/vit.yaml`), an added flag (`--precision bf16`) or a dropped one, with
  the note's own version never run, is a different step, and the task did not follow the note;
- a line no step comes near is a step the task did not come to; the task must have run at least one
  coded line. A note with no code at all (prose) is no evidence either way: the kind is what counts.

The calls count, not only their words (trial 20 #2). A note line that names its tool (`2. create_booking:
`…``), a tool no other line of the note names, is that call's step: the task's calls of that tool are near it
whatever their arguments, so `create_booking … template=surgery_v1` beside the note's `template=vacc_v3` is the
note's step with another value even when the flat arguments share few tokens. Where every coded line names its
tool, a decisive call of a tool the note names nowhere (`check_surgery_slot` where the note checks with
`check_availability`) is work the note does not hold: the task ran the kind its own way. A step is compared in
the spelling the note writes: its nested keys re-keyed (`slot.start=…`, `keyed_args.py`), and flat.

A failed task is read the same way up to where it stopped: its failure is the note's only when the steps it
ran were the note's. Both are what `memdir feedback` would have been told by an agent that ran the note.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.changed import SAME
from memdir.consolidation.weekly.configured import without_credentials
from memdir.consolidation.weekly.keyed_args import keyed_text
from memdir.consolidation.weekly.lesson_causes import is_wait_or_look
from memdir.consolidation.weekly.named import PLACEHOLDER

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task

_CODE = re.compile(r"`+([^`]+)`+")
_TOOL = re.compile(r"^\s*(?:\d+[.)]\s+|[-*+]\s+)?([\w.:/-]{1,60}):\s+`")


def line_tool(line: str) -> str:
    """The tool a note's step line names before its code (`3. create_booking: `…``), '' when none."""
    m = _TOOL.match(line)
    return m.group(1) if m else ""


def act_texts(task: Task) -> list[tuple[str, list[str]]]:
    """The task's decisive calls (module doc): (tool, [its input flat, and re-keyed when it nests objects])."""
    out: list[tuple[str, list[str]]] = []
    for s in task.folded:
        if s.kind != "tool" or not s.input.strip() or is_wait_or_look(s):
            continue
        flat = without_credentials(" ".join(s.input.split()))[0]  # no credential is a note's (`configured`)
        keyed = without_credentials(" ".join(keyed_text(s.input, [s.keys]).split()))[0] if s.keys else flat
        out.append((s.tool, list(dict.fromkeys([keyed, flat]))))
    return out


def _spans(text: str) -> list[list[str]]:
    """A line's code spans, each as tokens (a search line writes several: `go to` / `open`, `go to {source}`)."""
    return [t for t in (without_credentials(m)[0].split() for m in _CODE.findall(text)) if t]


def _pattern(tokens: Sequence[str]) -> re.Pattern[str]:
    """The line's code as a pattern: placeholders match any text, every other character itself."""
    parts: list[str] = []
    for tok in tokens:
        pieces = PLACEHOLDER.split(tok)
        parts.append(".+?".join(re.escape(p) for p in pieces))
    return re.compile(r"\s+".join(parts), re.S)


def follows(task: Task, note_lines: Sequence[str], explored: frozenset[str] = frozenset()) -> bool:
    """True when `task` ran each note line its decisive steps come near with the note's constants (module doc);
    calls of the `explored` tools are the task's exploration, not its work (`explored.py`)."""
    coded = [(line_tool(ln), t) for ln in note_lines if (t := _spans(ln))]
    if not coded:
        return True  # a note in prose: the kind is all the evidence there is (`prose.py` found it)
    acts = [a for a in act_texts(task) if a[0] not in explored]
    named = Counter(tool for tool, _ in coded)
    if all(named) and any(tool not in named for tool, _ in acts):
        return False  # a call the note makes nowhere: the kind's work done another way
    held = 0
    for tool, spans in coded:
        own = named[tool] == 1 and any(t == tool for t, _ in acts) if tool else False
        texts = [x for t, xs in acts if not own or t == tool for x in xs]
        patterns = [_pattern(t) for t in spans]
        if any(p.fullmatch(a) for p in patterns for a in texts):
            held += 1  # the note's step, its constants as written
            continue
        if own or any(
            difflib.SequenceMatcher(a=a.split(), b=t, autojunk=False).ratio() >= SAME
            for a in texts
            for t in spans
        ):
            return False  # the note's step with another value, an added or a dropped flag
    return held > 0
