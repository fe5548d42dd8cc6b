"""The index catalog on disk: what the index holds per note, plus the note vectors as numpy.

`.memdir/index/catalog.json` records, per indexed note, its content hash, mtime and size
(the sync pre-check), its search metadata and its lexical term counts;
`.memdir/index/vectors.npy` holds the chunk vectors in catalog order. Both are replaced
atomically under an exclusive lock and read under a shared one, so a reader never sees
a catalog from one sync with vectors from another. A note can be in the catalog before its
vectors (`pending`): a sync publishes term counts first, so lexical search works at once.
With `index.backend: http` a Chroma server holds the same vectors for shared use; in the
embedded setup these two files are the whole index (no Chroma copy; see chroma_store.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

import numpy as np

from memdir.confined import read_regular
from memdir.locks import file_lock
from memdir.notes.atomic import atomic_write_bytes
from memdir.redaction import redact_value

log = logging.getLogger(__name__)

CATALOG = "catalog.json"
VECTORS = "vectors.npy"


class IndexManifest(TypedDict):
    """What an index was built with (kept in the catalog); any difference but `lexical` means a rebuild."""

    schema: int
    embedder: str
    embedder_version: str
    dim: int
    chunk_tokens: int
    include_archive: bool
    lexical: int
    chunker: str


class BadFile(TypedDict):
    """A file the index skipped, and why."""

    path: str
    error: str | None


class IndexInfo(TypedDict, total=False):
    """The `index` section of `memdir status` (only `built` and `error` when there is no index)."""

    built: bool
    error: str
    backend: str
    embedder: str | None
    notes: int
    chunks: int
    bad_files: list[BadFile]
    stale: bool
    pending: int
    hint: str  # what to run when notes wait for vectors
    path: str


@dataclass
class NoteRecord:
    """One indexed note: identity, sync pre-check, search metadata and lexical counts."""

    path: str
    hash: str
    mtime_ns: int
    size: int
    kind: str | None
    title: str
    description: str
    tags: list[str] = field(default_factory=list)
    confidence: float | None = None
    n_chunks: int = 0
    length: int = 0
    tf: dict[str, int] = field(default_factory=dict)
    pending: bool = False  # indexed for words, vectors still to come (a sync embeds them)


class CatalogDamaged(Exception):
    """The catalog or vectors on disk cannot be read; the index must be rebuilt."""


@dataclass
class Catalog:
    """The in-memory catalog: manifest, records in order, bad files, and one vector block per note."""

    manifest: dict[str, Any]
    records: dict[str, NoteRecord] = field(default_factory=dict)
    bad: dict[str, dict[str, Any]] = field(default_factory=dict)
    vectors: dict[str, np.ndarray] = field(default_factory=dict)
    loaded: np.ndarray | None = None  # the vectors file as read, valid while the catalog is unmodified

    def matrix(self, dim: int) -> tuple[np.ndarray, list[str], np.ndarray]:
        """(all chunk vectors, paths in order, start row of each path) for vector search."""
        paths = [p for p in self.records if p in self.vectors]
        blocks = [self.vectors[p] for p in paths]
        counts = np.array([len(b) for b in blocks], dtype=np.int64)
        if self.loaded is not None and int(counts.sum()) == len(self.loaded):
            mat = self.loaded  # same rows in the same order: skip a 10k-block vstack
        else:
            mat = (
                np.vstack(blocks).astype(np.float32, copy=False) if blocks else np.zeros((0, dim), np.float32)
            )
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]) if len(counts) else np.zeros(0, np.int64)
        return mat, paths, starts.astype(np.int64)


def index_dir(root: Path) -> Path:
    """`.memdir/index` of a root."""
    return root / ".memdir" / "index"


def data_lock(root: Path) -> Path:
    """Lock file guarding the catalog + vectors pair (shared to read, exclusive to replace)."""
    return index_dir(root) / "data.lock"


def stamp(root: Path) -> tuple[int, int, int] | None:
    """(inode, mtime_ns, size) of the catalog file, or None: readers reload when it changes."""
    try:
        st = (index_dir(root) / CATALOG).stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def load_catalog(root: Path) -> Catalog | None:
    """Read the catalog and vectors (None when there is no index yet; CatalogDamaged when unreadable)."""
    d = index_dir(root)
    if not (d / CATALOG).exists():
        return None
    with file_lock(data_lock(root), shared=True):
        try:
            raw = json.loads(read_regular(d / CATALOG))  # a FIFO or a folder in the way: damaged, not a hang
            mat = (
                np.load(io.BytesIO(read_regular(d / VECTORS)), allow_pickle=False)
                if (d / VECTORS).exists()
                else None
            )
        except FileNotFoundError:
            return None
        except (OSError, ValueError, EOFError) as exc:
            raise CatalogDamaged(f"cannot read the index catalog: {exc}") from None
    try:
        records = {r["path"]: NoteRecord(**r) for r in raw["records"]}
        cat = Catalog(manifest=dict(raw["manifest"]), records=records, bad=dict(raw.get("bad", {})))
    except (KeyError, TypeError) as exc:
        raise CatalogDamaged(f"index catalog has an unexpected shape: {exc}") from None
    total = sum(r.n_chunks for r in records.values())
    if total and (mat is None or mat.ndim != 2 or mat.shape[0] != total):
        raise CatalogDamaged("index vectors do not match the catalog")
    cat.loaded = mat
    row = 0
    for path, rec in records.items():
        if rec.n_chunks and mat is not None:
            cat.vectors[path] = mat[row : row + rec.n_chunks]
            row += rec.n_chunks
    return cat


def save_catalog(root: Path, cat: Catalog, dim: int) -> None:
    """Write vectors then catalog atomically, under the exclusive data lock."""
    d = index_dir(root)
    d.mkdir(parents=True, exist_ok=True)
    for path, rec in cat.records.items():
        rec.n_chunks = len(cat.vectors[path]) if path in cat.vectors else 0
    cat.loaded = None
    mat, _, _ = cat.matrix(dim)
    buf = io.BytesIO()
    np.save(buf, mat, allow_pickle=False)
    doc = {
        "manifest": cat.manifest,
        "records": [dict(vars(r)) for r in cat.records.values()],  # asdict() deep-copies: 10x slower
        "bad": cat.bad,
    }
    data = json.dumps(redact_value(doc), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    with file_lock(data_lock(root)):
        atomic_write_bytes(d / VECTORS, buf.getvalue())
        atomic_write_bytes(d / CATALOG, data)
    log.debug("saved index catalog: %d notes, %d chunks", len(cat.records), len(mat))


def drop_catalog(root: Path) -> None:
    """Remove the catalog and vectors (before a rebuild)."""
    d = index_dir(root)
    with file_lock(data_lock(root)):
        for name in (CATALOG, VECTORS):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(d / name)
