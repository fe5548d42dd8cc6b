"""A daily lesson about the same failure as a weekly lesson: the two name each other (trial 25 #5).

The agent that failed often tells the failure in an episode too ("今後は Trados 分析を --bands 付きで実行すること。"),
and the daily run makes that a lesson before the weekly run reads the task from the activity log. A daily
lesson (`origin: daily`) whose source was told the day a weekly lesson's task failed, and whose text names
what the error itself names (an option `--bands`, a status code `413`, a quoted name), is about the same
failure of the same task. The weekly lesson quotes its rule under "What worked instead" (`told the same day
in …`), and the daily lesson gets a `## See also` line naming the weekly one (through the store,
compare-and-swap; a note changed meanwhile is left as it is). Neither replaces the other: the daily one is
what the agent said, the weekly one what the log shows.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from memdir.errors import ConflictError, NoteError

if TYPE_CHECKING:
    from memdir.consolidation.weekly.lesson_evidence import TypeLessons
    from memdir.notes.store import NoteStore

LESSON_DIR = "knowledge/lessons"
ALLOW = ("knowledge", "procedures")
_MARK = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*|(?<!\d)\d{3}(?!\d)|`[^`]+`")
_DAY = re.compile(r"(\d{4}-\d\d-\d\d)")
SEE_ALSO = "## See also"


def _rule(body: str) -> str:
    """The daily lesson's rule: the first line of its "What worked instead" (the rule is stated first), never a
    line of a later section (the re-check of trial 25 quoted the daily lesson's own `## See also` line)."""
    part = body.split("## What worked instead", 1)
    section = re.split(r"(?m)^## ", part[1], maxsplit=1)[0] if len(part) > 1 else ""
    lines = [ln[2:].strip() for ln in section.splitlines() if ln.startswith("- ")]
    return lines[0] if lines else ""


def daily_twins(store: NoteStore, found: TypeLessons) -> list[tuple[str, str]]:
    """(path, its rule) of each daily lesson about the same failure (see the module)."""
    days = {f.day for f in found.failures if f.day}
    marks = {m.strip("`") for f in found.failures for m in _MARK.findall(f.error)}
    marks = {m for m in marks if len(m) >= 3}
    if not days or not marks:
        return []
    out: list[tuple[str, str]] = []
    for note in store.iter_notes((LESSON_DIR,)):
        if note.meta.get("origin") != "daily":
            continue
        sources = [s for s in note.meta.get("sources") or [] if isinstance(s, str)]
        if not any(m.group(1) in days for s in sources if (m := _DAY.search(s))):
            continue
        if any(re.search(rf"(?<![\w-]){re.escape(m)}(?![\w-])", note.body) for m in marks):
            out.append((note.path, _rule(note.body)))
    return out


def told_lines(twins: list[tuple[str, str]]) -> list[str]:
    """The weekly lesson's lines for its daily twins."""
    return [f"- told the same day in `{path}`" + (f": {rule}" if rule else "") for path, rule in twins]


def see_also(store: NoteStore, daily: str, weekly: str) -> None:
    """Name the weekly lesson in the daily one's `## See also` (once)."""
    try:
        note = store.read(daily)
    except NoteError:
        return
    if weekly in note.body:
        return
    line = f"- `{weekly}`: the same failure, as the weekly run read it from the activity log"
    body = note.body.rstrip()
    body = f"{body}\n{line}\n" if SEE_ALSO in body else f"{body}\n\n{SEE_ALSO}\n\n{line}\n"
    try:
        store.update_meta(daily, {}, expected_hash=note.hash, body=body, allow=ALLOW)
    except ConflictError:
        return
