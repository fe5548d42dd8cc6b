"""A terse usage report: "same as before: test, tag, publish" / 「いつも通り：…」 in a note's bullets (trial 13).

`- same as before: test, set-version, publish --dry-run, tag, publish` / `- took 3 min` is a report
that a known procedure was followed; the usage model read it at p=0.09 (its cues are those of prose
reports: a colon label, a value with a unit, no completion word), so it was skipped and the procedure
got no outcome. `recap_report` is the bullet-note form of `route_usage.plain_report`: the text opens
with the usual way (`USUAL`, as a label or in its first sentence) or with a sentence told as done that
names it; it writes no code, asks nothing and shows no sign of new material (`route_usage._NEW`); a
duration ("took 3 min", 「5分で終わった」) is how long the usual way took, not a changed value, so only
other values with a unit count against it; every line is short and there are few (a recap of step names, not
steps written out, no numbered list). Anything else is left to the usage model.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.route_usage import _DONE_EN, _DONE_JA, _NEW, _NUM, USUAL, names_usual_way

MAX_WORDS = 16  # words (or CJK characters / 2) of a recap line; longer lines write steps out
MAX_LINES = 4  # a recap is a few lines; more is a note of its own
_NUMBERED = re.compile(r"^\s*\d+[.)]\s", re.M)
_MARK = re.compile(r"^\s*(?:[-*+•・]|\d+[.)])\s+")
_DURATION = re.compile(
    r"(?i)\b(?:took|takes|in|after|about|around|within|~)\s*(?:about\s+|around\s+)?\d+(?:[.,]\d+)?\s*"
    r"(?:s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?)\b|"
    r"\d+(?:[.,]\d+)?\s*(?:秒|分|時間)(?:ほど|くらい|ぐらい)?(?:で|かかっ|かかり|要し)"
)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def _size(line: str) -> float:
    return len(re.findall(r"[A-Za-z0-9][\w.'-]*", line)) + len(_CJK.findall(line)) / 2


def recap_report(body: str, blocks: list[Block]) -> bool:
    """Whether `body` is a terse report of following a known procedure (see the module's docstring)."""
    if any(b.kind == "code" for b in blocks) or "?" in body or "？" in body:
        return False
    if len(_NUMBERED.findall(body)) > 1:  # "As usual:" over numbered steps writes the steps out
        return False
    lines = [_MARK.sub("", ln).strip() for ln in body.strip().splitlines() if ln.strip()]
    if not lines or len(lines) > MAX_LINES or any(_size(ln) > MAX_WORDS for ln in lines):
        return False
    rest = _DURATION.sub(" ", body)
    if _NEW.search(rest) or _NUM.search(rest):
        return False
    first = (sentences(lines[0]) or [lines[0]])[0].strip()
    opens = USUAL.match(first) or USUAL.match(lines[0])
    told = (_DONE_EN.match(first) or _DONE_JA.search(first)) and names_usual_way(first)
    return bool(opens or told)
