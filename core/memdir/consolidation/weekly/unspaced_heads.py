"""The service the calls pass, in the requests' own letters, over what requests in a script without spaces
share (round 64).

Burmese requests for a marionette's new strings ("…ကြိုးအသစ် တပ်ပေးနိုင်မလား။ …ယူလာပါမယ်။", "ကြိုးပြန်တပ်ပေးပါ။ …
ပို့ပါမယ်။") share a verb's ending (`ပါမယ်`, "will"), which every kind of the week writes, and the thing itself
(`ကြိုး`, "string"); the calls pass the service in the requests' letters: `tembiapo.téra=ရုပ်သေး
ကြိုးအသစ်တပ်ခြင်း (…)`, "marionette new-string fitting", the act and its thing. The head of such a constant
(before a number, a comma, a bracket or a full stop of the script) names the kind when it holds the phrase the
requests share (most of it, `ကြိုး` of `ကြိုးတွေ`, "the strings"; not a word beside it, `เช้า`, "morning", of
`คลาสมวยเช้า`) and more; when they share none (every kind of the week writes `ရုပ်သေး`), a head one of whose
words more than half of the requests write, over the tools' names in another language (`jogua_hára_heka,
jerure_ñongatu, …`). The first such head in the calls' order (a name before its description); "" when none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

_VALUE = re.compile(r"(?:^|[\s=])[^\W\d][\w.'-]*=([^\s`{=][^=`{}]*?)(?=\s+[^\W\d][\w.'-]*=|`|$)")
_HEAD_END = re.compile(r"[\d(（\[{;,.:!?、，。\u104a\u104b\u0e2f\u17d4\u17d5]")
_UNSPACED = re.compile(r"[\u0e01-\u0e4f\u0e81-\u0ecf\u1000-\u103f\u1050-\u108f\u1780-\u17d3]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
MIN_SHARED = 4  # characters of the phrase a head writes: a word's (`ကြိုး`, "string"), not a syllable's


def _shared(a: str, b: str) -> int:
    """Characters of the longest string both write."""
    m = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return m.size


def _heads(steps: Sequence[str]) -> list[str]:
    """Constants' heads in a script without spaces, no Latin letter, in the calls' order."""
    out: list[str] = []
    for step in steps:
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = " ".join(_HEAD_END.split(m.group(1), maxsplit=1)[0].split())
            if head and _UNSPACED.search(head) and not _LATIN.search(head) and head not in out:
                out.append(head)
    return out


def unspaced_head(phrase: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The head of a constant the calls pass that holds `phrase` and more, or (no phrase) one of whose words
    more than half of the requests write; "" when none (see the module)."""
    texts = [a for a in asked if a.strip()]
    if len(texts) < 3:
        return ""
    for head in _heads(steps):
        if phrase:
            common = _shared(phrase, head)
            if common >= MIN_SHARED and 2 * common > len(phrase) and len(head) > len(phrase):
                return head
        elif any(2 * sum(1 for t in texts if w in t) > len(texts) for w in head.split() if len(w) >= 3):
            return head
    return ""
