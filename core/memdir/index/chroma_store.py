"""Chroma as the shared vector store of note chunks (`index: {backend: http}`, a Chroma server).

In the embedded setup (the default) there is no Chroma: the catalog and `vectors.npy` are the
index, and queries rank from them. An embedded Chroma copy (`.memdir/index/chroma/`, written
by memdir before 0.2) was written on every sync and never read; the next sync removes it
(docs/benchmarks-search.md has the measurements behind this). With a server, sync writes
each chunk there too, and the vector ranking is the server's answer.

We always pass our own embeddings: collections are created with
`embedding_function=None`, so Chroma never loads (or downloads) its default model.
Each chunk is stored as `<path>#<n>` with metadata `path`, `kind`, `chunk`, `hash`;
distances are cosine (`hnsw:space: cosine`). `chromadb` is imported here only, lazily.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from memdir.config import IndexConfig
from memdir.errors import IndexUnavailable

if TYPE_CHECKING:
    from chromadb.api.models.Collection import Collection
    from chromadb.api.types import Metadata, Where

    from memdir.index.catalog import Catalog

log = logging.getLogger(__name__)
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


def _clear(path: Path) -> None:
    """Remove whatever is at path (folder, file, symlink), so a fresh store can be made there."""
    if path.is_symlink() or (path.exists() and not path.is_dir()):
        path.unlink()
    else:
        shutil.rmtree(path, ignore_errors=True)


def _forget_clients() -> None:
    try:
        from chromadb.api.shared_system_client import SharedSystemClient

        SharedSystemClient.clear_system_cache()
    except Exception as exc:  # best effort: another chromadb layout
        log.debug("clear_system_cache failed: %s", exc)


class ChromaStore:
    """One Chroma collection of chunk vectors; opened per use and closed after (see close())."""

    def __init__(self, index_dir: Path, config: IndexConfig, embedder_name: str, dim: int) -> None:
        self.path = index_dir / "chroma"
        self.config = config
        self.embedder_name = embedder_name
        self.dim = dim
        self._client: Any = None
        self._col: Collection | None = None

    @property
    def remote(self) -> bool:
        """True for `backend: http` (a Chroma server)."""
        return self.config.backend == "http"

    def _connect(self) -> Any:
        import chromadb
        from chromadb.config import Settings

        settings = Settings(anonymized_telemetry=False, allow_reset=True)
        if self.remote:
            return chromadb.HttpClient(host=self.config.host, port=int(self.config.port), settings=settings)
        if self.config.backend != "embedded":
            from memdir.errors import ConfigError

            raise ConfigError(f"index.backend must be embedded or http, not {self.config.backend!r}")
        if self.path.is_symlink() or (self.path.exists() and not self.path.is_dir()):
            log.warning("%s is not a folder; replacing it with a fresh Chroma index", self.path)
            _clear(self.path)
        self.path.mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=str(self.path), settings=settings)

    def collection(self) -> Collection:
        """The collection (created on first use); a damaged embedded store is wiped and recreated."""
        if self._col is not None:
            return self._col
        meta = {"hnsw:space": "cosine", "embedder": self.embedder_name, "dim": self.dim}
        for attempt in (1, 2):
            try:
                self._client = self._connect()
                self._col = self._client.get_or_create_collection(
                    self.config.collection, embedding_function=None, metadata=meta
                )
                return self._col
            except Exception as exc:  # chromadb raises many types for a broken store or a dead server
                if self.remote:
                    raise IndexUnavailable(
                        f"cannot reach the Chroma server at {self.config.host}:{self.config.port}: {exc}"
                    ) from None
                if attempt == 2:
                    raise IndexUnavailable(f"cannot open the Chroma index at {self.path}: {exc}") from None
                log.warning("Chroma index at %s is damaged (%s); recreating it", self.path, exc)
                self.close()
                _forget_clients()  # the failed open left a cached system behind; a retry would reuse it
                _clear(self.path)
        raise IndexUnavailable("unreachable")  # pragma: no cover

    def missing(self) -> bool:
        """True when the embedded store's files are gone (checked without importing chromadb)."""
        return not self.remote and not (self.path / "chroma.sqlite3").exists()

    def stored_embedder(self) -> tuple[str | None, int | None]:
        """(embedder name, dim) recorded on the collection."""
        meta = self.collection().metadata or {}
        dim = meta.get("dim")
        return meta.get("embedder"), int(dim) if dim is not None else None

    def reset(self) -> None:
        """Delete and recreate the collection (a rebuild)."""
        col = self.collection()
        try:
            self._client.delete_collection(col.name)
        except Exception as exc:
            log.warning("could not delete collection %s: %s", col.name, exc)
        self._col = None
        self.collection()

    def upsert(self, path: str, vectors: np.ndarray, kind: str | None, content_hash: str) -> None:
        """Store all chunk vectors of one note (its old chunks must be deleted first)."""
        self.upsert_many([(path, vectors, kind, content_hash)])

    def upsert_many(self, items: Sequence[tuple[str, np.ndarray, str | None, str]]) -> None:
        """Store the chunks of several notes in batches."""
        ids: list[str] = []
        embs: list[np.ndarray] = []
        metas: list[Metadata] = []
        for path, vectors, kind, content_hash in items:
            for i, vec in enumerate(vectors):
                ids.append(f"{path}#{i}")
                embs.append(vec)
                metas.append({"path": path, "kind": kind or "", "chunk": i, "hash": content_hash})
        col = self.collection()
        step = 2000
        for s in range(0, len(ids), step):
            col.upsert(
                ids=ids[s : s + step], embeddings=np.vstack(embs[s : s + step]), metadatas=metas[s : s + step]
            )

    def delete_paths(self, paths: Sequence[str]) -> None:
        """Remove every chunk of these notes."""
        col = self.collection()
        plist = list(paths)
        for s in range(0, len(plist), 500):
            batch: dict[Literal["$in", "$nin"], list[str | int | float | bool]] = {
                "$in": list(plist[s : s + 500])
            }
            col.delete(where={"path": batch})

    def count(self) -> int:
        """Number of chunks stored."""
        return int(self.collection().count())

    def all_paths(self) -> set[str]:
        """Paths of the notes that have chunks in the collection."""
        got = self.collection().get(include=["metadatas"])
        return {str(m["path"]) for m in got.get("metadatas") or [] if m}

    def query(self, vector: np.ndarray, n_chunks: int, kind: str | None = None) -> list[tuple[str, float]]:
        """(path, best chunk cosine) of the notes nearest to vector, best first."""
        col = self.collection()
        total = col.count()
        if total == 0:
            return []
        where: Where | None = {"kind": kind} if kind else None
        res = col.query(
            query_embeddings=np.asarray(vector, np.float32).reshape(1, -1),
            n_results=min(n_chunks, total),
            where=where,
            include=["distances", "metadatas"],
        )
        best: dict[str, float] = {}
        for dist, meta in zip((res["distances"] or [[]])[0], (res["metadatas"] or [[]])[0], strict=False):
            path = str(meta["path"])
            cos = 1.0 - float(dist)
            if cos > best.get(path, -2.0):
                best[path] = cos
        return sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))

    def close(self) -> None:
        """Drop the client so a later open sees other processes' writes (Chroma caches per path)."""
        client = self._client
        self._client = None
        self._col = None
        if client is not None and not self.remote:
            try:
                client.clear_system_cache()
            except Exception as exc:  # best effort
                log.debug("clear_system_cache failed: %s", exc)


def drop_embedded_chroma(index_dir: Path) -> None:
    """Remove the embedded Chroma copy an older memdir wrote under `.memdir/index/chroma` (derived data)."""
    path = index_dir / "chroma"
    if path.is_dir():
        log.info("removing %s: the embedded index no longer keeps a Chroma copy", path)
        shutil.rmtree(path, ignore_errors=True)


StoreItem = tuple[str, np.ndarray, "str | None", str]


class ChromaMirror:
    """What one sync writes to a Chroma server: opened on first write, refilled when it lost the data.

    `catalog` is the catalog as loaded (its chunk count is what the server should hold before
    this sync); a fresh (rebuilt) index resets the collection first.
    """

    def __init__(self, store: ChromaStore, catalog: Catalog, fresh: bool) -> None:
        self.store = store
        self.catalog = catalog
        self.fresh = fresh
        self.expected = sum(len(v) for v in catalog.vectors.values())
        self._opened = False
        if fresh:
            self._open()

    def _open(self) -> ChromaStore:
        if not self._opened:
            self._opened = True
            if self.fresh:
                self.store.reset()
            else:
                self._repair()
        return self.store

    def _repair(self) -> None:
        have = self.store.count()
        if have == self.expected:
            return
        log.warning(
            "Chroma holds %d chunks, the catalog %d; refilling Chroma from the catalog", have, self.expected
        )
        self.store.reset()
        cat = self.catalog
        self.store.upsert_many(
            [(p, cat.vectors[p], r.kind, r.hash) for p, r in cat.records.items() if p in cat.vectors]
        )

    def store_fn(self, removed: list[str], items: list[StoreItem]) -> None:
        """Delete the chunks of `removed`, then upsert `items` (the StoreFn a sync calls)."""
        store = self._open()
        if removed:
            store.delete_paths(removed)
        if items:
            store.upsert_many(items)

    def close(self) -> None:
        """Close the client."""
        with contextlib.suppress(Exception):
            self.store.close()
