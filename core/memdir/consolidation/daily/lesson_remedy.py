"""The words that say what fixed a failure ("Batch 2 with accumulation 8 fixed it.", "Fixed by saving …",
「〜で直った」): what was done about the failure, never the failure itself (`lesson_text.is_remedy`; the
routing's fix notes, `route_fix_note.py`)."""

from __future__ import annotations

import re

REMEDY = re.compile(
    r"(?i)\b(?:fixed|solved|resolved|cured|sorted out)\b(?!\s+(?:price|prices|rate|rates|fee|fees|cost|costs|"
    r"term|schedule|width|size|point|income|menu|amount|number|time|date|slot|slots)\b)|"
    r"\b(?:did the trick|worked around it|got it working)\b|"
    r"(?:で|して|したら)(?:直った|直りました|解決した|解決しました|解消した|解消しました|復旧した|復旧しました)|"
    r"(?:が|は)?(?:直った|復旧した)。?$"
)
