"""What a note must be before the store writes it: what the readers accept, checked on the bytes."""

from __future__ import annotations

from memdir.errors import InputError, NoteError
from memdir.notes.model import Note
from memdir.paths import kind_of

MAX_NOTE_BYTES = 2_000_000
UNREAD = {
    "unclosed": "its frontmatter never closes (no `---` line after the first)",
    "toml": "its frontmatter is TOML (`+++`), which memdir does not read",
    "json": "its frontmatter is JSON, which memdir does not read",
}


def check_note_bytes(rel: str, data: bytes) -> None:
    """Refuse a note the readers would refuse: over the size they read, binary, not UTF-8, bad frontmatter.

    Every write of a `.md` file goes through here before anything touches the disk, so a verb
    that fails never leaves a note behind that `note show`, `lint` and the index then refuse.
    An episode day file keeps another writer's stray bytes (they read as U+FFFD), so only its
    size and frontmatter are checked.
    """
    if len(data) > MAX_NOTE_BYTES:
        raise InputError(
            f"{rel}: note too large to write ({len(data):,} bytes > {MAX_NOTE_BYTES:,}, the most memdir "
            "reads); nothing written"
        )
    if kind_of(rel) != "episodes" and b"\x00" in data:
        raise NoteError("binary file (a NUL byte), not a Markdown note; nothing written", rel)
    try:
        Note.from_bytes(rel, data)
    except NoteError as exc:
        raise NoteError(f"{str(exc).removeprefix(f'{rel}: ')}; nothing written", rel) from None
