"""NoteStore: the only component that writes notes.

Writes are atomic (temp file in the same folder, fsync, os.replace), guarded by compare-and-swap on the
content hash, confined to the memory root, and never delete: the only removal is a move to `archive/`. Every
write, move and log append goes through `memdir.confined`: folders are walked from the root's descriptor
without following links, and the hash check, the re-check and the swap name the file relative to that folder.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from memdir.clock import WriteClock
from memdir.confined import Folder, open_folder, read_regular
from memdir.errors import ConflictError, InputError, NoteError, NoteNotFound, PathError, StoreWriteError
from memdir.jsonvalue import JSONObject
from memdir.locks import file_lock
from memdir.notes.archive_log import append_archive_log, read_archive_log
from memdir.notes.archived import gone_message
from memdir.notes.frontmatter import split_text, update_text
from memdir.notes.masking import mask_new_bytes
from memdir.notes.model import Note, hash_bytes
from memdir.notes.newlines import keep_line_endings
from memdir.notes.note_checks import MAX_NOTE_BYTES, UNREAD, check_note_bytes
from memdir.notes.walk import note_paths, outside_links
from memdir.paths import ARCHIVE_DIR, STATE_DIR, fit_name, resolve_inside, to_relpath

log = logging.getLogger(__name__)

WRITABLE_DIRS = ("knowledge", "procedures", "episodes", "review", "archive")
SCAN_DIRS = ("knowledge", "procedures", "episodes", "skills")
EMPTY_HASH = hash_bytes(b"")
LINK_OUT = "a symlink to a folder outside the memory root: skipped, memdir never reads through it"


class NoteStore(WriteClock):
    """Reads and writes the Markdown notes of one memory root."""

    def __init__(self, root: str | os.PathLike[str], timezone_name: str | None = None) -> None:
        self.root = Path(root)
        WriteClock.__init__(self, timezone_name)  # now(), stamp(), day(): in the root's write zone
        self.unread: dict[str, str] = {}  # path -> why iter_notes left it out (a run's report names them)
        self.masked = 0  # secrets this store's writes masked (an MCP answer says how many its write had)

    # -- paths -----------------------------------------------------------------
    def relpath(self, path: str | os.PathLike[str]) -> str:
        """A checked path relative to the root (absolute paths inside the root are accepted)."""
        return to_relpath(self.root, path)

    def abspath(self, relpath: str) -> Path:
        """The absolute path of relpath, refusing anything that resolves outside the root."""
        return resolve_inside(self.root, relpath)

    def _writable(self, relpath: str, allow: Iterable[str]) -> Path:
        rel = self.relpath(relpath)
        top = rel.split("/", 1)[0]
        if top not in allow or "/" not in rel:
            where = ", ".join(f"{d}/" for d in allow)
            raise PathError(f"refusing to write {rel}: this can only write files in {where}", rel)
        if not rel.endswith(".md") and top != ARCHIVE_DIR:
            raise PathError(f"refusing to write {rel}: notes are .md files", rel)
        target = self.abspath(rel)
        if target.is_symlink():
            raise PathError(f"refusing to write through symlink {rel}", rel)
        return target

    @staticmethod
    def _hash_in(folder: Folder, name: str, rel: str) -> str | None:
        """Hash of `name` in an open folder (never through a link), None when it does not exist."""
        try:
            data = folder.read_bytes(name)
        except IsADirectoryError:
            raise NoteError("is a directory", rel) from None
        except OSError as exc:
            raise NoteError(f"cannot read: {exc.strerror}", rel) from None
        return None if data is None else hash_bytes(data)

    def _lock_path(self, relpath: str) -> Path:
        digest = hashlib.sha1(relpath.encode("utf-8")).hexdigest()[:16]
        return self.root / STATE_DIR / "locks" / f"note-{digest}.lock"

    # -- reading ---------------------------------------------------------------
    def read_bytes(self, relpath: str) -> bytes:
        """Raw bytes of a note (raises NoteNotFound)."""
        path = self.abspath(relpath)
        try:
            return read_regular(path)
        except FileNotFoundError:
            raise NoteNotFound(gone_message(self.root, self.relpath(relpath)), relpath) from None
        except IsADirectoryError:
            raise NoteError("is a directory", relpath) from None
        except OSError as exc:
            raise NoteError(f"cannot read: {exc.strerror}", relpath) from None

    def read(self, relpath: str) -> Note:
        """Read and parse a note (raises NoteNotFound or NoteError)."""
        rel = self.relpath(relpath)
        data = self.read_bytes(rel)
        return Note.from_bytes(rel, data)

    def current_hash(self, relpath: str) -> str | None:
        """Hash of the file on disk now, or None when it does not exist."""
        try:
            return hash_bytes(self.abspath(relpath).read_bytes())
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as exc:  # a directory, or unreadable: never let a bare OSError escape
            raise NoteError(f"cannot read: {exc.strerror}", relpath) from None

    def exists(self, relpath: str) -> bool:
        """True when a file exists at relpath."""
        return self.abspath(relpath).exists()

    def iter_paths(self, dirs: Iterable[str] = SCAN_DIRS, include_archive: bool = False) -> Iterator[str]:
        """Relative paths of the Markdown files under dirs, sorted, skipping temp files and symlinks out."""
        yield from note_paths(self.root, list(dirs) + ([ARCHIVE_DIR] if include_archive else []))

    def links_out(self, dirs: Iterable[str] = SCAN_DIRS) -> list[str]:
        """Folders under dirs that are symlinks out of the root: skipped, never read (`status`, `lint`,
        `index sync` name them so a folder that counts 0 notes is never a mystery)."""
        return outside_links(self.root, dirs)

    def iter_notes(self, dirs: Iterable[str] = SCAN_DIRS, max_bytes: int = MAX_NOTE_BYTES) -> Iterator[Note]:
        """Parsed notes under dirs; unreadable files and files over max_bytes are skipped, named in `unread`.

        Daily and weekly read every note through here: a 50 MB note must not cost minutes and
        gigabytes, so it is left out with one line naming it (`lint` still reports it).
        """
        for rel in self.iter_paths(dirs):
            try:
                size = os.stat(self.root / rel).st_size
            except OSError:
                size = 0
            if size > max_bytes:
                self._left_out(rel, f"too large to read ({size:,} bytes > {max_bytes:,})")
                continue
            try:
                yield self.read(rel)
            except NoteError as exc:
                self._left_out(rel, str(exc).removeprefix(f"{rel}: "))

    def _left_out(self, rel: str, why: str) -> None:
        """Name a note iter_notes skips: logged once per file and run (INFO: the run's report names it)."""
        if self.unread.get(rel) != why:
            self.unread[rel] = why
            log.info("skipping %s: %s", rel, why)

    # -- writing ---------------------------------------------------------------
    def write(
        self,
        relpath: str,
        text: str,
        expected_hash: str | None,
        allow: Iterable[str] = WRITABLE_DIRS,
    ) -> str:
        """Write text if the file's hash is still expected_hash (None: must not exist). Returns the new hash."""
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as exc:  # a lone surrogate: bytes that were not UTF-8 (Latin-1 stdin)
            ch = ord(exc.object[exc.start])
            what = f"byte 0x{ch - 0xDC00:02X}" if 0xDC80 <= ch <= 0xDCFF else f"U+{ch:04X}"
            raise InputError(
                f"{self.relpath(relpath)}: the text holds bytes that are not UTF-8 ({what}; save it as UTF-8); "
                "nothing written"
            ) from None
        return self.write_bytes(relpath, data, expected_hash, allow)

    def write_bytes(
        self,
        relpath: str,
        data: bytes,
        expected_hash: str | None,
        allow: Iterable[str] = WRITABLE_DIRS,
    ) -> str:
        """`write` for bytes (an append to a log that must keep another writer's bytes as they are).

        A secret the file did not hold is masked first (`_masked`): memdir never writes a new one.
        """
        rel = self.relpath(relpath)
        self._writable(rel, tuple(allow))
        if rel.endswith(".md"):
            check_note_bytes(rel, data)
        folder_rel, name = rel.rsplit("/", 1)
        with file_lock(self._lock_path(rel)), open_folder(self.root, folder_rel) as folder:
            actual = self._hash_in(folder, name, rel)
            if actual != expected_hash:
                raise ConflictError(rel, expected_hash, actual)
            old = (folder.read_bytes(name) or b"") if actual is not None else b""
            data = self._masked(rel, keep_line_endings(old, data), old)  # a CRLF file stays CRLF
            if actual == EMPTY_HASH and data:
                # an editor saving in place truncates first: an empty read may be a torn one
                raise ConflictError(rel, expected_hash, "(empty)")
            if actual == hash_bytes(data):
                return actual

            def still_expected() -> None:
                # a person's editor does not take our lock: re-check right before the replace
                now = self._hash_in(folder, name, rel)
                if now != expected_hash:
                    raise ConflictError(rel, expected_hash, now)

            def displaced_was_expected(old: bytes) -> None:
                # a save that landed between the check and the swap is put back, not lost
                if hash_bytes(old) != expected_hash:
                    raise ConflictError(rel, expected_hash, hash_bytes(old))

            folder.write_atomic(name, data, check=still_expected, verify_displaced=displaced_was_expected)
        log.info("wrote %s", rel)
        return hash_bytes(data)

    def _masked(self, rel: str, data: bytes, old: bytes) -> bytes:
        """data with every secret the file did not hold masked: memdir never writes a new secret."""
        data, n = mask_new_bytes(data, old)  # another writer's bad bytes stay as they were
        if not n:
            return data
        log.warning("masked %d secret%s in %s", n, "" if n == 1 else "s", rel)
        self.masked += n
        return data

    def create(self, relpath: str, text: str, allow: Iterable[str] = WRITABLE_DIRS) -> str:
        """Create a new note; raises ConflictError if a file is already there."""
        return self.write(relpath, text, None, allow)

    def update_meta(
        self,
        relpath: str,
        changes: Mapping[str, object],
        expected_hash: str | None = None,
        body: str | None = None,
        allow: Iterable[str] = WRITABLE_DIRS,
        remove: Iterable[str] = (),
    ) -> Note:
        """Change frontmatter keys (and optionally the body; `remove`: keys to drop), keeping every other
        byte; a new body bumps `updated_at` unless the caller sets it."""
        note = self.read(relpath)
        if body is not None and body.strip() != note.body.strip() and "updated_at" not in changes:
            changes = {**changes, "updated_at": self.stamp()}
        if expected_hash is not None and note.hash != expected_hash:
            raise ConflictError(note.path, expected_hash, note.hash)
        unread = split_text(note.text).other
        if unread:  # a second `---` block on top would turn the person's frontmatter into body
            raise NoteError(f"{UNREAD[unread]}; fix it by hand (`memdir lint`); nothing written", note.path)
        new_text = update_text(note.text, changes, remove=remove, body=body)
        data = new_text.encode("utf-8")
        new_hash = self.write(note.path, new_text, note.hash, allow)
        if new_hash != hash_bytes(data):  # a secret was masked: the note is what was written
            return self.read(note.path)
        return Note.from_text(note.path, new_text) if new_hash else note

    def unique_path(self, folder: str, slug: str) -> str:
        """`folder/slug.md`, or `folder/slug-2.md`... the first that does not exist (a name too long for the
        filesystem cut by its bytes first)."""
        candidate = f"{folder}/{fit_name(slug)}.md"  # a long name is cut by bytes, never refused
        n = 2
        while self.exists(candidate):
            candidate = f"{folder}/{fit_name(slug, f'-{n}')}.md"
            n += 1
        return candidate

    # -- archive ---------------------------------------------------------------
    def archive(self, relpath: str, reason: str, expected_hash: str | None = None) -> str:
        """Move a note to archive/<relpath> (never deleting it); returns the archived path."""
        rel = self.relpath(relpath)
        self._writable(rel, ("knowledge", "procedures", "episodes", "review", "skills"))
        with file_lock(self._lock_path(rel)):
            actual = self.current_hash(rel)
            if actual is None:
                raise NoteNotFound("no such note", rel)
            if expected_hash is not None and actual != expected_hash:
                raise ConflictError(rel, expected_hash, actual)
            dest_rel = f"{ARCHIVE_DIR}/{rel}"
            stem = dest_rel.removesuffix(".md")
            n = 2
            while self.exists(dest_rel):
                dest_rel = f"{stem}.{n}.md"
                n += 1
            self._move(rel, dest_rel)
        append_archive_log(
            self.root, {"action": "archive", "path": rel, "archived": dest_rel, "reason": reason}
        )
        return dest_rel

    def archive_copy(self, relpath: str, text: str, reason: str) -> str:
        """Keep `text` (the note at relpath as it was, before a change takes part of it out) in
        archive/<relpath> (`.2.md`... when taken); returns the archived path. The same text already kept
        there is not kept twice (a resumed run)."""
        rel = self.relpath(relpath)
        self._writable(rel, ("knowledge", "procedures"))
        data = text.encode("utf-8")
        stem, n = f"{ARCHIVE_DIR}/{rel}".removesuffix(".md"), 2
        dest_rel = f"{stem}.md"
        while self.exists(dest_rel):
            if self.read_bytes(dest_rel) == data:
                return dest_rel
            dest_rel, n = f"{stem}.{n}.md", n + 1
        self.write_bytes(dest_rel, data, None, allow=(ARCHIVE_DIR,))
        log_fields = {"action": "archive", "path": rel, "archived": dest_rel, "reason": reason, "copy": True}
        append_archive_log(self.root, log_fields)
        return dest_rel

    def restore(self, archived: str, extra: Mapping[str, object] | None = None) -> str:
        """Move an archived note back to where it came from; returns its restored path.

        `extra`: more fields for the archive log's restore entry (lifecycle records the failure count).
        """
        rel = self.relpath(archived)
        if not rel.startswith(f"{ARCHIVE_DIR}/"):
            rel = f"{ARCHIVE_DIR}/{rel}"
        src = self.abspath(rel)
        if not src.exists():
            raise NoteNotFound("not in the archive", rel)
        original = rel[len(ARCHIVE_DIR) + 1 :]
        parts = original.rsplit(".", 2)
        if len(parts) == 3 and parts[1].isdigit() and parts[2] == "md":
            original = f"{parts[0]}.md"
        dest = self._writable(original, ("knowledge", "procedures", "episodes", "review", "skills"))
        if dest.exists() or dest.is_symlink():
            why = (
                f"cannot restore {rel}: a file already exists at {original} (rename or move it, then restore)"
            )
            raise ConflictError(original, None, "(exists)", why)
        self._move(rel, original)
        log_fields = {"action": "restore", "path": original, "archived": rel, "reason": "restored"}
        append_archive_log(self.root, {**(extra or {}), **log_fields})
        return original

    def move_file(self, src_rel: str, dest_rel: str) -> None:
        """Rename a note between two confined folders (no link followed); refuses to replace a file."""
        self._move(self.relpath(src_rel), self.relpath(dest_rel))

    def _move(self, src_rel: str, dest_rel: str) -> None:
        """Rename a file between two confined folders (no link followed); refuses to replace a file."""
        src_dir, src_name = src_rel.rsplit("/", 1)
        dest_dir, dest_name = dest_rel.rsplit("/", 1)
        with open_folder(self.root, src_dir, create=False) as a, open_folder(self.root, dest_dir) as b:
            if b.lstat(dest_name) is not None:
                raise ConflictError(dest_rel, None, "(exists)")
            try:
                os.rename(src_name, dest_name, src_dir_fd=a.fd, dst_dir_fd=b.fd)
            except OSError as exc:
                raise StoreWriteError(src_rel, exc) from None

    def archive_log(self) -> list[JSONObject]:
        """Entries of archive/archive-log.jsonl (what was archived or restored, and why)."""
        return read_archive_log(self.root)
