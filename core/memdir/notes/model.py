"""The Note: one Markdown file with YAML frontmatter, as read from disk."""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ruamel.yaml.comments import CommentedMap

from memdir.errors import NoteError
from memdir.notes.frontmatter import parse_yaml, split_text
from memdir.paths import kind_of

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING_ID = re.compile(r"\s*\{#[^}\s]*\}\s*$")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!<>|~])")
_INDEX_STEMS = frozenset({"index", "_index", "readme"})
_SECTION = re.compile(r"^#{2,6}[ \t]+(.+)$")


def _one_line(value: object) -> str:
    """A scalar frontmatter value as one trimmed line ('' for lists, maps, booleans and blanks)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return ""
    text = str(value).strip()
    return " ".join(text.splitlines()[0].split()) if text else ""


def _outside_code(body: str) -> Iterator[str]:
    """The lines of a Markdown body that are not inside fenced code blocks (a BOM dropped)."""
    fence = ""
    for line in body.removeprefix("\ufeff").splitlines():
        m = _FENCE.match(line)
        if m:
            mark = m.group(1)
            if not fence:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence) and not line.strip()[len(mark) :].strip():
                fence = ""
            continue
        if not fence:
            yield line


def _heading_text(text: str) -> str:
    text = _HEADING_ID.sub("", text.strip())
    text = re.sub(r"\s+#+\s*$", "", text)
    return _ESCAPE.sub(r"\1", text).strip()


def first_heading(body: str) -> str:
    """The text of the first `# ` heading of a Markdown body, outside fenced code ('' if none)."""
    for line in _outside_code(body):
        if line.startswith("# "):
            text = _heading_text(line[2:])
            if text:
                return text
    return ""


def section_headings(body: str) -> list[str]:
    """The texts of the `## ` to `###### ` headings of a Markdown body, outside fenced code."""
    out = []
    for line in _outside_code(body):
        m = _SECTION.match(line)
        if m:
            text = _heading_text(m.group(1))
            if text:
                out.append(text)
    return out


# what ends a tag in one string: a comma (the ideographic 、 and full-width ， too), a space (U+3000 too)
_TAG_SEPARATORS = re.compile(r"[,\u3001\uff0c\s]+")


def tag_list(value: object) -> list[str]:
    """Frontmatter `tags` as a list of tags, the one reading search, `note show`, MCP and lint share.

    A list is its items (each as text). One string is split at commas and at white space, as Obsidian
    reads it (a tag has no space in Obsidian): `tags: client, acme` and `tags: client acme` are two tags,
    as are `tags: 顧客、商社` and `tags: 顧客，商社` (the ideographic and full-width commas),
    `tags: daily` one. A leading `#` is Obsidian's inline tag
    mark, not part of the name: `"#acme"` is the tag `acme` (so `--tag acme` and `--tag '#acme'` both
    find it). Anything else (a map, a boolean, nothing) holds no tag; `memdir lint` warns about
    every form but a list of strings or one string that is one tag.
    """
    if isinstance(value, list):
        items = [str(v) for v in value if v is not None and not isinstance(v, dict | list)]
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        items = _TAG_SEPARATORS.split(str(value))
    else:
        return []
    return [t for t in (item.strip().lstrip("#").strip() for item in items) if t]


def valid_confidence(value: object) -> float | None:
    """A frontmatter `confidence` as a float in [0, 1]; None when absent, not a number, infinite or out of range.

    `.inf`, `1e999999` or `7` is a person's typo, not the most trusted note: it ranks with the
    notes that have no confidence (`memdir lint` reports it).
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) and 0.0 <= number <= 1.0 else None


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
            line = line.strip()
            if line.startswith("#"):  # a heading: its text, without `{#id}` or escapes
                line = _heading_text(line.lstrip("#"))
            if line:
                return line[:160]
        return ""

    @property
    def title(self) -> str:
        """Frontmatter `title:`, else the first `# ` heading outside code, else the file name.

        A heading's custom id (`# Setup {#setup}`), closing hashes and Markdown escapes are
        dropped. An `index`, `_index` or `README` file without either takes its folder's name.
        """
        value = _one_line(self.meta.get("title"))
        if value:
            return value
        heading = first_heading(self.body)
        if heading:
            return heading
        parts = self.path.strip("/").split("/")
        stem = parts[-1].removesuffix(".md")
        if stem.lower() in _INDEX_STEMS and len(parts) >= 3:  # kind/folder/index.md: the folder
            return parts[-2]
        return stem

    @property
    def aliases(self) -> list[str]:
        """Other names of the note (frontmatter `aliases:`, a list or one string), one line each."""
        value = self.meta.get("aliases")
        items = value if isinstance(value, list) else [value]
        return [a for a in (_one_line(v) for v in items) if a]

    @property
    def tags(self) -> list[str]:
        """Frontmatter `tags` (a list, or one string split at commas and spaces: `tag_list`)."""
        return tag_list(self.meta.get("tags"))

    @property
    def summary(self) -> str:
        """Frontmatter `summary:` (any length, whitespace folded), or ''."""
        value = self.meta.get("summary")
        if isinstance(value, str):
            return " ".join(value.split())
        return ""

    def get(self, key: str, default: object = None) -> object:
        """A frontmatter value (any YAML value: narrow it before use)."""
        return self.meta.get(key, default)

    def str_list(self, key: str) -> list[str]:
        """A frontmatter list as strings (`sources`, `tags`, `tools`); [] when absent or not a list."""
        value = self.meta.get(key)
        return [str(v) for v in value] if isinstance(value, list) else []
