"""A procedure found again in a later week: its `aliases:` take the other language's new requests too.

A weekly procedure gets `aliases:` when it is written (`asked_across.py`): what 3 or more of its Japanese
requests share. A later run that finds the kind again (a re-find, `found_again.py`, or tasks that repeat the
note, `repeats.py`) counted the new tasks and never looked at their requests again, so a kind asked twice in
Japanese in its first week and twice more in the next was never named in Japanese, and one named 「集荷の手配」 stayed
so when the next weeks asked 「引き取りの予約」 (trial 29 re-check, issue 15).

Now, after the week's tasks are counted, each procedure memdir wrote (origin weekly or daily) that now holds one
of the week's tasks with a request in Japanese is asked again, over the requests of **every** week it holds
(its `sources`, the earlier weeks' read back from the activity log): the requests no alias names yet (none of
its aliases is in them), 3 or more sharing a phrase each word of which 2 of them write, give one more alias, by
the very rule that names a new procedure. So the threshold holds across weeks, requests an alias already names
make no second one, and a rerun of the week adds nothing. A person's note is never edited (its re-finds are
review items). The earlier activity is read only when such a procedure exists, once per run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from memdir.consolidation.weekly.asked_across import asked_aliases, is_japanese
from memdir.errors import NoteError

if TYPE_CHECKING:
    from memdir.consolidation.weekly.tasks import Task
    from memdir.notes.store import NoteStore
    from memdir.runs.report import RunReport

AUTO_ORIGINS = ("weekly", "daily")


def _listed(value: object) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value if str(v).strip()]
    return [str(value)] if value else []


def extend_aliases(
    store: NoteStore,
    paths: Iterable[str],
    week: Sequence[Task],
    earlier: Callable[[], Sequence[Task]],
    report: RunReport,
) -> list[str]:
    """Give each memdir-written procedure of `paths` that now holds a Japanese request of `week` the alias its
    requests of every week share that no alias names yet (module doc); the procedures given one.
    `earlier`: the tasks before the week (read once, when first needed)."""
    this_week = {t.task_id: t for t in week if t.task_id and t.succeeded}
    before: dict[str, Task] | None = None
    done: list[str] = []
    for path in dict.fromkeys(paths):
        if not path.startswith("procedures/"):
            continue
        try:
            note = store.read(path)
        except NoteError:
            continue
        if str(note.get("origin") or "").lower() not in AUTO_ORIGINS:
            continue  # a person's note: never edited by a run
        sources = _listed(note.get("sources"))
        if not any(s in this_week and is_japanese(this_week[s].intent) for s in sources):
            continue  # no new request in the other language: nothing new to name
        if before is None:
            before = {t.task_id: t for t in earlier() if t.task_id and t.succeeded}
        asked = [
            t.intent for s in sources if (t := this_week.get(s) or before.get(s)) is not None and t.intent
        ]
        have = _listed(note.get("aliases"))
        unnamed = [a for a in asked if not any(alias in a for alias in have)]
        new = [p for p in asked_aliases(note.title, unnamed) if not any(p in alias for alias in have)]
        if not new:
            continue
        report.stats.setdefault("aliases_extended", []).append({"path": path, "aliases": new})
        if not report.dry_run:
            store.update_meta(path, {"aliases": have + new}, expected_hash=note.hash)
        if path not in report.updated:
            report.updated.append(path)
        done.append(path)
    return done


__all__ = ["extend_aliases"]
