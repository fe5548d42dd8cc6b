"""How a usage report's work went, read past two words that misled it (trial 29 #1, #3).

- **A failure retried until it went through** is a success: "One refund failed with a timeout the first time;
  ran it again and it went through." was counted as a failure. `retried_through` finds a failure, then a retry
  after it ("ran it again", "retried", "on the second try", 「再実行したら」「もう一度送ったら」), then a word of
  success after the retry and no failure after that; the failure words before the retry are then left out
  (`without_retried`). "Retried, still failed" and "had to redo it, the pH was still off" stay failures.
- **Work done for a later day is not pending**: "Tune-up on four bikes for tomorrow, the usual way." was
  `unknown` because "tomorrow" is a pending word ("the rebuild finishes tomorrow"). "for tomorrow",
  "tomorrow's bookings", 「明日の分」 say what the work was for (`without_for_later`).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.past_tense import PAST_VERB

_RETRY = re.compile(
    rf"\b(?:{PAST_VERB}\s+(?:it|them|that|the \w+)\s+again|"
    r"(?:tried|ran|did it|sent it)\s+(?:a\s+)?(?:second|2nd|another)\s+(?:time|try|attempt)|"
    r"retried|re-?ran it|re-?sent it|(?:on|at)\s+the\s+(?:second|2nd|next)\s+(?:try|attempt|go)|second time round)\b|"
    r"再実行し|再送し|再試行し|もう一度[^。、]{0,12}?(?:したら|すると|やったら|送ったら|実行したら)|二回目で|2回目で",
    re.I,
)
_THROUGH = re.compile(
    r"\b(?:went through|worked|succeeded|passed|was fine|were fine|was ok|went fine|it took|got through|"
    r"came through|ok)\b|通った|成功した|成功しました|できた|できました|うまくいった|送れた|完了した",
    re.I,
)


def _retry_through(text: str, failed: re.Pattern[str]) -> re.Match[str] | None:
    """The retry after the first failure when a word of success follows it and no failure does (None: none)."""
    first_fail = failed.search(text)
    if first_fail is None:
        return None
    retry = next((m for m in _RETRY.finditer(text) if m.start() > first_fail.start()), None)
    if retry is None:
        return None
    after = text[retry.end() :]
    return retry if _THROUGH.search(after) and not failed.search(after) else None


def retried_through(text: str, failed: re.Pattern[str]) -> bool:
    """Whether a failure (a match of `failed`, route_usage.FAILED) was followed by a retry that went through, with no failure after it."""
    return _retry_through(text, failed) is not None


def without_retried(text: str, failed: re.Pattern[str]) -> str:
    """The text without the failure words a retry that went through made good (unchanged when none did)."""
    retry = _retry_through(text, failed)
    if retry is None:
        return text
    return failed.sub(" ", text[: retry.start()]) + text[retry.start() :]


_FOR_LATER = re.compile(
    r"\bfor (?:tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:'s|’s)?\b|"
    r"\btomorrow(?:'s|’s)\b|明日の分|明日分|翌日分",
    re.I,
)


def without_for_later(text: str) -> str:
    """The text without what says the work was for a later day ("for tomorrow", "tomorrow's bookings")."""
    return _FOR_LATER.sub(" ", text)
