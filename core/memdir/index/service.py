"""IndexService: the one entry point to the index for the library, the CLI and the daemon.

Writes (sync, rebuild) are serialised across processes by `.memdir/locks/index-sync.lock`
and published atomically (see catalog.py); readers reload when the catalog changes, so
they see fresh data right after a sync. A missing, damaged or out-of-date index (other
embedder, other chunking) is rebuilt from the files, never fatal.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from memdir.errors import LockError, StoreWriteError
from memdir.index.catalog import (
    Catalog,
    CatalogDamaged,
    IndexInfo,
    IndexManifest,
    drop_catalog,
    index_dir,
    load_catalog,
    save_catalog,
    stamp,
)
from memdir.index.chroma_store import ChromaMirror, drop_embedded_chroma
from memdir.index.chunking import DEFAULT_CHUNK_TOKENS, TokenCounter, chunk_body, estimate_tokens
from memdir.index.lexical import LEXICAL_VERSION, LexicalIndex
from memdir.index.repair import repair_layout
from memdir.index.scan import scan_stats
from memdir.index.sync import IndexSync, Progress, SyncReport, recount_terms
from memdir.index.unwritable import refused_write, sync_in_memory
from memdir.index.view import IndexView, best_chunk_cosines, pending_notes, top_notes
from memdir.locks import file_lock

if TYPE_CHECKING:
    from memdir.config import IndexConfig
    from memdir.index.chroma_store import ChromaStore
    from memdir.index.embedder import Embedder
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

SCHEMA = 2
SYNC_LOCK_TIMEOUT = 600.0
CHECKPOINT_SECONDS = 30.0  # a long build publishes what it has embedded so far at this interval
INLINE_EMBED_CHUNKS = 64  # a search embeds changed notes itself up to this many chunks (about 2 s)
FIRST_INDEX_WAIT = 10.0  # a search on a root being indexed elsewhere waits this long for its terms


def _same_but_lexical(have: Mapping[str, object], want: Mapping[str, object]) -> bool:
    """True when two manifests differ only in the lexical tokenizer version."""
    keys = (set(have) | set(want)) - {"lexical"}
    return all(have.get(k) == want.get(k) for k in keys)


class IndexService:
    """Sync, rebuild and query the index of one memory root.

    Takes the store it reads, the `index` config section and an embedder as a callable (the model
    loads on the first sync or vector query; `info()` and lexical search never load it).
    """

    def __init__(
        self,
        store: NoteStore,
        config: IndexConfig,
        embedder: Callable[[], Embedder],
        chunk_tokens: int = DEFAULT_CHUNK_TOKENS,
    ) -> None:
        self.store = store
        self.config = config
        self._embedder = embedder
        self.root = store.root
        self.chunk_tokens = chunk_tokens
        self.include_archive = False
        self._view: IndexView | None = None
        self._checked_at = 0.0
        self._memory: Catalog | None = None  # the index kept in memory when the root refuses writes
        self._tried: tuple[int, int, int] | None = None  # index stamp when no waiting note fitted

    @property
    def embedder(self) -> Embedder:
        """The embedder (created on first use)."""
        return self._embedder()

    # -- manifest --------------------------------------------------------------
    def manifest(self) -> IndexManifest:
        """What the index must have been built with; any difference triggers a rebuild."""
        emb = self.embedder
        return {
            "schema": SCHEMA,
            "embedder": emb.name,
            "embedder_version": str(getattr(emb, "version", "")),
            "dim": int(emb.dim),
            "chunk_tokens": self.chunk_tokens,
            "include_archive": self.include_archive,
            "lexical": LEXICAL_VERSION,
            "chunker": "tokenizer" if hasattr(emb, "token_count") else "estimate",
        }

    def token_counter(self) -> TokenCounter:
        """How chunk sizes are counted: the embedder's own tokenizer, else the estimate."""
        count: TokenCounter | None = getattr(self.embedder, "token_count", None)
        return count if count is not None else estimate_tokens

    def _chroma(self) -> ChromaStore:
        from memdir.index.chroma_store import ChromaStore

        emb = self.embedder
        return ChromaStore(index_dir(self.root), self.config, emb.name, int(emb.dim))

    def embed_note_texts(self, texts: list[str]) -> np.ndarray:
        """Passage embeddings (normalised) of texts, as the index embeds notes."""
        return self.embedder.embed_passages(texts)

    # -- writing ---------------------------------------------------------------
    def _lock_path(self) -> Any:
        return self.root / ".memdir" / "locks" / "index-sync.lock"

    def sync(
        self,
        progress: Progress | None = None,
        paths: Iterable[str] | None = None,
        lock_timeout: float = SYNC_LOCK_TIMEOUT,
        should_stop: Callable[[], bool] | None = None,
        max_embed_chunks: int | None = None,
    ) -> SyncReport:
        """Bring the index in step with the files (or just `paths`, root-relative); returns a SyncReport.

        New and changed notes are searchable by their words as soon as their terms are counted
        (the catalog is published before any embedding); their vectors follow. `should_stop`,
        polled between embedding batches, ends a long sync early at a safe point; with
        `max_embed_chunks`, only the notes that fit in that many chunks are embedded. Notes left
        without vectors are `pending`: the next sync embeds them.
        """
        rels = None if paths is None else [self.store.relpath(p) for p in paths]
        repair_layout(self.root)
        with file_lock(self._lock_path(), timeout=lock_timeout):
            return self._sync_locked(progress, rels, False, should_stop, max_embed_chunks)

    def rebuild(self, progress: Progress | None = None) -> SyncReport:
        """Drop the index and rebuild it from the files."""
        repair_layout(self.root)
        with file_lock(self._lock_path(), timeout=SYNC_LOCK_TIMEOUT):
            return self._sync_locked(progress, None, force=True)

    def _sync_locked(
        self,
        progress: Progress | None,
        paths: list[str] | None,
        force: bool,
        should_stop: Callable[[], bool] | None = None,
        max_embed_chunks: int | None = None,
    ) -> SyncReport:
        want = self.manifest()
        reason: str | None = "requested" if force else None
        recounted = False
        cat: Catalog | None = None
        if not force:
            try:
                cat = load_catalog(self.root)
            except CatalogDamaged as exc:
                log.warning("%s; rebuilding the index", exc)
                reason = f"damaged index ({exc})"
            if cat is None and reason is None:
                reason = "no index yet"
            elif cat is not None and cat.manifest != want and _same_but_lexical(cat.manifest, want):
                recount_terms(self.root, cat)
                cat.manifest = dict(want)
                recounted = True
            elif cat is not None and cat.manifest != want:
                changed = sorted(
                    k for k in set(want) | set(cat.manifest) if want.get(k) != cat.manifest.get(k)
                )
                reason = f"index settings changed ({', '.join(changed)})"
                cat = None
        remote = self.config.backend == "http"
        if not remote:
            drop_embedded_chroma(index_dir(self.root))
        fresh = cat is None
        if cat is None:
            drop_catalog(self.root)
            cat = Catalog(manifest=dict(want))
            paths = None
        cat_now = cat
        mirror = ChromaMirror(self._chroma(), cat, fresh) if remote else None
        dim = int(want["dim"])
        last_save = [time.monotonic()]

        def publish() -> None:
            save_catalog(self.root, cat_now, dim)
            last_save[0] = time.monotonic()

        def checkpoint() -> None:
            if time.monotonic() - last_save[0] >= CHECKPOINT_SECONDS:
                publish()

        syncer = self._syncer()
        try:
            report = syncer.run(
                cat,
                paths=paths,
                progress=progress,
                store_fn=mirror.store_fn if mirror is not None else None,
                checkpoint=checkpoint,
                should_stop=should_stop,
                publish=publish,
                max_embed_chunks=max_embed_chunks,
            )
        finally:
            if mirror is not None:
                mirror.close()
        report.rebuilt = reason is not None
        report.reason = reason
        if report.rebuilt or report.has_changes or report.dirty or recounted:
            save_catalog(self.root, cat, dim)
        self._checked_at = time.monotonic()
        self._view = None
        log.info(
            "index sync: %d new, %d changed, %d moved, %d deleted, %d errors, %d waiting for vectors",
            len(report.new),
            len(report.changed),
            len(report.moved),
            len(report.deleted),
            len(report.errors),
            report.pending,
        )
        return report

    def _syncer(self) -> IndexSync:
        return IndexSync(
            self.store, self.embed_note_texts, self.chunk_tokens, self.include_archive, self.token_counter()
        )

    def _sync_in_memory(self, cause: BaseException) -> None:
        """The root refused the index's write: keep the index in step in memory only (unwritable.py)."""
        want = self.manifest()
        self._memory = sync_in_memory(self._syncer(), want, self._memory, cause, INLINE_EMBED_CHUNKS)
        self._checked_at = time.monotonic()
        self._view = None

    # -- freshness -------------------------------------------------------------
    def is_stale(self) -> bool:
        """True when a file was added, changed or removed since the last sync (stats only)."""
        view = self.view()
        known = {p: (r.mtime_ns, r.size) for p, r in view.catalog.records.items()}
        for p, b in view.catalog.bad.items():
            known[p] = (b.get("mtime_ns"), b.get("size"))  # type: ignore[assignment]
        stats = scan_stats(self.store, None, self.include_archive)
        current = {p: s for p, s in stats.items() if not isinstance(s, str)}
        return current != known

    def ensure_fresh(self, max_age: float = 2.0, embed_waiting: bool = True) -> SyncReport | None:
        """Sync if the files changed since the last check (at most every max_age seconds), or (`embed_waiting`)
        to embed notes left waiting for vectors, what fits; never waits on a busy sync."""
        now = time.monotonic()
        if self._checked_at and now - self._checked_at < max_age:
            return None
        built = index_dir(self.root).joinpath("catalog.json").exists()
        if (built or self._memory is not None) and not self.is_stale():
            self._checked_at = now
            waiting = embed_waiting and self._memory is None and pending_notes(self.view()) > 0
            if not waiting or self._tried == stamp(self.root):
                return None  # up to date; or what waits for vectors did not fit since the index changed
        try:
            report = self.sync(lock_timeout=0.0 if built else 5.0, max_embed_chunks=INLINE_EMBED_CHUNKS)
        except (StoreWriteError, OSError) as exc:
            if not refused_write(exc):
                raise
            self._sync_in_memory(exc)
            return None
        except LockError:
            # another process syncs and publishes what changed: answer now, look again after max_age
            self._checked_at = time.monotonic()
            log.info("another process is syncing the index; searching the current index")
            return None
        none_fitted = report.pending and not report.embedded_chunks
        self._tried = stamp(self.root) if none_fitted else None
        return report

    # -- reading ---------------------------------------------------------------
    def view(self) -> IndexView:
        """The current index snapshot (reloaded when another process published a new one)."""
        st = stamp(self.root)
        if self._view is not None and st == self._view.stamp:
            return self._view
        repair_layout(self.root)
        try:
            cat = self._memory if self._memory is not None else load_catalog(self.root)
        except CatalogDamaged:
            cat = None
        if cat is None or cat.manifest != self.manifest():
            cat, st = self._build_for_query()
        mat, paths, starts = cat.matrix(int(self.embedder.dim))
        lex = LexicalIndex({p: (r.tf, r.length) for p, r in cat.records.items()})
        self._view = IndexView(cat, mat, paths, starts, lex, st)
        return self._view

    def _build_for_query(self) -> tuple[Catalog, tuple[int, int, int] | None]:
        """A catalog for a query on a root without a usable index: count terms now, embed later.

        The search's own sync embeds only a few chunks (INLINE_EMBED_CHUNKS); a bigger first
        index is searchable by its words at once and gets its vectors from `memdir index sync`
        or the daemon. When another process holds the sync lock, wait (up to FIRST_INDEX_WAIT)
        for it to publish its term counts, which it does before embedding anything.
        """
        want = self.manifest()
        deadline = time.monotonic() + FIRST_INDEX_WAIT
        while True:
            synced = False
            try:
                self.sync(lock_timeout=0.0, max_embed_chunks=INLINE_EMBED_CHUNKS)
                synced = True
            except LockError:
                pass
            except (StoreWriteError, OSError) as exc:
                if not refused_write(exc):
                    raise
                self._sync_in_memory(exc)
                assert self._memory is not None
                return self._memory, stamp(self.root)
            st = stamp(self.root)
            try:
                cat = load_catalog(self.root)
            except CatalogDamaged:
                cat = None
            if cat is not None and cat.manifest == want:
                return cat, st
            if synced or time.monotonic() >= deadline:
                log.warning("the index is being built by another process; no results until it publishes")
                return Catalog(manifest=dict(want)), st
            time.sleep(0.2)

    def vector_search(
        self, query_text: str, k: int, kind: str | None = None, allowed: set[str] | None = None
    ) -> list[tuple[str, float]]:
        """(path, cosine of the best chunk) of the k notes nearest to a query, best first."""
        self.view()  # loads (or builds) the index the ranking below reads
        qvec = self.embedder.embed_queries([query_text])
        if self.config.backend == "http" and self._memory is None:
            chroma = self._chroma()
            try:
                n_chunks = max(k * 8, 100) if allowed is None else max(k * 20, 500)
                found = chroma.query(qvec[0], n_chunks=n_chunks, kind=kind)
            finally:
                chroma.close()
            return [(p, s) for p, s in found if allowed is None or p in allowed][:k]
        return self.rank_by_vector(qvec, k, kind, allowed)

    def rank_by_vector(
        self, qvecs: np.ndarray, k: int, kind: str | None = None, allowed: set[str] | None = None
    ) -> list[tuple[str, float]]:
        """(path, best chunk cosine) of the k notes nearest to precomputed query vectors (local mirror)."""
        view = self.view()
        return top_notes(best_chunk_cosines(np.atleast_2d(qvecs), view), view, k, kind, allowed)

    def similar_notes(self, text: str, kind: str, k: int = 5) -> list[tuple[str, float]]:
        """(path, raw cosine) of the notes of `kind` most similar to text: best chunk pair, no boosts."""
        self.ensure_fresh(max_age=0.0)
        view = self.view()
        chunks = chunk_body(text, target=self.chunk_tokens, count=self.token_counter()) or [text]
        vecs = self.embedder.embed_passages(chunks)
        return top_notes(best_chunk_cosines(vecs, view), view, k, kind)

    def info(self) -> IndexInfo:
        """Index facts for `memdir status` (never syncs): notes, chunks, embedder, bad files, stale or not."""
        try:
            cat = load_catalog(self.root)
        except CatalogDamaged as exc:
            return {"built": False, "error": str(exc)}
        if cat is None:
            return {"built": False}
        known = {p: (r.mtime_ns, r.size) for p, r in cat.records.items()}
        known.update({p: (b.get("mtime_ns"), b.get("size")) for p, b in cat.bad.items()})  # type: ignore[misc]
        current = {
            p: s
            for p, s in scan_stats(self.store, None, self.include_archive).items()
            if not isinstance(s, str)
        }
        return {
            "built": True,
            "backend": self.config.backend,
            "embedder": cat.manifest.get("embedder"),
            "notes": len(cat.records),
            "chunks": sum(len(v) for v in cat.vectors.values()),
            "bad_files": [{"path": p, "error": b.get("error")} for p, b in sorted(cat.bad.items())],
            "stale": current != known,
            "pending": sum(1 for r in cat.records.values() if r.pending),
            "path": os.fspath(index_dir(self.root)),
        }
