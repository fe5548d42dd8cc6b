"""Trial 9: shaping keeps the case of a name that opens a line (a path, a host), in other words than the trial's.

Real files: the episode goes in through `Memory.add_episode`, one daily run (the shipped embedder) writes the
note, the test reads it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_daily_support import at, e5_memory, run

from memdir.notes.store import NoteStore


def _description(root: Path, ref: str) -> str:
    """The description of the one note the run made of an episode."""
    [note] = [n for n in NoteStore(root).iter_notes(("procedures",)) if ref in n.str_list("sources")]
    return note.description


@pytest.mark.parametrize(
    ("title", "text", "opening"),
    [
        (
            "Cert swap",
            "Steps for the cert swap: certs/new/ goes to /etc/nginx/certs, nginx -t checks the config, "
            "then reload.",
            "certs/new/ goes to",
        ),
        (
            "Rebuild the search index",
            "How I rebuilt the search index: ssh search-2, then sudo systemctl stop indexer, then indexer "
            "rebuild --all, then start it again.",
            "ssh search-2, then",
        ),
        (
            "本番 DB への入り方",
            "bastion 経由で本番 DB に入るときは、まず ssh bastion でログインし、psql -h db-prod -U readonly で"
            "接続する。書き込みが必要なら DBA に頼む。",
            "bastion 経由で",
        ),
    ],
)
def test_a_name_opening_a_description_keeps_its_case(root: Path, title: str, text: str, opening: str) -> None:
    """A path, a command the episode runs, a host in a Japanese line: as written (they were capitalised)."""
    mem = e5_memory(root)
    ep = mem.add_episode(text, title=title, at=at(10))
    run(mem)
    assert _description(root, ep.ref).startswith(opening), _description(root, ep.ref)
