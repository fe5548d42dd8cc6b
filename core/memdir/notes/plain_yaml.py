"""Which parsed YAML values a note can carry: the check `frontmatter._parse` makes after ruamel loads a block.

YAML can say more than a note's frontmatter means. `when: {{when}}` (an Obsidian or Jinja template
placeholder) is a map used as a key, `? [a, b]` a list as a key, `2026-03-01: x` a date as a key,
`!!set {a, b}` a set, `!!binary` bytes. No JSON answer (`note show --json`, MCP), search hit or
lint line can carry those, and code that reads a key expects text, so the whole block is read as
frontmatter that does not parse: one reader, one answer for lint, show, MCP, search and the runs.
Anchors and aliases are refused earlier (`memdir.yamlload`).

A value that opens like one (`{{title}}`, `[draft]`, `"quoted"`) and goes on with more text
(`title: {{title}} notes`) does not parse at all; ruamel's own message names neither the key nor the
cure, so `opened_then_text` turns it into one line like the others, with the quoted value to paste.

A Templater tag (`created: <% tp.date.now() %>`) is text to YAML, yet the same leftover as `{{date}}`:
unquoted, it is refused like the others (`_template_tag`); a `<%* … %>` line that breaks the block is
named by `template_line` (trial 23 re-check T3).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import date

from ruamel.yaml.comments import CommentedSet

# `key: {{x}} more`, `  - [a] b`: a flow collection or quoted text, then more text on the line
_OPENED = re.compile(
    r"""^(?P<lead>[ \t]*(?:-[ \t]+)*(?:(?P<key>[^\s#:{}\[\]"'-][^:#]*?):[ \t]+)?)(?P<value>[{\["'].*?)[ \t]*$"""
)
_TOP_KEY = re.compile(r"""^(?P<key>[^\s#:{}\[\]"'-][^:#]*?):(?:[ \t]|$)""")
_OPENS = {"{": "a mapping (`{…}`)", "[": "a list (`[…]`)", '"': "quoted text", "'": "quoted text"}
_SHOWN_VALUE = 60
# a template tag: Templater's `<% tp.date.now("YYYY-MM-DD") %>`, `<%* … %>`, `<%+ … %>`, `<%_ … _%>` (any
# `<% … %>`; ERB's and EJS's output and comment tags, `<%= … %>`, `<%# … %>`, are not Templater's)
TEMPLATE_TAG = re.compile(r"<%(?![=#])[^\n]*?%>|<%[*+_-]")
_HINT = "a template's placeholder: quote the value to keep it as text"


def _template_tag(value: str, where: str, line: int) -> str | None:
    """Why an unquoted value holding a template tag is no note's value (`created: <% tp.file.title %>`),
    like an unquoted `{{date}}`; None for other text. Quoted (`"<% … %>"`) or a block scalar, it is text a
    person meant, and memdir quotes such a value when it writes one (`frontmatter._to_commented`)."""
    if type(value) is not str or not TEMPLATE_TAG.search(value):  # noqa: E721 - ruamel's quoted kinds are subclasses
        return None
    return f"{where}a template tag (`<% … %>`), not text (line {line + 2}); {_HINT}"


def template_line(yaml_text: str) -> str | None:
    """Why a block that does not parse does not, when a line of it holds a template tag (a `<%* … %>`
    line of its own, Templater's JavaScript): the key and the line; None when no line holds one."""
    lines = yaml_text.splitlines()
    for i, text in enumerate(lines):
        if TEMPLATE_TAG.search(text):
            own = _TOP_KEY.match(text)
            key = own.group("key") if own else None
            if key is None and text[:1] in (" ", "\t", "-"):  # an item or a nested line: the key above it
                key = next((k.group("key") for t in reversed(lines[:i]) if (k := _TOP_KEY.match(t))), None)
            where = f"`{key.strip()}` holds " if key else ""
            return (
                f"{where}a template tag (`<% … %>`), a template's code, not YAML (line {i + 2}); keep "
                "templates outside memdir's folders"
            )
    return None


def not_plain(data: Mapping[object, object]) -> str | None:
    """Why a parsed frontmatter map is no plain frontmatter (text, numbers, booleans, dates, lists and
    maps of them; keys that are text or numbers), naming the top-level key and the line; else None."""
    return _not_plain(data, None, 0)


def _kind(value: object) -> str:
    """What a YAML value is, in a person's words (for `_not_plain`)."""
    if isinstance(value, Mapping):
        return "a mapping (`{…}`)"
    if isinstance(value, list | tuple):
        return "a list (`[…]`)"
    if isinstance(value, date):
        return f"a date ({value.isoformat()})"
    return "an empty value (`~` or nothing)" if value is None else f"a {type(value).__name__}"


def _line_of(container: object, key: object, item: bool = False) -> int | None:
    """The 0-based line in the block where a map's key (or a list's item) is written, when ruamel kept it."""
    lc = getattr(container, "lc", None)
    try:
        return int((lc.item(key) if item else lc.key(key))[0]) if lc is not None else None
    except (KeyError, AttributeError, TypeError, IndexError):
        return None


def _not_plain(value: object, top: str | None, line: int) -> str | None:
    """`not_plain` for one value under the top-level key `top`, written on block line `line` (0-based)."""
    where = f"`{top}` holds " if top is not None else ""
    if isinstance(value, dict):
        for key, sub in value.items():
            at = _line_of(value, key)
            at = line if at is None else at
            if isinstance(key, bool | int | float | str) and not isinstance(key, date):
                why = _not_plain(sub, str(key) if top is None else top, at)
                if why is not None:
                    return why
                continue
            hint = (
                '; quote the value if it is a template placeholder (`"{{…}}"`)'
                if isinstance(key, Mapping)
                else ""
            )
            return f"{where}{_kind(key)} used as a key, not text (line {at + 2}){hint}"
        return None
    if isinstance(value, set | frozenset | CommentedSet):
        return f"{where}a set (`!!set`), not a list (line {line + 2}): write a list"
    if isinstance(value, bytes | bytearray):
        return f"{where}binary data (`!!binary`), not text (line {line + 2})"
    if isinstance(value, str):
        return _template_tag(value, where, line)
    if isinstance(value, list | tuple):
        for i, sub in enumerate(value):
            at = _line_of(value, i, item=True)
            why = _not_plain(sub, top, line if at is None else at)
            if why is not None:
                return why
    return None


def opened_then_text(yaml_text: str, line: int) -> str | None:
    """Why the block does not parse when its line `line` (0-based) holds a value that opens as a
    mapping, list or quoted text and goes on after it (`title: {{title}} notes`); None otherwise."""
    lines = yaml_text.splitlines()
    if not 0 <= line < len(lines):
        return None
    m = _OPENED.match(lines[line])
    if m is None or _closes_at_end(m.group("value")):
        return None
    value = m.group("value")
    key = m.group("key") or next(
        (k.group("key") for text in reversed(lines[:line]) if (k := _TOP_KEY.match(text))), None
    )
    what = "a template placeholder (`{{…}}`)" if "{{" in value else _OPENS[value[0]]
    where = f"`{key.strip()}` holds " if key else ""
    fix = (
        f" (`{m.group('key').strip()}: {json.dumps(value, ensure_ascii=False)}`)"
        if m.group("key") and len(value) <= _SHOWN_VALUE
        else ""
    )
    return f"{where}{what} followed by more text (line {line + 2}); quote the whole value{fix}"


def _closes_at_end(value: str) -> bool:
    """True when the opening bracket or quote of value is closed by its last character (no text after)."""
    closing = {"{": "}", "[": "]", '"': '"', "'": "'"}[value[0]]
    if value[0] in "\"'":
        return len(value) > 1 and value.endswith(closing) and closing not in value[1:-1].replace('\\"', "")
    depth = 0
    for i, ch in enumerate(value):
        depth += (ch == value[0]) - (ch == closing)
        if depth == 0:
            return i == len(value) - 1
    return True  # never closed: another error than text after it
