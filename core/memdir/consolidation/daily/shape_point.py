"""The sentence a person marks as the point of a note: "Worth remembering that X", "Good to know: X", 「Xので要注意。」.

A knowledge note's description is the sentence worth keeping, and a writer often says which one it is (trial 28
#11: "Mochi came back for the follow-up. Found the old X-ray … Worth remembering that transferred pets keep the
old owner name in PACS." was described by its first sentence). A marker before the point is dropped ("Worth
remembering that" -> "Transferred pets keep …"); a Japanese sentence that ends in its marker (「…ので注意。」,
「…ことは覚えておきたい。」) is kept whole, since cutting its end leaves no sentence.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.shape_case import cap_first
from memdir.consolidation.daily.shape_cols import width

_LEAD = re.compile(
    r"^(?:(?:it'?s|this is|that'?s|also|but|and)\s+)*(?:"
    r"(?:worth (?:remembering|knowing|noting|keeping in mind)|good to know|note to self|for the record|heads[- ]up|fyi|"
    r"the (?:thing|point|key thing|takeaway) (?:to (?:remember|know|note) )?is)(?:\s+that)?\s*[:,—–-]?\s+|"
    r"(?:remember|keep in mind|note|important)(?:\s+that\s+|\s*:\s*))"
    r"|^(?:覚えておくこと|覚えておきたいのは|ポイントは|大事なのは|注意点は|要注意|注意)[：:、は]\s*",
    re.I,
)
_TRAIL = re.compile(r"(?:[,，]\s*|\s+[—–-]\s*)(?:worth remembering|good to know|worth knowing)[.!]?$", re.I)
_JA_TRAIL = re.compile(
    r"(?:ので|から|こと(?:は|を)?)?(?:覚えておく|覚えておきたい|覚えておこう|忘れないように|要注意|注意)(?:こと|する)?[。.!！]?$"
)
MIN_POINT = 16  # what follows the marker says something (not "Note: see above")


def marked_point(sentence: str) -> str:
    """The point a sentence is marked as ("Worth remembering that X." -> "X."), else ""."""
    s = sentence.strip()
    m = _LEAD.match(s)
    if m and width(s[m.end() :]) >= MIN_POINT:
        return cap_first(s[m.end() :])
    t = _TRAIL.search(s)
    if t and width(s[: t.start()]) >= MIN_POINT:
        return s[: t.start()].rstrip(" ,") + "."
    j = _JA_TRAIL.search(s)
    if j and width(s[: j.start()]) >= MIN_POINT:
        return s
    return ""
