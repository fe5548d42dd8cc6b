"""A report of what the writer did, then the fact it was done for: the fact is the note's point.

「年末年始の診療時間のお知らせを待合室に貼り出した。12/29〜1/3は休診、急患は夜間救急病院（横浜夜間動物病院）へ。」 was
described by its first sentence, the act of posting a notice, and titled by its day-file heading 「受付」 (the desk it
happened at), so neither said the closure dates nor where emergencies go (trial 28 #7 and #11, left after its
re-check). A writer who reports an act and then states, in no past, what holds ("Swapped the router this morning.
The guest network is now called …"), keeps the second for a reader: the act is how it came about.

- `fact_after_report`: when a knowledge note's first sentence is told as done (route_story.told_past: "Posted …",
  "The router was replaced …", 「…を貼り出した。」) and the sentence after it is told in no past and says something
  by itself (at least MIN_FACT columns, not opening on a pronoun that points back: "It works now."), that
  sentence is the description. A sentence a writer marks as the point (shape_point) still comes first.
- `title_for_label`: a knowledge note's heading that is a bare label (one word, route_bare_title.names_a_subject)
  its text never uses names where or when, not what; when the text opens on a reported act, what the act was
  done to names the note instead (「年末年始の診療時間のお知らせを…貼り出した」 -> 「年末年始の診療時間のお知らせ」,
  "Posted the holiday hours notice in the window" -> "The holiday hours notice"); else the heading stays.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_bare_title import names_a_subject
from memdir.consolidation.daily.route_story import told_past
from memdir.consolidation.daily.shape_cols import width

MIN_FACT = 24  # display columns: "It works now." says nothing by itself
_POINTS_BACK = re.compile(
    r"(?i)^(?:it|this|that|they|these|those|so|but|and)\b|^(?:それ|これ|あれ|でも|しかし|だから)"
)


def fact_after_report(sents: list[str]) -> str:
    """The fact told after a first sentence that reports an act, else ""."""
    if len(sents) < 2 or not told_past(sents[0]):
        return ""
    fact = sents[1].strip()
    if told_past(fact) or width(fact) < MIN_FACT or _POINTS_BACK.match(fact) or fact.endswith((":", "：")):
        return ""
    return fact


# what an act was done to: 「Xを…した」, or the object after an English verb told as done, up to where it was done
_OBJECT_JA = re.compile(r"^(?P<o>[^、。をはが]{4,40}?)を")
_OBJECT_EN = re.compile(
    r"(?i)^(?:(?:i|we)\s+)?[a-z]+(?:ed|ut|et|ent|ook|ote|ave|ung|ought)\s+(?P<o>(?:the|our|a|an)\s+[^,.;:]{3,60}?)"
    r"(?=\s+(?:in|on|at|to|for|from|with|by|into|onto|this|today|yesterday|last|up|out|again)\b|[,.;:]|$)"
)


def title_for_label(title: str, text: str, first: str) -> str:
    """What the act of the `first` sentence was done to, when `title` is a bare label the text never uses; ""
    otherwise (the heading stays)."""
    said = title.strip(" .。:：")
    if not said or names_a_subject(said) or said.casefold() in text.casefold() or not told_past(first):
        return ""
    m = _OBJECT_JA.match(first.strip()) or _OBJECT_EN.match(first.strip())
    if m is None or not names_a_subject(m.group("o")):
        return ""
    o = m.group("o").strip()
    return o[:1].upper() + o[1:]
