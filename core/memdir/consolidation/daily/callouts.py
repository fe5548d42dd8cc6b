"""An Obsidian callout read as the text it holds (trial 25 #4).

A callout is a container: a quote whose first line names its type (`> [!warning]`, `> [!note]`,
`> [!tip]+`, `> [!example]-`, the fold mark included) and, after it, an optional title (`> [!warning] 教訓`,
`> [!tip] Lesson learned`). The type and the fold mark are markup, never words of the episode; the body
(the quote's other lines) is read as a quote's body is, without its `>`; the title is a label in front of
the body, like a heading's words: `> [!warning] 教訓` over `> ポータルの上限は…` reads 「教訓：ポータルの上限は…」,
as a person writes a lesson with a `Lesson:` label, so the lesson step and the router see the label they
know. A title that is a sentence of its own (it ends with `.`, `。`, `!`, `?`) stays its own line; a callout
with no title gives its body alone; one with no body gives its title. A callout inside a callout
(`> > [!note]`) is read the same way; a plain quote (`> From: …`) and anything in a fenced block stay as
they are.
"""

from __future__ import annotations

import re

# `> [!type]`, `> [!type]+`, `> [!type]-` and the title after it; `>` may be nested (`> >`)
_HEAD = re.compile(r"^[ \t]{0,3}>[ \t]?\[![\w-]+\][+-]?(?:[ \t]+(?P<title>.*?))?[ \t]*$")
_QUOTED = re.compile(r"^[ \t]{0,3}>[ \t]?")
_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)")
_ENDS_SENTENCE = re.compile(r"[.。!！?？]$")
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]$")


def _label(title: str, body: list[str]) -> list[str]:
    """The title in front of the body: a label, or a line of its own when it is a sentence."""
    title = title.strip()
    if not title:
        return body
    if not body or not body[0].strip():
        return [title, *body]
    if _ENDS_SENTENCE.search(title):
        return [title, *body]
    colon = "：" if _WIDE.search(title) else ": "
    return [f"{title}{colon}{body[0].lstrip()}", *body[1:]]


def read_callouts(text: str) -> str:
    """The text with each callout (outside fenced blocks) replaced by its label and body."""
    if "[!" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        fenced = _FENCE.match(line)
        if fenced and (fence is None or fenced.group(1) == fence):
            fence = None if fence else fenced.group(1)
        head = None if fence else _HEAD.match(line)
        if head is None:
            out.append(line)
            i += 1
            continue
        body: list[str] = []
        i += 1
        while i < len(lines) and _QUOTED.match(lines[i]):
            body.append(_QUOTED.sub("", lines[i], count=1))
            i += 1
        inner = read_callouts("\n".join(body)).split("\n") if body else []
        out.extend(_label(head.group("title") or "", inner))
    return "\n".join(out)
