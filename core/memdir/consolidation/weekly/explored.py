"""A look a task took on its way that its kind does not take: exploration, not another way of doing the work.

Trial 30 #10: week 2's third shipping task (a Japanese request) ran the week-1 procedure's four calls and, between
them, one `web_search` ("yamato cool delivery size limit"). `follows.py` reads a call the note names nowhere as the
kind's work done another way, so the task was no use of the note; it was in no note and no review item, and the run
said nothing. The draft of the same week had dropped that search as exploration.

A call is exploration here when its tool reads by its name (its verb, `tool_verbs.verb_first`, is a read:
`web_search`, `get_weather`, `lookup_rate`), the note names that tool nowhere, and fewer than half of the kind's
tasks made it: a check every task of the kind makes through a tool the note does not name (`check_surgery_slot`
where the note checks with `check_availability`) is still the kind's own way of working (trial 20 #2).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.action_titles import READS
from memdir.consolidation.weekly.tool_verbs import verb_first

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def reads_by_name(tool: str) -> bool:
    """Whether a tool's name says it only reads (`web_search`, `getWeather`)."""
    words = [w.lower() for w in re.split(r"[\s_.:/-]+", _CAMEL.sub(" ", tool)) if w]
    return bool(words) and verb_first(words)[0] in READS


def explored_tools(tasks: Sequence[Task], note_lines: Sequence[str]) -> frozenset[str]:
    """The tools of the kind's tasks that are exploration against a note's lines (module doc)."""
    if not tasks:
        return frozenset()
    text = "\n".join(note_lines)
    made = Counter(tool for t in tasks for tool in {s.tool for s in t.folded if s.kind == "tool" and s.tool})
    return frozenset(
        tool for tool, n in made.items() if 2 * n < len(tasks) and reads_by_name(tool) and tool not in text
    )
