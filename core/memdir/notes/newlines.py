"""A file's line-ending style, kept on every write: a CRLF note stays CRLF.

A person on Windows (or Git with `core.autocrlf`) saves notes with CRLF line endings; memdir's
own text (a frontmatter key it sets, an outcome line, a dated section) is built with `\n`.
Written as it is, the file would end up with both. So when the file on disk ends every line
with CRLF, each bare `\n` of the new content becomes CRLF too. A file that already mixes the
two keeps its mix: nothing tells which lines a person meant which way, so none is changed.
"""

from __future__ import annotations

import re

_BARE_LF = re.compile(rb"(?<!\r)\n")


def is_crlf(data: bytes) -> bool:
    """True when data has line breaks and every one of them is CRLF."""
    crlf = data.count(b"\r\n")
    return crlf > 0 and crlf == data.count(b"\n")


def keep_line_endings(old: bytes, new: bytes) -> bytes:
    """new, with bare LFs made CRLF when old (the file's current bytes) is all CRLF; else new as it is."""
    if not is_crlf(old) or is_crlf(new):
        return new
    return _BARE_LF.sub(b"\r\n", new)


def crlf_like(text: str, like: str) -> str:
    """text with its line breaks made CRLF when `like` uses CRLF (for finding a section in a CRLF body)."""
    if "\r\n" not in like:
        return text
    return text.replace("\r\n", "\n").replace("\n", "\r\n")
