"""Which steps of a procedure are current, said at its top when a later version is appended below.

The daily run and an accepted merge add to a note by appending a dated section under what was there
(`## 2026-12-01 — Plate change (revised)`), so a person opening a procedure that was rewritten reads
the old steps first. When the appended section holds steps of its own (a list of three items or more,
or a code block), one line under the title points at it; a later version moves the line on. The line
is memdir's own (it starts with CURRENT) and is replaced, never repeated; every other byte is kept. A note a
person wrote (`origin: human`, or no `origin`) gets no such line: nothing above their own text changes (the
merged section itself says what changed, `review_apply.py`).

A translation is not a later version (trial 18): text added in the other language than the note's own
(English and Japanese, `language`) goes under a language heading (`## Japanese version — …`, no date at its
start, so `memdir context` keeps the note's own steps first) and never moves the CURRENT line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

CURRENT = "> **Current steps:**"
LANGUAGE_NAMES = {"en": "English", "ja": "Japanese"}
# a text that calls itself a revision, in either language: a later version even when it is in the other one
_REVISED = re.compile(
    r"\b(?:revised|revision|updated|new version|v\d+|rev\.?\s?\d+)\b|改訂|改定|更新|新版|新しい手順|変更後",
    re.I,
)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")
# where a note's own text ends: a dated section, a version in another language, a fenced block's edge aside
_ADDED = re.compile(r"^##[ \t]+(?:\d{4}-\d{2}-\d{2}\b|(?:English|Japanese) version\b)", re.M)
_ITEM = re.compile(
    r"^[ \t]*(?:[-*+•・][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,3}[.)．][ \t]*|[０-９]{1,3}[．.][ \t]*)\S"
)
_FENCE = re.compile(r"^[ \t]*(```|~~~)", re.M)
_POINTER = re.compile(r'the section "(.*)" below;')


def has_steps(text: str) -> bool:
    """Whether `text` holds steps of its own: a list of three items or more, or a fenced code block."""
    return len(_FENCE.findall(text)) >= 2 or sum(1 for ln in text.splitlines() if _ITEM.match(ln)) >= 3


def later_steps(meta: Mapping[str, object], body: str, added: str) -> bool:
    """Whether appending `added` to a note memdir made (meta's `origin`) gives it a later version of its steps."""
    made = str(meta.get("origin") or "") not in ("", "human")
    return made and has_steps(body) and has_steps(added)


def mark_current(body: str, heading: str) -> str:
    """`body` with the CURRENT line under its title pointing at the section `## <heading>`."""
    line = f'{CURRENT} the section "{heading}" below; the steps above it are an earlier version.'
    lines = body.split("\n")
    for i, ln in enumerate(lines):
        if ln.startswith(CURRENT):
            lines[i] = line
            return "\n".join(lines)
    top = next((i for i, ln in enumerate(lines) if ln.strip()), 0)
    if lines and lines[top].startswith("# "):
        return "\n".join([*lines[: top + 1], "", line, *lines[top + 1 :]])
    return "\n".join([line, "", *lines])


def split_earlier(body: str) -> tuple[str, str]:
    """(the earlier version, the rest) of a body whose CURRENT line points at a later section: the earlier
    version is what lies between that line and the section's heading. ("", body) when there is no such line
    or its section is gone (a person renamed it): nothing is taken for earlier on a guess."""
    lines = body.split("\n")
    at = next((i for i, ln in enumerate(lines) if ln.startswith(CURRENT)), None)
    if at is None:
        return "", body
    m = _POINTER.search(lines[at])
    heading = m.group(1) if m else None
    end = next(
        (j for j in range(at + 1, len(lines)) if heading and lines[j].rstrip() == f"## {heading}"), None
    )
    if end is None:
        return "", body
    return "\n".join(lines[at + 1 : end]), "\n".join([*lines[: at + 1], *lines[end:]])


def language(text: str) -> str:
    """`ja` when Japanese characters are at least a fifth of the letters, else `en`."""
    cjk = len(_CJK.findall(text))
    latin = len(_LATIN.findall(text))
    return "ja" if cjk and cjk * 2 >= 0.2 * (cjk * 2 + latin) else "en"


def own_text(body: str) -> str:
    """The note's own text: its body up to the first section memdir appended (dated, or another language's)."""
    m = _ADDED.search(body)
    own = body[: m.start()] if m else body
    return "\n".join(ln for ln in own.splitlines() if not ln.startswith(CURRENT))


def other_language(body: str, added: str, title: str = "") -> str | None:
    """The name of `added`'s language ("Japanese") when it is a translation of the note: in the other language
    than the note's own text, and not called a revision by its title or first line ("…（改訂）", "(revised)",
    "v2"), which stays a later version (trial 16). Else None."""
    mine, theirs = _clearly(own_text(body)), _clearly(added)
    first = next((ln for ln in added.splitlines() if ln.strip()), "")
    if not mine or not theirs or mine == theirs or _REVISED.search(f"{title}\n{first}"):
        return None
    return LANGUAGE_NAMES[theirs]


def _clearly(text: str) -> str:
    """`ja` or `en` when the text is written in it (Japanese at least half the letters, or under a fifth), else ""
    (an English note with a Japanese word or two in it is no translation of an English text)."""
    cjk = len(_CJK.findall(text)) * 2
    share = cjk / (cjk + len(_LATIN.findall(text)) or 1)
    return "ja" if share >= 0.5 else "en" if share < 0.2 else ""


def language_heading(language_name: str, label: str) -> str:
    """The heading of a version in another language: `Japanese version — <label>` (no date at its start)."""
    return f"{language_name} version — {label}"
