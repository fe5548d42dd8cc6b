"""Duplicate check for distilled procedures against procedures/ and skills/ (raw, unboosted).

A note is represented by its title (first heading, else file stem) and, when its
frontmatter lists them, its `tools`. The similarity is the clustering's own combination
(meaning + wording, + tools when both sides name tools), calibrated the same way, with no
search-score boosts (confidence, recency...). Both notes and candidates are abstracted
with `abstract_text`, so `{placeholders}` and concrete instances compare alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from memdir.consolidation.weekly.features import (
    EMBED_WEIGHT,
    TOOL_PENALTY,
    TOOL_WEIGHT,
    WORDING_WEIGHT,
    tool_vectors,
    wording_vectors,
)
from memdir.consolidation.weekly.similarity import abstract_text, to_calibrated
from memdir.notes.model import Note


def note_tools(note: Note) -> list[str] | None:
    """The `tools` list of a note's frontmatter, or None."""
    tools = note.get("tools")
    if isinstance(tools, list) and tools:
        return [str(t) for t in tools]
    return None


def plain_title(title: str) -> str:
    """A title with placeholder braces kept but Markdown emphasis dropped."""
    return title.replace("`", "").replace("*", "").strip()


class DuplicateIndex:
    """Existing notes (path, abstracted title, tools) and the calibrated best match of a candidate."""

    def __init__(self, embed: Callable[[list[str]], np.ndarray]) -> None:
        self._embed = embed  # returns centred, normalised vectors
        self.paths: list[str] = []
        self.texts: list[str] = []
        self.tools: list[list[str] | None] = []
        self._vecs: list[np.ndarray] = []

    def add_many(self, items: Sequence[tuple[str, str, list[str] | None]]) -> None:
        """Add (path, title, tools) entries; embeds their abstracted titles in one batch."""
        if not items:
            return
        texts = [abstract_text(plain_title(t)) for _, t, _ in items]
        vecs = self._embed(texts)
        for (path, _, tools), text, vec in zip(items, texts, vecs, strict=True):
            self.paths.append(path)
            self.texts.append(text)
            self.tools.append(tools)
            self._vecs.append(vec)

    def best(self, title: str, tools: list[str] | None) -> tuple[str | None, float]:
        """The most similar note and its calibrated similarity (None, 0.0 when there are no notes)."""
        if not self.paths:
            return None, 0.0
        text = abstract_text(plain_title(title))
        v = self._embed([text])[0]
        emb = np.vstack(self._vecs) @ v
        lex_rows = wording_vectors([text, *self.texts])
        lex = np.asarray((lex_rows[1:] @ lex_rows[0].T).toarray()).ravel()
        base = (EMBED_WEIGHT * emb + WORDING_WEIGHT * lex) / (EMBED_WEIGHT + WORDING_WEIGHT)
        sims = base.astype(np.float64)
        if tools:
            known = [i for i, t in enumerate(self.tools) if t]
            if known:
                tv = tool_vectors([tools] + [self.tools[i] or [] for i in known])
                tool_sim = tv[1:] @ tv[0]
                for j, i in enumerate(known):
                    sims[i] = (
                        EMBED_WEIGHT * emb[i]
                        + WORDING_WEIGHT * lex[i]
                        + TOOL_WEIGHT * tool_sim[j]
                        - TOOL_PENALTY * (1.0 - tool_sim[j])
                    )
        cal = np.asarray(to_calibrated(sims))
        best = int(np.argmax(cal))
        return self.paths[best], float(cal[best])
