"""One line a person keeps from a short report: its sentences without list numbers or markdown marks.

An outcome line (`- 2026-11-20 success: ...`) quotes the report it came from. A report written as a
list ("1. Rotated the password, the usual steps. 2. All fine.") or with markdown (`**done**`,
`` `make` ``, `> quoted`) reads as one plain line: the marks go, the words stay in their order, a line
that ends without punctuation is closed with ";" unless the next one goes on with its sentence (it opens in
lower case or with a bracket: a line break inside a sentence is a space), and a long report is cut at the last sentence (or
word) that fits, with "…"; a one-line summary (a review item's description) never ends in half a bracket.
"""

from __future__ import annotations

import re

MAX_CHARS = 200
_LEAD = re.compile(
    r"^\s*(?:#{1,6}\s+|>\s*)*(?:(?:\d{1,3}|[a-zA-Z]|[０-９]{1,3})[.)．）]\s+|[-*+•・]\s+|[（(]\d{1,3}[)）]\s*|[①-⑳]\s*)?"
)
_MARKS = re.compile(r"\*\*|__|(?<![\w`])[*_](?=\S)|(?<=\S)[*_](?![\w`])|`+")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_END = ".!?:;。！？：；…"
_CJK = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


def _clean(line: str) -> str:
    line = _LEAD.sub("", line)
    line = _LINK.sub(r"\1", line)
    return " ".join(_MARKS.sub("", line).split())


# a line that goes on with the sentence before it: it opens in lower case, with a bracket, a comma or a dash
_GOES_ON = re.compile(r"^[a-z(\[（「『,、\-–—]")


def _join(pieces: list[tuple[str, bool]]) -> str:
    out = ""
    for piece, item in pieces:
        if not out:
            out = piece
            continue
        if out[-1] not in _END and (item or not _GOES_ON.match(piece)):
            out += "、" if _CJK.match(out[-1]) else ";"
        out += "" if _CJK.match(out[-1]) and _CJK.match(piece[0]) else " "
        out += piece
    return out


def clip(text: str, limit: int = MAX_CHARS) -> str:
    """At most `limit` characters, cut after the last sentence (else word) that fits, with "…"."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    ends = [
        i
        for i, ch in enumerate(head)
        if ch in ".!?。！？" and (i + 1 == len(head) or not head[i + 1].isalnum())
    ]
    if ends and ends[-1] >= limit // 2:
        return head[: ends[-1] + 1] + " …" if head[ends[-1]] in ".!?" else head[: ends[-1] + 1] + "…"
    space = head.rfind(" ")
    return (head[:space] if space >= limit // 2 else head).rstrip(" ,;、") + "…"


_PAIRS = {"(": ")", "[": "]", "（": "）", "「": "」", "`": "`"}


def clip_whole(text: str, limit: int = MAX_CHARS) -> str:
    """`clip`, and a bracket or code span the cut leaves open goes whole: never half a reference such as
    "(episodes/" at the end of a line (trial 25 re-check 2 M7)."""
    out = clip(text, limit)
    if out == text:
        return text
    body = out.rstrip(" …")
    opened: list[tuple[str, int]] = []
    for i, ch in enumerate(body):
        if opened and ch == _PAIRS[opened[-1][0]]:
            opened.pop()
        elif ch in _PAIRS:
            opened.append((ch, i))
    if opened:
        body = body[: opened[0][1]].rstrip(" ,;:、")
    # "…" apart from a word, so a command cut there is never copied as "--success…"
    return body + ("…" if _CJK.match(body[-1:]) else " …")


def gist(text: str, limit: int = MAX_CHARS) -> str:
    """The report as one plain line of at most `limit` characters."""
    # a list item or a heading is a piece of its own; a line break inside a sentence is a space (trial 25 re-check N6)
    pieces = [(_clean(ln), bool(_LEAD.match(ln).group(0).strip())) for ln in text.splitlines()]  # type: ignore[union-attr]
    return clip(_join([(c, item) for c, item in pieces if c]), limit)
