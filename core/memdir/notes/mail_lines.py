"""A pasted mail's header is never a note's description (trial 20 #9 for the daily run; trial 21 #3e for the
other writers: an accepted review item, `memdir note add`).

A text that opens with a mail's header lines (two or more of From:/To:/Subject:/Date:/Cc:, 差出人：/宛先：/件名：/
日時：, or a sender's `From: … <address>`) is described by its subject without `Re:`/`Fwd:`/`転送：`, else by
the first sentence of its content after the header and a greeting line ("Dear Ms. Carter,", 「お世話になっております。」).
Any other text keeps its first line.
"""

from __future__ import annotations

import re

HEADER = re.compile(
    r"^\s*(?:from|to|subject|date|sent|cc|bcc|reply-to|差出人|送信者|件名|宛先|日時|送信日時|cc)\s*[:：]\s*\S",
    re.I,
)
_SENDER = re.compile(r"^\s*(?:from|差出人|送信者)\s*[:：].*<[^<>\s]+@[^<>\s]+>", re.I)
_SUBJECT = re.compile(r"^\s*(?:subject|件名)\s*[:：]\s*(.+)$", re.I)
_REPLY = re.compile(r"^(?:(?:re|fwd?|aw|wg|sv|tr)\s*(?:\[\d+\])?\s*[:：]\s*|(?:返信|転送)\s*[:：]\s*)+", re.I)
_GREETING = re.compile(
    r"^(?:dear|hi|hello|hey|good (?:morning|afternoon|evening)|to whom)\b[^.!?]{0,60}[,，!:]?$|"
    r"^(?:いつも)?お世話になって?(?:おります|います|ります)[。.]?$|^.{1,30}(?:様|さま|御中|各位)[,、，]?$",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|(?<=[。！？])")
_MARK = re.compile(r"^\s*(?:#+|[-*+>])\s*")


def header_count(lines: list[str]) -> int:
    """How many of the first (non-blank) lines are a mail's header lines."""
    return next((i for i, ln in enumerate(lines) if not HEADER.match(ln)), len(lines))


def _mail_head(lines: list[str]) -> int:
    """The number of header lines a text's first lines form as a pasted mail's header (0: none)."""
    n = header_count(lines)
    return n if n >= 2 or (n == 1 and _SENDER.match(lines[0])) else 0


def described_line(text: str) -> str:
    """The line that describes a text: a pasted mail's subject (or the first line of its content), else the
    first line; heading and list marks dropped; "" for an empty text."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    n = _mail_head(lines)
    if n:
        subject = next((m.group(1) for ln in lines[:n] if (m := _SUBJECT.match(ln))), "")
        said = _REPLY.sub("", subject).strip()
        if said:
            return said
        rest = [ln for ln in lines[n:] if not _GREETING.match(ln)]
        return _SENTENCE.split(rest[0], maxsplit=1)[0].strip() if rest else ""  # its first sentence
    return _MARK.sub("", lines[0]).strip() if lines else ""
