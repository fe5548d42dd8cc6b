"""A word of a tool's name as the requests write it: `tuneup` of `schedule_tuneup` is "tune-up"."""

from __future__ import annotations

import re
from collections.abc import Sequence


def spelled(word: str, asked: Sequence[str]) -> str:
    """The word as a request writes it, a hyphen or space inside allowed (`touchup` -> `touch-up`)."""
    pattern = re.compile(r"(?<![^\W\d_])" + r"[- ]?".join(map(re.escape, word)) + r"(?![^\W\d_])", re.I)
    found = next((m.group(0) for a in asked if (m := pattern.search(a))), "")
    return found.lower() if found else word
