"""A lesson's fix before its failure detail, for a budgeted excerpt (the file itself is never reordered).

A lesson (`## When it applies`, `## What failed`, `## What worked instead`, `## How to check`)
lists its failures first, one line per task or episode. A budgeted excerpt read from the top is
cut in "What failed" when the failed step is long or seen often (trial 14: three lines of the
same 120-character command filled the cut), so the agent got the mistake and never its fix. The
context block therefore shows a lesson's sections in the order an agent needs them: when it
applies, what worked instead, how to check, then what failed and the rest. Failure lines that
say the same thing for different tasks (`` `t-3` (2026-11-26): `cmd` failed: … ``) become one
line naming each task (in a procedure's "Known failures" too).
"""

from __future__ import annotations

import re

_HEADING2 = re.compile(r"^##[ \t]+(.+?)[ \t]*$", re.M)
_FENCE = re.compile(r"^[ \t]*(```|~~~)", re.M)
FIRST = ("when it applies", "what worked instead", "how to check")
FIX = "what worked instead"
FAILED = ("what failed", "known failures")
# a failure line's own reference: a leading "`id` (date): " or a trailing " (`episode ref`)"
_LEAD_REF = re.compile(r"^-[ \t]+(`[^`\n]+`(?:[ \t]+\(\d{4}-\d{2}-\d{2}\))?):[ \t]+(.+)$")
_TAIL_REF = re.compile(r"^-[ \t]+(.+?)[ \t]+\((`[^`\n]+`)\)$")


def _fenced(body: str, pos: int) -> bool:
    return len(_FENCE.findall(body, 0, pos)) % 2 == 1


def _sections(body: str) -> tuple[str, list[tuple[str, str]]]:
    """The text before the first `## ` heading, and each (heading name lowered, section text)."""
    heads = [m for m in _HEADING2.finditer(body) if not _fenced(body, m.start())]
    if not heads:
        return body, []
    out = []
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(body)
        out.append((m.group(1).strip().lower(), body[m.start() : end].strip()))
    return body[: heads[0].start()].strip(), out


def merge_same_failures(section: str) -> str:
    """Failure bullets that differ only in their task or episode reference, as one bullet naming each."""
    merged: list[str] = []
    groups: dict[tuple[bool, str], tuple[int, list[str]]] = {}  # (leading ref?, text) -> (line, refs)
    for line in section.splitlines():
        lead, tail = _LEAD_REF.match(line), _TAIL_REF.match(line)
        if not lead and not tail:
            merged.append(line)
            continue
        key = (True, lead.group(2)) if lead else (False, tail.group(1) if tail else "")
        ref = lead.group(1) if lead else (tail.group(2) if tail else "")
        if key in groups:
            groups[key][1].append(ref)
            continue
        groups[key] = (len(merged), [ref])
        merged.append(line)
    for (leading, text), (at, refs) in groups.items():
        if len(refs) > 1:
            merged[at] = f"- {', '.join(refs)}: {text}" if leading else f"- {text} ({', '.join(refs)})"
    return "\n".join(merged)


def fix_first(body: str) -> str:
    """The body with "What worked instead" (and "How to check") before "What failed", and the same
    failure told for several tasks as one line; a body with neither is returned unchanged."""
    head, sections = _sections(body)
    merged = [(name, merge_same_failures(text) if name in FAILED else text) for name, text in sections]
    has_fix = any(name == FIX for name, _ in sections)
    if not has_fix and merged == sections:
        return body
    first = [text for want in FIRST for name, text in merged if name == want] if has_fix else []
    rest = [text for name, text in merged if not (has_fix and name in FIRST)]
    return "\n\n".join(p for p in (head, *first, *rest) if p) + "\n"
