"""The outcome an episode states of an open decision it names ("rolled back", "worked", 「うまくいった」)."""

from __future__ import annotations

import re

OUTCOME = {
    "reverted": re.compile(
        r"(?i)\b(?:rolled back|reverted|revert(?:ing)? it|undid)\b|切り戻|元に戻した|戻した"
    ),
    "failure": re.compile(
        r"(?i)\b(?:did not work|didn't work|backfired|made it worse|was a mistake)\b|うまくいかな|失敗だった"
    ),
    "partial": re.compile(r"(?i)\b(?:partly|partially|half of|mixed results?)\b|一部|半分"),
    "success": re.compile(
        r"(?i)\b(?:worked|works well|paid off|turned out well|went well|no incidents?)\b|うまくいった|成功|効果があった"
    ),
}


def result_of(text: str) -> str | None:
    """The outcome an episode states (reverted > failure > partial > success), or None."""
    for result, pattern in OUTCOME.items():
        if pattern.search(text):
            return result
    return None
