"""Where a day file (`episodes/YYYY-MM-DD.md`) is cut into episodes.

Each `## ` heading starts one episode. The text before the first `## ` (all of a file that has none) is
read by its own headings (trial 23: an Obsidian daily note opens with an H1 and a paragraph, or has only
`###` sections under its H1, and that text was no episode, or one titled by its first sub-heading):

- it is cut at the highest heading level it uses, the file's title aside (an H1 on its first line):
  each such heading starts one episode, like a `## ` heading;
- what comes before the first cut is the top of the file: one episode whose id is the file's own
  (`episodes/2026-12-02.md`, the id the whole file had when it had no heading), when it holds more
  than its H1 title, date lines (`2026-12-02`, `Date: 2026-12-02`, `[[2026-12-01]] | [[2026-12-03]]`)
  and rules: when it holds prose a person wrote (`prose_lines`).

What another tool puts at the top of a daily note is no prose (re-check N5): a line of links only
(`<< [[2026-11-19]] | [[2026-11-21]] >>`, `[[Home]] · [[Week 47]]`), embeds (`![[Daily template]]`),
tags (`#daily`), fenced blocks (a ```` ```dataview ```` query), inline fields (`mood:: good`,
`[energy:: 3]`), template leftovers (`<% tp.date.now() %>`, `{{date}}`), HTML comments and empty tasks.
An H1 with only such lines above it is still the file's title; a heading before the first `## ` with
no prose under it starts no episode.

The cuts before the first `## ` never move when a `## ` section is appended (`memdir episode add`), and
a `## ` episode keeps its anchor (its heading's, numbered by the `## ` headings alone), so adding them
changed no id that run state or a note's `sources` names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MARK = "#\uff03"  # `#` and the full-width `＃` an IME types
GAP = " \t\u3000"  # after the marks: a space, a tab or the ideographic space
HEADING = re.compile(rf"^[{MARK}]{{2}}[{GAP}](?![{MARK}])(.*)$", re.M)
ANY_HEADING = re.compile(rf"^([{MARK}]{{1,6}})(?=[{GAP}]|$)", re.M)
WIDE_HEADING = re.compile(rf"^([{MARK}]{{1,6}})([{GAP}])", re.M)  # a heading as typed (full-width marks)
_FENCE = re.compile(r"^(```|~~~)", re.M)
# a date written with digits (ISO, `3.12.2026`, `12/3/2026`, 「2026年12月3日」「12月3日」) or a clock time
_DATE = re.compile(
    r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}|(?:\d{4}年)?\d{1,2}月\d{1,2}日|\d{1,2}:\d{2}"
)
_WORD = re.compile(r"[^\W\d_]+")
DATE_LINE_WORDS = (
    2  # a line with a date and at most this many other words (`Date:`, `Tuesday`) is a date line
)


@dataclass(frozen=True)
class Cut:
    """One piece of a day file's body: the top of the file (`heading` None) or a heading's section."""

    heading: str | None  # the heading's words (marks left out); None for the top of the file
    start: int  # offset in the body where it starts (its heading line)
    text: str  # the top's whole text; a section's text after its heading line
    level: int  # the heading's number of marks (0 for the top)


def fence_spans(body: str) -> list[tuple[int, int]]:
    """(start, end) of each fenced code block (an unclosed fence runs to the end)."""
    fences = [m.start() for m in _FENCE.finditer(body)]
    return list(
        zip(fences[0::2], fences[1::2] + [len(body)] * (len(fences[0::2]) - len(fences[1::2])), strict=False)
    )


def outside(spans: list[tuple[int, int]], pos: int) -> bool:
    """True when `pos` is not inside a fenced code block."""
    return not any(a < pos < b for a, b in spans)


def _line_end(body: str, pos: int) -> int:
    end = body.find("\n", pos)
    return len(body) if end < 0 else end


_SPANS = re.compile(r"<%.*?%>|\{\{.*?\}\}|<!--.*?-->", re.S)  # template leftovers, HTML comments
# links, embeds, bare addresses, tags, bracketed inline fields: a line of only these says nothing
_NOT_WORDS = re.compile(
    r"!?\[\[[^\]]*\]\]|!?\[[^\]]*\]\([^)]*\)|<?https?://\S+|(?<!\S)[#\uff03][^\s#\uff03]+|[\[(][^\[\]()]*::[^\[\]()]*[\])]"
)
_FIELD = re.compile(r"^(?:[-*+][ \t]+)?(?:\[.\][ \t]+)?[^\W\d_][\w \t/-]*::(?!:)")  # `mood:: good`


def _is_h1(line: str) -> bool:
    return bool(ANY_HEADING.match(line)) and len(line) - len(line.lstrip(MARK)) == 1


def _unfenced(text: str) -> list[str]:
    """The stripped lines of `text` outside fenced blocks, template leftovers and HTML comments."""
    spans = fence_spans(text)
    starts, ends = [0] + [e for _, e in spans], [s for s, _ in spans] + [len(text)]
    kept = "".join(text[a:b] for a, b in zip(starts, ends, strict=True))
    kept = _SPANS.sub(" ", "\n".join(ln for ln in kept.splitlines() if not _FENCE.match(ln)))
    return [ln.strip() for ln in kept.splitlines()]


def prose_lines(text: str) -> list[str]:
    """The lines of `text` a person wrote as prose: outside fenced blocks, template leftovers and
    comments, and not a date line, a line of links, embeds or tags, or an inline field."""
    return [
        ln
        for ln in _unfenced(text)
        if re.search(r"\w", _NOT_WORDS.sub(" ", ln)) and not is_date_line(ln) and not _FIELD.match(ln.strip())
    ]


def _top_cuts(body: str, end: int, spans: list[tuple[int, int]]) -> list[Cut]:
    """The top of the file and the sections of `body[:end]` (the text before the first `## `)."""
    heads = []
    for m in ANY_HEADING.finditer(body, 0, end):
        words = body[m.end() : _line_end(body, m.start())].strip(GAP)
        if len(m.group(1)) != 2 and words.strip() and outside(spans, m.start()):
            heads.append((m, words.strip()))
    if heads and len(heads[0][0].group(1)) == 1 and not prose_lines(body[: heads[0][0].start()]):
        heads = heads[1:]  # the file's title (an H1 with no prose above it) opens the top, it cuts nothing
    level = min((len(m.group(1)) for m, _ in heads), default=0)
    cuts = [(m, words) for m, words in heads if len(m.group(1)) == level]
    first = cuts[0][0].start() if cuts else end
    out = [Cut(None, 0, body[:first], 0)]
    for i, (m, words) in enumerate(cuts):
        stop = cuts[i + 1][0].start() if i + 1 < len(cuts) else end
        out.append(Cut(words, m.start(), body[_line_end(body, m.start()) : stop].strip("\n"), level))
    return out


def day_cuts(body: str) -> list[Cut]:
    """The top of the file, the sections before the first `## `, then one section per `## ` heading."""
    spans = fence_spans(body)
    h2 = [m for m in HEADING.finditer(body) if outside(spans, m.start())]
    out = _top_cuts(body, h2[0].start() if h2 else len(body), spans)
    for i, m in enumerate(h2):
        end = h2[i + 1].start() if i + 1 < len(h2) else len(body)
        out.append(Cut(m.group(1).strip(), m.start(), body[m.end() : end].strip("\n"), 2))
    return out


def is_date_line(line: str) -> bool:
    """A line that only dates the page: a written date and at most DATE_LINE_WORDS other words."""
    if not _DATE.search(line):
        return False
    return len(_WORD.findall(_DATE.sub(" ", line))) <= DATE_LINE_WORDS


def top_holds_content(text: str) -> bool:
    """True when the top of a day file says something: prose besides its H1 title (`prose_lines`)."""
    return any(not _is_h1(ln) for ln in prose_lines(text))


def top_title(text: str) -> str:
    """The line that titles the top of a day file: its H1, else its first line of prose."""
    lines = prose_lines(text)
    return next((ln for ln in _unfenced(text) if _is_h1(ln)), lines[0] if lines else "")


def demote_headings(body: str) -> str:
    """A text whose `## ` headings would cut it into several episodes, with its headings moved down.

    Every heading outside fenced code goes down by the same number of levels (at most to `######`),
    so that the highest becomes `###`: a pasted page stays one episode with its outline. A text with
    no `## ` heading outside code is returned as it is.
    """
    spans = fence_spans(body)
    heads = [m for m in ANY_HEADING.finditer(body) if outside(spans, m.start())]
    if not any(len(m.group(1)) == 2 for m in heads):
        return body
    shift = 3 - min(len(m.group(1)) for m in heads)
    out, last = [], 0
    for m in heads:
        out += [body[last : m.start()], "#" * min(6, len(m.group(1)) + shift)]
        last = m.end()
    return "".join([*out, body[last:]])


def ascii_heading_marks(text: str) -> str:
    """`＃＃＃　詳細` -> `### 詳細` outside fenced code: full-width heading marks read as Markdown's."""
    if "\uff03" not in text:
        return text
    spans = fence_spans(text)

    def fix(m: re.Match[str]) -> str:
        if "\uff03" not in m.group(1) or not outside(spans, m.start()):
            return m.group(0)
        return "#" * len(m.group(1)) + " "

    return WIDE_HEADING.sub(fix, text)
