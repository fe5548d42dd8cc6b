"""YAML frontmatter that survives edits: detection, limited round-trip parsing, surgical updates.

Which kind of frontmatter a text opens with (YAML `---`, TOML `+++`, JSON `{`) is told by
python-frontmatter's handlers; memdir reads YAML only, and reports the others (`lint`). The
YAML block is cut out byte for byte (so an edit can put every other byte back) and parsed by
ruamel round-trip with the limits of `memdir.yamlload`: no anchors or aliases, a size, node
and depth budget. Every reader (lint, sync, daily, weekly, context, search) goes through
`parse_yaml`, so one bad file is one bad file everywhere, never a hang.

A person's frontmatter keeps its comments, key order, quoting and flow style. Updating a
key rewrites only the lines of that key; everything else stays byte-for-byte.

A top-level key typed with a full-width colon through a Japanese IME (`description：…`) is read as
`description: …` when the block does not parse as written; the file is not rewritten, and `lint`
warns about the line (`wide_colon_keys`).
"""

from __future__ import annotations

import copy
import functools
import io
import re
from collections.abc import Iterable, Mapping
from typing import Any

from frontmatter import detect_format
from frontmatter.default_handlers import BaseHandler, JSONHandler, TOMLHandler, YAMLHandler
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from memdir.errors import NoteError
from memdir.notes.plain_yaml import TEMPLATE_TAG, not_plain, opened_then_text, template_line
from memdir.yamlload import YAMLLimitError, check_size, limited_yaml

# a top-level key (ASCII name) followed by a full-width colon: `description：よく使う…`, `tags ： [a]`
_WIDE_COLON_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*\uff1a[ \t\u3000]*", re.M)
_OPEN = re.compile(r"\A(\ufeff?)---[ \t]*\r?\n")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.M)
# python-frontmatter registers its TOML handler only when the `toml` package is installed; memdir
# only needs to recognise the `+++` block, so it builds the same handler without a loader then.
_TOML: BaseHandler = (
    TOMLHandler() if TOMLHandler is not None else BaseHandler(re.compile(r"^\+{3,}\s*$", re.M), "+++", "+++")
)
_HANDLERS: list[tuple[str, BaseHandler]] = [("yaml", YAMLHandler()), ("toml", _TOML), ("json", JSONHandler())]


def detect(text: str) -> str | None:
    """The kind of frontmatter text opens with: `yaml`, `toml`, `json`, or None (python-frontmatter)."""
    head = text[1:] if text.startswith("\ufeff") else text
    handler = detect_format(head[:4096], [h for _, h in _HANDLERS])
    return next((name for name, h in _HANDLERS if h is handler), None)


def _yaml() -> YAML:
    y = limited_yaml("rt")
    y.preserve_quotes = True
    y.width = 4096
    y.allow_unicode = True
    y.indent(mapping=2, sequence=2, offset=0)
    return y


class Split:
    """A note's text cut into the frontmatter block and the body, keeping every byte."""

    __slots__ = ("head", "yaml_text", "tail", "body", "other")

    def __init__(self, head: str, yaml_text: str, tail: str, body: str, other: str = "") -> None:
        self.head = head  # "---\n" (with BOM if any), or "" when there is no frontmatter
        self.yaml_text = yaml_text  # between the delimiters
        self.tail = tail  # the closing "---\n" line, or ""
        self.body = body
        # "" for YAML or none; else what the text opens with that memdir does not read as metadata:
        # "toml", "json", or "unclosed" (a `---` line that no later `---` line closes)
        self.other = other

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
        kind = detect(text) if text[:1] in ("+", "{", "\ufeff") else None
        return Split("", "", "", text, kind if kind in ("toml", "json") else "")
    start = m.end()
    close = _CLOSE.search(text, start)
    if not close:
        return Split("", "", "", text, "unclosed")
    end = close.end()
    nl = text.find("\n", end - 1)
    tail_end = len(text) if nl == -1 else nl + 1
    if text[end:tail_end].strip("\r\n"):
        tail_end = end
    return Split(text[:start], text[start : close.start()], text[close.start() : tail_end], text[tail_end:])


def wide_colon_keys(yaml_text: str) -> list[tuple[int, str]]:
    """(line in the note, key) of each top-level `key：value` (full-width colon) in a frontmatter block."""
    return [
        (yaml_text.count("\n", 0, m.start()) + 2, m.group(1)) for m in _WIDE_COLON_KEY.finditer(yaml_text)
    ]


def _ascii_colons(yaml_text: str) -> str:
    """The block with `key：value` read as `key: value` (same lines, so error lines stay right)."""
    return _WIDE_COLON_KEY.sub(lambda m: f"{m.group(1)}: ", yaml_text)


def parse_yaml(yaml_text: str, path: str | None = None) -> CommentedMap:
    """Parse frontmatter YAML round-trip within the limits; an empty block is an empty map.

    Errors name the line in the note (the block starts on line 2, after the opening `---`). A block
    that does not parse (or is no mapping) only because keys were typed with a full-width colon is
    read with `:` there; when it still fails, the error names those lines as the likely cause. The
    result is the caller's own (a deep copy of the parse `_parsed` keeps), so it may be changed.
    """
    try:
        return _parse_yaml(yaml_text, path)
    except NoteError as exc:
        message = str(exc).removeprefix(f"{path}: ") if path else str(exc)
        wide = [] if message.startswith("frontmatter refused") else wide_colon_keys(yaml_text)
        if not wide:
            raise
        try:
            return _parse_yaml(_ascii_colons(yaml_text), path)
        except NoteError:
            pass
        where = ", ".join(f"line {line} `{key}：`" for line, key in wide)
        raise NoteError(f"{message}; full-width colon `：` after a key ({where}): type `:`", path) from None


def _parse_yaml(yaml_text: str, path: str | None) -> CommentedMap:
    if not yaml_text.strip():
        return CommentedMap()
    if len(yaml_text) > MAX_CACHED_YAML:
        parsed = _parse(yaml_text)
        if isinstance(parsed, str):
            raise NoteError(parsed, path)
        return parsed
    parsed = _parsed(yaml_text)
    if isinstance(parsed, str):
        raise NoteError(parsed, path)
    return _own_copy(parsed)


def _own_copy(data: CommentedMap) -> CommentedMap:
    """A copy of the parse whose maps and lists (with their comments and line numbers) are new; the
    scalars are shared, as they are immutable (deep-copying ruamel's TimeStamp drops its time zone)."""
    memo: dict[int, object] = {}
    todo: list[object] = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo += [*value.keys(), *value.values()]
        elif isinstance(value, list | tuple | set):
            todo += list(value)
        else:
            memo[id(value)] = value
    copied = _copy(data, memo)
    assert isinstance(copied, CommentedMap)
    return copied


def _copy(value: object, memo: dict[int, object]) -> object:
    """`copy.deepcopy` of a parse, but a list's YAML attributes copied once: ruamel's
    `CommentedSeq.__deepcopy__` copies them (every item's line and column) after each item, so a note with a
    list of 500 sources took 1.4 s to read, quadratic in the list (ruamel.yaml 0.19)."""
    if id(value) in memo:
        return memo[id(value)]
    if isinstance(value, CommentedSeq):
        seq = CommentedSeq()
        memo[id(value)] = seq
        seq.extend(_copy(item, memo) for item in value)
        value.copy_attributes(seq, memo=memo)
        return seq
    if isinstance(value, CommentedMap):
        mapping = CommentedMap()
        memo[id(value)] = mapping
        for key in value:
            mapping[key] = _copy(value[key], memo)
        value.copy_attributes(mapping, memo=memo)
        return mapping
    return copy.deepcopy(value, memo)


MAX_CACHED_YAML = 8_192  # real frontmatter is well under 4 KiB


@functools.lru_cache(maxsize=2048)
def _parsed(yaml_text: str) -> CommentedMap | str:
    """`_parse`, kept by text: one run reads each note several times (the write's check, the steps
    after it), and ruamel's round-trip parse is milliseconds; a deep copy is a tenth of that."""
    return _parse(yaml_text)


def _parse(yaml_text: str) -> CommentedMap | str:
    """The frontmatter's map, or why it is refused (a message without the path)."""
    try:
        check_size(yaml_text)
        data = _yaml().load(yaml_text)
    except YAMLLimitError as exc:
        where = f" (line {exc.line + 1})" if exc.line else ""
        return f"frontmatter refused: {exc.reason}{where}"
    except YAMLError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        opened = getattr(exc, "context_mark", None)
        where = f" (line {mark.line + 2})" if mark is not None else ""
        if mark is not None and opened is not None and opened.line < mark.line:  # `"unclosed` on line 2
            where = f" (line {mark.line + 2}, opened on line {opened.line + 2})"
        then_text = opened_then_text(yaml_text, mark.line) if mark is not None else None
        then_text = then_text or template_line(yaml_text)  # a `<%* … %>` line: a template's code
        if then_text is not None:  # `title: {{title}} notes`: name the key and the quoting
            return f"invalid YAML frontmatter: {then_text}"
        return f"invalid YAML frontmatter: {first}{where}"
    except (ValueError, OverflowError) as exc:  # a timestamp that does not exist: 2026-13-45T99:99:99
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"invalid YAML frontmatter: a date or time that does not exist ({detail})"
    except Exception as exc:  # ruamel raises assorted errors on hostile input
        return f"invalid YAML frontmatter: {type(exc).__name__}"
    if data is None:
        return CommentedMap()
    if not isinstance(data, CommentedMap):
        return "frontmatter is not a mapping"
    odd = not_plain(data)
    if odd is not None:
        return f"invalid YAML frontmatter: {odd}"
    return data


def key_line(meta: CommentedMap, key: str) -> int | None:
    """The line in the note (1-based, counting the opening `---`) where a top-level key is written."""
    try:
        return int(meta.lc.key(key)[0]) + 2
    except (KeyError, AttributeError, TypeError, IndexError):
        return None


def dump_yaml(data: Mapping[str, object]) -> str:
    """Serialise a mapping deterministically (insertion order, unicode kept, no wrapping)."""
    buf = io.StringIO()
    _yaml().dump(_to_commented(data), buf)
    return buf.getvalue()


def _to_commented(value: Any, flow: bool = False) -> Any:
    if isinstance(value, str) and ("\x85" in value or TEMPLATE_TAG.search(value)):
        # ruamel emits NEL unescaped in plain/single-quoted style and reads it back as a line break;
        # an unquoted `<% … %>` reads as a template's leftover (`plain_yaml`): quoted, it is text
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
    # `sources:\r\n` in a CRLF note is a key with a block under it, as `sources:\n` is
    # `description：…` (a full-width colon, read as `:` by parse_yaml) is that key too
    pat = re.compile(
        rf"^(?:{re.escape(key)}|'{re.escape(key)}'|\"{re.escape(key)}\")[ \t]*(?::(?:[ \t]|\r?$)|\uff1a)"
    )
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
        first = _ascii_colons(lines[span[0]])  # `description：…` is replaced like `description: …`
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
