"""The built-in router: offline, deterministic, extractive.

It cuts an episode into blocks (paragraph, list, code, heading), scores every sentence,
list item and code block with generic cues (route_cues), and decides knowledge,
procedures or skip. An episode that holds both a lesson and a set of steps is split into
two parts. It only selects and arranges the episode's own wording: nothing is invented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memdir.consolidation.daily.route_cues import (
    JA_PLAIN_VERB_END,
    UnitScore,
    plain,
    score_code,
    score_heading,
    score_sentence,
    word_count,
)
from memdir.notes.frontmatter import parse_yaml, split_text

KINDS = ("knowledge", "procedures", "skip")
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)")
_LIST = re.compile(r"^\s*(?:([-*+])|(\d+)[.)])\s+")
_HEADING = re.compile(r"^#{1,6}\s")
_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")
_SENT_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(`])|(?<=[。！？])")

PROC_SHARE = 0.5  # procedures when proc / (proc + know) reaches this share
MIN_WORDS = 6  # fewer content words than this (outside links) is nothing reusable
SPLIT_MIN = 1.5  # each side needs this much cue weight before an episode is split
NAV_MAX_WORDS = 120  # a short text whose sentences are mostly links is navigation


@dataclass
class Block:
    """A contiguous piece of an episode: paragraph, list, code or heading."""

    kind: str  # "para" | "list" | "code" | "heading"
    text: str
    ordered: bool = False
    score: UnitScore = field(default_factory=UnitScore)
    units: int = 1


@dataclass(frozen=True)
class RoutedPart:
    """One routed piece of an episode: its kind, a title and the episode's own wording."""

    kind: str  # knowledge | procedures | skip
    title: str
    text: str
    proc: float = 0.0
    know: float = 0.0
    description: str = ""  # one line; empty means "first sentence of text"
    update: str | None = None  # an existing note chosen by the engine (validated by the planner)


def split_blocks(text: str) -> list[Block]:
    """Cut Markdown into blocks, keeping fenced code whole and list items together."""
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
        if line.strip():
            was_blank, blank = blank, False
        fm = _FENCE.match(line)
        if fm:
            flush()
            fence, lang = fm.group(1), fm.group(2)
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith(fence[:3]):
                j += 1
            blocks.append(Block("code", "\n".join(lines[i : j + 1]), ordered=False))
            blocks[-1].score = score_code(lang, "\n".join(lines[i + 1 : j]))
            i = j + 1
            continue
        if not line.strip():
            if cur_kind != "list":
                flush()
            blank = True
            i += 1
            continue
        if _HEADING.match(line):
            flush()
            blocks.append(Block("heading", line.strip()))
        elif _LIST.match(line):
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
            _score_block(b)
        elif b.kind == "heading":
            b.score = score_heading(b.text)
    return blocks


def _items(block: Block) -> list[str]:
    if block.kind == "list":
        items: list[str] = []
        for line in block.text.splitlines():
            if _LIST.match(line) or not items:
                items.append(line.strip())
            else:
                items[-1] += " " + line.strip()
        return items
    return [s for s in _SENT_SPLIT.split(" ".join(block.text.split())) if s.strip()]


def _score_block(block: Block) -> None:
    units = _items(block)
    total = UnitScore()
    for u in units:
        s = score_sentence(u)
        total.proc += s.proc
        total.know += s.know
        total.chat += s.chat
    if block.kind == "list" and units:
        if block.ordered:
            total.proc += 0.6 * len(units)
        total.proc += 0.6 * sum(1 for u in units if JA_PLAIN_VERB_END.search(u.strip()))
    block.score, block.units = total, max(1, len(units))


def content_words(blocks: list[Block]) -> int:
    """Words outside code blocks, headings and link-only list items."""
    n = 0
    for b in blocks:
        if b.kind in ("para", "list"):
            n += word_count(re.sub(r"\[[^\]]*\]\([^)]*\)", " ", b.text))
    return n


def link_share(blocks: list[Block]) -> float:
    """Share of sentences and list items that carry a Markdown link."""
    units = [u for b in blocks if b.kind in ("para", "list") for u in _items(b)]
    return sum(1 for u in units if _LINK.search(u)) / len(units) if units else 0.0


def classify_blocks(blocks: list[Block]) -> tuple[str, float, float]:
    """Decide the kind of a whole text from its blocks: (kind, proc, know)."""
    proc = sum(b.score.proc for b in blocks)
    know = sum(b.score.know for b in blocks)
    chat = sum(b.score.chat for b in blocks)
    words = content_words(blocks)
    has_code = any(b.kind == "code" for b in blocks)
    if words < MIN_WORDS and not has_code and (proc + know < 1.0 or words < 4):
        return "skip", proc, know
    if not has_code and words < NAV_MAX_WORDS and link_share(blocks) >= 0.5:
        return "skip", proc, know  # a page of pointers: nothing reusable of its own
    if chat > 0 and chat >= proc + know:
        return "skip", proc, know
    if proc + know < 0.5:
        return ("skip", proc, know) if words < 20 else ("knowledge", proc, know)
    return ("procedures" if proc / (proc + know) >= PROC_SHARE else "knowledge"), proc, know


def title_blocks(title: str, description: str = "") -> list[Block]:
    """The episode's title (and a document's description) scored as headings."""
    return [Block("heading", t, score=score_heading(t)) for t in (title, description) if t and t.strip()]


def classify(text: str, title: str = "") -> str:
    """knowledge, procedures or skip for a whole text (the routing benchmark's unit)."""
    split = split_text(text)
    desc = ""
    if split.has_frontmatter:
        meta = parse_yaml(split.yaml_text) if split.yaml_text.strip() else {}
        title = title or str(meta.get("title") or "")
        desc = str(meta.get("description") or "")
    return classify_blocks(split_blocks(split.body) + title_blocks(title, desc))[0]


def _block_kind(b: Block) -> str:
    if b.kind == "code":
        return "procedures" if b.score.proc > b.score.know else "neutral"
    if b.kind == "heading":
        return "neutral"
    if b.score.chat > b.score.proc + b.score.know:
        return "skip"
    if b.score.proc >= 1.0 and b.score.proc >= 1.5 * b.score.know:
        return "procedures"
    if b.score.know >= 0.5 and b.score.know > b.score.proc:
        return "knowledge"
    return "neutral"


def route_text(title: str, text: str) -> list[RoutedPart]:
    """Route one episode: one part, or a knowledge part and a procedures part when it mixes both."""
    body = split_text(text).body.strip()
    blocks = split_blocks(body)
    kind, proc, know = classify_blocks(blocks + title_blocks(title))
    if kind == "skip":
        return [RoutedPart("skip", title, body, proc, know)]
    labels = [_block_kind(b) for b in blocks]
    # a neutral block goes with the next labelled block (an intro before its steps), else the previous one
    resolved = list(labels)
    for i, lab in enumerate(labels):
        if lab == "neutral" or lab == "skip":
            nxt = next((labels[j] for j in range(i + 1, len(labels)) if labels[j] in KINDS[:2]), None)
            prev = next((resolved[j] for j in range(i - 1, -1, -1) if resolved[j] in KINDS[:2]), None)
            resolved[i] = nxt or prev or kind
    pw = sum(b.score.proc for b, r in zip(blocks, resolved, strict=True) if r == "procedures")
    kw = sum(b.score.know for b, r in zip(blocks, resolved, strict=True) if r == "knowledge")
    has_steps = any(
        r == "procedures" and b.kind in ("list", "code") for b, r in zip(blocks, resolved, strict=True)
    )
    if pw >= SPLIT_MIN and kw >= SPLIT_MIN and has_steps:
        parts = []
        for k in ("knowledge", "procedures"):
            chosen = [b.text for b, r in zip(blocks, resolved, strict=True) if r == k and b.kind != "heading"]
            if chosen:
                parts.append(RoutedPart(k, title, "\n\n".join(chosen), pw if k == "procedures" else 0.0, kw))
        if len(parts) == 2:
            return parts
    return [RoutedPart(kind, title, arrange(kind, body), proc, know)]


def arrange(kind: str, body: str) -> str:
    """Procedures written as prose become numbered steps (same sentences, same order); else unchanged."""
    if kind != "procedures":
        return body
    blocks = split_blocks(body)
    if any(b.kind in ("list", "code") for b in blocks):
        return body
    sentences = [s.strip() for b in blocks if b.kind == "para" for s in _items(b)]
    if len(sentences) < 2:
        return body
    return "\n".join(f"{i}. {s}" for i, s in enumerate(sentences, 1))


def summary_line(text: str, limit: int = 160) -> str:
    """The first sentence of a text's prose, on one line, for a `description`."""
    for b in split_blocks(text):
        if b.kind in ("para", "list"):
            first = _items(b)[0] if _items(b) else b.text
            line = " ".join(plain(re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", first)).split())
            if line:
                return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"
    return ""
