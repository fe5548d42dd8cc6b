"""An episode's Markdown cut into blocks (paragraph, list, fenced code, heading) and units.

A *unit* is one sentence of a paragraph or one item of a list. Every block carries the cue
scores of its units (route_cues), which the router's features and the note shaping read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memdir.consolidation.daily.route_cues import (
    JA_PLAIN_VERB_END,
    UnitScore,
    score_code,
    score_heading,
    score_sentence,
    word_count,
)
from memdir.consolidation.daily.sentence_ends import split_sentences

FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)")
LIST_ITEM = re.compile(r"^\s*(?:([-*+])|(\d+)[.)])\s+")
HEADING = re.compile(r"^#{1,6}\s")
LINK = re.compile(r"\[[^\]]*\]\([^)]*\)|https?://\S+")
# sentence ends: . ! ? before a capital, a digit, a quote, or Japanese after a word's end (an English sentence and
# the Japanese one after it in one paragraph, trial 20); Japanese 。！？ always
INLINE_CODE = re.compile(r"`[^`\n]+`")
SENT_SPLIT = re.compile(
    r"(?<=[.!?])\s+(?=[A-Z0-9\"'(`*\x00「『（])|(?<=[a-z0-9)\]\"'][.!?])\s+(?=[\u3040-\u30ff\u4e00-\u9fff])|(?<=[。！？])"
)  # Japanese after a word's end only: a label's capital ("Q. なぜ…", "A. …") opens its own line's sentence


@dataclass
class Block:
    """A contiguous piece of an episode: paragraph, list, code or heading."""

    kind: str  # "para" | "list" | "code" | "heading"
    text: str
    ordered: bool = False
    lang: str = ""  # a fenced code block's info string
    score: UnitScore = field(default_factory=UnitScore)
    units: int = 1


def split_blocks(text: str) -> list[Block]:
    """Cut Markdown into blocks, keeping fenced code whole and list items together; score each."""
    blocks: list[Block] = []
    cur: list[str] = []
    cur_kind = ""
    lines = text.splitlines()
    i = 0

    def flush() -> None:
        nonlocal cur, cur_kind
        if cur and "".join(cur).strip():
            body = "\n".join(cur).strip("\n")
            ordered = cur_kind == "list" and bool(re.match(r"^\s*\d+[.)]\s", cur[0]))
            blocks.append(Block(cur_kind or "para", body, ordered))
        cur, cur_kind = [], ""

    blank = False
    while i < len(lines):
        line = lines[i]
        was_blank = blank
        if line.strip():
            blank = False
        fm = FENCE.match(line)
        if fm:
            flush()
            fence, lang = fm.group(1), fm.group(2)
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith(fence[:3]):
                j += 1
            blocks.append(Block("code", "\n".join(lines[i : j + 1]), lang=lang))
            blocks[-1].score = score_code(lang, "\n".join(lines[i + 1 : j]))
            i = j + 1
            continue
        if not line.strip():
            if cur_kind != "list":
                flush()
            blank = True
        elif HEADING.match(line):
            flush()
            blocks.append(Block("heading", line.strip()))
        elif LIST_ITEM.match(line):
            if cur_kind != "list":
                flush()
                cur_kind = "list"
            cur.append(line)
        elif cur_kind == "list" and (line.startswith((" ", "\t")) or not was_blank):
            cur.append(line)
        else:
            if cur_kind == "list":
                flush()
            cur_kind = "para"
            cur.append(line)
        i += 1
    flush()
    for b in blocks:
        if b.kind in ("para", "list"):
            score_block(b)
        elif b.kind == "heading":
            b.score = score_heading(b.text)
    return blocks


def units(block: Block) -> list[str]:
    """A list's items (continuation lines joined) or a paragraph's sentences."""
    if block.kind == "list":
        items: list[str] = []
        for line in block.text.splitlines():
            if LIST_ITEM.match(line) or not items:
                items.append(line.strip())
            else:
                items[-1] += " " + line.strip()
        return items
    return sentences(block.text)


def sentences(text: str) -> list[str]:
    """The sentences of a paragraph, on one line each (never split inside `inline code`)."""
    flat = " ".join(text.split())
    spans = INLINE_CODE.findall(flat)
    masked = INLINE_CODE.sub(lambda m: f"\x00{len(m.group(0))}\x00", flat) if spans else flat
    out = split_sentences(SENT_SPLIT, masked)
    if spans:
        it = iter(spans)
        out = [re.sub(r"\x00\d+\x00", lambda _m: next(it), s) for s in out]
    return out


def strip_marker(item: str) -> str:
    """A list item without its `- ` / `1. ` marker."""
    return LIST_ITEM.sub("", item, count=1).strip()


def score_block(block: Block) -> None:
    """Sum the cue scores of a paragraph's or list's units (ordered lists add step weight)."""
    parts = units(block)
    total = UnitScore()
    for u in parts:
        s = score_sentence(u)
        total.proc += s.proc
        total.know += s.know
        total.chat += s.chat
    if block.kind == "list" and parts:
        if block.ordered:
            total.proc += 0.6 * len(parts)
        total.proc += 0.6 * sum(1 for u in parts if JA_PLAIN_VERB_END.search(u.strip()))
    block.score, block.units = total, max(1, len(parts))


def content_words(blocks: list[Block]) -> int:
    """Words outside code blocks, headings and links."""
    return sum(word_count(LINK.sub(" ", b.text)) for b in blocks if b.kind in ("para", "list"))


def link_share(blocks: list[Block]) -> float:
    """Share of sentences and list items that carry a link."""
    found = [u for b in blocks if b.kind in ("para", "list") for u in units(b)]
    return sum(1 for u in found if LINK.search(u)) / len(found) if found else 0.0
