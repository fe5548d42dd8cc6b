"""What of a note gets indexed: the text for the lexical ranker and the chunks to embed.

Chunks follow the note's own structure (`## ` sections, then lines, then sentences) and
stay below the embedding model's 512-token window, so nothing past the window is lost.
Token counts are estimated from characters (an over-estimate for English and Japanese
with the e5 tokenizer), which keeps chunking free of tokenizer calls.
"""

from __future__ import annotations

import re

from memdir.notes.model import Note

DEFAULT_CHUNK_TOKENS = 256
MAX_CHUNK_TOKENS = 480
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s*")


def estimate_tokens(text: str) -> int:
    """Upper-bound estimate of e5 tokens: one per CJK character, one per three other characters."""
    wide = len(_WIDE.findall(text))
    return wide + (len(text) - wide + 2) // 3 + 1


def _split_long(line: str, limit: int) -> list[str]:
    """Split an over-long line at sentence ends, then hard by characters."""
    parts: list[str] = []
    buf = ""
    for sent in _SENTENCE.split(line):
        if not sent:
            continue
        if estimate_tokens(buf + sent) <= limit:
            buf += sent if not buf else " " + sent
            continue
        if buf:
            parts.append(buf)
        buf = sent
        while estimate_tokens(buf) > limit:
            cut = max(8, int(len(buf) * limit / estimate_tokens(buf)) - 1)
            parts.append(buf[:cut])
            buf = buf[cut:]
    if buf:
        parts.append(buf)
    return parts


def chunk_body(body: str, target: int = DEFAULT_CHUNK_TOKENS, header: str = "") -> list[str]:
    """Chunks of body of about `target` tokens each; every chunk starts with header (e.g. the title)."""
    budget = max(32, min(target, MAX_CHUNK_TOKENS) - estimate_tokens(header))
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
        pieces = [line] if estimate_tokens(line) <= budget else _split_long(line, budget)
        for piece in pieces:
            t = estimate_tokens(piece) + 1
            if cur and cur_tokens + t > budget:
                flush()
            cur.append(piece)
            cur_tokens += t
    flush()
    if not chunks and header:
        chunks.append(header)
    return chunks


def index_texts(note: Note, target: int = DEFAULT_CHUNK_TOKENS) -> tuple[list[str], str]:
    """(chunks to embed, text for the lexical ranker) of a parsed note."""
    title = note.title
    desc = note.meta.get("description") if hasattr(note.meta, "get") else None
    desc_s = desc.strip().splitlines()[0] if isinstance(desc, str) and desc.strip() else ""
    tags = note.meta.get("tags") if hasattr(note.meta, "get") else None
    tag_s = " ".join(str(t) for t in tags) if isinstance(tags, list) else (str(tags) if tags else "")
    header = title if not desc_s or desc_s == title else f"{title}: {desc_s}"
    header = header[:300]
    chunks = chunk_body(note.body, target=target, header=header)
    lexical = "\n".join(x for x in (title, desc_s, tag_s, note.body) if x)
    return chunks, lexical
