"""The router's vectors: each distinct text embedded once, and a page's routing vector from its windows.

A text's routing vector is its opening window's; a long text whose weights embed more windows
(route_model.route_windows) is routed by the normalised mean of all of them. Moved out of router.py unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from memdir.consolidation.daily.route_model import route_windows
from memdir.consolidation.daily.route_rag import EMBED_CHARS
from memdir.consolidation.daily.route_reading import Reading

Embed = Callable[[list[str]], np.ndarray]


class TextVectors:
    """Vectors of texts for one router's lifetime: one embedding call for all the texts that are new."""

    def __init__(self, embed: Embed | None) -> None:
        self.embed = embed
        self._vecs: dict[str, np.ndarray] = {}  # embedded text -> vector

    def __call__(self, texts: list[str]) -> np.ndarray:
        """Vectors of texts, each distinct text embedded once: one call for all that are new."""
        assert self.embed is not None
        todo = [t for t in dict.fromkeys(texts) if t not in self._vecs]
        if todo:
            self._vecs.update(zip(todo, self.embed(todo), strict=True))
        return np.stack([self._vecs[t] for t in texts])


def routing_vectors(vectors: TextVectors, readings: list[Reading], windows: Sequence[int]) -> np.ndarray:
    """Each text's routing vector: its opening window's, averaged with its later windows (`windows` each)."""
    extra = [route_windows(r.body, w, EMBED_CHARS) for r, w in zip(readings, windows, strict=True)]
    vecs = np.asarray(vectors([r.embed for r in readings] + [w for ws in extra for w in ws]), np.float64)
    out, i = vecs[: len(readings)].copy(), len(readings)
    for j, ws in enumerate(extra):
        if ws:
            mean = vecs[[j, *range(i, i + len(ws))]].mean(axis=0)
            out[j] = mean / max(float(np.linalg.norm(mean)), 1e-12)
            i += len(ws)
    return out
