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

A failed task is read the same way up to where it stopped: its failure is the note's only when the steps it
ran were the note's. Both are what `memdir feedback` would have been told by an agent that ran the note.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.changed import SAME
from memdir.consolidation.weekly.lesson_causes import is_wait_or_look
from memdir.consolidation.weekly.named import PLACEHOLDER

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task

_CODE = re.compile(r"`+([^`]+)`+")


def _spans(text: str) -> list[list[str]]:
    """A line's code spans, each as tokens (a search line writes several: `go to` / `open`, `go to {source}`)."""
    return [t for t in (m.split() for m in _CODE.findall(text)) if t]


def _pattern(tokens: Sequence[str]) -> re.Pattern[str]:
    """The line's code as a pattern: placeholders match any text, every other character itself."""
    parts: list[str] = []
    for tok in tokens:
        pieces = PLACEHOLDER.split(tok)
        parts.append(".+?".join(re.escape(p) for p in pieces))
    return re.compile(r"\s+".join(parts), re.S)


def follows(task: Task, note_lines: Sequence[str]) -> bool:
    """True when `task` ran each note line its decisive steps come near with the note's constants (module doc)."""
    coded = [t for t in (_spans(ln) for ln in note_lines) if t]
    if not coded:
        return True  # a note in prose: the kind is all the evidence there is (`prose.py` found it)
    acts = [
        " ".join(s.input.split())
        for s in task.folded
        if s.kind == "tool" and s.input.strip() and not is_wait_or_look(s)
    ]
    held = 0
    for spans in coded:
        patterns = [_pattern(t) for t in spans]
        if any(p.fullmatch(a) for p in patterns for a in acts):
            held += 1  # the note's step, its constants as written
            continue
        if any(
            difflib.SequenceMatcher(a=a.split(), b=t, autojunk=False).ratio() >= SAME
            for a in acts
            for t in spans
        ):
            return False  # the note's step with another value, an added or a dropped flag
    return held > 0
