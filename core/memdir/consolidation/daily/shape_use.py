"""Lines of a pasted page that say when to use it, and lines that only say where it came from.

- A line labelled "When to use:", "Use this when:", "Purpose:", 「使うとき：」「目的：」 (or such a heading with
  a paragraph under it) is the page's own answer to what the procedure is for: it is the description.
- A breadcrumb or source line ("Copied from Confluence > SRE > Runbooks > Restore table", "Source: wiki",
  「社内Wikiから転載」) says where the text was, not what it is for: it is never the description.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.shape_text import is_step

_LABELS = (
    r"when to use(?: (?:it|this|them))?|use (?:it |this |them )?when|when you (?:need|want) (?:it|this)|"
    r"use cases?|purpose|goal|what (?:it|this) is for|applies when|"
    r"使うとき|使う時|使う場面|使用する場面|使いどころ|利用する場面|目的|用途|適用場面"
)
_USE = re.compile(rf"^\s*[*_]{{0,2}}\s*(?:{_LABELS})\s*[:：]\s*[*_]{{0,2}}\s*(?P<rest>\S.*)$", re.I)
_USE_HEADING = re.compile(rf"^#{{1,6}}\s*(?:{_LABELS})\s*[:：]?\s*$", re.I)
_SOURCE = re.compile(
    r"^\s*[*_]{0,2}(?:(?:copied|pasted|taken|imported|exported|mirrored|lifted|grabbed|adapted|moved)\s+"
    r"(?:\w+\s+){0,2}from\b|(?:source|from|via|origin|original|ref(?:erence)?)\s*[:：])|"
    r"(?:から|より)(?:コピー|転載|引用|抜粋|移植)|^\s*(?:出典|引用元|転載元|元ページ|元の?ページ)\s*[:：]",
    re.I,
)
_CRUMB = re.compile(r"\S\s+(?:>|›|»|/|→)\s+\S[^>›»→]{0,40}\s+(?:>|›|»|/|→)\s+\S")  # Space > Runbooks > Page


def source_line(sentence: str) -> bool:
    """True for a line that only says where the text came from (a breadcrumb, "Copied from …")."""
    if (
        "," in sentence or "、" in sentence or is_step(sentence)
    ):  # "Taken from the freezer, thaw…", "Go to A > B"
        return False
    return bool(_SOURCE.search(sentence)) or (bool(_CRUMB.search(sentence)) and len(sentence) <= 120)


def use_line(blocks: list[Block]) -> str:
    """The text of the page's own when-to-use or purpose line, or ""."""
    for i, b in enumerate(blocks):
        if b.kind == "heading" and _USE_HEADING.match(b.text):
            after = blocks[i + 1] if i + 1 < len(blocks) else None
            if after is not None and after.kind == "para":
                return sentences(after.text)[0]
        if b.kind not in ("para", "list"):
            continue
        for line in b.text.splitlines():
            m = _USE.match(re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", line))
            if m:
                return " ".join(m.group("rest").split()).strip("*_ ")
    return ""
