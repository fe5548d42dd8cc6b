"""YAML frontmatter that survives edits: round-trip parsing and minimal, surgical updates.

A person's frontmatter keeps its comments, key order, quoting and flow style. Updating a
key rewrites only the lines of that key; everything else stays byte-for-byte.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from memdir.errors import NoteError

_OPEN = re.compile(r"\A(\ufeff?)---[ \t]*\r?\n")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.M)


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096
    y.allow_unicode = True
    y.indent(mapping=2, sequence=2, offset=0)
    return y


class Split:
    """A note's text cut into the frontmatter block and the body, keeping every byte."""

    __slots__ = ("head", "yaml_text", "tail", "body")

    def __init__(self, head: str, yaml_text: str, tail: str, body: str) -> None:
        self.head = head  # "---\n" (with BOM if any), or "" when there is no frontmatter
        self.yaml_text = yaml_text  # between the delimiters
        self.tail = tail  # the closing "---\n" line, or ""
        self.body = body

    @property
    def has_frontmatter(self) -> bool:
        """True when the text opened with a `---` block."""
        return bool(self.head)

    def join(self) -> str:
        """The original text (or the edited one after yaml_text/body changed)."""
        return f"{self.head}{self.yaml_text}{self.tail}{self.body}"


def split_text(text: str) -> Split:
    """Cut text into frontmatter and body; a text without a closed `---` block is all body."""
    m = _OPEN.match(text)
    if not m:
        return Split("", "", "", text)
    start = m.end()
    close = _CLOSE.search(text, start)
    if not close:
        return Split("", "", "", text)
    end = close.end()
    nl = text.find("\n", end - 1)
    tail_end = len(text) if nl == -1 else nl + 1
    if text[end:tail_end].strip("\r\n"):
        tail_end = end
    return Split(text[:start], text[start : close.start()], text[close.start() : tail_end], text[tail_end:])


def parse_yaml(yaml_text: str, path: str | None = None) -> CommentedMap:
    """Parse frontmatter YAML round-trip; an empty block is an empty map."""
    if not yaml_text.strip():
        return CommentedMap()
    try:
        data = _yaml().load(yaml_text)
    except YAMLError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise NoteError(f"invalid YAML frontmatter: {first}", path) from None
    except Exception as exc:  # ruamel raises assorted errors on hostile input
        raise NoteError(f"invalid YAML frontmatter: {type(exc).__name__}", path) from None
    if data is None:
        return CommentedMap()
    if not isinstance(data, CommentedMap):
        raise NoteError("frontmatter is not a mapping", path)
    return data


def dump_yaml(data: Mapping[str, object]) -> str:
    """Serialise a mapping deterministically (insertion order, unicode kept, no wrapping)."""
    buf = io.StringIO()
    _yaml().dump(_to_commented(data), buf)
    return buf.getvalue()


def _to_commented(value: Any, flow: bool = False) -> Any:
    if isinstance(value, str) and "\x85" in value:
        # ruamel emits NEL unescaped in plain/single-quoted style and reads it back as a line break
        return DoubleQuotedScalarString(value)
    if isinstance(value, CommentedMap | CommentedSeq):
        return value
    if isinstance(value, Mapping):
        cm = CommentedMap()
        for k, v in value.items():
            cm[_to_commented(k)] = _to_commented(v)
        return cm
    if isinstance(value, list | tuple):
        seq = CommentedSeq(_to_commented(v) for v in value)
        if flow:
            seq.fa.set_flow_style()
        return seq
    return value


def _dump_key(key: str, value: Any, flow: bool) -> str:
    buf = io.StringIO()
    cm = CommentedMap()
    cm[_to_commented(key)] = _to_commented(value, flow=flow)
    _yaml().dump(cm, buf)
    return buf.getvalue()


def _key_span(lines: list[str], key: str) -> tuple[int, int] | None:
    """Line range [start, end) of a top-level key and its nested lines."""
    pat = re.compile(rf"^(?:{re.escape(key)}|'{re.escape(key)}'|\"{re.escape(key)}\")[ \t]*:(?:[ \t]|$)")
    for i, line in enumerate(lines):
        if pat.match(line):
            j = i + 1
            while j < len(lines):
                nxt = lines[j]
                if nxt.startswith((" ", "\t", "- ")) or nxt.rstrip("\r\n") == "-":
                    j += 1
                    continue
                break
            return i, j
    return None


def _scalar_comment(line: str) -> str:
    """The trailing ` # comment` of a one-line `key: value` (outside quotes), or ''."""
    quote: str | None = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and i > 0 and line[i - 1] in " \t":
            return _spaces(line, i)
    return ""


def _spaces(line: str, i: int) -> str:
    j = i
    while j > 0 and line[j - 1] in " \t":
        j -= 1
    return line[j:].rstrip("\r\n")


def update_yaml_text(yaml_text: str, changes: Mapping[str, object], remove: Iterable[str] = ()) -> str:
    """Apply key changes to frontmatter text, touching only the lines of changed keys."""
    current = parse_yaml(yaml_text)
    newline = "\r\n" if "\r\n" in yaml_text else "\n"
    lines = yaml_text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += newline
    for key in remove:
        span = _key_span(lines, key)
        if span:
            del lines[span[0] : span[1]]
    for key, value in changes.items():
        if key in current and current[key] == value and not isinstance(value, list | dict):
            continue
        span = _key_span(lines, key)
        if span is None:
            lines.extend(_dump_key(key, value, flow=False).splitlines(keepends=True))
            continue
        first = lines[span[0]]
        after_colon = first.split(":", 1)[1].strip()
        flow = after_colon.startswith(("[", "{"))
        block_indented = span[1] - span[0] > 1 and lines[span[0] + 1].startswith((" ", "\t"))
        new = _dump_key(key, value, flow=flow)
        if block_indented and isinstance(value, list) and not flow:
            new = "".join(("  " + ln if ln.startswith("-") else ln) for ln in new.splitlines(keepends=True))
        new_lines = new.splitlines(keepends=True)
        if len(new_lines) == 1 and span[1] - span[0] == 1:
            comment = _scalar_comment(first)
            if comment:
                new_lines = [new_lines[0].rstrip("\r\n") + comment + "\n"]
        if newline == "\r\n":
            new_lines = [ln.replace("\r\n", "\n").replace("\n", "\r\n") for ln in new_lines]
        lines[span[0] : span[1]] = new_lines
    out = "".join(lines)
    parse_yaml(out)  # never write frontmatter we cannot read back
    return out


def update_text(
    text: str, changes: Mapping[str, object], remove: Iterable[str] = (), body: str | None = None
) -> str:
    """Update frontmatter keys (and optionally the body) of a whole note text."""
    split = split_text(text)
    if not split.has_frontmatter:
        new_yaml = dump_yaml(dict(changes))
        return f"---\n{new_yaml}---\n{split.body if body is None else body}"
    split.yaml_text = update_yaml_text(split.yaml_text, changes, remove)
    if body is not None:
        split.body = body
    return split.join()


def render_note(meta: Mapping[str, object], body: str) -> str:
    """Text of a new note: frontmatter in the given key order, then the body ending in one newline."""
    return f"---\n{dump_yaml(meta)}---\n\n{body.strip()}\n"
