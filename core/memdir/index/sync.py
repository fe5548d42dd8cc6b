"""Sync the index from the files: scan, compare content hashes, report, apply.

A scan stats every Markdown file under the indexed folders; a file whose mtime and size
match the catalog is unchanged without being read. Others are read and hashed: same
hash means unchanged (only the stat is refreshed), a hash seen at a deleted path means
the note moved (its vectors are reused), anything else is embedded. Bad files are
reported in `SyncReport.errors` and skipped; they never stop the sync.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from memdir.confined import read_regular
from memdir.errors import NoteError, PathError
from memdir.index.catalog import Catalog, NoteRecord
from memdir.index.chunking import index_texts
from memdir.index.lexical import term_counts
from memdir.jsonvalue import JSONObject
from memdir.notes.atomic import is_temp_name
from memdir.notes.model import Note, hash_bytes
from memdir.notes.store import SCAN_DIRS, NoteStore
from memdir.paths import ARCHIVE_DIR, kind_of

log = logging.getLogger(__name__)

Progress = Callable[[str, int, int], None]
StoreFn = Callable[[list[str], list[tuple[str, np.ndarray, "str | None", str]]], None]
MAX_INDEX_BYTES = 2_000_000
EMBED_BATCH = 64
GROUP_CHUNKS = 512  # notes are embedded, stored and checkpointed in groups of about this many chunks


@dataclass
class SyncReport:
    """What a sync found and did: new, changed, moved, deleted and bad files."""

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
    interrupted: bool = (
        False  # stopped early (should_stop): the notes left out stay pending for the next sync
    )

    @property
    def has_changes(self) -> bool:
        """True when the index content changed."""
        return bool(self.new or self.changed or self.moved or self.deleted)

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
            "rebuilt": self.rebuilt,
            "reason": self.reason,
            "seconds": round(self.seconds, 3),
            "interrupted": self.interrupted,
        }


def index_dirs(include_archive: bool = False) -> tuple[str, ...]:
    """Top-level folders the index covers."""
    return SCAN_DIRS + ((ARCHIVE_DIR,) if include_archive else ())


def is_indexable(rel: str, include_archive: bool = False) -> bool:
    """True for a root-relative path the index should hold (a Markdown note in an indexed folder)."""
    parts = rel.split("/")
    name = parts[-1]
    return (
        len(parts) >= 2
        and parts[0] in index_dirs(include_archive)
        and name.endswith(".md")
        and not name.startswith(".")
        and not is_temp_name(name)
        and not any(p.startswith(".") for p in parts[:-1])
    )


def _walk(root: Path, top: str, out: dict[str, tuple[int, int] | str]) -> None:
    """Stat every indexable file under root/top with os.scandir (symlinked folders followed once, loops cut)."""
    root_real = os.path.realpath(root)
    seen: set[str] = set()
    stack = [(root / top, top)]
    while stack:
        folder, rel_folder = stack.pop()
        real = os.path.realpath(folder)
        if real in seen or not (real == root_real or real.startswith(root_real + os.sep)):
            continue
        seen.add(real)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            rel = f"{rel_folder}/{name}"
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                stack.append((Path(entry.path), rel))
                continue
            if not name.endswith(".md") or is_temp_name(name):
                continue
            try:
                if entry.is_symlink():
                    target = os.path.realpath(entry.path)
                    if not target.startswith(root_real + os.sep):
                        continue
                st = entry.stat()
            except OSError as exc:
                out[rel] = f"cannot stat: {exc.strerror or exc}"
                continue
            out[rel] = (st.st_mtime_ns, st.st_size)


def scan_stats(
    store: NoteStore, paths: Iterable[str] | None, include_archive: bool
) -> dict[str, tuple[int, int] | str]:
    """rel -> (mtime_ns, size) for every indexable file (or an error message when stat fails)."""
    out: dict[str, tuple[int, int] | str] = {}
    if paths is None:
        for top in index_dirs(include_archive):
            if (store.root / top).is_dir():
                _walk(store.root, top, out)
        return dict(sorted(out.items()))
    for rel in paths:
        if not is_indexable(rel, include_archive):
            continue
        try:
            store.abspath(rel)  # refuses paths that resolve outside the root
            st = os.stat(store.root / rel)
        except FileNotFoundError:
            continue
        except (OSError, PathError) as exc:
            out[rel] = f"cannot stat: {getattr(exc, 'strerror', None) or exc}"
            continue
        out[rel] = (st.st_mtime_ns, st.st_size)
    return out


def _record(
    rel: str, note: Note, stat: tuple[int, int], n_chunks: int, tf: dict[str, int], length: int
) -> NoteRecord:
    tags = note.meta.get("tags")
    tag_list = [str(t) for t in tags] if isinstance(tags, list) else ([str(tags)] if tags else [])
    conf = note.meta.get("confidence")
    try:
        confidence = float(conf) if conf is not None and not isinstance(conf, bool) else None
    except (TypeError, ValueError):
        confidence = None
    return NoteRecord(
        path=rel,
        hash=note.hash,
        mtime_ns=stat[0],
        size=stat[1],
        kind=kind_of(rel),
        title=note.title,
        description=note.description,
        tags=tag_list,
        confidence=confidence,
        n_chunks=n_chunks,
        length=length,
        tf=tf,
    )


class IndexSync:
    """Computes and applies one sync of a catalog (and its Chroma mirror) against the files."""

    def __init__(
        self,
        store: NoteStore,
        embed: Callable[[list[str]], np.ndarray],
        chunk_tokens: int,
        include_archive: bool = False,
    ) -> None:
        self.store = store
        self.embed = embed
        self.chunk_tokens = chunk_tokens
        self.include_archive = include_archive

    def _read(self, rel: str, size: int) -> tuple[bytes | None, str | None]:
        if size > MAX_INDEX_BYTES:
            return None, f"too large to index ({size} bytes > {MAX_INDEX_BYTES})"
        try:
            return read_regular(self.store.root / rel), None  # a FIFO in the way must not hang the sync
        except OSError as exc:
            return None, f"cannot read: {exc.strerror or exc}"

    def _parse(self, rel: str, data: bytes) -> Note:
        return Note.from_bytes(rel, data)

    def _embed_all(
        self,
        cat: Catalog,
        to_embed: list[tuple[str, Note, tuple[int, int]]],
        report: SyncReport,
        progress: Progress | None,
        store_fn: StoreFn | None,
        checkpoint: Callable[[], None] | None,
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        """Embed new and changed notes group by group (shortest chunks first within a group).

        After each group its notes are stored and the checkpoint runs, so an interrupted
        build keeps the notes already embedded. `should_stop` is polled before every embedding
        batch; once it is true the group under way is dropped (its notes keep their old
        records, so the next sync finds them again) and the report says `interrupted`.
        """
        prepared = []
        for rel, note, st in to_embed:
            chunks, lexical = index_texts(note, self.chunk_tokens)
            tf, length = term_counts(lexical)
            prepared.append((rel, note, st, chunks, tf, length))
        total = sum(len(p[3]) for p in prepared)
        if progress and total:
            progress("embed", 0, total)
        done = 0
        start = 0
        while start < len(prepared):
            end, size = start, 0
            while end < len(prepared) and (size == 0 or size + len(prepared[end][3]) <= GROUP_CHUNKS):
                size += len(prepared[end][3])
                end += 1
            group = prepared[start:end]
            start = end
            flat = [(gi, ci, text) for gi, item in enumerate(group) for ci, text in enumerate(item[3])]
            flat.sort(key=lambda x: len(x[2]))
            vecs: dict[tuple[int, int], np.ndarray] = {}
            for b in range(0, len(flat), EMBED_BATCH):
                if should_stop is not None and should_stop():
                    report.interrupted = True
                    log.info(
                        "index sync stopped early: %d note(s) left for the next sync",
                        len(prepared) - start + len(group),
                    )
                    return
                batch = flat[b : b + EMBED_BATCH]
                mat = self.embed([t for _, _, t in batch])
                for (gi, ci, _), vec in zip(batch, mat, strict=True):
                    vecs[(gi, ci)] = vec
                done += len(batch)
                if progress:
                    progress("embed", done, total)
            stored: list[tuple[str, np.ndarray, str | None, str]] = []
            changed: list[str] = []
            for gi, (rel, note, st, chunks, tf, length) in enumerate(group):
                rows = [vecs[(gi, ci)] for ci in range(len(chunks))]
                if rel in cat.records:
                    report.changed.append(rel)
                    changed.append(rel)
                else:
                    report.new.append(rel)
                cat.records[rel] = _record(rel, note, st, len(rows), tf, length)
                if rows:
                    cat.vectors[rel] = np.vstack(rows).astype(np.float32)
                    stored.append((rel, cat.vectors[rel], cat.records[rel].kind, note.hash))
                else:
                    cat.vectors.pop(rel, None)
            report.embedded_chunks += len(flat)
            if store_fn is not None:
                store_fn(changed, stored)
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
    ) -> SyncReport:
        """Bring cat in step with the files (all of them, or just `paths`); returns the report.

        `should_stop` (polled between embedding batches) ends the sync early at a safe point.
        """
        t0 = time.perf_counter()
        cat.loaded = None  # this sync edits the vectors: never reuse the file's matrix
        report = SyncReport()
        targeted = paths is not None
        plist = sorted(set(paths)) if paths is not None else None
        stats = scan_stats(self.store, plist, self.include_archive)
        scope = set(plist) if plist is not None else None
        to_parse: list[tuple[str, bytes, tuple[int, int]]] = []
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
            report.dirty = True
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
                note = self._parse(rel, data)
            except NoteError as exc:
                msg = str(exc).removeprefix(f"{rel}: ")
                report.errors.append({"path": rel, "error": msg})
                cat.bad[rel] = {"mtime_ns": st[0], "size": st[1], "error": msg}
                if rel in cat.records:  # was good, now broken: drop the stale entry
                    gone.append(rel)
                continue
            cat.bad.pop(rel, None)
            parsed.append((rel, note, st))
        # moves: a new path whose content hash is that of a vanished note
        to_embed: list[tuple[str, Note, tuple[int, int]]] = []
        stored: list[tuple[str, np.ndarray, str | None, str]] = []
        for rel, note, st in parsed:
            old = gone_by_hash.pop(note.hash, None) if rel not in cat.records else None
            if old is not None:
                rec = cat.records[old]
                vecs = cat.vectors.get(old, np.zeros((0, 1), np.float32))
                new_rec = _record(rel, note, st, rec.n_chunks, rec.tf, rec.length)
                cat.records[rel] = new_rec
                if old in cat.vectors:
                    cat.vectors[rel] = vecs
                stored.append((rel, vecs, new_rec.kind, note.hash))
                report.moved.append((old, rel))
                continue
            to_embed.append((rel, note, st))
        moved_from = {a for a, _ in report.moved}
        for p in set(gone) | moved_from:
            cat.records.pop(p, None)
            cat.vectors.pop(p, None)
        report.deleted = sorted(set(gone) - moved_from)
        if store_fn is not None and (report.deleted or moved_from):
            store_fn(sorted(set(report.deleted) | moved_from), [s for s in stored if s[1].shape[1] > 1])
        if checkpoint is not None:
            checkpoint()
        self._embed_all(cat, to_embed, report, progress, store_fn, checkpoint, should_stop)
        if not targeted:
            cat.records = dict(sorted(cat.records.items()))
        report.new.sort()
        report.changed.sort()
        report.seconds = time.perf_counter() - t0
        return report
