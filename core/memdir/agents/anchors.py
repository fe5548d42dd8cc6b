"""Which episode of a day file a search hit is about.

The index holds one document per episode file, so a hit names the file; the agent wants the
episode, and its title: a day file's own title and description are its first episode's. The
section that shares most of the query's words (idf-weighted) wins; when no section
shares a word (a hit found by meaning), the section of the note's best-matching chunk does (the
index starts a chunk at every `## ` heading). A file that is one episode as a whole answers with
its own id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from memdir.errors import NoteError
from memdir.index.chunking import index_texts
from memdir.index.lexical import tokenize
from memdir.notes.episodes import Episode, parse_episode_text
from memdir.notes.model import Note

if TYPE_CHECKING:
    from memdir.index.view import IndexView
    from memdir.notes.store import NoteStore


def _by_words(episodes: list[Episode], terms: set[str], view: IndexView) -> Episode | None:
    best: Episode | None = None
    best_score = 0.0
    for ep in episodes:
        shared = terms & set(tokenize(f"{ep.title}\n{ep.text}", query=False))
        score = sum(view.lexical.idf(t) for t in shared)
        if score > best_score:
            best, best_score = ep, score
    return best


def _by_chunk(
    episodes: list[Episode], view: IndexView, path: str, text: str, qvec: np.ndarray | None
) -> Episode | None:
    """The episode whose section holds the note's best chunk (re-chunked the way the index chunks it)."""
    vecs = view.catalog.vectors.get(path)
    if qvec is None or vecs is None or not len(vecs) or vecs.shape[1] != qvec.shape[-1]:
        return None
    target = view.catalog.manifest.get("chunk_tokens")
    chunks, _ = index_texts(Note.from_text(path, text), target=target if isinstance(target, int) else 256)
    if len(chunks) != len(vecs):
        return None  # the index was built with another chunking: do not guess
    opens = [(c.split("\n", 1)[1] if "\n" in c else c).startswith("## ") for c in chunks]
    top = 1 if not episodes[0].anchor else 0  # the top of a day file: the chunks before its first `## `
    if sum(opens) + top != len(episodes):
        return None  # a heading the chunker and the episode parser see differently (e.g. in a fence, `### `)
    best = int(np.argmax(vecs @ qvec.reshape(-1).astype(np.float32)))
    section = sum(opens[: best + 1]) - 1 + top
    return episodes[section] if section >= 0 else None


def matching_episode(
    store: NoteStore, view: IndexView, path: str, terms: set[str], qvec: np.ndarray | None
) -> Episode | None:
    """The episode in `path` that the query matched, or None."""
    try:
        note = store.read(path)
    except NoteError:
        return None
    episodes = parse_episode_text(path, note.text)
    if not episodes:
        return None
    if len(episodes) == 1:
        return episodes[0]
    return _by_words(episodes, terms, view) or _by_chunk(episodes, view, path, note.text, qvec)


def episode_heading(ep: Episode) -> str:
    """How the episode's heading reads in its file (`15:00 — Fix CI`): a hit's title."""
    return f"{ep.time} — {ep.title}" if ep.time else ep.title


def episode_anchor(
    store: NoteStore, view: IndexView, path: str, terms: set[str], qvec: np.ndarray | None
) -> str | None:
    """The id of the episode in `path` that the query matched (`file#anchor`), or None."""
    ep = matching_episode(store, view, path, terms, qvec)
    return ep.id if ep else None
