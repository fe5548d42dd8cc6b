"""Template code left in a note's text: Templater tags and Obsidian's core template placeholders.

A note made from a template that was never rendered (an Obsidian vault's `Meeting <% tp.file.title %>`,
`Date: {{date:YYYY-MM-DD}}`) holds the template, not memory. In frontmatter an unquoted tag is an error
(`plain_yaml`); in the text it is a warning naming the first such line (`memdir lint`, `note show`, MCP's
read), and a line that is nothing but template code (`<%* tR += "x" %>`, `<% tp.file.cursor() %>`, a
`<%* if (…) { %>` of a day file's section) is left out of what memdir hands on: an episode's text (so the
daily run files no template code into notes), the indexed text and `context` (trial 23 second re-check M6).

What counts: any Templater tag (`plain_yaml.TEMPLATE_TAG`: `<% … %>`, `<%* … %>`, `<%+`, `<%_`, `<%-`;
not ERB's `<%= %>`/`<%# %>`), and Obsidian's core placeholders `{{date}}`, `{{time}}`, `{{title}}` (with
a format, `{{date:YYYY-MM-DD}}`), the ones the frontmatter check names too. Other `{{…}}` (Jinja,
Handlebars, Go templates a note is about) are text. A fenced code block or an inline code span is text
a person quoted, never a leftover, and so is a tag inside a sentence that goes on after it (a note about
templates: "the date goes in with <% tp.date.now() %> each morning"); a tag in a heading, opening a
line's text or closing it (`Date: <% tp.date.now() %>`) is where a template puts one.
"""

from __future__ import annotations

import re

from memdir.notes.frontmatter import split_text
from memdir.notes.plain_yaml import TEMPLATE_TAG

PLACEHOLDER = re.compile(r"\{\{[ \t]*(?:date|time|title)(?::[^{}\n]*)?[ \t]*\}\}", re.I)
_CODE_SPAN = re.compile(r"(`+)[^\n]*?\1")
_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)")
_MARKS = re.compile(r"^[ \t]*(?:[-*+>][ \t]+|\d+[.)][ \t]+)*")  # a list item's or a quote's marks


def _lines_outside_code(text: str) -> list[tuple[int, str]]:
    """(index, line with inline code spans blanked) of each line not inside a fenced code block."""
    out: list[tuple[int, str]] = []
    fence = ""
    for i, line in enumerate(text.splitlines()):
        m = _FENCE.match(line)
        if m:
            fence = "" if fence and m.group(1) == fence else (fence or m.group(1))
            continue
        if not fence:
            out.append((i, _CODE_SPAN.sub(" ", line)))
    return out


def _placed(line: str, m: re.Match[str]) -> bool:
    """True when a tag stands where a template puts one: in a heading, opening the line's text (after a
    list or quote mark), or closing it (`Date: <% tp.date.now() %>`). A tag inside a sentence that goes on
    ("the date goes in with <% tp.date.now() %> each morning") is a note mentioning one, and is text."""
    before = _MARKS.sub("", line[: m.start()])
    return line.lstrip().startswith("#") or not before.strip() or not line[m.end() :].strip()


def _leftover(line: str) -> str | None:
    """What template leftover a line holds (`<% … %>` or `{{date}}`), or None."""
    if any(_placed(line, m) for m in TEMPLATE_TAG.finditer(line)):
        return "a template tag (`<% … %>`)"
    m = next((m for m in PLACEHOLDER.finditer(line) if _placed(line, m)), None)
    return f"a template placeholder (`{m.group(0)}`)" if m else None


def template_leftover(text: str, first_line: int = 1) -> str | None:
    """Why a note's body holds a template that was never rendered: what and the first line (counted from
    `first_line`, the body's line in the file); None when it holds none."""
    for i, line in _lines_outside_code(text):
        what = _leftover(line)
        if what:
            return (
                f"{what} in the text (line {first_line + i}): an unrendered template, not memory; "
                "render it, or keep templates outside memdir's folders"
            )
    return None


def _code_only(line: str) -> bool:
    rest = PLACEHOLDER.sub("", re.sub(r"<%(?![=#]).*?%>", "", line))
    return rest != line and not _MARKS.sub("", rest).strip()


def without_template_code(text: str) -> str:
    """`text` without the lines that are nothing but template code (outside fenced code); the rest as is.
    A multi-line tag (`<%*` … `%>` over several lines) is left whole: its lines are not told apart."""
    if "<%" not in text and "{{" not in text:
        return text
    drop = {i for i, line in _lines_outside_code(text) if _code_only(line)}
    if not drop:
        return text
    kept = [ln for i, ln in enumerate(text.splitlines(keepends=True)) if i not in drop]
    return "".join(kept)


def note_template_leftover(text: str) -> str | None:
    """`template_leftover` of a whole note's text: its body only (frontmatter has its own check), lines
    counted in the file."""
    body = split_text(text).body
    before = text[: len(text) - len(body)] if text.endswith(body) else ""
    return template_leftover(body, before.count("\n") + 1)
