"""EmbeddingCache: passage embeddings keyed by a hash of (embedder, text), kept under `.memdir/`.

Stored as `vectors.npy` (float32 rows) plus `keys.json` (row order); both are replaced
atomically, so a crash leaves the previous cache intact. Re-runs embed only new texts.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from memdir.notes.atomic import atomic_write_bytes
from memdir.paths import STATE_DIR

if TYPE_CHECKING:
    from memdir.index.embedder import Embedder

log = logging.getLogger(__name__)

BATCH = 256  # texts embedded (and saved) per step, so an interrupted run keeps its progress


class EmbeddingCache:
    """Embeds passages through `embedder`, reusing vectors of texts seen before."""

    def __init__(self, folder: Path, embedder: Embedder) -> None:
        self.folder = folder
        self.embedder = embedder
        self._tag = (
            f"{getattr(embedder, 'name', type(embedder).__name__)}:{getattr(embedder, 'version', '0')}"
        )
        self.hits = 0
        self.misses = 0
        self._keys: list[str] = []
        self._rows: dict[str, int] = {}
        self._vectors = np.zeros((0, int(getattr(embedder, "dim", 0))), dtype=np.float32)
        self._load()

    def _key(self, text: str) -> str:
        return hashlib.sha1(f"{self._tag}\0{text}".encode()).hexdigest()

    def _load(self) -> None:
        keys_path, vec_path = self.folder / "keys.json", self.folder / "vectors.npy"
        if not keys_path.exists() or not vec_path.exists():
            return
        try:
            keys = json.loads(keys_path.read_text(encoding="utf-8"))
            vectors = np.load(vec_path, allow_pickle=False)
            if not isinstance(keys, list) or vectors.ndim != 2 or len(keys) > len(vectors):
                raise ValueError("keys and vectors disagree")
            vectors = vectors[: len(keys)]
        except (OSError, ValueError) as exc:
            log.warning("embedding cache in %s unreadable (%s); starting afresh", self.folder, exc)
            return
        self._keys = [str(k) for k in keys]
        self._rows = {k: i for i, k in enumerate(self._keys)}
        self._vectors = vectors.astype(np.float32, copy=False)

    def _save(self) -> None:
        buf = io.BytesIO()
        np.save(buf, self._vectors, allow_pickle=False)
        if STATE_DIR not in self.folder.parts:  # a cache folder of its own (benchmarks, tests) is its root
            self.folder.mkdir(parents=True, exist_ok=True)
        # vectors first: a crash in between leaves extra rows that keys.json does not name (detected on load)
        atomic_write_bytes(self.folder / "vectors.npy", buf.getvalue())
        atomic_write_bytes(self.folder / "keys.json", json.dumps(self._keys).encode("utf-8"))

    def __len__(self) -> int:
        return len(self._keys)

    def embed(self, texts: Sequence[str], save: bool = True) -> np.ndarray:
        """(n, dim) vectors for texts; only texts not in the cache are embedded."""
        keys = [self._key(t) for t in texts]
        todo: dict[str, str] = {}
        for k, t in zip(keys, texts, strict=True):
            if k not in self._rows and k not in todo:
                todo[k] = t
        self.misses += len(todo)
        self.hits += len(keys) - len(todo)
        items = list(todo.items())
        for i in range(0, len(items), BATCH):
            chunk = items[i : i + BATCH]
            vecs = np.asarray(self.embedder.embed_passages([t for _, t in chunk]), dtype=np.float32)
            if self._vectors.shape[1] != vecs.shape[1]:
                self._vectors = np.zeros((0, vecs.shape[1]), dtype=np.float32)
                self._keys, self._rows = [], {}
            base = len(self._keys)
            self._vectors = np.vstack([self._vectors, vecs])
            for j, (k, _) in enumerate(chunk):
                self._keys.append(k)
                self._rows[k] = base + j
            if save:
                self._save()
            log.debug("embedded %d/%d new texts", min(i + BATCH, len(items)), len(items))
        if not keys:
            return np.zeros((0, self._vectors.shape[1]), dtype=np.float32)
        return self._vectors[[self._rows[k] for k in keys]]
