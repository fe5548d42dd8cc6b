"""Whether a usage report is about a procedure's work before its outcome is counted there (trial 29 #1, #4).

Trial 29 #1: "Refunded the deposits for the three rentals that came back yesterday after checking the bikes. One
refund … failed with a timeout the first time; ran it again and it went through." names no usual way and no word
of the tune-up, yet it was counted as a **failure** of the hand-written "Rental bike tune-up" (confidence 0.8 ->
0.53): the usage model read a report of work done, the first rule's score reached 0.71 on "rentals" and "bikes"
(the title's share, 2 of its 4 words, are the things worked on, not the work), and nothing asked whether the
tune-up is what was done. Two checks close that path:

- `work_differs` — a count on a procedure needs a report whose act the procedure names: one of the verbs it
  tells as done ("Refunded") in the procedure's title, description or steps (route_usage_act), or the head of the
  title's act itself ("tune-up" of "Rental bike tune-up", "confirmation" of "Send a booking confirmation"). A
  report whose acts the procedure does not name, and that does not name the title's act, tells other work: not
  counted there. Across languages, or with no act read, nothing is said (the other rules decide).
- `tells_usual_work` — a report the usage model reads but that names no usual way of working, or only a habit of
  the clock ("Opened at 9 as usual", 「いつも通り9時に開店」: when, not how), is no report of a procedure: when no
  rule names one it is not asked about ("which procedure? memdir feedback …" invited a wrong count).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_lang import language
from memdir.consolidation.daily.route_usage import names_usual_way, stem
from memdir.consolidation.daily.route_usage_act import act_differs
from memdir.consolidation.daily.route_usage_phrase import title_works

NO_PROCEDURE = "reports using a procedure no note describes"  # a usage report no rule named: asked which one
# the skip's reason for a report read as work done that names no usual way and no procedure's work: not asked
NO_USUAL_WORK = "tells work done, but no usual way and no procedure's work: nothing to count"
_EN_TOKEN = re.compile(r"[a-z][a-z-]*")
_JA_NOUN = re.compile(r"[\u4e00-\u9fff々]{2,}|[\u30a0-\u30ffー]{2,}")


def _title_head(title: str) -> str:
    """The head of the title's act: an English act's last word of 3+ letters ("tune-up", "confirmation"), a
    Japanese one's last noun (「レンタル整備」 -> 整備)."""
    works = title_works(title)
    if not works:
        return ""
    if language(title) == "ja":
        nouns = _JA_NOUN.findall(works[0])
        return nouns[-1] if nouns else ""
    words = [w for w in _EN_TOKEN.findall(works[0].lower()) if len(w.strip("-")) >= 3]
    return stem(words[-1]) if words else ""


def names_title_act(report: str, title: str) -> bool:
    """Whether the report names the head of the title's act ("the rental tune-up" of "Rental bike tune-up")."""
    head = _title_head(title)
    if not head:
        return False
    if language(title) == "ja":
        return head in report
    return head in {stem(w) for w in _EN_TOKEN.findall(report.lower())}


def work_differs(report: str, procedure: str, title: str) -> str:
    """'' when the report may be about the procedure's work (its act named there, or the title's act named by
    the report, or no act to compare); else why it tells other work."""
    other = act_differs(report, procedure, title)
    if not other or names_title_act(report, title):
        return ""
    return other


# a habit of the clock: the usual way beside a time of day or a day ("Opened at 9 as usual", "closed at 18:00
# as always", "as usual on Monday", 「いつも通り9時に開店」「9時にいつも通り開けた」): when it was done, not how
_CLOCK = (
    r"(?:at|by|from|until|till|around|about|before|after)\s+(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?|noon|"
    r"midnight)|on time|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|this morning|tonight"
)
_USUAL_BARE = r"as usual|as always|like always|as normal|as per usual|as every day"
_HABIT = re.compile(
    rf"\b(?:{_CLOCK})\s*,?\s*(?:{_USUAL_BARE})\b|\b(?:{_USUAL_BARE})\s*,?\s*(?:{_CLOCK})\b|"
    r"(?:いつも通り|いつもどおり|いつものように|普段通り|普段どおり)[、,]?\s*\d{1,2}(?:時|:\d{2})|"
    r"\d{1,2}(?:時(?:半|\d{1,2}分)?|:\d{2})(?:に|から|まで)?[、,]?\s*(?:いつも通り|いつもどおり|いつものように|普段通り|普段どおり)",
    re.I,
)


def tells_usual_work(text: str) -> bool:
    """Whether a text names a usual way of doing work (route_usage.names_usual_way), a habit of the clock
    ("Opened at 9 as usual") left out."""
    return names_usual_way(_HABIT.sub(" ", text))


def unnamed_reason(text: str, missed: str) -> str:
    """The skip's reason for a usage report no rule named (`missed`: why): asked about (NO_PROCEDURE) only when
    it names a usual way of working ("Refunded the deposits…", "Opened at 9 as usual" are not, trial 29 #1, #4)."""
    return f"{NO_PROCEDURE if tells_usual_work(text) else NO_USUAL_WORK} ({missed})"
