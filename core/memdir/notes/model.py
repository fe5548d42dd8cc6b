"""The Note: one Markdown file with YAML frontmatter, as read from disk."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ruamel.yaml.comments import CommentedMap

from memdir.errors import NoteError
from memdir.notes.frontmatter import parse_yaml, split_text
from memdir.paths import kind_of


def hash_bytes(data: bytes) -> str:
    """Content hash used for compare-and-swap and index sync (sha256 hex)."""
    return hashlib.sha256(data).hexdigest()


def hash_text(text: str) -> str:
    """Content hash of a text as it is stored (UTF-8)."""
    return hash_bytes(text.encode("utf-8"))


@dataclass
class Note:
    """A parsed note. `text` is exactly what is on disk; `hash` guards later writes."""

    path: str
    text: str
    hash: str
    meta: CommentedMap = field(default_factory=CommentedMap)
    body: str = ""

    @classmethod
    def from_text(cls, path: str, text: str) -> Note:
        """Parse a note's text (raises NoteError on invalid frontmatter)."""
        split = split_text(text)
        meta = parse_yaml(split.yaml_text, path) if split.has_frontmatter else CommentedMap()
        return cls(path=path, text=text, hash=hash_text(text), meta=meta, body=split.body)

    @classmethod
    def from_bytes(cls, path: str, data: bytes) -> Note:
        """Decode and parse a note's bytes (NoteError for binary, non-UTF-8 or invalid frontmatter).

        An episode file is a log many writers append to: one writer's NUL or stray byte must not
        hide the day, so its bad bytes read as U+FFFD and the rest stays readable. `hash` is
        always the hash of the bytes on disk (what compare-and-swap checks).
        """
        if kind_of(path) == "episodes":
            text = data.decode("utf-8", "replace").replace("\x00", "\ufffd")
            note = cls.from_text(path, text)
            note.hash = hash_bytes(data)
            return note
        if b"\x00" in data[:8192]:
            raise NoteError("binary file, not a Markdown note", path)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise NoteError("not valid UTF-8", path) from None
        return cls.from_text(path, text)

    @property
    def kind(self) -> str | None:
        """`knowledge`, `procedures`, `episodes`, `skills`, `review`, or None."""
        return kind_of(self.path)

    @property
    def description(self) -> str:
        """The one-line description, or the first non-empty body line."""
        desc = self.meta.get("description")
        if isinstance(desc, str) and desc.strip():
            return desc.strip().splitlines()[0]
        for line in self.body.splitlines():
            line = line.strip().lstrip("#").strip()
            if line:
                return line[:160]
        return ""

    @property
    def title(self) -> str:
        """The first Markdown heading of the body, or the file stem."""
        for line in self.body.splitlines():
            if line.startswith("# "):
                return line[2:].strip()
        return self.path.rsplit("/", 1)[-1].removesuffix(".md")

    def get(self, key: str, default: object = None) -> object:
        """A frontmatter value (any YAML value: narrow it before use)."""
        return self.meta.get(key, default)

    def str_list(self, key: str) -> list[str]:
        """A frontmatter list as strings (`sources`, `tags`, `tools`); [] when absent or not a list."""
        value = self.meta.get(key)
        return [str(v) for v in value] if isinstance(value, list) else []
