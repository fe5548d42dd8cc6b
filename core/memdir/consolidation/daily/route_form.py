"""Two line cues of an English episode's form for the learned router (routing round 18's, kept alone in round 19).

Lines led by a clock time whose text is not told in the past (`09:02 — reset max and min`, not
`07:40 — fed them`: a timed routine rather than a log of one night), and lines led by a section number
(`5.1 …`, `§4.2 …`: a method statement or a spec). Regex only: no weights, nothing downloaded. Japanese
texts (a CJK share of a fifth or more) get zeros: the cues are for the English side. Round 18 had six more
cues of the sentence form; with them the refit lost four routing tests (docs/daily.md, "Routing round 18").
"""

from __future__ import annotations

import re

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_TIME_LINE = re.compile(r"^\s*(?:[-*+]\s+)?\d{1,2}[:.]\d{2}\b\s*(?:[-–—:]\s*)?(.*)$")
_SECTION_LINE = re.compile(r"^\s*(?:#+\s*)?§?\d+\.\d+(?:\.\d+)?\.?\s+\S")
_PAST_WORD = re.compile(r"\b\w{3,}ed\b|\b(?:was|were|had|went|came|got|took|found|said)\b", re.I)

NAMES: tuple[str, ...] = ("form_time_line_share", "form_section_line_share")


def form_features(body: str) -> list[float]:
    """The shares of NAMES for an episode's body (zeros for a Japanese text)."""
    if len(_CJK.findall(body)) >= 0.2 * max(1, len(body.strip())):
        return [0.0] * len(NAMES)
    lines = [ln for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith("```")]
    if not lines:
        return [0.0] * len(NAMES)
    times = [m.group(1) for ln in lines if (m := _TIME_LINE.match(ln))]
    return [
        sum(not _PAST_WORD.search(t) for t in times) / len(lines),
        sum(bool(_SECTION_LINE.match(ln)) for ln in lines) / len(lines),
    ]
