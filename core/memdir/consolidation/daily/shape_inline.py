"""Numbered steps typed on one line: "To descale: 1. Empty the tank. 2. Fill it … 3. Run …" (trial 20 #6).

A person who types a procedure into one line (a chat box, a form, a phone) still numbers its steps:
`1.`, `1)`, `(1)`, `（1）`, `①`, with or without a space after the marker, in English and Japanese alike
(「オートクレーブの使い方：1. 蒸留水をMAXまで入れる。2. …」). Such a line is rewritten as the list it is: what
comes before the first number is the lead (the intro, never a step), each number starts a step of its own.
The numbers must run 1, 2, 3 … in order (two at least), each after a space, a line start or the end of a
sentence or label, so a decimal ("1.5 mL"), a version ("v2.4") or a lone "program 3." splits nothing; a
lead before a `1.` / `1)` ends as a label or a sentence ends ("We met at 1. Then at 2. we left." is no list).
Only `shape` reads this, for procedures (routing never does).
"""

from __future__ import annotations

import re

_LEAD_END = (":", "：", ".", "。", "!", "！", "?", "？", "-", "—")
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
# where a marker may stand: the line start, after a space, or right after a sentence end or a label's colon
_BEFORE = r"(?:^|(?<=\s)|(?<=[。．！？：:、；;]))"
_MARKER = re.compile(
    _BEFORE
    + r"(?:(?P<n>\d{1,2})[.)．）](?![\d.)])(?=\s|[^\x00-\x7f])|[(（](?P<p>\d{1,2})[)）]\s*|(?P<c>[①-⑳])\s*)"
)


def _number(m: re.Match[str]) -> int:
    if m.group("c"):
        return _CIRCLED.index(m.group("c")) + 1
    return int(m.group("n") or m.group("p"))


def inline_items(line: str) -> tuple[str, list[str]] | None:
    """(lead, items) of a line that numbers two or more steps inline, in order from 1; else None."""
    found: list[re.Match[str]] = []
    for m in _MARKER.finditer(line):
        if _number(m) == len(found) + 1 and (not found or m.lastgroup == found[0].lastgroup):
            found.append(m)
    if len(found) < 2:
        return None
    items = [
        line[m.end() : (found[i + 1].start() if i + 1 < len(found) else len(line))]
        for i, m in enumerate(found)
    ]
    items = [" ".join(i.split()) for i in items]
    lead = " ".join(line[: found[0].start()].split())
    if any(not i for i in items) or (lead and found[0].lastgroup == "n" and not lead.endswith(_LEAD_END)):
        return None  # "We met at 1. Then at 2. we left." numbers nothing: a lead before `1.` ends as a label
    return lead, items


def split_inline_lists(text: str) -> str:
    """`text` with every line that numbers its steps inline written as a lead paragraph and an ordered list
    (not inside a fenced block, an indented block, a table or a quote)."""
    out: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        plain = (
            not fenced
            and not line.startswith(("    ", "\t"))
            and not line.lstrip().startswith(("|", ">", "```"))
        )
        got = inline_items(line) if plain else None
        if got is None:
            out.append(line)
            continue
        lead, items = got
        out += ["", *([lead, ""] if lead else []), *[f"{i}. {s}" for i, s in enumerate(items, 1)], ""]
    return "\n".join(out)
