"""Consolidated episodes their day file no longer holds (a section deleted, a heading renamed): said once.

A note keeps the text an episode left in it when the episode leaves its day file: a person may delete a
section because it is filed, and a renamed heading is a new episode id whose text is planned like any other
(a near-duplicate of its own note becomes a merge candidate, route_plan rule 4). Nothing is taken out of a
note on a guess; the run names each such episode once, with the notes that cite it (`stats.gone_episodes`
and one line under the summary, `runs.report.gone_line`), and keeps its id under `gone` in `.memdir/state/episodes.json` so the next
run does not say it again. Only the day files the run read are looked at.
"""

from __future__ import annotations

from collections.abc import Iterable

from memdir.masked_refs import stored_ref
from memdir.notes.store import NoteStore
from memdir.runs.report import GoneRow
from memdir.runs.state import EpisodeState, episode_key

WRITE_KINDS = ("knowledge", "procedures")


def gone_episodes(store: NoteStore, ids: Iterable[str], remember: bool) -> list[GoneRow]:
    """The consolidated episodes of the day files of `ids` (the run's episodes) that are not among them."""
    present = {episode_key(i) for i in ids}
    files = {i.split("#", 1)[0] for i in present}
    state = EpisodeState(store.root)
    said = state.data.get("gone")
    said = {k: v for k, v in said.items() if k not in present} if isinstance(said, dict) else {}
    gone = sorted(i for i in state.done if i.split("#", 1)[0] in files and i not in present and i not in said)
    rows: list[GoneRow] = []
    if gone:
        cites: dict[str, list[str]] = {i: [] for i in gone}
        for note in store.iter_notes(WRITE_KINDS):
            for src in note.str_list("sources"):
                cites.get(stored_ref(src), []).append(note.path)
        rows = [GoneRow(episode=i, notes=sorted(set(cites[i]))) for i in gone]
    if remember and (gone or said != state.data.get("gone", {})):
        state.data["gone"] = {**said, **{i: state.done[i] for i in gone}}
        state.save()
    return rows
