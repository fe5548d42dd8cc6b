"""Text a daily run reports: the unified diff of a planned write, and how many decisions took each action."""

from __future__ import annotations

import difflib


def diff_of(old: str, new: str, path: str) -> str:
    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    return "".join(difflib.unified_diff(a, b, "/dev/null" if not old else f"a/{path}", f"b/{path}"))


def count_actions(decisions: list[dict[str, object]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for d in decisions:
        key = str(d.get("action"))
        out[key] = out.get(key, 0) + 1
    return out
