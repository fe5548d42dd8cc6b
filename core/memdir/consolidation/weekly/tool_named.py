"""A draft step whose call passes only placeholders, told in a person's prose by its tool's name (trial 31 #7).

`prose.step_terms` reads a step by its call's constants, never by its tool (the tool says how the work was
logged: `Bash`, `shell`). A step such as `reservia_get_booking: booking_id={booking_id}` then says nothing, and a
person's "Open the booking in Reservia …" and "… tick "confirmation sent" in Reservia" held only the one step
with constants: the note was not found and the weekly run wrote a second procedure for the same work. When a
step has no term of its own, the words of its tool's name (split at `_`, `.`, `-` and case, function words and
words under 3 letters left out) are its terms, but only to hold it: a sentence window that writes at least 2 of
them and more than half holds the step. A step no sentence tells this way stays as before, a step that
says nothing, so a note that held the draft still holds it. A call whose verb is a read (`get`, `show`,
`explored.reads_by_name`) is never held this way: "Open the job (`press job show …`)" is in every note of
that system, and a reprint note held a proof kind's `press_get_job` by it (trial 30's guard).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memdir.consolidation.weekly.explored import reads_by_name
from memdir.consolidation.weekly.function_words import FUNCTION_WORDS

_PREFIX = re.compile(r"^\s*([\w.:-]{1,60}): (?=`)")
_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
MIN_WRITTEN = 2  # tool words a sentence must write (one word, `search`, is any note's)


def tool_words(step: str) -> list[str]:
    """The words of the tool a step line names (`reservia_get_booking` -> reservia, get, booking)."""
    m = _PREFIX.match(step)
    if not m or reads_by_name(m.group(1)):
        return []  # a read (`reservia_get_booking`) names the system and the thing, any note of it writes them
    words = [w.lower() for w in _PART.findall(m.group(1))]
    return list(dict.fromkeys(w for w in words if len(w) >= 3 and w not in FUNCTION_WORDS))


def held_by_tool(
    steps: Sequence[str],
    terms: Sequence[Sequence[str]],
    windows: Sequence[str],
    written_in: Callable[[str, str], bool],
) -> list[int]:
    """The steps without terms (`terms[i]` empty) whose tool's words a window writes (module doc);
    `written_in(term, window)` is `prose.written`."""
    out: list[int] = []
    for i, step in enumerate(steps):
        words = tool_words(step) if step and not terms[i] else []
        if len(words) < MIN_WRITTEN:
            continue
        for w in windows:
            n = sum(1 for t in words if written_in(t, w))
            if n >= MIN_WRITTEN and 2 * n > len(words):
                out.append(i)
                break
    return out
