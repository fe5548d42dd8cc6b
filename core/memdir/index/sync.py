"""Sync the index from the files: scan, compare content hashes, count terms, publish, embed.

A file whose mtime and size match the catalog is unchanged without being read (scan.py).
Others are read and hashed: same hash means unchanged (only the stat is refreshed), a hash
seen at a deleted path means the note moved (its vectors are reused), anything else is
indexed in two steps. First its record and term counts enter the catalog, marked `pending`,
and the catalog is published: lexical search finds the note from then on. Then its chunks
are embedded, newest notes first, and published every CHECKPOINT seconds. A sync stopped
early (`should_stop`), or told to embed at most `max_embed_chunks` (the notes that fit are
embedded, newest first), leaves notes pending; the next sync embeds them. A note larger than the
daily's too-large limit gets vectors for its first HEAD_CHUNKS chunks only, and is searched whole by
its words. Bad files are reported in `SyncReport.errors` and
skipped; they never stop the sync.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from memdir.confined import read_regular
from memdir.errors import NoteError
from memdir.index.catalog import Catalog, NoteRecord
from memdir.index.chunking import TokenCounter, estimate_tokens, lexical_text, note_chunks
from memdir.index.lexical import term_counts
from memdir.index.moves import record_moves
from memdir.index.scan import index_dirs, is_indexable, scan_stats
from memdir.inputs import MAX_EPISODE_BYTES
from memdir.jsonvalue import JSONObject
from memdir.notes.frontmatter import split_text
from memdir.notes.model import Note, hash_bytes, valid_confidence
from memdir.notes.note_checks import UNREAD
from memdir.notes.store import LINK_OUT, NoteStore
from memdir.paths import kind_of
from memdir.redaction import redact_text, secrets_repeated

__all__ = ["IndexSync", "Progress", "SyncReport", "index_dirs", "is_indexable", "scan_stats"]
log = logging.getLogger(__name__)

Progress = Callable[[str, int, int], None]
StoreFn = Callable[[list[str], list[tuple[str, np.ndarray, "str | None", str]]], None]
MAX_INDEX_BYTES = 2_000_000
EMBED_BATCH = 64
GROUP_CHUNKS = 512  # notes are embedded, stored and checkpointed in groups of about this many chunks
HEAD_CHUNKS = 8  # a note over the daily's too-large limit is embedded by its first chunks only (trial 27 #2)


def embedded_chunks(chunks: list[str], size: int) -> list[str]:
    """The chunks of a note that get vectors: all of them, or the first HEAD_CHUNKS of a note larger than
    the daily's too-large limit (a pasted export); such a note is still searched whole by its words."""
    return chunks[:HEAD_CHUNKS] if size > MAX_EPISODE_BYTES else chunks


@dataclass
class SyncReport:
    """What a sync found and did: new, changed, moved, deleted and bad files; notes still without vectors."""

    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    moved: list[tuple[str, str]] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    errors: list[dict[str, str]] = field(default_factory=list)
    unchanged: int = 0
    embedded_chunks: int = 0
    rebuilt: bool = False
    reason: str | None = None
    seconds: float = 0.0
    dirty: bool = False  # the catalog needs saving (changes, refreshed stats, new bad files)
    interrupted: bool = False  # stopped early (should_stop): the notes left out stay pending
    pending: int = 0  # notes searchable by their words whose vectors a later sync embeds

    @property
    def has_changes(self) -> bool:
        """True when the index content changed."""
        return bool(self.new or self.changed or self.moved or self.deleted or self.embedded_chunks)

    def to_dict(self) -> JSONObject:
        """A JSON-ready summary."""
        return {
            "new": self.new,
            "changed": self.changed,
            "moved": [{"from": a, "to": b} for a, b in self.moved],
            "deleted": self.deleted,
            "errors": self.errors,
            "unchanged": self.unchanged,
            "embedded_chunks": self.embedded_chunks,
            "pending": self.pending,
            "rebuilt": self.rebuilt,
            "reason": self.reason,
            "seconds": round(self.seconds, 3),
            "interrupted": self.interrupted,
        }


def make_record(rel: str, note: Note, stat: tuple[int, int], tf: dict[str, int], length: int) -> NoteRecord:
    """The catalog record of a note whose vectors are still to come."""
    confidence = valid_confidence(note.meta.get("confidence"))
    known = secrets_repeated(f"{note.title}\n{note.description}", note.text)  # a heading repeating a password
    return NoteRecord(
        path=rel,
        hash=note.hash,
        mtime_ns=stat[0],
        size=stat[1],
        kind=kind_of(rel),
        title=redact_text(note.title, known),
        description=redact_text(note.description, known),
        tags=note.tags,
        confidence=confidence,
        n_chunks=0,
        length=length,
        tf=tf,
        pending=True,
    )


class IndexSync:
    """Computes and applies one sync of a catalog (and its Chroma server copy) against the files."""

    def __init__(
        self,
        store: NoteStore,
        embed: Callable[[list[str]], np.ndarray],
        chunk_tokens: int,
        include_archive: bool = False,
        count: TokenCounter = estimate_tokens,
    ) -> None:
        self.store = store
        self.embed = embed
        self.chunk_tokens = chunk_tokens
        self.include_archive = include_archive
        self.count = count

    def _read(self, rel: str, size: int) -> tuple[bytes | None, str | None]:
        if size > MAX_INDEX_BYTES:
            return None, f"too large to index ({size} bytes > {MAX_INDEX_BYTES})"
        try:
            return read_regular(self.store.root / rel), None  # a FIFO in the way must not hang the sync
        except OSError as exc:
            return None, f"cannot read: {exc.strerror or exc}"

    def _reload_pending(self, cat: Catalog, rel: str) -> Note | None:
        """A pending note left by an earlier sync, read again (None when it can no longer be read)."""
        rec = cat.records[rel]
        try:
            note = Note.from_bytes(rel, read_regular(self.store.root / rel))
        except (OSError, NoteError) as exc:
            log.debug("pending note %s not readable now: %s", rel, exc)
            return None
        if note.hash != rec.hash:  # edited without a change of mtime and size: index what is there
            tf, length = term_counts(lexical_text(note))
            cat.records[rel] = make_record(rel, note, (rec.mtime_ns, rec.size), tf, length)
        return note

    def _embed_pending(
        self,
        cat: Catalog,
        notes: dict[str, Note],
        report: SyncReport,
        progress: Progress | None,
        store_fn: StoreFn | None,
        checkpoint: Callable[[], None] | None,
        should_stop: Callable[[], bool] | None,
        max_embed_chunks: int | None,
    ) -> None:
        """Embed the pending notes, newest first, group by group (shortest chunks first within a group).

        After each group its vectors are stored and the checkpoint runs. `should_stop` is polled
        before every embedding batch; once true, the notes not yet done stay pending.
        """
        order = sorted(notes, key=lambda r: (-cat.records[r].mtime_ns, r))
        prepared = [
            (
                rel,
                embedded_chunks(
                    note_chunks(notes[rel], self.chunk_tokens, self.count), cat.records[rel].size
                ),
            )
            for rel in order
        ]
        if max_embed_chunks is not None:  # embed what fits, newest first: a big note never starves the rest
            fits: list[tuple[str, list[str]]] = []
            # a backlog this sync found (a fresh vault) is left whole to `index sync`: a search stays quick;
            # notes left waiting by earlier syncs are embedded as they fit (trial 27 #2)
            room = max_embed_chunks if not (report.new or report.changed) else 0
            if sum(len(c) for _, c in prepared) <= max_embed_chunks:
                room = max_embed_chunks
            for rel, chunks in prepared:
                if len(chunks) <= room:
                    fits.append((rel, chunks))
                    room -= len(chunks)
            if len(fits) < len(prepared):
                log.info(
                    "%d note(s) wait for vectors; `memdir index sync` embeds them", len(prepared) - len(fits)
                )
            prepared = fits
        total = sum(len(chunks) for _, chunks in prepared)
        if progress and total:
            progress("embed", 0, total)
        done = start = 0
        while start < len(prepared):
            end, size = start, 0
            while end < len(prepared) and (size == 0 or size + len(prepared[end][1]) <= GROUP_CHUNKS):
                size += len(prepared[end][1])
                end += 1
            group = prepared[start:end]
            flat = [(gi, ci, text) for gi, (_, chunks) in enumerate(group) for ci, text in enumerate(chunks)]
            flat.sort(key=lambda x: len(x[2]))
            vecs: dict[tuple[int, int], np.ndarray] = {}
            for b in range(0, len(flat), EMBED_BATCH):
                if should_stop is not None and should_stop():
                    report.interrupted = True
                    log.info("index sync stopped early: %d note(s) wait for vectors", len(prepared) - start)
                    return
                batch = flat[b : b + EMBED_BATCH]
                mat = self.embed([t for _, _, t in batch])
                for (gi, ci, _), vec in zip(batch, mat, strict=True):
                    vecs[(gi, ci)] = vec
                done += len(batch)
                if progress:
                    progress("embed", done, total)
            stored: list[tuple[str, np.ndarray, str | None, str]] = []
            for gi, (rel, chunks) in enumerate(group):
                rec = cat.records[rel]
                rec.pending = False
                rec.n_chunks = len(chunks)
                if chunks:
                    cat.vectors[rel] = np.vstack([vecs[(gi, ci)] for ci in range(len(chunks))]).astype(
                        np.float32
                    )
                    stored.append((rel, cat.vectors[rel], rec.kind, rec.hash))
            report.embedded_chunks += len(flat)
            start = end
            if store_fn is not None:
                store_fn([rel for rel, _ in group], stored)
            if checkpoint is not None:
                checkpoint()

    def run(
        self,
        cat: Catalog,
        paths: Iterable[str] | None = None,
        progress: Progress | None = None,
        store_fn: StoreFn | None = None,
        checkpoint: Callable[[], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        publish: Callable[[], None] | None = None,
        max_embed_chunks: int | None = None,
    ) -> SyncReport:
        """Bring cat in step with the files (all of them, or just `paths`); returns the report.

        `publish` is called once the term counts of every new and changed note are in cat and
        before any embedding (the service saves the catalog there). `should_stop` (polled between
        embedding batches) ends the sync early at a safe point; `max_embed_chunks` embeds only the
        notes that fit in that many chunks (search's inline sync).
        """
        t0 = time.perf_counter()
        cat.loaded = None  # this sync edits the vectors: never reuse the file's matrix
        report = SyncReport()
        targeted = paths is not None
        plist = sorted(set(paths)) if paths is not None else None
        stats = scan_stats(self.store, plist, self.include_archive)
        scope = set(plist) if plist is not None else None
        to_parse: list[tuple[str, bytes, tuple[int, int]]] = []
        for rel in [] if targeted else self.store.links_out(index_dirs(self.include_archive)):
            report.errors.append({"path": rel, "error": LINK_OUT})
        for rel, st in stats.items():
            if isinstance(st, str):
                report.errors.append({"path": rel, "error": st})
                continue
            rec = cat.records.get(rel)
            if rec is not None and (rec.mtime_ns, rec.size) == st:
                report.unchanged += 1
                continue
            bad = cat.bad.get(rel)
            if rec is None and bad is not None and (bad.get("mtime_ns"), bad.get("size")) == st:
                report.errors.append({"path": rel, "error": str(bad.get("error"))})
                continue
            report.dirty = True
            data, err = self._read(rel, st[1])
            if data is None:
                report.errors.append({"path": rel, "error": str(err)})
                cat.bad[rel] = {"mtime_ns": st[0], "size": st[1], "error": err}
                continue
            if rec is not None and rec.hash == hash_bytes(data):
                rec.mtime_ns, rec.size = st
                report.unchanged += 1
                continue
            to_parse.append((rel, data, st))
        # notes the index holds whose files are gone (within the scope of this sync)
        gone = [p for p in cat.records if p not in stats and (scope is None or p in scope)]
        for p in list(cat.bad):
            if p not in stats and (scope is None or p in scope):
                del cat.bad[p]
                report.dirty = True
        gone_by_hash: dict[str, str] = {}
        for p in gone:
            gone_by_hash.setdefault(cat.records[p].hash, p)
        parsed: list[tuple[str, Note, tuple[int, int]]] = []
        for rel, data, st in to_parse:
            try:
                note = Note.from_bytes(rel, data)
                if (
                    note.kind != "episodes" and split_text(note.text).other == "unclosed"
                ):  # a half-written note
                    raise NoteError(f"{UNREAD['unclosed']}: not searched until fixed (`memdir lint`)", rel)
            except NoteError as exc:
                msg = str(exc).removeprefix(f"{rel}: ")
                report.errors.append({"path": rel, "error": msg})
                cat.bad[rel] = {"mtime_ns": st[0], "size": st[1], "error": msg}
                if rel in cat.records:  # was good, now broken: drop the stale entry
                    gone.append(rel)
                continue
            cat.bad.pop(rel, None)
            parsed.append((rel, note, st))
        # moves (a new path whose content hash is that of a vanished note) keep their vectors
        pending: dict[str, Note] = {}
        stored: list[tuple[str, np.ndarray, str | None, str]] = []
        had_vectors: list[str] = []
        for rel, note, st in parsed:
            old = gone_by_hash.pop(note.hash, None) if rel not in cat.records else None
            if old is not None:
                rec = cat.records[old]
                new_rec = make_record(rel, note, st, rec.tf, rec.length)
                cat.records[rel] = new_rec
                report.moved.append((old, rel))
                if old in cat.vectors:
                    cat.vectors[rel] = cat.vectors[old]
                    new_rec.pending, new_rec.n_chunks = False, len(cat.vectors[rel])
                    stored.append((rel, cat.vectors[rel], new_rec.kind, note.hash))
                elif not rec.pending:
                    new_rec.pending = False  # a note without chunks
                else:
                    pending[rel] = note
                continue
            (report.changed if rel in cat.records else report.new).append(rel)
            if cat.vectors.pop(rel, None) is not None:
                had_vectors.append(rel)
            tf, length = term_counts(lexical_text(note))
            cat.records[rel] = make_record(rel, note, st, tf, length)
            pending[rel] = note
        moved_from = {a for a, _ in report.moved}
        for p in set(gone) | moved_from:
            cat.records.pop(p, None)
            cat.vectors.pop(p, None)
        report.deleted = sorted(set(gone) - moved_from)
        if report.moved:  # `feedback OLD` names where the note went (index/moves.py)
            record_moves(self.store.root, report.moved)
        removed = sorted(set(report.deleted) | moved_from | set(had_vectors))
        if store_fn is not None and (removed or stored):
            store_fn(removed, stored)
        for rel, rec in cat.records.items():  # left pending by an earlier sync
            if rec.pending and rel not in pending and (scope is None or rel in scope):
                again = self._reload_pending(cat, rel)
                if again is not None:
                    pending[rel] = again
        if not targeted:
            cat.records = dict(sorted(cat.records.items()))
        if publish is not None and pending and (report.new or report.changed or report.moved):
            publish()
        if progress and pending:
            progress("terms", len(pending), len(pending))
        self._embed_pending(
            cat, pending, report, progress, store_fn, checkpoint, should_stop, max_embed_chunks
        )
        report.pending = sum(1 for r in cat.records.values() if r.pending)
        report.new.sort()
        report.changed.sort()
        report.seconds = time.perf_counter() - t0
        return report


def recount_terms(root: Path, cat: Catalog) -> None:
    """Recompute lexical term counts (and titles) after a tokenizer change, keeping every vector."""
    log.info("lexical tokenizer changed; recounting terms of %d notes", len(cat.records))
    for rel, rec in cat.records.items():
        try:
            data = read_regular(root / rel)
            if hash_bytes(data) != rec.hash:
                rec.mtime_ns = -1  # changed since: the sync that follows re-reads it
                continue
            note = Note.from_bytes(rel, data)
        except (OSError, NoteError) as exc:  # unreadable now: the sync that follows reports it
            log.debug("recount %s: %s", rel, exc)
            rec.mtime_ns = -1
            if isinstance(exc, NoteError):  # the same bytes no longer parse (a stricter reader): re-read them
                rec.hash = ""
            continue
        rec.tf, rec.length = term_counts(lexical_text(note))
        rec.title, rec.description, rec.tags = note.title, note.description, note.tags
