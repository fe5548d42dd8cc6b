"""Review items a person turned down: their tasks are placed again, never on the note refused.

A weekly review item says "these tasks repeat that note". Rejecting it (`memdir review reject`, or
deleting the file) says "not *this* note", not "forget this work": the next weekly run must not
propose the same note again, and must still place the kind (on another note that holds it, or as
a new procedure). `reopen` finds such items in the review ledger, frees their tasks in the weekly
state and remembers, per task id, the notes refused for it (`refused` in `weekly.json`).
"""

from __future__ import annotations

from memdir.consolidation.weekly.weekly_state import WeeklyState
from memdir.lifecycle.review import ReviewLedger
from memdir.notes.store import NoteStore

PREFIX = "weekly:"


def _turned_down(store: NoteStore, status: str, path: str) -> bool:
    """Rejected, or an open item whose file a person deleted (neither in review/ nor archived)."""
    if status == "rejected":
        return True
    return status == "open" and not store.exists(path) and not store.exists(f"archive/{path}")


def reopen(store: NoteStore, state: WeeklyState) -> list[str]:
    """Free the tasks of every weekly item turned down, record the note refused; the signatures freed."""
    freed: list[str] = []
    for key, entry in ReviewLedger(store.root).keys.items():
        if not key.startswith(PREFIX) or ":" not in key[len(PREFIX) :]:
            continue
        target, sig = key[len(PREFIX) :].rsplit(":", 1)
        record = state.clusters.get(sig)
        path = str(entry.get("path", ""))
        if record is None or record.get("action") != "review" or record.get("path") != path:
            continue
        if not _turned_down(store, str(entry.get("status", "")), path):
            continue
        for tid in [t for t, s in state.tasks.items() if s == sig]:
            notes = state.refused.setdefault(tid, [])
            if target not in notes:
                notes.append(target)
            del state.tasks[tid]
        record["action"] = "rejected"
        freed.append(sig)
    return freed


def refused_for(state: WeeklyState, task_ids: list[str]) -> set[str]:
    """The notes a person refused for any of these tasks."""
    return {n for t in task_ids for n in state.refused.get(t, [])}


def open_state(store: NoteStore, save: bool) -> WeeklyState:
    """The weekly state with every turned-down item's tasks freed (saved at once unless a dry run)."""
    state = WeeklyState(store.root)
    if reopen(store, state) and save:
        state.save()
    return state
