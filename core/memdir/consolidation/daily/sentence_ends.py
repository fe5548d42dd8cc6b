"""Where a sentence ends: a full stop after an abbreviation is not the end of one.

"…flagged for Dr. Ito to review", "e.g. the spare key", "No. 4", "J. Smith", "at 9 a.m. on Monday", a date's ordinal ("Mittwoch, 2. Dezember", "am 3. Tag"):
the daily run's sentence splitters (`blocks.sentences`, `lesson_sentences.sentences`) split on a full stop
followed by a space, so each cut such a sentence in two and a description ended at "…for Dr.".
`split_sentences` hides these full stops from a splitter and puts them back in every piece. Decimals
and versions ("3.5", "v2.4.1") have no space after the dot, so no splitter cuts them.
"""

from __future__ import annotations

import re

_DOT = "\x1f"  # stands in for a full stop that ends no sentence while a splitter runs
# Month names (German, English) after a date's ordinal dot ("Mittwoch, 2. Dezember"): that dot ends no sentence.
_MONTHS = (
    r"januar|jänner|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|november|dezember|"
    r"january|february|march|may|june|july|october|december|jan|feb|mär|mar|apr|jun|jul|aug|sept?|okt|oct|nov|dez|dec"
)
# A title or a short form that is never the last word of a sentence (a name or a number follows).
_TITLES = r"Dr|Mr|Mrs|Ms|Mx|Prof|St|Mt|Jr|Sr|Capt|Sgt|Lt|Gen|Col|Rev|Hon|Fr|Sen|Rep|Gov|Supt|Insp"
_ALWAYS = re.compile(
    rf"(?<![\w.])(?:{_TITLES})\.(?=\s+[A-Z\d\u30a0-\u30ff\u4e00-\u9fff])|"  # Dr. Ito, St. Mary's, Dr. 伊藤
    r"(?i:(?<![\w.])(?:e\.g|i\.e|cf|vs|viz|approx|incl|esp|ca|resp|w\.r\.t|n\.b))\.(?=\s)|"  # e.g. the …
    r"(?<![\w.])(?i:no|nos|vol|fig|art|sec|ch|pp?|ref|tel|ext)\.(?=\s+#?\d)|"  # No. 4, Fig. 2, p. 12
    r"(?<![\w.°])(?!I\.)[A-Z]\.(?=\s+[A-Z][a-z])|"  # J. Smith (an initial before a name; "210 °C. After" ends)
    rf"(?<![\w.])\d{{1,2}}\.(?:\d{{1,2}}\.)?(?=\s+(?i:{_MONTHS})\b)|"  # a date's ordinal: "2. Dezember", "3. Mai"
    r"(?<![\w.])(?i:am|vom|zum|bis|ab|seit|den|dem|der|die|das|im|beim)\s+\d{1,2}\.(?=\s+\w)"  # "am 3. Tag"
)
# Ends a sentence only before a capital letter ("…milk, eggs etc. Then …"); inside one before a lowercase
# word or a number ("etc. and", "at 9 a.m. on Monday", "Acme Inc. said").
_UNLESS_CAPITAL = re.compile(
    r"(?i:(?<![\w.])(?:etc|a\.m|p\.m|inc|ltd|co|corp|dept|est|min|max|hrs?|mins?|sq|ft|oz|lbs?))\."
    r"(?=\s+[a-z\d(])"
)
_INNER = re.compile(r"(?<=\w)\.(?=\w)")  # the dots inside "e.g", "a.m", "w.r.t" (no space after them)


def _hide(m: re.Match[str]) -> str:
    return _INNER.sub(_DOT, m.group(0))[:-1] + _DOT


def hide_abbreviations(text: str) -> str:
    """`text` with every full stop that belongs to an abbreviation replaced by a stand-in."""
    return _UNLESS_CAPITAL.sub(_hide, _ALWAYS.sub(_hide, text))


def restore(text: str) -> str:
    """The full stops `hide_abbreviations` hid, back in place."""
    return text.replace(_DOT, ".")


def split_sentences(splitter: re.Pattern[str], text: str) -> list[str]:
    """`splitter.split(text)` with abbreviations kept inside their sentence; pieces stripped, empty ones dropped."""
    return [restore(s).strip() for s in splitter.split(hide_abbreviations(text)) if s and s.strip()]
