"""The model every loader fills: documents (one note each), queries with gold documents, skip counts.

Documents and queries refer to each other by the note's path relative to the root (unique
by construction); the data set's own ids stay beside them for the per-query output lines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from memdir.errors import DatasetError
from memdir.jsonvalue import JSONValue
from memdir.notes.frontmatter import dump_yaml
from memdir.paths import slugify

_BAD_CHARS = re.compile(r"[\x00\ud800-\udfff]")
NO_CATEGORY = "uncategorised"


@dataclass(frozen=True)
class EvalDocument:
    """One document of a data set, as the note that holds it: root-relative path, data-set id, full text."""

    path: str
    id: str
    text: str


@dataclass(frozen=True)
class EvalQuery:
    """One query: its text, the paths of its gold documents, its category, and where it is searched.

    `scope` is None when the query is searched over every document of the data set (LoCoMo,
    JSONL), else the paths of its own haystack in data-set order (LongMemEval), with `dates`
    the date of each (when the data set has them) and `date` the question's. `group` names
    the unit the query belongs to (a LoCoMo conversation), for splits.
    """

    id: str
    text: str
    gold: tuple[str, ...]
    category: str = NO_CATEGORY
    scope: tuple[str, ...] | None = None
    group: str | None = None
    dates: tuple[str, ...] = ()
    date: str | None = None


@dataclass
class EvalDataset:
    """A loaded data set: its documents (one note each), the queries kept, and why others were skipped."""

    name: str
    source: str
    documents: list[EvalDocument]
    queries: list[EvalQuery]
    skipped: dict[str, int] = field(default_factory=dict)
    categories: list[str] = field(default_factory=list)
    split: str = "all"  # which questions of the file (locomo.split_questions): all, dev or heldout

    def ids_by_path(self) -> dict[str, str]:
        """Data-set id of every document, by path."""
        return {d.path: d.id for d in self.documents}

    def limited(self, n: int) -> EvalDataset:
        """The same data set with only its first n queries (all documents kept)."""
        return EvalDataset(
            self.name,
            self.source,
            self.documents,
            self.queries[:n],
            self.skipped,
            self.categories,
            self.split,
        )


def clean_text(text: str) -> str:
    """Text safe for a UTF-8 note: NUL bytes and lone surrogates become U+FFFD."""
    return _BAD_CHARS.sub("\ufffd", text)


def note_text(meta: Mapping[str, object], body: str) -> str:
    """A note: YAML frontmatter in the given key order, a blank line, the body as given, one final newline."""
    return clean_text(f"---\n{dump_yaml(meta)}---\n\n{body.rstrip(chr(10))}\n")


def read_json(path: Path) -> JSONValue:
    """Parse a JSON file, or raise DatasetError with one readable line."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DatasetError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DatasetError(f"{path}: is a directory, expected a file") from None
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        value: JSONValue = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise DatasetError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise DatasetError(
            f"{path}: invalid JSON at line {exc.lineno} column {exc.colno} ({exc.msg})"
        ) from None
    return value


class PathNamer:
    """Readable, unique note paths under one folder: `folder/<slug>.md`, then `<slug>-2.md`, ..."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._taken: set[str] = set()

    def name(self, stem: str) -> str:
        """A fresh path for a document whose id (or chosen stem) is `stem`."""
        slug = slugify(stem, default="doc")
        candidate = f"{self.folder}/{slug}.md"
        n = 2
        while candidate in self._taken:
            candidate = f"{self.folder}/{slug}-{n}.md"
            n += 1
        self._taken.add(candidate)
        return candidate


def ordered_categories(queries: Iterable[EvalQuery], preferred: Iterable[str] = ()) -> list[str]:
    """Categories present in queries: the preferred order first, then others as they first appear."""
    seen: list[str] = []
    for q in queries:
        if q.category not in seen:
            seen.append(q.category)
    first = [c for c in preferred if c in seen]
    return first + [c for c in seen if c not in first]
